//! The general high-hand evaluator: any number of cards (five or more), several packs,
//! any number of wild cards, and the rule sets that change straights and the category
//! order (short-deck, deuce-to-seven).
//!
//! It works on a [`Counts`] summary (how many of each rank, which ranks of each suit,
//! how many wild cards) and finds the best hand category by category from the top. It
//! is exact, not a table lookup; the table evaluator in `tables.rs` is filled from it and
//! the tests check it against brute force (every five-card subset and, for wild cards,
//! every substitution).
//!
//! Wild cards: a wild card stands for any card of the deck, including one the player
//! already holds (that is how five of a kind forms: four aces and a joker). The one
//! restriction is that a flush or straight flush has five different ranks: a wild in a
//! flush stands for the highest rank the flush is missing (no "double-ace flush").

use super::value::{pack, Category, Kind};

/// A hand reduced to what ranking needs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Natural cards of each rank (0 = deuce .. 12 = ace); more than 4 with several packs.
    pub ranks: [u8; 13],
    /// Ranks present in each suit (clubs, diamonds, hearts, spades).
    pub suits: [u16; 4],
    /// Wild cards.
    pub wild: u8,
}

impl Counts {
    /// From a single-pack mask of standard cards.
    pub fn from_mask(mask: u64) -> Counts {
        let mut c = Counts::default();
        for s in 0..4 {
            let m = (mask >> (13 * s) & 0x1fff) as u16;
            c.suits[s] = m;
            for r in 0..13 {
                c.ranks[r] += (m >> r & 1) as u8;
            }
        }
        c
    }
    /// Add one natural card.
    pub fn add(&mut self, rank: u8, suit: u8) {
        self.ranks[rank as usize] += 1;
        self.suits[suit as usize] |= 1 << rank;
    }
    pub fn naturals(&self) -> u32 {
        self.ranks.iter().map(|&c| c as u32).sum()
    }
    pub fn total(&self) -> u32 {
        self.naturals() + self.wild as u32
    }
    /// Ranks held at least once (from the counts, so suitless cards count too).
    fn any(&self) -> u16 {
        (0..13).filter(|&r| self.ranks[r] > 0).fold(0, |m, r| m | 1 << r)
    }
}

/// Which ranking rules apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub kind: Kind,
    /// Lowest rank in the deck (0 for the full deck, 4 = six for short-deck).
    pub lowest: u8,
    /// Ace plays low in straights (A-2-3-4-5, or A-6-7-8-9 short-deck).
    pub ace_low_straight: bool,
    /// Straights count at all (not in ace-to-five low).
    pub straights: bool,
}

impl Rules {
    pub const HIGH: Rules = Rules { kind: Kind::High, lowest: 0, ace_low_straight: true, straights: true };
    pub const SHORT_DECK: Rules = Rules { kind: Kind::ShortDeck, lowest: 4, ace_low_straight: true, straights: true };
    /// Deuce-to-seven reads hands as high hands with the ace high only.
    pub const NO_WHEEL: Rules = Rules { kind: Kind::High, lowest: 0, ace_low_straight: false, straights: true };
    /// Ace-to-five reads hands (suits dropped, ace renumbered lowest) without straights.
    pub const NO_STRAIGHTS: Rules = Rules { kind: Kind::High, lowest: 0, ace_low_straight: false, straights: false };

    /// Straight windows from the best down: (top rank, 13-bit rank mask).
    pub fn windows(&self) -> impl Iterator<Item = (u8, u16)> + '_ {
        let lowest = self.lowest;
        let first = if self.straights { lowest + 4 } else { 13 };
        let top_down = (first..=12).rev().map(|top| (top, 0x1fu16 << (top - 4)));
        let wheel = (self.straights && self.ace_low_straight).then(|| (lowest + 3, (0xfu16 << lowest) | 1 << 12));
        top_down.chain(wheel)
    }
}

fn popcnt(m: u16) -> u32 {
    m.count_ones()
}

/// Highest `n` ranks from `mask`, descending, excluding `skip` ranks; padded with zeros.
fn top_ranks(mask: u16, n: usize) -> [u8; 5] {
    let mut out = [0u8; 5];
    let mut m = mask;
    for slot in out.iter_mut().take(n) {
        if m == 0 {
            break;
        }
        let r = 15 - m.leading_zeros() as u8;
        *slot = r;
        m &= !(1 << r);
    }
    out
}

/// The best high hand. Requires `c.total() >= 5`.
pub fn best_high(c: &Counts, rules: &Rules) -> u32 {
    best_high_limited(c, rules, false)
}

