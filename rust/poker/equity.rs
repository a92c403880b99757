//! All-in equity for 2 to 10 players with known hole cards: exact enumeration of every
//! remaining board when that is tractable, otherwise seeded Monte Carlo with a standard
//! error. Work is split over rayon threads; results do not depend on the thread count.
//!
//! Monte Carlo determinism: samples are drawn in blocks of [`BLOCK`]; block `b` seeds a
//! small fast generator (wyrand, see [`Words`]) with the first 64-bit output of
//! `Rng::with_stream(seed, b)`, reads it as 32-bit words (each 64-bit draw gives its low
//! half, then its high half), and deals the missing board cards by partial Fisher-Yates
//! with Lemire's 32-bit bounded draw from the remaining deck (index order at the start
//! of the block, left permuted from one sample to the next). Same seed and sample count,
//! same numbers, on any machine and any number of threads.

use rayon::prelude::*;

use super::batch::with_threads;
use super::generic::{best_high, Counts, Rules};
use super::lows::for_each_subset;
use super::omaha::best_of;
use super::tables::{tables, Hand, Tables};
use crate::cards::Rng;
use crate::error::{CoreError, CoreResult};

/// Samples per Monte Carlo block (one random stream each).
pub const BLOCK: u64 = 4096;
/// Exact enumeration is chosen automatically up to this many hand evaluations.
pub const EXACT_LIMIT: u64 = 40_000_000;
/// Equity shares are counted in 1/5040ths (5040 = 2 lcm(1..=10): half pots split up to
/// ten ways too), so sums are exact.
pub(crate) const SHARE: u64 = 5040;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    Holdem,
    Omaha,
    ShortDeck,
    /// Hold'em high-low split, eight or better: half the pot to the best high hand, half
    /// to the best qualifying ace-to-five low (best five of seven); no low, high scoops.
    HoldemHiLo,
    /// Omaha high-low split, eight or better; both halves use exactly two hole cards and
    /// exactly three board cards.
    OmahaHiLo,
}

impl Game {
    pub fn parse(s: &str) -> CoreResult<Game> {
        match s.to_ascii_lowercase().replace(['_', ' ', '\''], "-").as_str() {
            "holdem" | "hold-em" | "texas-holdem" | "nlhe" => Ok(Game::Holdem),
            "omaha" | "plo" => Ok(Game::Omaha),
            "short-deck" | "shortdeck" | "six-plus" | "6+" => Ok(Game::ShortDeck),
            "holdem-hi-lo" | "hold-em-hi-lo" | "holdem8" | "holdem-8" => Ok(Game::HoldemHiLo),
            "omaha-hi-lo" | "omaha8" | "omaha-8" | "o8" | "plo8" | "omaha-hi-lo-8" => Ok(Game::OmahaHiLo),
            _ => Err(CoreError::invalid_argument(
                "game",
                s,
                "one of 'holdem', 'omaha', 'short-deck', 'holdem-hi-lo', 'omaha-hi-lo'",
            )),
        }
    }
    /// The high-low split version of this game (`hi_lo=True`).
    pub fn hi_lo(self) -> CoreResult<Game> {
        match self {
            Game::Holdem | Game::HoldemHiLo => Ok(Game::HoldemHiLo),
            Game::Omaha | Game::OmahaHiLo => Ok(Game::OmahaHiLo),
            Game::ShortDeck => {
                Err(CoreError::invalid_argument("hi_lo", "True", "short-deck has no high-low split version"))
            }
        }
    }
    /// Whether pots are split high-low.
    pub fn is_split(self) -> bool {
        matches!(self, Game::HoldemHiLo | Game::OmahaHiLo)
    }
    /// The game played for the high half.
    fn high(self) -> Game {
        match self {
            Game::HoldemHiLo => Game::Holdem,
            Game::OmahaHiLo => Game::Omaha,
            g => g,
        }
    }
}

