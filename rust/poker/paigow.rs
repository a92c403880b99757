//! Pai Gow poker (docs/rules/poker.md#b6): the dealer's house way and the exact best-setting solver.
//!
//! Cards here are one pack of 52 and at most one joker (the bug). A hand's cards are
//! card codes: the face index 0..52 (`suit * 13 + rank`, rank 0 = deuce .. 12 = ace) and
//! [`JOKER`] for the joker.
//!
//! * [`house_way`]: how the dealer sets seven cards (the rules are listed there; the
//!   Python `hoyle_poker.pai_gow.house_way` calls it, so there is one implementation).
//! * [`exact_tallies`]: for each of a player's settings, how many of the dealer's hands
//!   from the remaining cards (all `C(n, 7)` of them, each set by the house way) it wins,
//!   pushes and loses; [`sampled_tallies`] does the same over a seeded random sample.
//!   The player's settings come in as their (five-card, two-card) values, so the legality
//!   rule and the player's joker reading stay with the caller.
//!
//! Speed: the exact solver sets about a million stand-in hands, not 53.5 million (dealer
//! hands that cannot hold a flush are grouped by rank pattern; see [`exact_tallies`]).
//! The house way works on small fixed arrays (no allocation), a five-card value is one
//! table lookup (hands with the joker through a table of every four natural cards plus
//! the joker, built on first use), and the straight-or-flush search of the pair and
//! no-pair rules runs only when a rank window or a suit makes one possible.

use std::sync::OnceLock;

use rayon::prelude::*;

use super::batch::with_threads;
use super::hand::{evaluate, Joker, Wild};
use super::lows::for_each_subset;
use super::tables::{tables, Hand};
use super::value::pack;
use crate::cards::{Card, Rng, JOKER_FACE};
use crate::error::{CoreError, CoreResult};

/// The joker's card code.
pub const JOKER: u8 = JOKER_FACE;

/// Binomial coefficients `C(n, k)` for `n < 53`, `k <= 4` (the colex index of four cards).
const BINOM: [[u32; 5]; 53] = {
    let mut t = [[0u32; 5]; 53];
    let mut n = 0;
    while n < 53 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 5 {
            t[n][k] = if n == 0 { 0 } else { t[n - 1][k - 1] + t[n - 1][k] };
            k += 1;
        }
        n += 1;
    }
    t
};

/// Four natural cards (a mask) to their colex index 0..270,725.
#[inline(always)]
fn colex4(mut mask: u64) -> usize {
    let mut idx = 0;
    let mut k = 1;
    while mask != 0 {
        idx += BINOM[mask.trailing_zeros() as usize][k];
        k += 1;
        mask &= mask - 1;
    }
    idx as usize
}

const FOURS: usize = 270_725;

/// Values of every four natural cards plus the joker, per joker reading.
fn joker_table(mode: Joker) -> &'static [u32] {
    static BUG: OnceLock<Vec<u32>> = OnceLock::new();
    static ACE: OnceLock<Vec<u32>> = OnceLock::new();
    static WILD: OnceLock<Vec<u32>> = OnceLock::new();
    let cell = match mode {
        Joker::Bug => &BUG,
        Joker::Ace => &ACE,
        Joker::Wild => &WILD,
    };
    cell.get_or_init(|| {
        // Colex order groups the hands by their highest card: one task per highest card.
        let parts: Vec<Vec<u32>> = (3u8..52)
            .into_par_iter()
            .map(|d| {
                let mut out = Vec::with_capacity(BINOM[d as usize][3] as usize);
                for c in 2..d {
                    for b in 1..c {
                        for a in 0..b {
                            let cards = [a, b, c, d].map(|f| Card::from_face(f, 0).expect("face < 52"));
                            let five = [cards[0], cards[1], cards[2], cards[3], Card::joker(0)];
                            out.push(evaluate(&five, &Wild::None, mode).expect("five distinct cards").value);
                        }
                    }
                }
                out
            })
            .collect();
        let table: Vec<u32> = parts.concat();
        debug_assert_eq!(table.len(), FOURS);
        table
    })
}

#[inline(always)]
fn rank(code: u8) -> u8 {
    if code == JOKER {
        12
    } else {
        code % 13
    }
}