/// With `only_straights_and_flushes`, the wild cards may only be used to make a
/// straight, flush or straight flush (the Pai Gow bug's non-ace use): the result is the
/// best such hand, or 0 if none.
pub fn best_high_limited(c: &Counts, rules: &Rules, only_straights_and_flushes: bool) -> u32 {
    let k = c.wild as u32;
    let code = |cat: Category| rules.kind.code(cat);
    let any = c.any();
    let cnt = |r: usize| c.ranks[r] as u32;
    let ranks_desc = (rules.lowest as usize..13).rev();

    if !only_straights_and_flushes {
        // Five of a kind.
        for r in ranks_desc.clone() {
            if cnt(r) + k >= 5 {
                return pack(code(Category::FiveOfAKind), [r as u8, 0, 0, 0, 0]);
            }
        }
    }
    // Straight flush.
    for (top, w) in rules.windows() {
        for s in 0..4 {
            if 5 - popcnt(c.suits[s] & w) <= k {
                return pack(code(Category::StraightFlush), [top, 0, 0, 0, 0]);
            }
        }
    }
    let flush = || -> Option<u32> {
        let mut best: Option<u32> = None;
        for s in 0..4 {
            if popcnt(c.suits[s]) + k < 5 {
                continue;
            }
            let mut wilds = k;
            let mut got = [0u8; 5];
            let mut n = 0;
            for r in (rules.lowest..13).rev() {
                if n == 5 {
                    break;
                }
                if c.suits[s] >> r & 1 == 1 {
                    got[n] = r;
                    n += 1;
                } else if wilds > 0 {
                    wilds -= 1;
                    got[n] = r;
                    n += 1;
                }
            }
            if n == 5 {
                let v = pack(code(Category::Flush), got);
                best = best.max(Some(v));
            }
        }
        best
    };
    let straight = || -> Option<u32> {
        rules
            .windows()
            .find(|&(_, w)| 5 - popcnt(any & w) <= k)
            .map(|(top, _)| pack(code(Category::Straight), [top, 0, 0, 0, 0]))
    };
    if only_straights_and_flushes {
        return flush().or_else(straight).unwrap_or(0);
    }
    // Four of a kind.
    for r in ranks_desc.clone() {
        if cnt(r) + k >= 4 {
            let kick = top_ranks(any & !(1 << r), 1)[0];
            return pack(code(Category::FourOfAKind), [r as u8, kick, 0, 0, 0]);
        }
    }
    let full_house = || -> Option<u32> {
        for t in ranks_desc.clone() {
            let need_t = 3u32.saturating_sub(cnt(t));
            if need_t > k {
                continue;
            }
            for p in ranks_desc.clone() {
                if p != t && need_t + 2u32.saturating_sub(cnt(p)) <= k {
                    return Some(pack(code(Category::FullHouse), [t as u8, p as u8, 0, 0, 0]));
                }
            }
        }
        None
    };
    // Full house and flush, in this kind's order.
    if rules.kind == Kind::ShortDeck {
        if let Some(v) = flush().or_else(full_house) {
            return v;
        }
    } else if let Some(v) = full_house().or_else(flush) {
        return v;
    }
    if let Some(v) = straight() {
        return v;
    }
    // Three of a kind.
    for r in ranks_desc.clone() {
        if cnt(r) + k >= 3 {
            let t = top_ranks(any & !(1 << r), 2);
            return pack(code(Category::ThreeOfAKind), [r as u8, t[0], t[1], 0, 0]);
        }
    }
    // Two pair.
    for p1 in ranks_desc.clone() {
        let need1 = 2u32.saturating_sub(cnt(p1));
        if need1 > k {
            continue;
        }
        for p2 in (rules.lowest as usize..p1).rev() {
            if need1 + 2u32.saturating_sub(cnt(p2)) <= k {
                let kick = top_ranks(any & !(1 << p1) & !(1 << p2), 1)[0];
                return pack(code(Category::TwoPair), [p1 as u8, p2 as u8, kick, 0, 0]);
            }
        }
    }
    // One pair.
    for r in ranks_desc {
        if cnt(r) + k >= 2 {
            let t = top_ranks(any & !(1 << r), 3);
            return pack(code(Category::Pair), [r as u8, t[0], t[1], t[2], 0]);
        }
    }
    pack(code(Category::HighCard), top_ranks(any, 5))
}

/// The high value of a single-pack mask without wild cards (any number of cards >= 5).
pub fn high_of_mask(mask: u64) -> u32 {
    best_high(&Counts::from_mask(mask), &Rules::HIGH)
}