#[derive(Clone, Debug)]
pub struct EquityRequest {
    pub game: Game,
    /// Each player's hole cards as a mask.
    pub hands: Vec<u64>,
    pub board: u64,
    pub dead: u64,
    /// Monte Carlo sample count (used when not exact).
    pub samples: u64,
    pub seed: u64,
    /// `Some(true)` forces enumeration, `Some(false)` forces Monte Carlo, `None` picks.
    pub exact: Option<bool>,
    /// 0 = all cores, 1 = this thread only.
    pub threads: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EquityResult {
    /// Share of boards each player wins outright.
    pub win: Vec<f64>,
    /// Share of boards each player ties for the best hand.
    pub tie: Vec<f64>,
    /// Pot share: wins plus split pots divided among the winners.
    pub equity: Vec<f64>,
    /// Standard error of `equity` (0 when exact).
    pub std_error: Vec<f64>,
    /// Boards enumerated or sampled.
    pub boards: u64,
    pub exact: bool,
}

/// 5040 / k for k winners (no division in the hot loop).
const PART: [u64; 11] = [0, 5040, 2520, 1680, 1260, 1008, 840, 720, 630, 560, 504];

/// Each player's pot share of one board in 1/5040ths, high hands only: the best value
/// takes the pot, split equally among ties.
#[inline]
pub(crate) fn high_shares(values: &[u32], out: &mut [u64]) {
    let best = values.iter().copied().max().unwrap_or(0);
    let winners = values.iter().filter(|&&v| v == best).count();
    for (o, &v) in out.iter_mut().zip(values) {
        *o = if v == best { PART[winners] } else { 0 };
    }
}

/// Each player's pot share of a high-low split board in 1/5040ths: `high` values (larger
/// is better), `low` values (larger is better, 0 = no qualifying low). Half to the best
/// high, half to the best low (each half split among tied hands); no low, the high takes
/// the whole pot.
#[inline]
pub(crate) fn split_shares(high: &[u32], low: &[u32], out: &mut [u64]) {
    let best_h = high.iter().copied().max().unwrap_or(0);
    let kh = high.iter().filter(|&&v| v == best_h).count();
    let best_l = low.iter().copied().max().unwrap_or(0);
    let kl = if best_l == 0 { 0 } else { low.iter().filter(|&&v| v == best_l).count() };
    for (p, o) in out.iter_mut().enumerate().take(high.len()) {
        let mut share = 0;
        if high[p] == best_h {
            share += if kl == 0 { PART[kh] } else { PART[kh] / 2 };
        }
        if kl > 0 && low[p] == best_l {
            share += PART[kl] / 2;
        }
        *o = share;
    }
}

/// What counts one scored board: the equity [`Tally`], or a breakdown by hand class
/// (`super::classes`). `record` takes high values, `record_split` high and low values.
pub(crate) trait Recorder: Clone + Send + Sync {
    fn record(&mut self, values: &[u32]);
    fn record_split(&mut self, high: &[u32], low: &[u32]);
    fn merge(self, o: &Self) -> Self;
}

impl Recorder for Tally {
    #[inline(always)]
    fn record(&mut self, values: &[u32]) {
        Tally::record(self, values)
    }
    fn record_split(&mut self, high: &[u32], low: &[u32]) {
        Tally::record_split(self, high, low)
    }
    fn merge(self, o: &Self) -> Self {
        Tally::merge(self, o)
    }
}

#[derive(Clone, Default)]
pub(crate) struct Tally {
    win: Vec<u64>,
    tie: Vec<u64>,
    /// Pot shares in 1/2520ths.
    share: Vec<u64>,
    /// Sum of squared shares in 1/2520² (Monte Carlo standard errors).
    share_sq: Vec<u64>,
    boards: u64,
}

impl Tally {
    pub(crate) fn new(n: usize) -> Tally {
        Tally { win: vec![0; n], tie: vec![0; n], share: vec![0; n], share_sq: vec![0; n], boards: 0 }
    }
    #[inline(always)]
    pub(crate) fn record(&mut self, values: &[u32]) {
        if let [a, b] = *values {
            // Heads-up fast path, branch-free (the winner is unpredictable).
            self.win[0] += (a > b) as u64;
            self.win[1] += (b > a) as u64;
            self.tie[0] += (a == b) as u64;
            self.boards += 1;
            return;
        }
        let mut shares = [0u64; 10];
        high_shares(values, &mut shares);
        self.count(&shares[..values.len()]);
    }
    /// A high-low split board (see [`split_shares`]).
    fn record_split(&mut self, high: &[u32], low: &[u32]) {
        let mut shares = [0u64; 10];
        split_shares(high, low, &mut shares);
        self.count(&shares[..high.len()]);
    }
    /// Count one board's pot shares: the whole pot alone is a win, any smaller share a tie.
    #[inline]
    pub(crate) fn count(&mut self, shares: &[u64]) {
        for (p, &share) in shares.iter().enumerate() {
            if share == SHARE {
                self.win[p] += 1;
            } else if share > 0 {
                self.tie[p] += 1;
            }
            self.share[p] += share;
            self.share_sq[p] += share * share;
        }
        self.boards += 1;
    }
    /// Fill in the heads-up fast path's shares.
    pub(crate) fn finish(mut self) -> Tally {
        if self.win.len() == 2 && self.share.iter().all(|&s| s == 0) {
            let tie = self.tie[0];
            self.tie[1] = tie;
            for p in 0..2 {
                self.share[p] = SHARE * self.win[p] + PART[2] * tie;
                self.share_sq[p] = SHARE * SHARE * self.win[p] + PART[2] * PART[2] * tie;
            }
        }
        self
    }
    pub(crate) fn merge(mut self, o: &Tally) -> Tally {
        for p in 0..self.win.len() {
            self.win[p] += o.win[p];
            self.tie[p] += o.tie[p];
            self.share[p] += o.share[p];
            self.share_sq[p] += o.share_sq[p];
        }
        self.boards += o.boards;
        self
    }
}

pub(crate) fn binom(n: u64, k: u64) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc * (n - i) / (i + 1))
}