/// The value of five cards (codes) as a Pai Gow five-card hand, the joker read by `mode`.
#[inline]
pub fn five_value(five: &[u8], mode: Joker) -> u32 {
    let mut mask = 0u64;
    let mut joker = false;
    for &c in five {
        if c == JOKER {
            joker = true;
        } else {
            mask |= 1 << c;
        }
    }
    if joker {
        joker_table(mode)[colex4(mask)]
    } else {
        let t = tables();
        Hand::from_mask(t, mask).value(t)
    }
}

/// The value of a two-card hand (codes): a pair, then the higher card, then the other.
/// The joker is an ace, except that a fully wild one (`Joker::Wild`) pairs the other card.
#[inline]
pub fn two_value(a: u8, b: u8, mode: Joker) -> u32 {
    let (ra, rb) = if mode == Joker::Wild && (a == JOKER) != (b == JOKER) {
        let r = if a == JOKER { rank(b) } else { rank(a) };
        (r, r)
    } else {
        (rank(a), rank(b))
    };
    let (hi, lo) = (ra.max(rb), ra.min(rb));
    if hi == lo {
        pack(1, [hi, 0, 0, 0, 0])
    } else {
        pack(0, [hi, lo, 0, 0, 0])
    }
}

/// Straight (4), flush (5) or straight flush (8): the ordering codes of the hands the
/// house way looks for behind a pair or no pair.
#[inline(always)]
fn is_straight_or_flush(value: u32) -> bool {
    matches!(value >> 20, 4 | 5 | 8)
}

/// Whether some five of these cards could make a straight or flush (the joker
/// completing it): a rank window or a suit with enough cards. A quick necessary test.
#[inline]
fn may_straight_or_flush(cards: &[u8]) -> bool {
    let mut ranks = 0u32;
    let mut suits = [0u8; 4];
    let mut need = 5u32;
    for &c in cards {
        if c == JOKER {
            need -= 1;
        } else {
            ranks |= 1 << (c % 13);
            suits[(c / 13) as usize] += 1;
        }
    }
    if suits.iter().any(|&s| s as u32 >= need) {
        return true;
    }
    let ext = ranks << 1 | (ranks >> 12 & 1); // bit 0: the ace as the low card
    (0..=9).any(|low| (ext >> low & 0x1f).count_ones() >= need)
}

/// The five cards other than positions `i` and `j`.
#[inline(always)]
fn rest5(c: &[u8; 7], i: usize, j: usize) -> [u8; 5] {
    let mut out = [0u8; 5];
    let mut k = 0;
    for (p, &x) in c.iter().enumerate() {
        if p != i && p != j {
            out[k] = x;
            k += 1;
        }
    }
    out
}

