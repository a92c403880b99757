//! Low hands and the other small hand types.
//!
//! Jokers and cards named wild (`Wild`) are wild in the ace-to-five, eight-or-better and
//! deuce-to-seven lows, as in high hands: see [`ace_to_five_wild`] and [`deuce_to_seven_wild`].
//!
//! * **Ace-to-five** (razz, the low half of hi-lo games): the best five cards read as a
//!   high hand with the ace lowest and straights and flushes ignored; the *lowest* such
//!   hand wins. 5-4-3-2-A (the wheel) is the best; any unpaired hand beats any pair.
//! * **Eight-or-better**: the ace-to-five low, which qualifies only with five different
//!   ranks of eight or lower; otherwise there is no low (`None`).
//! * **Deuce-to-seven**: the ace is high only, straights and flushes count against you;
//!   the lowest high hand wins. 7-5-4-3-2 of mixed suits is the best; A-2-3-4-5 is ace high.
//! * **Badugi**: four cards; the largest subset with all suits and all ranks different
//!   plays (aces low). More cards beat fewer; between equal sizes, the lower highest card
//!   wins, then the next, and so on.
//! * **Pai Gow two-card hand**: a pair beats two unpaired cards; then the higher card,
//!   then the other. A joker in it is an ace.
//!
//! Values are packed so that larger is better (see `value.rs`).

use super::generic::{best_high, Counts, Rules};
use super::hand::{check_distinct, HandValue, Wild};
use super::value::{pack, Kind, LOW_BASE};
use crate::cards::Card;
use crate::error::{CoreError, CoreResult};

fn natural(cards: &[Card], what: &str) -> CoreResult<Vec<(u8, u8, Card)>> {
    cards
        .iter()
        .map(|&c| match (c.rank(), c.suit()) {
            (Some(r), Some(s)) => Ok((r, s, c)),
            _ => Err(CoreError::InvalidHand(format!("{what} takes no jokers or wild cards, got {c}"))),
        })
        .collect()
}

fn count_check(cards: &[Card], min: usize, max: usize, what: &str) -> CoreResult<()> {
    if cards.len() < min || cards.len() > max {
        let want = if min == max { format!("{min}") } else { format!("{min} to {max}") };
        return Err(CoreError::InvalidHand(format!("{what} needs {want} cards, got {}", cards.len())));
    }
    Ok(())
}

/// Call `f` with the indices of every `k`-subset of `0..n`.
pub fn for_each_subset(n: usize, k: usize, f: &mut impl FnMut(&[usize])) {
    fn rec(start: usize, n: usize, k: usize, cur: &mut Vec<usize>, f: &mut impl FnMut(&[usize])) {
        if cur.len() == k {
            f(cur);
            return;
        }
        for i in start..=n - (k - cur.len()) {
            cur.push(i);
            rec(i + 1, n, k, cur, f);
            cur.pop();
        }
    }
    if k <= n {
        rec(0, n, k, &mut Vec::with_capacity(k), f);
    }
}

/// Ace-to-five rank index: ace 0, deuce 1 .. king 12.
fn a5(rank: u8) -> u8 {
    (rank + 1) % 13
}

/// The ace-to-five reading of five cards as a high value (lower is a better low).
pub fn a5_view(ranks: impl Iterator<Item = u8>) -> u32 {
    let mut c = Counts::default();
    for r in ranks {
        c.ranks[a5(r) as usize] += 1;
    }
    best_high(&c, &Rules::NO_STRAIGHTS)
}

/// The deuce-to-seven reading of five cards: the high value without the wheel.
pub fn d7_view(cards: impl Iterator<Item = (u8, u8)>) -> u32 {
    let mut c = Counts::default();
    for (r, s) in cards {
        c.add(r, s);
    }
    best_high(&c, &Rules::NO_WHEEL)
}

/// Every multiset of `k` ranks (0..13) in ascending order.
fn for_each_rank_multiset(k: usize, f: &mut impl FnMut(&[u8])) {
    fn rec(from: u8, k: usize, cur: &mut Vec<u8>, f: &mut impl FnMut(&[u8])) {
        if cur.len() == k {
            f(cur);
            return;
        }
        for r in from..13 {
            cur.push(r);
            rec(r, k, cur, f);
            cur.pop();
        }
    }
    rec(0, k, &mut Vec::with_capacity(k), f);
}