/// How each game scores a complete board for every player.
pub(crate) struct Scorer<'a> {
    game: Game,
    t: &'a Tables,
    /// Hold'em: each player's hole cards as a partial hand.
    holes: Vec<Hand>,
    /// Omaha: each player's hole pairs.
    pairs: Vec<Vec<Hand>>,
    masks: Vec<u64>,
    /// Omaha hi-lo: each player's hole pairs that can play for low, as low-rank masks.
    low_pairs: Vec<Vec<u32>>,
}

/// Ranks that can make an eight-or-better low as an 8-bit mask (bit 0 ace, bit 1 deuce
/// .. bit 7 eight) of a card mask.
#[inline]
fn low_ranks(mask: u64) -> u32 {
    (0..4).fold(0, |acc, s| {
        let m = (mask >> (13 * s)) as u32 & 0x1fff;
        acc | (m & 0x7f) << 1 | (m >> 12 & 1)
    })
}

/// The lowest `k` ranks of a low-rank mask, or 0 if it has fewer than `k`.
#[inline]
fn lowest(mut m: u32, k: u32) -> u32 {
    let mut out = 0;
    for _ in 0..k {
        if m == 0 {
            return 0;
        }
        out |= m & m.wrapping_neg();
        m &= m - 1;
    }
    out
}

/// A five-rank low mask as a value where larger is better (a smaller mask is a better
/// low: compare the highest ranks first); 0 stays "no low".
#[inline]
fn low_value(five: u32) -> u32 {
    if five == 0 {
        0
    } else {
        256 - five
    }
}