/// The house way on seven card codes: the positions of the two cards it puts in the
/// two-card hand, in the order the house names them (the Python `Setting.low`).
pub fn house_way_codes(c: &[u8; 7]) -> [usize; 2] {
    // Groups by rank (the joker counts as an ace and comes first in its group), each in
    // the order the cards were given.
    let mut cnt = [0u8; 13];
    let mut pos = [[0u8; 5]; 13];
    for (i, &x) in c.iter().enumerate() {
        if x == JOKER {
            pos[12][cnt[12] as usize] = i as u8;
            cnt[12] += 1;
        }
    }
    for (i, &x) in c.iter().enumerate() {
        if x != JOKER {
            let r = (x % 13) as usize;
            pos[r][cnt[r] as usize] = i as u8;
            cnt[r] += 1;
        }
    }
    // Ranks of each group size, high to low.
    let (mut quads, mut trips, mut pairs, mut singles) = ([0u8; 1], [0u8; 2], [0u8; 3], [0u8; 7]);
    let (mut nq, mut nt, mut np, mut ns, mut five) = (0, 0, 0, 0, false);
    for r in (0..13u8).rev() {
        match cnt[r as usize] {
            5 => five = true,
            4 => {
                quads[nq] = r;
                nq += 1
            }
            3 => {
                trips[nt] = r;
                nt += 1
            }
            2 => {
                pairs[np] = r;
                np += 1
            }
            1 => {
                singles[ns] = r;
                ns += 1
            }
            _ => {}
        }
    }
    let p = |r: u8, k: usize| pos[r as usize][k] as usize;
    let both = |r: u8| [p(r, 0), p(r, 1)];
    let top2 = || [p(singles[0], 0), p(singles[1], 0)]; // the two highest odd cards
    if five {
        // Five aces (four and the joker): a pair in front if there is one, else two aces.
        return if np > 0 { both(pairs[0]) } else { [p(12, 1), p(12, 2)] };
    }
    if nq > 0 {
        return if nt > 0 {
            both(trips[0])
        } else if np > 0 {
            both(pairs[0])
        } else if quads[0] <= 4 {
            top2() // sixes or lower stay together
        } else {
            both(quads[0])
        };
    }
    if nt >= 2 {
        return both(trips[0]); //: a pair from the higher trips in front
    }
    if nt == 1 && np >= 1 {
        return both(pairs[0]); // full house; trips and two pair: the higher pair
    }
    if nt == 1 {
        return if trips[0] == 12 { [p(12, 0), p(singles[0], 0)] } else { top2() };
    }
    if np >= 3 {
        return both(pairs[0]);
    }
    if np == 2 {
        return if pairs[0] <= 4 && singles[0] == 12 { top2() } else { both(pairs[1]) };
    }
    let possible = may_straight_or_flush(c);
    if np == 1 {
        // A straight or flush behind if the pair can go in front.
        let (i, j) = (p(pairs[0], 0), p(pairs[0], 1));
        let (i, j) = (i.min(j), i.max(j));
        if possible && is_straight_or_flush(five_value(&rest5(c, i, j), Joker::Bug)) {
            return [i, j];
        }
        return top2();
    }
    if possible {
        // No pair: the straight or flush leaving the best two-card hand.
        let mut best: Option<(u32, [usize; 2])> = None;
        for i in 0..7 {
            for j in i + 1..7 {
                if is_straight_or_flush(five_value(&rest5(c, i, j), Joker::Bug)) {
                    let low = two_value(c[i], c[j], Joker::Bug);
                    if best.is_none_or(|(b, _)| low > b) {
                        best = Some((low, [i, j]));
                    }
                }
            }
        }
        if let Some((_, front)) = best {
            return front;
        }
    }
    [p(singles[1], 0), p(singles[2], 0)]
}

/// Check cards for Pai Gow: one pack (no copies), distinct, at most one joker.
pub fn card_codes(cards: &[Card], what: &str) -> CoreResult<Vec<u8>> {
    let mut seen = 0u64;
    let mut out = Vec::with_capacity(cards.len());
    for &card in cards {
        if card.copy() != 0 {
            return Err(CoreError::InvalidHand(format!(
                "Pai Gow uses one pack and one joker: {card} is a second copy ({what})"
            )));
        }
        let face = card.face();
        if seen >> face & 1 == 1 {
            let reason =
                if card.is_joker() { "the Pai Gow pack has one joker" } else { "each card is in the pack once" };
            return Err(CoreError::DuplicateCard { card: card.to_string(), reason: format!("{reason} ({what})") });
        }
        seen |= 1 << face;
        out.push(face);
    }
    Ok(out)
}

/// The house way: the positions in `cards` (seven cards) of the two-card hand.
///
/// ```
/// use _core::cards::parse_cards;
/// use _core::poker::paigow::house_way;
/// // Trips and two pair: the higher pair in front.
/// assert_eq!(house_way(&parse_cards("9c 9d 9h 5s 5h 4c 4d").unwrap()).unwrap(), [3, 4]);
/// ```
pub fn house_way(cards: &[Card]) -> CoreResult<[usize; 2]> {
    if cards.len() != 7 {
        return Err(CoreError::InvalidHand(format!("Pai Gow sets seven cards, not {}", cards.len())));
    }
    let codes = card_codes(cards, "the seven cards")?;
    let seven: [u8; 7] = codes.try_into().expect("seven");
    Ok(house_way_codes(&seven))
}

/// The dealer's (five-card, two-card) values for seven codes set by the house way.
#[inline]
pub fn dealer_values(c: &[u8; 7], mode: Joker) -> (u32, u32) {
    let [i, j] = house_way_codes(c);
    (five_value(&rest5(c, i, j), mode), two_value(c[i], c[j], mode))
}

/// How one of the player's settings fares against a set of dealer hands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Dealer hands beaten on both hands (the player wins the wager less commission).
    pub win: u64,
    /// One hand won, one lost (a copy counts as lost): the wager is returned.
    pub push: u64,
    /// Both hands lost or copied: the player loses the wager.
    pub lose: u64,
}