/// The best low view (smaller is better) of five cards: the natural cards `idx` of
/// `nat` plus `j` wild cards, with the wild ranks chosen as well as possible.
///
/// * Ace-to-five: each wild takes the lowest rank (ace lowest) not already among the
///   five; that is always best, as straights and flushes do not count.
/// * Deuce-to-seven: every choice of ranks for the wilds is tried (a wild may even pair
///   a card), and each wild takes a suit that avoids a flush; the best view wins. So
///   3-4-5-6 and a wild is 8-6-5-4-3 (a deuce or a seven would make a straight).
fn low_view_with_wilds(nat: &[(u8, u8, Card)], idx: &[usize], j: usize, kind: Kind) -> u32 {
    if kind == Kind::AceToFive {
        let mut held = 0u16;
        for &i in idx {
            held |= 1 << a5(nat[i].0);
        }
        let mut free = !held & 0x1fff;
        let mut ranks: Vec<u8> = idx.iter().map(|&i| nat[i].0).collect();
        for _ in 0..j {
            let low = free.trailing_zeros() as u8; // ace-to-five index
            free &= free - 1;
            ranks.push((low + 12) % 13);
        }
        return a5_view(ranks.into_iter());
    }
    let cards: Vec<(u8, u8)> = idx.iter().map(|&i| (nat[i].0, nat[i].1)).collect();
    if j == 0 {
        return d7_view(cards.into_iter());
    }
    // A suit for the wild cards that breaks any flush (two different suits are enough).
    let other = match cards.first() {
        Some(&(_, s)) => (s + 1) % 4,
        None => 0,
    };
    let mut best = u32::MAX;
    for_each_rank_multiset(j, &mut |ranks| {
        let wilds = ranks.iter().enumerate().map(|(w, &r)| (r, if cards.is_empty() && w % 2 == 1 { 1 } else { other }));
        best = best.min(d7_view(cards.iter().copied().chain(wilds)));
    });
    best
}

fn best_low(cards: &[Card], what: &str, kind: Kind, wild: &Wild) -> CoreResult<HandValue> {
    count_check(cards, 5, 64, what)?;
    check_distinct(cards, "a hand")?;
    let (wilds, naturals): (Vec<Card>, Vec<Card>) = cards.iter().partition(|&&c| c.is_joker() || wild.is_wild(c));
    let nat = natural(&naturals, what)?;
    let mut best: Option<(u32, Vec<usize>, usize)> = None;
    for j in 0..=wilds.len().min(5) {
        if nat.len() < 5 - j {
            continue;
        }
        for_each_subset(nat.len(), 5 - j, &mut |idx| {
            let view = if j == 0 {
                match kind {
                    Kind::AceToFive => a5_view(idx.iter().map(|&i| nat[i].0)),
                    _ => d7_view(idx.iter().map(|&i| (nat[i].0, nat[i].1))),
                }
            } else {
                low_view_with_wilds(&nat, idx, j, kind)
            };
            if best.as_ref().is_none_or(|b| view < b.0) {
                best = Some((view, idx.to_vec(), j));
            }
        });
    }
    let (view, idx, j) = best.expect("at least five cards");
    let mut used: Vec<Card> = idx.iter().map(|&i| nat[i].2).collect();
    let key = |c: &Card| {
        let r = c.rank().unwrap_or(0);
        if kind == Kind::AceToFive {
            a5(r)
        } else {
            r
        }
    };
    // Most significant first: bigger groups, then higher ranks; wild cards last.
    let count = |c: &Card, all: &[Card]| all.iter().filter(|d| d.rank() == c.rank()).count();
    let snapshot = used.clone();
    used.sort_by_key(|c| std::cmp::Reverse((count(c, &snapshot), key(c))));
    used.extend_from_slice(&wilds[..j]);
    Ok(HandValue { kind, value: LOW_BASE - view, cards: used })
}

/// The best ace-to-five low of five or more cards (razz). Jokers and the `wild` cards
/// are wild: each takes the lowest rank not already among the five cards that play.
pub fn ace_to_five_wild(cards: &[Card], wild: &Wild) -> CoreResult<HandValue> {
    best_low(cards, "an ace-to-five low", Kind::AceToFive, wild)
}