impl Scorer<'_> {
    /// Eight-or-better low values of a complete board (0 = no low).
    fn score_low(&self, board: Hand, out: &mut [u32]) {
        let b = low_ranks(board.mask);
        if self.game == Game::OmahaHiLo {
            for (o, pairs) in out.iter_mut().zip(&self.low_pairs) {
                // Each hole pair plays with the three lowest board ranks it does not pair.
                *o = pairs
                    .iter()
                    .map(|&p| match lowest(b & !p, 3) {
                        0 => 0,
                        three => low_value(three | p),
                    })
                    .max()
                    .unwrap_or(0);
            }
        } else {
            for (o, &m) in out.iter_mut().zip(&self.masks) {
                *o = low_value(lowest(b | low_ranks(m), 5));
            }
        }
    }

    #[inline]
    fn score(&self, board: Hand, board_cards: &[usize], out: &mut [u32]) {
        match self.game.high() {
            Game::Holdem => {
                for (o, h) in out.iter_mut().zip(&self.holes) {
                    *o = board.join(*h).value(self.t);
                }
            }
            Game::Omaha => {
                let mut triples = [Hand::EMPTY; 10];
                let mut n = 0;
                for a in 0..5 {
                    for b in a + 1..5 {
                        for c in b + 1..5 {
                            triples[n] = Hand::EMPTY
                                .add(self.t, board_cards[a])
                                .add(self.t, board_cards[b])
                                .add(self.t, board_cards[c]);
                            n += 1;
                        }
                    }
                }
                for (o, pairs) in out.iter_mut().zip(&self.pairs) {
                    *o = best_of(self.t, pairs, &triples);
                }
            }
            _ => {
                for (o, &m) in out.iter_mut().zip(&self.masks) {
                    *o = best_high(&Counts::from_mask(m | board.mask), &Rules::SHORT_DECK);
                }
            }
        }
    }

    /// Score a complete board and count it.
    #[inline]
    pub(crate) fn tally<R: Recorder>(
        &self,
        board: Hand,
        board_cards: &[usize],
        values: &mut [u32],
        lows: &mut [u32],
        tally: &mut R,
    ) {
        self.score(board, board_cards, values);
        if self.game.is_split() {
            self.score_low(board, lows);
            tally.record_split(values, lows);
        } else {
            tally.record(values);
        }
    }
}

pub(crate) fn validate(req: &EquityRequest) -> CoreResult<(Vec<usize>, usize)> {
    let n = req.hands.len();
    if !(2..=10).contains(&n) {
        return Err(CoreError::invalid_argument("hands", format!("{n} hands"), "equity needs 2 to 10 players"));
    }
    let mut used = 0u64;
    let mut check = |m: u64, what: String| -> CoreResult<()> {
        if m >> 52 != 0 {
            return Err(CoreError::invalid_argument("cards", what, "jokers have no place in equity"));
        }
        if used & m != 0 {
            let c = crate::cards::CardSet::card_at((used & m).trailing_zeros());
            return Err(CoreError::DuplicateCard {
                card: c.to_string(),
                reason: format!("{what} repeats a card dealt elsewhere"),
            });
        }
        used |= m;
        Ok(())
    };
    for (i, &h) in req.hands.iter().enumerate() {
        check(h, format!("hand {i}"))?;
        let k = h.count_ones();
        let omaha = req.game.high() == Game::Omaha;
        let ok = if omaha { (4..=6).contains(&k) } else { k == 2 };
        if !ok {
            let want = if omaha { "4 to 6" } else { "2" };
            return Err(CoreError::invalid_argument(
                "hands",
                format!("hand {i} with {k} cards"),
                format!("each hand needs {want} hole cards"),
            ));
        }
    }
    check(req.board, "the board".into())?;
    check(req.dead, "the dead cards".into())?;
    let b = req.board.count_ones() as usize;
    if b > 5 {
        return Err(CoreError::invalid_argument("board", format!("{b} cards"), "a board has at most 5 cards"));
    }
    let deck = if req.game == Game::ShortDeck {
        let short: u64 = (0..4).fold(0, |m, s| m | (0x1ff0u64 << (13 * s)));
        if used & !short != 0 {
            let c = crate::cards::CardSet::card_at((used & !short).trailing_zeros());
            return Err(CoreError::InvalidHand(format!("{c} is not in the short deck (six to ace)")));
        }
        short
    } else {
        crate::cards::STANDARD_MASK
    };
    let rest: Vec<usize> = (0..52).filter(|&c| deck >> c & 1 == 1 && used >> c & 1 == 0).collect();
    let missing = 5 - b;
    if rest.len() < missing {
        return Err(CoreError::invalid_argument(
            "dead",
            format!("{} cards left", rest.len()),
            "not enough cards left to complete the board",
        ));
    }
    Ok((rest, missing))
}