impl Tally {
    pub fn hands(&self) -> u64 {
        self.win + self.push + self.lose
    }
    /// The expected result in wagers: a win pays `1 - commission / 100`, a loss costs 1.
    pub fn expected(&self, commission: f64) -> f64 {
        (self.win as f64 * (1.0 - commission / 100.0) - self.lose as f64) / self.hands() as f64
    }
}

/// Accumulates wins and losses of each setting (pushes are the rest), with weights:
/// a rank pattern stands for many hands, and the flush corrections subtract.
struct Counter {
    settings: Vec<(u32, u32)>,
    win: Vec<i64>,
    lose: Vec<i64>,
    hands: i64,
}

impl Counter {
    fn new(settings: &[(u32, u32)]) -> Counter {
        Counter { settings: settings.to_vec(), win: vec![0; settings.len()], lose: vec![0; settings.len()], hands: 0 }
    }
    #[inline(always)]
    fn add(&mut self, dealer: (u32, u32), weight: i64) {
        self.hands += weight;
        for (k, &(h, l)) in self.settings.iter().enumerate() {
            // Strictly better wins; a copy goes to the dealer.
            self.win[k] += weight * (h > dealer.0 && l > dealer.1) as i64;
            self.lose[k] += weight * (h <= dealer.0 && l <= dealer.1) as i64;
        }
    }
    fn merge(mut self, o: Counter) -> Counter {
        for k in 0..self.win.len() {
            self.win[k] += o.win[k];
            self.lose[k] += o.lose[k];
        }
        self.hands += o.hands;
        self
    }
    fn tallies(&self) -> Vec<Tally> {
        (0..self.win.len())
            .map(|k| Tally {
                win: self.win[k] as u64,
                lose: self.lose[k] as u64,
                push: (self.hands - self.win[k] - self.lose[k]) as u64,
            })
            .collect()
    }
}

fn check_inputs(settings: &[(u32, u32)], remaining: &[Card]) -> CoreResult<Vec<u8>> {
    if settings.is_empty() {
        return Err(CoreError::invalid_argument("settings", "[]", "give at least one setting"));
    }
    let codes = card_codes(remaining, "the remaining cards")?;
    if codes.len() < 7 {
        return Err(CoreError::InvalidHand(format!("the dealer needs seven cards; only {} remain", codes.len())));
    }
    Ok(codes)
}