/// [`ace_to_five_wild`] with jokers the only wild cards.
pub fn ace_to_five(cards: &[Card]) -> CoreResult<HandValue> {
    ace_to_five_wild(cards, &Wild::None)
}

/// Whether an ace-to-five low value qualifies as eight or better.
pub fn qualifies_eight(value: u32) -> bool {
    let view = LOW_BASE - value;
    // No pair (category 0) and the highest card (ace-low index) at most the eight (7).
    view >> 20 == 0 && (view >> 16 & 15) <= 7
}

/// The eight-or-better low, or `None` when no five different ranks of eight or lower
/// (wild cards included, as in [`ace_to_five_wild`]).
pub fn eight_or_better_wild(cards: &[Card], wild: &Wild) -> CoreResult<Option<HandValue>> {
    let v = ace_to_five_wild(cards, wild)?;
    Ok(qualifies_eight(v.value).then_some(v))
}

/// [`eight_or_better_wild`] with jokers the only wild cards.
pub fn eight_or_better(cards: &[Card]) -> CoreResult<Option<HandValue>> {
    eight_or_better_wild(cards, &Wild::None)
}

/// The best deuce-to-seven low of five or more cards. Jokers and the `wild` cards are
/// wild: each takes the rank that makes the best low (never completing a straight or a
/// flush when another rank avoids it).
pub fn deuce_to_seven_wild(cards: &[Card], wild: &Wild) -> CoreResult<HandValue> {
    best_low(cards, "a deuce-to-seven low", Kind::DeuceToSeven, wild)
}

/// [`deuce_to_seven_wild`] with jokers the only wild cards.
pub fn deuce_to_seven(cards: &[Card]) -> CoreResult<HandValue> {
    deuce_to_seven_wild(cards, &Wild::None)
}

/// Badugi value of ranks (ace-low indices) sorted descending.
fn badugi_value(desc: &[u8]) -> u32 {
    let mut nib = [0u8; 5];
    for (i, &r) in desc.iter().enumerate() {
        nib[i] = 12 - r;
    }
    pack(desc.len() as u32, nib)
}

/// The badugi value of four cards.
pub fn badugi(cards: &[Card]) -> CoreResult<HandValue> {
    count_check(cards, 4, 4, "a badugi hand")?;
    check_distinct(cards, "a hand")?;
    let nat = natural(cards, "a badugi hand")?;
    let mut best = (0u32, Vec::new());
    for subset in 1u32..16 {
        let chosen: Vec<&(u8, u8, Card)> = (0..4).filter(|i| subset >> i & 1 == 1).map(|i| &nat[i]).collect();
        let suits = chosen.iter().fold(0u8, |m, c| m | 1 << c.1);
        let ranks = chosen.iter().fold(0u16, |m, c| m | 1 << c.0);
        if suits.count_ones() as usize != chosen.len() || ranks.count_ones() as usize != chosen.len() {
            continue;
        }
        let mut sorted: Vec<&(u8, u8, Card)> = chosen;
        sorted.sort_by_key(|c| std::cmp::Reverse(a5(c.0)));
        let v = badugi_value(&sorted.iter().map(|c| a5(c.0)).collect::<Vec<_>>());
        if v > best.0 {
            best = (v, sorted.iter().map(|c| c.2).collect());
        }
    }
    Ok(HandValue { kind: Kind::Badugi, value: best.0, cards: best.1 })
}

/// The Pai Gow two-card (low) hand: pair, then high card; a joker is an ace.
pub fn pai_gow_low(cards: &[Card]) -> CoreResult<HandValue> {
    count_check(cards, 2, 2, "a Pai Gow two-card hand")?;
    check_distinct(cards, "a hand")?;
    let r: Vec<u8> = cards.iter().map(|c| c.rank().unwrap_or(12)).collect();
    let (hi, lo) = (r[0].max(r[1]), r[0].min(r[1]));
    let value = if hi == lo { pack(1, [hi, 0, 0, 0, 0]) } else { pack(0, [hi, lo, 0, 0, 0]) };
    let mut used = cards.to_vec();
    used.sort_by_key(|c| std::cmp::Reverse(c.rank().unwrap_or(12)));
    Ok(HandValue { kind: Kind::PaiGowLow, value, cards: used })
}