/// Compute equity.
///
/// ```
/// use _core::cards::CardSet;
/// use _core::poker::equity::{equity, EquityRequest, Game};
/// let m = |s: &str| CardSet::parse(s).unwrap().0;
/// let r = equity(&EquityRequest { game: Game::Holdem, hands: vec![m("Ah Kh"), m("Qs Qd")], board: m("2c 7d 9s"),
///     dead: 0, samples: 0, seed: 0, exact: None, threads: 1 }).unwrap();
/// assert!(r.exact && r.boards == 990);
/// ```
pub fn equity(req: &EquityRequest) -> CoreResult<EquityResult> {
    let (rest, missing) = validate(req)?;
    let n = req.hands.len();
    let t = tables();
    let board_cards: Vec<usize> = (0..52).filter(|&c| req.board >> c & 1 == 1).collect();
    let board_hand = board_cards.iter().fold(Hand::EMPTY, |h, &c| h.add(t, c));
    let scorer = Scorer::new(req.game, &req.hands);
    let boards = binom(rest.len() as u64, missing as u64);
    let exact = req.exact.unwrap_or(boards.saturating_mul(work_per_board(req.game, &req.hands)) <= EXACT_LIMIT);
    if !exact && req.samples == 0 {
        return Err(CoreError::invalid_argument("samples", 0, "Monte Carlo needs at least one sample"));
    }
    let tally = if exact {
        with_threads(req.threads, || enumerate(&scorer, &rest, missing, board_hand, &board_cards, n, req.threads))
    } else {
        with_threads(req.threads, || sample(&scorer, &rest, missing, board_hand, &board_cards, n, req))
    };
    Ok(tally.finish().result(exact))
}

impl Tally {
    /// The shares as an [`EquityResult`] (standard errors from the squared shares unless exact).
    pub(crate) fn result(&self, exact: bool) -> EquityResult {
        let tally = self;
        let n = tally.win.len();
        let total = tally.boards.max(1) as f64;
        let equity: Vec<f64> = tally.share.iter().map(|&s| s as f64 / SHARE as f64 / total).collect();
        let std_error = if exact {
            vec![0.0; n]
        } else {
            equity
                .iter()
                .zip(&tally.share_sq)
                .map(|(&m, &sq)| {
                    let var = (sq as f64 / (SHARE * SHARE) as f64 / total - m * m).max(0.0);
                    (var / total).sqrt()
                })
                .collect()
        };
        EquityResult {
            win: tally.win.iter().map(|&w| w as f64 / total).collect(),
            tie: tally.tie.iter().map(|&w| w as f64 / total).collect(),
            equity,
            std_error,
            boards: tally.boards,
            exact,
        }
    }
}

/// Hand evaluations per board for these hands in this game (what the exact limit counts).
pub(crate) fn work_per_board(game: Game, hands: &[u64]) -> u64 {
    let per_eval = match game.high() {
        Game::Omaha => 10 * hands.iter().map(|m| binom(m.count_ones() as u64, 2)).max().unwrap_or(6),
        Game::ShortDeck => 10,
        _ => 1 + game.is_split() as u64,
    };
    hands.len() as u64 * per_eval
}