/// Exact tallies of each player setting (its five-card and two-card values, compared
/// with the dealer's under the same ranking) against every seven-card dealer hand from
/// `remaining`, set by the house way and valued with `dealer_joker`. `threads`: 0 for
/// all, 1 to stay on this thread. Each tally sums to `C(remaining, 7)`.
///
/// The hands are grouped, not visited one by one. A hand in which no suit could make a
/// flush (fewer than five cards of any suit, or four with the joker) is set and valued
/// from its ranks alone: the house way looks at suits only for flushes, and so do the
/// values. So every pattern of ranks (about 70,000) is set once, on a stand-in hand of
/// those ranks with suits dealt round (never four of a suit), and counted as many times
/// as the remaining cards can make it. The hands that could hold a flush (about one in
/// twelve) are left out of those counts (a per-suit count of the ways to deal the
/// pattern with five of the suit) and visited by the cards of the suit, the other one
/// or two cards again by rank pattern. About a million hands are set in all, not 53
/// million. Tests check this against the plain enumeration and brute force.
pub fn exact_tallies(
    settings: &[(u32, u32)],
    remaining: &[Card],
    dealer_joker: Joker,
    threads: usize,
) -> CoreResult<Vec<Tally>> {
    let codes = check_inputs(settings, remaining)?;
    joker_table(Joker::Bug);
    joker_table(dealer_joker);
    tables();
    let mut avail = [0u8; 13];
    let mut suited: [Vec<u8>; 4] = Default::default();
    let mut jokers = 0;
    for &c in &codes {
        if c == JOKER {
            jokers += 1;
        } else {
            avail[(c % 13) as usize] += 1;
            suited[(c / 13) as usize].push(c);
        }
    }
    let mut present = [[false; 13]; 4];
    for &c in &codes {
        if c != JOKER {
            present[(c / 13) as usize][(c % 13) as usize] = true;
        }
    }
    // 1. Every rank pattern, weighted by the number of hands with it that could not hold
    //    a flush.
    let mut counter = Counter::new(settings);
    for j in 0..=jokers {
        let mut counts = [0u8; 13];
        rank_patterns(&avail, 0, 7 - j, &mut counts, &mut |counts| {
            let all: u64 = (0..13).map(|r| BINOM[avail[r] as usize][counts[r] as usize] as u64).product();
            let weight = all - flush_capable(counts, &avail, &present, 5 - j);
            if weight > 0 {
                counter.add(dealer_values(&stand_in(counts, j == 1), dealer_joker), weight as i64);
            }
        });
    }
    // 2. The hands that could hold a flush (one suit with `need` cards or more; only one
    //    suit can): each choice of that suit's cards, with the rank patterns of the one
    //    or two other cards (their suits matter to nothing: they make no flush).
    let mut tasks: Vec<FlushTask> = Vec::new();
    for s in 0..4 {
        let mut others = [0u8; 13];
        for (o, cards) in suited.iter().enumerate() {
            if o != s {
                for &c in cards {
                    others[(c % 13) as usize] += 1;
                }
            }
        }
        let other_suits: [u8; 3] =
            [0u8, 1, 2, 3].into_iter().filter(|&o| o as usize != s).collect::<Vec<_>>().try_into().expect("three");
        for j in 0..=jokers {
            let naturals = 7 - j;
            for k in 5 - j..=naturals.min(suited[s].len()) {
                for_each_subset(suited[s].len(), k, &mut |idx| {
                    let mut first: Vec<u8> = idx.iter().map(|&i| suited[s][i]).collect();
                    if j == 1 {
                        first.push(JOKER);
                    }
                    tasks.push(FlushTask { first, others, other_suits, more: naturals - k });
                });
            }
        }
    }
    let task = |FlushTask { first, others, other_suits, more }: &FlushTask| {
        let mut c = Counter::new(settings);
        let mut hand = [0u8; 7];
        hand[..first.len()].copy_from_slice(first);
        let mut counts = [0u8; 13];
        rank_patterns(others, 0, *more, &mut counts, &mut |counts| {
            let weight: u64 = (0..13).map(|r| BINOM[others[r] as usize][counts[r] as usize] as u64).product();
            let mut i = first.len();
            for (r, &m) in counts.iter().enumerate() {
                for &suit in &other_suits[..m as usize] {
                    hand[i] = suit * 13 + r as u8;
                    i += 1;
                }
            }
            c.add(dealer_values(&hand, dealer_joker), weight as i64);
        });
        c
    };
    let flush_hands = if threads == 1 {
        tasks.iter().map(task).fold(Counter::new(settings), Counter::merge)
    } else {
        with_threads(threads, || tasks.par_iter().map(task).reduce(|| Counter::new(settings), Counter::merge))
    };
    Ok(counter.merge(flush_hands).tallies())
}

/// Dealer hands with `first` (the flush suit's cards and the joker, if any) and `more`
/// cards of the `other_suits`, of which `others[r]` of rank `r` remain.
struct FlushTask {
    first: Vec<u8>,
    others: [u8; 13],
    other_suits: [u8; 3],
    more: usize,
}

/// Every way to take `left` more cards by rank from `rank` up, at most `avail[r]` of
/// rank `r`.
fn rank_patterns(avail: &[u8; 13], rank: usize, left: usize, counts: &mut [u8; 13], f: &mut impl FnMut(&[u8; 13])) {
    if rank == 13 {
        if left == 0 {
            f(counts);
        }
        return;
    }
    for k in 0..=left.min(avail[rank] as usize) {
        counts[rank] = k as u8;
        rank_patterns(avail, rank + 1, left - k, counts, f);
    }
    counts[rank] = 0;
}

/// How many hands with these rank counts have `need` or more cards of one suit (only
/// one suit can): per suit, a product over the ranks of "with or without that suit's
/// card" polynomials, counting the suit's cards.
fn flush_capable(counts: &[u8; 13], avail: &[u8; 13], present: &[[bool; 13]; 4], need: usize) -> u64 {
    let mut total = 0;
    for suit in present {
        let mut poly = [0u64; 8];
        poly[0] = 1;
        for r in 0..13 {
            let k = counts[r] as usize;
            if k == 0 {
                continue;
            }
            let p = suit[r] as usize;
            let without = BINOM[avail[r] as usize - p][k] as u64;
            let with = if p == 1 { BINOM[avail[r] as usize - 1][k - 1] as u64 } else { 0 };
            for d in (0..8).rev() {
                poly[d] = poly[d] * without + if d > 0 { poly[d - 1] * with } else { 0 };
            }
        }
        total += poly[need..].iter().sum::<u64>();
    }
    total
}