impl<'a> Scorer<'a> {
    /// The scorer of these hole cards (masks) in this game.
    pub(crate) fn new(game: Game, hands: &[u64]) -> Scorer<'a> {
        let t = tables();
        let faces = |m: u64| (0..52).filter(move |&c| m >> c & 1 == 1).collect::<Vec<usize>>();
        Scorer {
            game,
            t,
            holes: hands.iter().map(|&m| Hand::from_mask(t, m)).collect(),
            pairs: hands.iter().map(|&m| super::omaha::subset_hands(t, &faces(m), 2)).collect(),
            masks: hands.to_vec(),
            low_pairs: hands
                .iter()
                .map(|&m| {
                    let f = faces(m);
                    let mut v = Vec::new();
                    for_each_subset(f.len(), 2, &mut |idx| {
                        let (a, b) = (low_ranks(1 << f[idx[0]]), low_ranks(1 << f[idx[1]]));
                        if a != 0 && b != 0 && a != b {
                            v.push(a | b);
                        }
                    });
                    v
                })
                .collect(),
        }
    }
}

/// Visit every `k`-subset of `rest[from..]` extending `board`.
#[allow(clippy::too_many_arguments)]
fn walk<R: Recorder>(
    s: &Scorer,
    rest: &[usize],
    from: usize,
    k: usize,
    board: Hand,
    cards: &mut [usize; 5],
    depth: usize,
    values: &mut [u32],
    tally: &mut R,
) {
    if k == 0 {
        let mut lows = [0u32; 10];
        s.tally(board, cards, values, &mut lows[..values.len()], tally);
        return;
    }
    for i in from..=rest.len() - k {
        let c = rest[i];
        cards[depth] = c;
        walk(s, rest, i + 1, k - 1, board.add(s.t, c), cards, depth + 1, values, tally);
    }
}

/// Hold'em: each player's hand so far (board plus hole cards), one card added per level;
/// the last level evaluates in a flat loop.
fn holdem_rec(t: &Tables, rest: &[usize], from: usize, k: usize, cur: &[Hand], values: &mut [u32], tally: &mut Tally) {
    let n = cur.len();
    if k == 1 {
        for &c in &rest[from..] {
            for p in 0..n {
                values[p] = cur[p].add(t, c).value(t);
            }
            tally.record(values);
        }
        return;
    }
    let mut next = [Hand::EMPTY; 10];
    for i in from..=rest.len() - k {
        let c = rest[i];
        for p in 0..n {
            next[p] = cur[p].add(t, c);
        }
        holdem_rec(t, rest, i + 1, k - 1, &next[..n], values, tally);
    }
}

/// Add the wins of the first, the wins of the second and the ties among `values` (pairs
/// of hand values) to `acc`, counting in registers.
#[inline(always)]
fn tally(acc: &mut [u64; 3], values: impl Iterator<Item = (u32, u32)>) {
    let (mut wa, mut wb, mut tie) = (0u64, 0u64, 0u64);
    for (va, vb) in values {
        wa += (va > vb) as u64;
        wb += (vb > va) as u64;
        tie += (va == vb) as u64;
    }
    acc[0] += wa;
    acc[1] += wb;
    acc[2] += tie;
}

/// Heads-up hold'em: (first wins, second wins, ties), counters in registers.
fn heads_up_rec(t: &Tables, rest: &[usize], from: usize, k: usize, a: Hand, b: Hand, acc: &mut [u64; 3]) {
    if k == 1 {
        let rivers = &rest[from..];
        if !a.flush_possible_with_one_more() && !b.flush_possible_with_one_more() {
            // No river makes a flush: bare rank-key lookups.
            tally(
                acc,
                rivers.iter().map(|&c| {
                    let key = t.card_key(c);
                    (t.value_no_flush(a.key + key), t.value_no_flush(b.key + key))
                }),
            );
        } else {
            tally(acc, rivers.iter().map(|&c| (a.add(t, c).value(t), b.add(t, c).value(t))));
        }
        return;
    }
    for i in from..=rest.len() - k {
        let c = rest[i];
        heads_up_rec(t, rest, i + 1, k - 1, a.add(t, c), b.add(t, c), acc);
    }
}