/// A hand with these rank counts (and the joker) whose suits are dealt round, so that no
/// suit has more than two cards: no flush, whatever the ranks.
fn stand_in(counts: &[u8; 13], joker: bool) -> [u8; 7] {
    let mut hand = [JOKER; 7];
    let mut i = 0;
    for (r, &k) in counts.iter().enumerate() {
        for _ in 0..k {
            hand[i] = (i % 4) as u8 * 13 + r as u8;
            i += 1;
        }
    }
    debug_assert_eq!(i + joker as usize, 7);
    hand
}

/// [`exact_tallies`] the plain way: every dealer hand visited and set (tests compare).
pub fn exact_tallies_plain(
    settings: &[(u32, u32)],
    remaining: &[Card],
    dealer_joker: Joker,
    threads: usize,
) -> CoreResult<Vec<Tally>> {
    let codes = check_inputs(settings, remaining)?;
    let n = codes.len();
    // Build the lookup tables before splitting the work.
    joker_table(Joker::Bug);
    joker_table(dealer_joker);
    tables();
    let firsts: Vec<(usize, usize)> =
        (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).filter(|&(_, b)| b + 5 < n).collect();
    let task = |(a, b): (usize, usize)| {
        let mut counter = Counter::new(settings);
        let mut h = [codes[a], codes[b], 0, 0, 0, 0, 0];
        for c in b + 1..n {
            h[2] = codes[c];
            for d in c + 1..n {
                h[3] = codes[d];
                for e in d + 1..n {
                    h[4] = codes[e];
                    for f in e + 1..n {
                        h[5] = codes[f];
                        for &last in &codes[f + 1..] {
                            h[6] = last;
                            counter.add(dealer_values(&h, dealer_joker), 1);
                        }
                    }
                }
            }
        }
        counter
    };
    let total = if threads == 1 {
        firsts.into_iter().map(task).fold(Counter::new(settings), Counter::merge)
    } else {
        with_threads(threads, || firsts.into_par_iter().map(task).reduce(|| Counter::new(settings), Counter::merge))
    };
    Ok(total.tallies())
}