fn enumerate(
    s: &Scorer,
    rest: &[usize],
    missing: usize,
    board: Hand,
    known: &[usize],
    n: usize,
    threads: usize,
) -> Tally {
    if s.game == Game::Holdem && missing > 0 && n == 2 {
        let (a, b) = (board.join(s.holes[0]), board.join(s.holes[1]));
        let task = |i: usize| {
            let mut acc = [0u64; 3];
            let c = rest[i];
            if missing == 1 {
                let (va, vb) = (a.add(s.t, c).value(s.t), b.add(s.t, c).value(s.t));
                acc = [(va > vb) as u64, (vb > va) as u64, (va == vb) as u64];
            } else {
                heads_up_rec(s.t, rest, i + 1, missing - 1, a.add(s.t, c), b.add(s.t, c), &mut acc);
            }
            acc
        };
        let firsts = 0..=rest.len() - missing;
        let parts: Vec<[u64; 3]> =
            if threads == 1 { firsts.map(task).collect() } else { firsts.into_par_iter().map(task).collect() };
        let mut t = Tally::new(2);
        for p in parts {
            t.win[0] += p[0];
            t.win[1] += p[1];
            t.tie[0] += p[2];
            t.boards += p[0] + p[1] + p[2];
        }
        return t;
    }
    if s.game == Game::Holdem && missing > 0 {
        let base: Vec<Hand> = s.holes.iter().map(|h| board.join(*h)).collect();
        let task = |i: usize| {
            let mut t = Tally::new(n);
            let mut values = vec![0u32; n];
            let cur: Vec<Hand> = base.iter().map(|h| h.add(s.t, rest[i])).collect();
            if missing == 1 {
                for p in 0..n {
                    values[p] = cur[p].value(s.t);
                }
                t.record(&values);
            } else {
                holdem_rec(s.t, rest, i + 1, missing - 1, &cur, &mut values, &mut t);
            }
            t
        };
        let firsts = 0..=rest.len() - missing;
        let parts: Vec<Tally> =
            if threads == 1 { firsts.map(task).collect() } else { firsts.into_par_iter().map(task).collect() };
        return parts.iter().fold(Tally::new(n), |a, b| a.merge(b));
    }
    walk_boards(s, rest, missing, board, known, threads, &Tally::new(n))
}

/// Every completion of the board by `missing` cards of `rest`, each scored by `s` and
/// counted into a copy of `empty`: one task per first missing card, merged in order.
pub(crate) fn walk_boards<R: Recorder>(
    s: &Scorer,
    rest: &[usize],
    missing: usize,
    board: Hand,
    known: &[usize],
    threads: usize,
    empty: &R,
) -> R {
    let n = s.masks.len();
    let mut cards = [0usize; 5];
    cards[..known.len()].copy_from_slice(known);
    let depth = known.len();
    if missing == 0 {
        let mut t = empty.clone();
        let mut values = vec![0u32; n];
        walk(s, rest, 0, 0, board, &mut cards, depth, &mut values, &mut t);
        return t;
    }
    let task = |i: usize| {
        let mut t = empty.clone();
        let mut values = vec![0u32; n];
        let mut cards = cards;
        cards[depth] = rest[i];
        walk(s, rest, i + 1, missing - 1, board.add(s.t, rest[i]), &mut cards, depth + 1, &mut values, &mut t);
        t
    };
    let firsts = 0..=rest.len() - missing;
    let parts: Vec<R> =
        if threads == 1 { firsts.map(task).collect() } else { firsts.into_par_iter().map(task).collect() };
    parts.iter().fold(empty.clone(), |a, b| a.merge(b))
}