/// Like [`exact_tallies`] over `samples` dealer hands drawn from `remaining` with the
/// seeded generator (`seed`): the same hands for every setting, and the same result for
/// the same seed on any number of threads.
pub fn sampled_tallies(
    settings: &[(u32, u32)],
    remaining: &[Card],
    dealer_joker: Joker,
    samples: u64,
    seed: u64,
    threads: usize,
) -> CoreResult<Vec<Tally>> {
    let codes = check_inputs(settings, remaining)?;
    if samples == 0 {
        return Err(CoreError::invalid_argument("samples", 0, "at least one dealer hand"));
    }
    joker_table(Joker::Bug);
    joker_table(dealer_joker);
    tables();
    const BLOCK: u64 = 4096;
    let blocks = samples.div_ceil(BLOCK);
    let task = |block: u64| {
        let mut counter = Counter::new(settings);
        let mut rng = Rng::with_stream(seed, 0x9A16_0000 + block);
        let mut pack = codes.clone();
        let m = pack.len() as u64;
        for _ in block * BLOCK..((block + 1) * BLOCK).min(samples) {
            // A partial shuffle: the first seven cards are a uniform random hand.
            for k in 0..7u64 {
                let r = k + rng.below(m - k);
                pack.swap(k as usize, r as usize);
            }
            let h: [u8; 7] = pack[..7].try_into().expect("seven");
            counter.add(dealer_values(&h, dealer_joker), 1);
        }
        counter
    };
    let total = if threads == 1 {
        (0..blocks).map(task).fold(Counter::new(settings), Counter::merge)
    } else {
        with_threads(threads, || {
            (0..blocks).into_par_iter().map(task).reduce(|| Counter::new(settings), Counter::merge)
        })
    };
    Ok(total.tallies())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{parse_cards, Deck};
    use crate::poker::lows::pai_gow_low;

    fn way(text: &str) -> String {
        let cards = parse_cards(text).unwrap();
        let [i, j] = house_way(&cards).unwrap();
        format!("{} {}", cards[i], cards[j])
    }

    #[test]
    fn house_way_rules() {
        assert_eq!(way("Ah Ad Kc Kd 9s 7h 2c"), "Kc Kd"); // two pair split
        assert_eq!(way("9c 9d 9h 5s 5h 4c 4d"), "5s 5h"); // trips and two pair
        assert_eq!(way("Qc Qd Qh 5s 5h 5c Ad"), "Qc Qd"); // two trips
        assert_eq!(way("Kc Kd Kh 7s 7h 2c 2d"), "7s 7h");
        assert_eq!(way("Ac Kd 9h 7s 5h 3c 2d"), "Kd 9h"); // no pair
        assert_eq!(way("Ac Ad Ah As Jk 5c 5d"), "5c 5d"); // five aces with a pair
        assert_eq!(way("Ac Ad Ah As Jk 5c 9d"), "Ac Ad"); // five aces, two aces in front
        assert_eq!(way("6c 6d 6h 6s Kc 9d 2h"), "Kc 9d"); // low quads together
        assert_eq!(way("7c 7d 7h 7s Kc 9d 2h"), "7c 7d"); // high quads split
        assert_eq!(way("Ac Ad Jk 9s 7h 5c 2d"), "Jk 9s"); // trip aces (the joker first)
        assert_eq!(way("5c 5d 3h 3s Ac Kd 9h"), "Ac Kd"); // low two pair with an ace
        assert_eq!(way("9c 9d 5h 6s 7c 8d 4h"), "9c 9d"); // pair in front of a straight
        assert_eq!(way("2c 3d 4h 5s 6c Kd Qh"), "Kd Qh"); // straight behind
        assert_eq!(way("2c 3d 4h 5s Jk Kd Qh"), "Kd Qh"); // the bug completes a straight
    }

    #[test]
    fn bad_input_is_an_error() {
        assert!(house_way(&parse_cards("As Ks Qs").unwrap()).is_err());
        assert!(matches!(
            house_way(&parse_cards("As As Qs Js Ts 9s 8s").unwrap()),
            Err(CoreError::DuplicateCard { .. })
        ));
        assert!(house_way(&parse_cards("As#1 Ks Qs Js Ts 9s 8s").unwrap()).is_err());
        assert!(exact_tallies(&[(1, 1)], &parse_cards("As Ks Qs").unwrap(), Joker::Bug, 1).is_err());
        assert!(exact_tallies(&[], &parse_cards("As Ks Qs Js Ts 9s 8s").unwrap(), Joker::Bug, 1).is_err());
    }

    #[test]
    fn table_values_match_the_evaluator() {
        let cards: Vec<Card> = Deck::standard(1, 1).unwrap().into_cards();
        let mut rng = Rng::new(7);
        for _ in 0..20_000 {
            let mut pack = cards.clone();
            rng.shuffle(&mut pack);
            let five = &pack[..5];
            let codes: Vec<u8> = five.iter().map(|c| c.face()).collect();
            for mode in [Joker::Bug, Joker::Ace, Joker::Wild] {
                assert_eq!(
                    five_value(&codes, mode),
                    evaluate(five, &Wild::None, mode).unwrap().value,
                    "{five:?} {mode:?}"
                );
            }
            let two = if five[0].is_joker() || five[1].is_joker() {
                None
            } else {
                Some(pai_gow_low(&five[..2]).unwrap().value)
            };
            if let Some(v) = two {
                assert_eq!(two_value(codes[0], codes[1], Joker::Bug), v);
            }
        }
    }

    /// Brute force: every dealer hand, its house-way values from the general evaluator.
    #[test]
    fn exact_matches_brute_force_on_a_small_pack() {
        let remaining = parse_cards("As Kd Qh Jc Ts 9h 9d 5c 4s 3h 2d Jk").unwrap();
        let settings = [
            (
                evaluate(&parse_cards("Ah Ac Kh 7c 2s").unwrap(), &Wild::None, Joker::Bug).unwrap().value,
                pack(0, [9, 5, 0, 0, 0]),
            ),
            (pack(4, [3, 0, 0, 0, 0]), pack(1, [6, 0, 0, 0, 0])),
        ];
        let exact = exact_tallies(&settings, &remaining, Joker::Bug, 0).unwrap();
        assert_eq!(exact, exact_tallies_plain(&settings, &remaining, Joker::Bug, 0).unwrap());
        let serial = exact_tallies(&settings, &remaining, Joker::Bug, 1).unwrap();
        assert_eq!(exact, serial);
        let mut brute = [Tally::default(); 2];
        let mut count = 0;
        crate::poker::lows::for_each_subset(remaining.len(), 7, &mut |idx| {
            count += 1;
            let seven: Vec<Card> = idx.iter().map(|&i| remaining[i]).collect();
            let [i, j] = house_way(&seven).unwrap();
            let five: Vec<Card> = (0..7).filter(|&k| k != i && k != j).map(|k| seven[k]).collect();
            let d = (
                evaluate(&five, &Wild::None, Joker::Bug).unwrap().value,
                pai_gow_low(&[seven[i], seven[j]]).unwrap().value,
            );
            for (k, &(h, l)) in settings.iter().enumerate() {
                let wins = (h > d.0) as u8 + (l > d.1) as u8;
                match wins {
                    2 => brute[k].win += 1,
                    1 => brute[k].push += 1,
                    _ => brute[k].lose += 1,
                }
            }
        });
        assert_eq!(count, 792);
        assert_eq!(exact, brute.to_vec());
    }

    /// The grouped enumeration against the plain one, on random stripped packs rich in
    /// flushes (one or two suits nearly whole), with and without the joker, both joker
    /// readings.
    #[test]
    fn grouped_matches_plain_enumeration() {
        let pack: Vec<Card> = Deck::standard(1, 1).unwrap().into_cards();
        let mut rng = Rng::new(11);
        for round in 0..12 {
            let mut cards = pack.clone();
            rng.shuffle(&mut cards);
            let keep_suit = (round % 4) as u8;
            let mut remaining: Vec<Card> =
                cards.iter().copied().filter(|c| c.suit() == Some(keep_suit)).take(11).collect();
            remaining.extend(
                cards.iter().copied().filter(|c| c.suit() != Some(keep_suit) && !c.is_joker()).take(10 + round % 5),
            );
            if round % 2 == 0 {
                remaining.push(Card::joker(0));
            }
            let settings: Vec<(u32, u32)> = (0..6)
                .map(|_| {
                    let mut d = pack.clone();
                    rng.shuffle(&mut d);
                    let seven: Vec<u8> = d[..7].iter().map(|c| c.face()).collect();
                    let seven: [u8; 7] = seven.try_into().unwrap();
                    dealer_values(&seven, Joker::Bug)
                })
                .collect();
            for mode in [Joker::Bug, Joker::Wild] {
                let grouped = exact_tallies(&settings, &remaining, mode, 0).unwrap();
                let plain = exact_tallies_plain(&settings, &remaining, mode, 0).unwrap();
                assert_eq!(grouped, plain, "round {round} {mode:?}");
            }
        }
    }

    /// The full problem once: a player's seven cards, the other 46 of the 53.
    #[test]
    fn grouped_matches_plain_on_the_whole_pack() {
        let player = parse_cards("Jk Kd 9c 9s 5h 4h 2c").unwrap();
        let remaining: Vec<Card> =
            Deck::standard(1, 1).unwrap().into_cards().into_iter().filter(|c| !player.contains(c)).collect();
        let settings = [
            dealer_values(&[52, 11, 7, 46, 29, 28, 0], Joker::Bug),
            (pack(3, [7, 12, 11, 0, 0]), pack(0, [10, 8, 0, 0, 0])),
        ];
        let grouped = exact_tallies(&settings, &remaining, Joker::Bug, 0).unwrap();
        assert_eq!(grouped[0].hands(), 53_524_680);
        assert_eq!(grouped, exact_tallies_plain(&settings, &remaining, Joker::Bug, 0).unwrap());
    }

    #[test]
    fn sampled_is_deterministic_and_close() {
        let remaining: Vec<Card> = Deck::standard(1, 1).unwrap().into_cards().into_iter().skip(7).collect();
        let s = [(pack(2, [10, 3, 8, 0, 0]), pack(0, [12, 11, 0, 0, 0]))];
        let a = sampled_tallies(&s, &remaining, Joker::Bug, 20_000, 3, 0).unwrap();
        let b = sampled_tallies(&s, &remaining, Joker::Bug, 20_000, 3, 1).unwrap();
        assert_eq!(a, b);
        assert_eq!(a[0].hands(), 20_000);
    }
}