fn sample(
    s: &Scorer,
    rest: &[usize],
    missing: usize,
    board: Hand,
    known: &[usize],
    n: usize,
    req: &EquityRequest,
) -> Tally {
    let blocks = req.samples.div_ceil(BLOCK);
    let len = rest.len();
    let mut deck0 = [0u8; 64];
    for (d, &c) in deck0.iter_mut().zip(rest) {
        *d = c as u8;
    }
    let task = |b: u64| {
        let mut rng = Words::for_block(req.seed, b);
        let count = BLOCK.min(req.samples - b * BLOCK);
        let mut t = Tally::new(n);
        // The remaining deck, permuted in place from one sample to the next.
        let mut deck = deck0;
        // Deal the missing board cards: a partial Fisher-Yates shuffle.
        let mut deal = |deck: &mut [u8; 64], cards: &mut [usize; 5]| {
            let mut h = board;
            for j in 0..missing {
                let pick = j + rng.below((len - j) as u32) as usize;
                deck.swap(j & 63, pick & 63);
                let c = deck[j & 63] as usize;
                cards[(known.len() + j) % 5] = c;
                h = h.add(s.t, c);
            }
            h
        };
        let mut cards = [0usize; 5];
        cards[..known.len()].copy_from_slice(known);
        if s.game == Game::Holdem && n == 2 {
            // Heads-up hold'em: each hole pair joined to the drawn board, no branches.
            let (ha, hb) = (s.holes[0], s.holes[1]);
            let (mut wa, mut wb, mut tie) = (0u64, 0u64, 0u64);
            for _ in 0..count {
                let h = deal(&mut deck, &mut cards);
                let va = s.t.value_branchless(h.key + ha.key, h.mask | ha.mask);
                let vb = s.t.value_branchless(h.key + hb.key, h.mask | hb.mask);
                wa += (va > vb) as u64;
                wb += (vb > va) as u64;
                tie += (va == vb) as u64;
            }
            t.win = vec![wa, wb];
            t.tie = vec![tie, 0];
            t.boards = count;
            return t;
        }
        let mut values = vec![0u32; n];
        let mut lows = vec![0u32; n];
        for _ in 0..count {
            let h = deal(&mut deck, &mut cards);
            s.tally(h, &cards, &mut values, &mut lows, &mut t);
        }
        t
    };
    let parts: Vec<Tally> = if req.threads == 1 {
        (0..blocks).map(task).collect()
    } else {
        (0..blocks).into_par_iter().map(task).collect()
    };
    parts.iter().fold(Tally::new(n), |a, b| a.merge(b))
}

/// 32-bit words from a small fast generator (wyrand: a 64-bit counter stepped by
/// 0xa0761d6478bd642f, each output the folded 128-bit product of the counter and the
/// counter XOR 0xe7037ed1a0b428db) whose counter starts at the first 64-bit output of
/// `Rng::with_stream(seed, block)`. Each 64-bit output gives two words, low half first.
/// Bounded draws use Lemire's multiply-and-reject on 32 bits: `m = x * n`; if
/// `low32(m) < 2^32 mod n` draw again; the result is `high32(m)`.
pub(crate) struct Words {
    state: u64,
    spare: u32,
    have: bool,
}

impl Words {
    pub(crate) fn for_block(seed: u64, block: u64) -> Words {
        Words { state: Rng::with_stream(seed, block).next_u64(), spare: 0, have: false }
    }
    #[inline(always)]
    fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0xa076_1d64_78bd_642f);
        let m = (self.state as u128) * ((self.state ^ 0xe703_7ed1_a0b4_28db) as u128);
        (m >> 64) as u64 ^ m as u64
    }
    #[inline(always)]
    pub(crate) fn next32(&mut self) -> u32 {
        if self.have {
            self.have = false;
            return self.spare;
        }
        let x = self.next_u64();
        self.spare = (x >> 32) as u32;
        self.have = true;
        x as u32
    }
    #[inline(always)]
    pub(crate) fn below(&mut self, n: u32) -> u32 {
        let mut m = self.next32() as u64 * n as u64;
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = self.next32() as u64 * n as u64;
            }
        }
        (m >> 32) as u32
    }
}

/// Every subset helper re-exported for tests.
#[allow(dead_code)]
pub(crate) fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut v = Vec::new();
    for_each_subset(n, k, &mut |s| v.push(s.to_vec()));
    v
}
