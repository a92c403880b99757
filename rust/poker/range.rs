//! Hand ranges in the notation players and tools write (issue 29, `docs/poker-analysis.md`).
//!
//! A [`Range`] is a set of hole-card combos (card masks), each with a weight in (0, 1].
//! Text is comma- or space-separated tokens:
//!
//! * pairs `QQ`, `QQ+` (QQ, KK, AA), `66-22` or `22-66`, `TT-` (TT down to 22);
//! * two ranks, all 16 combos (`AK`), suited (`AKs`, 4) or offsuit (`AKo`, 12); `ATs+`
//!   raises the kicker up to one below the top card (ATs..AKs), `A5s-` lowers it to the
//!   deuce, `K9s-KQs` spans kickers with the same top card and suitedness, `54s-98s`
//!   hands with the same gap (54s, 65s, 76s, 87s, 98s);
//! * specific cards `AhKh` (any card count: Omaha hands are written `AhKhQdJd`);
//! * `random`, `any`, `all` or `100%`: every two-card combo; `15%`: the top 15 % of
//!   combos by [`PREFLOP_ORDER`];
//! * weights: `AA:0.5` on one token, or `[50]KK,QQ[/50]` around a group (percent);
//!   a token's own weight wins over its group's. A combo named twice keeps the last
//!   weight given; weight 0 takes it out (`random, 72o:0`).
//!
//! ```
//! use _core::poker::range::Range;
//! let r = Range::parse("QQ+,AKs").unwrap();
//! assert_eq!(r.len(), 22);
//! assert_eq!(r.to_text(), "QQ+,AKs");
//! assert_eq!(Range::parse("[50]KK[/50]").unwrap().combos()[0].1, 0.5);
//! ```

use std::collections::BTreeMap;

use super::equity::binom;
use crate::cards::{Card, CardSet, RANK_CHARS, SUIT_CHARS};
use crate::error::{CoreError, CoreResult};

/// Two-card combos of a standard deck.
pub const ALL_COMBOS: usize = 1326;

/// The 169 preflop hand classes, best first: ordered by all-in equity against one random
/// hand (heads-up, no board), computed by hoyle's equity engine (Monte Carlo, 4 million
/// boards per class, seed 0, standard error under 0.00024: classes closer than that are
/// in an arbitrary order; see `docs/poker-analysis.md`).
pub const PREFLOP_ORDER: [&str; 169] = [
    "AA", "KK", "QQ", "JJ", "TT", "99", "88", "AKs", "77", "AQs", "AJs", "AKo", "ATs", "AQo", "AJo", "KQs", "66",
    "A9s", "ATo", "KJs", "A8s", "KTs", "KQo", "A7s", "A9o", "KJo", "55", "QJs", "K9s", "A5s", "A6s", "A8o", "KTo",
    "QTs", "A4s", "A7o", "K8s", "A3s", "QJo", "K9o", "A5o", "A6o", "Q9s", "K7s", "JTs", "A2s", "QTo", "44", "A4o",
    "K6s", "K8o", "Q8s", "A3o", "K5s", "J9s", "Q9o", "K7o", "JTo", "A2o", "K4s", "Q7s", "K6o", "K3s", "T9s", "J8s",
    "33", "Q6s", "Q8o", "K5o", "J9o", "K2s", "Q5s", "T8s", "K4o", "J7s", "Q4s", "Q7o", "T9o", "J8o", "K3o", "Q3s",
    "Q6o", "98s", "T7s", "J6s", "K2o", "22", "Q2s", "Q5o", "J5s", "T8o", "J7o", "Q4o", "J4s", "97s", "T6s", "J3s",
    "Q3o", "98o", "87s", "T7o", "J6o", "96s", "J2s", "Q2o", "T5s", "J5o", "T4s", "97o", "86s", "J4o", "T6o", "T3s",
    "95s", "76s", "J3o", "87o", "T2s", "85s", "96o", "J2o", "T5o", "94s", "75s", "T4o", "86o", "93s", "65s", "84s",
    "95o", "T3o", "92s", "76o", "74s", "T2o", "54s", "85o", "64s", "83s", "94o", "75o", "82s", "73s", "93o", "65o",
    "53s", "63s", "84o", "92o", "43s", "74o", "54o", "72s", "64o", "52s", "62s", "83o", "42s", "82o", "73o", "53o",
    "63o", "32s", "43o", "72o", "52o", "62o", "42o", "32o",
];

/// A weighted set of hole-card combos, sorted by card mask (largest first), weights in (0, 1].
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Range {
    combos: Vec<(u64, f64)>,
}

fn bad(token: &str, position: usize, reason: impl std::fmt::Display) -> CoreError {
    CoreError::invalid_argument("range", format!("{token:?} at position {position}"), reason)
}

fn rank_of(c: char) -> Option<u8> {
    RANK_CHARS.iter().position(|&r| r == c.to_ascii_uppercase()).map(|r| r as u8)
}

fn bit(rank: u8, suit: u8) -> u64 {
    1 << (suit as u32 * 13 + rank as u32)
}

/// The combos of one class: a pair (`hi == lo`), or two ranks suited, offsuit or both.
fn class_combos(hi: u8, lo: u8, suited: bool, offsuit: bool) -> Vec<u64> {
    let mut v = Vec::new();
    for a in 0..4 {
        for b in 0..4 {
            let keep = if hi == lo { a < b } else { (a == b && suited) || (a != b && offsuit) };
            if keep {
                v.push(bit(hi, a) | bit(lo, b));
            }
        }
    }
    v
}

/// Every two-card combo.
fn all_combos() -> Vec<u64> {
    let mut v = Vec::with_capacity(ALL_COMBOS);
    for a in 0..52 {
        for b in a + 1..52 {
            v.push(1u64 << a | 1u64 << b);
        }
    }
    v
}

/// A class name (`AKs`, `QQ`, `72o`) as (high, low, suited, offsuit).
fn class_of(name: &str) -> (u8, u8, bool, bool) {
    let c: Vec<char> = name.chars().collect();
    let (hi, lo) = (rank_of(c[0]).unwrap_or(0), rank_of(c[1]).unwrap_or(0));
    match c.get(2) {
        Some('s') => (hi, lo, true, false),
        Some('o') => (hi, lo, false, true),
        _ => (hi, lo, true, true),
    }
}

/// Parsed pieces of a class token: ranks, suitedness (`None` = both), suffix.
struct ClassToken {
    hi: u8,
    lo: u8,
    suit: Option<char>,
    rest: String,
}

fn split_class(t: &str, token: &str, pos: usize) -> CoreResult<ClassToken> {
    let c: Vec<char> = t.chars().collect();
    let need = "two ranks (2-9, T, J, Q, K, A), e.g. 'AKs', 'QQ+', 'K9s-KQs', or cards such as 'AhKh'";
    if c.len() < 2 {
        return Err(bad(token, pos, need));
    }
    let (Some(a), Some(b)) = (rank_of(c[0]), rank_of(c[1])) else {
        return Err(bad(token, pos, need));
    };
    let (suit, k) = match c.get(2).map(|x| x.to_ascii_lowercase()) {
        Some(x @ ('s' | 'o')) => (Some(x), 3),
        _ => (None, 2),
    };
    if a == b && suit.is_some() {
        return Err(bad(token, pos, "a pair is neither suited nor offsuit"));
    }
    Ok(ClassToken { hi: a.max(b), lo: a.min(b), suit, rest: c[k..].iter().collect() })
}

/// The combos of a class token (`QQ+`, `ATo+`, `K9s-KQs`, `22-66`).
fn parse_class(t: &str, token: &str, pos: usize) -> CoreResult<Vec<u64>> {
    let first = split_class(t, token, pos)?;
    let (s, o) = match first.suit {
        Some('s') => (true, false),
        Some(_) => (false, true),
        None => (true, true),
    };
    let pair = first.hi == first.lo;
    // The span of the varying rank: the pair's rank, or the kicker.
    let (from, to) = match first.rest.as_str() {
        "" => (first.lo, first.lo),
        "+" if pair => (first.lo, 12),
        "+" => (first.lo, first.hi - 1),
        "-" => (0, first.lo),
        r if r.starts_with('-') => {
            let end = split_class(&r[1..], token, pos)?;
            if !end.rest.is_empty() {
                return Err(bad(token, pos, format!("unexpected {:?} after the range", end.rest)));
            }
            let gap = first.hi - first.lo;
            let shifted = !pair && end.hi != first.hi && end.hi - end.lo == gap && end.suit == first.suit;
            if shifted {
                // Same gap, both ranks moving: 54s-98s is 54s, 65s, 76s, 87s, 98s.
                let mut v = Vec::new();
                for lo in first.lo.min(end.lo)..=first.lo.max(end.lo) {
                    v.extend(class_combos(lo + gap, lo, s, o));
                }
                return Ok(v);
            }
            if pair != (end.hi == end.lo) || (!pair && (end.hi != first.hi || end.suit != first.suit)) {
                return Err(bad(
                    token,
                    pos,
                    "a dash range joins two pairs (22-66), two hands with the same top card (K9s-KQs) \
                     or with the same gap (54s-98s), of the same suitedness",
                ));
            }
            (first.lo.min(end.lo), first.lo.max(end.lo))
        }
        r => return Err(bad(token, pos, format!("unexpected {r:?}: a class ends in '+', '-' or '-' and a class"))),
    };
    let mut v = Vec::new();
    for r in from..=to {
        if pair {
            v.extend(class_combos(r, r, true, true));
        } else {
            v.extend(class_combos(first.hi, r, s, o));
        }
    }
    Ok(v)
}

/// Specific cards (`AhKh`, `AsKsQdJd`) as one combo, if the token is written that way.
fn parse_cards_token(t: &str, token: &str, pos: usize) -> Option<CoreResult<u64>> {
    let c: Vec<char> = t.chars().collect();
    let suit = |x: char| SUIT_CHARS.contains(&x.to_ascii_lowercase());
    if c.len() < 4 || !c.len().is_multiple_of(2) || !c.chunks(2).all(|p| rank_of(p[0]).is_some() && suit(p[1])) {
        return None;
    }
    let mut mask = 0u64;
    for p in c.chunks(2) {
        let card = Card::new(
            rank_of(p[0]).unwrap_or(0),
            SUIT_CHARS.iter().position(|&s| s == p[1].to_ascii_lowercase()).unwrap_or(0) as u8,
        );
        let b = 1u64 << (card.suit().unwrap_or(0) as u32 * 13 + card.rank().unwrap_or(0) as u32);
        if mask & b != 0 {
            return Some(Err(bad(token, pos, format!("{card} appears twice"))));
        }
        mask |= b;
    }
    Some(Ok(mask))
}

/// The suit shapes of an Omaha pattern's `$` suffix: the hand's suit counts, largest
/// first (`$ds` two suits twice, `$ss` exactly one suit twice, `$r` four suits).
fn suit_shape(suffix: &str) -> Option<&'static [u32]> {
    match suffix.to_ascii_lowercase().as_str() {
        "ds" => Some(&[2, 2]),
        "ss" => Some(&[2, 1, 1]),
        "r" | "rb" => Some(&[1, 1, 1, 1]),
        _ => None,
    }
}

/// Suit counts of a mask, largest first, zeros dropped.
fn suit_counts(mask: u64) -> Vec<u32> {
    let mut v: Vec<u32> = (0..4).map(|s| (mask >> (13 * s) & 0x1fff).count_ones()).filter(|&c| c > 0).collect();
    v.sort_unstable_by(|a, b| b.cmp(a));
    v
}

/// An Omaha pattern (`AAxx`, `AA**`, `AKQJ`, `KK**$ds`, `AA***` for five cards): 4 to 6
/// places, each a rank or a wildcard (`x` or `*`, any card), optionally `$ds`, `$ss` or
/// `$r`. The hands are every set of that many cards holding the named ranks (at least as
/// many of each as named: a wildcard may be another of them) and of the suit shape.
fn parse_omaha_pattern(t: &str, token: &str, pos: usize) -> Option<CoreResult<Vec<u64>>> {
    let (body, suffix) = match t.split_once('$') {
        Some((b, s)) => (b, Some(s)),
        None => (t, None),
    };
    let places: Vec<char> = body.chars().collect();
    let wild = |c: char| matches!(c, 'x' | 'X' | '*');
    if !(4..=6).contains(&places.len()) || !places.iter().all(|&c| wild(c) || rank_of(c).is_some()) {
        return None;
    }
    let shape = match suffix.map(|s| suit_shape(s).ok_or(s)) {
        Some(Err(s)) => {
            return Some(Err(bad(token, pos, format!("unknown suit pattern ${s}: '$ds', '$ss' or '$r'"))));
        }
        Some(Ok(shape)) => Some(shape),
        None => None,
    };
    let mut named = [0u32; 13];
    for &c in places.iter().filter(|&&c| !wild(c)) {
        named[rank_of(c).unwrap_or(0) as usize] += 1;
    }
    if named.iter().any(|&k| k > 4) {
        return Some(Err(bad(token, pos, "a rank has only four cards")));
    }
    let wilds = places.iter().filter(|&&c| wild(c)).count();
    let ways: u64 = named.iter().map(|&k| binom(4, k as u64)).product::<u64>()
        * binom(52 - (places.len() - wilds) as u64, wilds as u64);
    if ways > MAX_PATTERN_HANDS {
        return Some(Err(bad(
            token,
            pos,
            format!("{ways} ways to deal it is too many (at most {MAX_PATTERN_HANDS}): name more ranks"),
        )));
    }
    // The named cards, rank by rank, then wildcards from the cards left.
    let mut hands: Vec<u64> = vec![0];
    for (rank, &k) in named.iter().enumerate() {
        let suits: Vec<u64> = (0..4).map(|s| bit(rank as u8, s)).collect();
        hands = hands.iter().flat_map(|&h| choose(&suits, k as usize).into_iter().map(move |m| h | m)).collect();
    }
    let mut set = std::collections::BTreeSet::new();
    for h in hands {
        let left: Vec<u64> = (0..52).map(|c| 1u64 << c).filter(|b| h & b == 0).collect();
        for m in choose(&left, wilds) {
            if shape.is_none_or(|s| suit_counts(h | m) == s) {
                set.insert(h | m);
            }
        }
    }
    if set.is_empty() {
        return Some(Err(bad(token, pos, "no hand has that suit pattern")));
    }
    Some(Ok(set.into_iter().collect()))
}

/// An Omaha pattern may be dealt at most this many ways (`*****`, every five-card hand, is
/// 2,598,960).
const MAX_PATTERN_HANDS: u64 = 3_000_000;

/// Every union of `k` of the single-card masks `cards`.
fn choose(cards: &[u64], k: usize) -> Vec<u64> {
    if k == 0 {
        return vec![0];
    }
    let mut v = Vec::new();
    for (i, &c) in cards.iter().enumerate() {
        v.extend(choose(&cards[i + 1..], k - 1).into_iter().map(|m| m | c));
    }
    v
}

fn parse_weight(w: &str, token: &str, pos: usize, percent: bool) -> CoreResult<f64> {
    let v: f64 = w.trim().parse().map_err(|_| bad(token, pos, format!("{w:?} is not a number")))?;
    let v = if percent { v / 100.0 } else { v };
    if !(0.0..=1.0).contains(&v) {
        let what = if percent { "a group weight is 0 to 100 (percent)" } else { "a weight is 0 to 1" };
        return Err(bad(token, pos, what));
    }
    Ok(v)
}

/// One token's combos and weight.
fn parse_token(token: &str, pos: usize, group: Option<f64>) -> CoreResult<(Vec<u64>, f64)> {
    let (body, weight) = match token.split_once(':') {
        Some((b, w)) => (b, parse_weight(w, token, pos, false)?),
        None => (token, group.unwrap_or(1.0)),
    };
    let lower = body.to_ascii_lowercase();
    if matches!(lower.as_str(), "random" | "any" | "all" | "100%") {
        return Ok((all_combos(), weight));
    }
    if let Some(p) = lower.strip_suffix('%') {
        let p = p.parse::<f64>().map_err(|_| bad(token, pos, "a percentage such as '15%'"))?;
        return Ok((Range::top(p).map_err(|e| bad(token, pos, e))?.masks().collect(), weight));
    }
    if let Some(m) = parse_cards_token(body, token, pos) {
        return Ok((vec![m?], weight));
    }
    if let Some(hands) = parse_omaha_pattern(body, token, pos) {
        return Ok((hands?, weight));
    }
    Ok((parse_class(body, token, pos)?, weight))
}

impl Range {
    /// Parse range text (see the module documentation). An error names the bad token and
    /// its character position.
    pub fn parse(text: &str) -> CoreResult<Range> {
        let mut map: BTreeMap<u64, f64> = BTreeMap::new();
        let mut group: Option<f64> = None;
        let mut token = String::new();
        let mut start = 0;
        let mut flush = |token: &mut String, start: usize, group: Option<f64>| -> CoreResult<()> {
            if !token.is_empty() {
                let (masks, w) = parse_token(token, start, group)?;
                for m in masks {
                    map.insert(m, w);
                }
                token.clear();
            }
            Ok(())
        };
        let mut chars = text.char_indices();
        while let Some((i, ch)) = chars.next() {
            if ch == ',' || ch.is_whitespace() {
                flush(&mut token, start, group)?;
            } else if ch == '[' {
                flush(&mut token, start, group)?;
                let Some(len) = text[i..].find(']') else {
                    return Err(bad(&text[i..], i, "a '[' without its ']'"));
                };
                let tag = &text[i + 1..i + len];
                if let Some(close) = tag.strip_prefix('/') {
                    if group.is_none() {
                        return Err(bad(&text[i..i + len + 1], i, "closes a weight group that is not open"));
                    }
                    if !close.trim().is_empty() {
                        parse_weight(close, &text[i..i + len + 1], i, true)?;
                    }
                    group = None;
                } else {
                    if group.is_some() {
                        return Err(bad(&text[i..i + len + 1], i, "weight groups do not nest"));
                    }
                    group = Some(parse_weight(tag, &text[i..i + len + 1], i, true)?);
                }
                for _ in 0..tag.chars().count() + 1 {
                    chars.next();
                }
            } else {
                if token.is_empty() {
                    start = i;
                }
                token.push(ch);
            }
        }
        flush(&mut token, start, group)?;
        if group.is_some() {
            return Err(bad(text, 0, "a weight group '[N]' is not closed with '[/N]'"));
        }
        Ok(Range::from_map(map))
    }

    fn from_map(map: BTreeMap<u64, f64>) -> Range {
        Range { combos: map.into_iter().rev().filter(|&(_, w)| w > 0.0).collect() }
    }

    /// A range of the given combos (card masks) and weights; a combo given twice keeps
    /// its last weight, weight 0 leaves it out.
    pub fn from_combos(combos: impl IntoIterator<Item = (u64, f64)>) -> CoreResult<Range> {
        let mut map = BTreeMap::new();
        for (m, w) in combos {
            if m == 0 || m >> 52 != 0 {
                return Err(CoreError::invalid_argument("combo", CardSet(m), "a combo is standard cards, no jokers"));
            }
            if !(0.0..=1.0).contains(&w) {
                return Err(CoreError::invalid_argument("weight", w, "a weight is 0 to 1"));
            }
            map.insert(m, w);
        }
        Ok(Range::from_map(map))
    }

    /// The top `percent` of two-card combos by [`PREFLOP_ORDER`]: the shortest prefix of
    /// the ordering holding at least `round(percent / 100 * 1326)` combos.
    pub fn top(percent: f64) -> CoreResult<Range> {
        if !(0.0..=100.0).contains(&percent) {
            return Err(CoreError::invalid_argument("percent", percent, "a percentage is 0 to 100"));
        }
        let target = (percent / 100.0 * ALL_COMBOS as f64).round() as usize;
        let mut combos = Vec::new();
        for name in PREFLOP_ORDER {
            if combos.len() >= target {
                break;
            }
            let (hi, lo, s, o) = class_of(name);
            combos.extend(class_combos(hi, lo, s, o));
        }
        Range::from_combos(combos.into_iter().map(|m| (m, 1.0)))
    }

    /// The combos and their weights, largest mask first.
    pub fn combos(&self) -> &[(u64, f64)] {
        &self.combos
    }
    pub fn masks(&self) -> impl Iterator<Item = u64> + '_ {
        self.combos.iter().map(|c| c.0)
    }
    /// Number of combos (any weight).
    pub fn len(&self) -> usize {
        self.combos.len()
    }
    pub fn is_empty(&self) -> bool {
        self.combos.is_empty()
    }
    /// The weight of a combo (0 when absent).
    pub fn weight(&self, mask: u64) -> f64 {
        self.combos.iter().find(|c| c.0 == mask).map_or(0.0, |c| c.1)
    }
    /// Sum of the weights: the combos the range holds, counting a half-weighted one as half.
    pub fn size(&self) -> f64 {
        self.combos.iter().map(|c| c.1).sum()
    }
    /// Card removal: the combos that share no card with `dead`.
    pub fn without(&self, dead: u64) -> Range {
        Range { combos: self.combos.iter().copied().filter(|c| c.0 & dead == 0).collect() }
    }
    fn combine(&self, other: &Range, f: impl Fn(f64, f64) -> f64) -> Range {
        let mut map: BTreeMap<u64, f64> = BTreeMap::new();
        for &(m, _) in self.combos.iter().chain(&other.combos) {
            map.insert(m, f(self.weight(m), other.weight(m)));
        }
        Range::from_map(map)
    }
    /// Union: every combo of either, at the larger weight.
    pub fn union(&self, other: &Range) -> Range {
        self.combine(other, f64::max)
    }
    /// Intersection: the combos of both, at the smaller weight.
    pub fn intersection(&self, other: &Range) -> Range {
        self.combine(other, f64::min)
    }
    /// Difference: this range's combos that `other` does not hold (at any weight).
    pub fn difference(&self, other: &Range) -> Range {
        self.combine(other, |a, b| if b > 0.0 { 0.0 } else { a })
    }

    /// The range as text that parses back to it: whole classes compressed (`QQ+`,
    /// `ATs+`, `KQs-K9s`, `TT-77`), other combos as cards, weights as `:w`.
    pub fn to_text(&self) -> String {
        let mut left: BTreeMap<u64, f64> = self.combos.iter().copied().collect();
        let mut parts = Vec::new();
        // Pairs, then suited, then offsuit: runs of whole classes at one weight.
        let mut runs = |classes: &[(u8, u8, bool, bool)], top: u8, name: &dyn Fn(u8) -> String| {
            let mut run: Vec<(u8, f64)> = Vec::new();
            let emit = |run: &mut Vec<(u8, f64)>, parts: &mut Vec<String>| {
                if let (Some(&(first, w)), Some(&(last, _))) = (run.first(), run.last()) {
                    let text = if run.len() == 1 {
                        name(first)
                    } else if first == top {
                        format!("{}+", name(last))
                    } else {
                        format!("{}-{}", name(first), name(last))
                    };
                    parts.push(weighted(text, w));
                }
                run.clear();
            };
            for &(hi, lo, s, o) in classes {
                let combos = class_combos(hi, lo, s, o);
                let w = left.get(&combos[0]).copied();
                let whole = w.is_some() && combos.iter().all(|m| left.get(m).copied() == w);
                match (whole, w) {
                    (true, Some(w)) => {
                        if run.last().is_some_and(|&(k, rw)| k != lo + 1 || rw != w) {
                            emit(&mut run, &mut parts);
                        }
                        run.push((lo, w));
                        for m in combos {
                            left.remove(&m);
                        }
                    }
                    _ => emit(&mut run, &mut parts),
                }
            }
            emit(&mut run, &mut parts);
        };
        let pairs: Vec<_> = (0..13u8).rev().map(|r| (r, r, true, true)).collect();
        runs(&pairs, 12, &|r| format!("{0}{0}", RANK_CHARS[r as usize]));
        for (suited, tag) in [(true, 's'), (false, 'o')] {
            for hi in (1..13u8).rev() {
                let classes: Vec<_> = (0..hi).rev().map(|lo| (hi, lo, suited, !suited)).collect();
                runs(&classes, hi - 1, &|lo| format!("{}{}{tag}", RANK_CHARS[hi as usize], RANK_CHARS[lo as usize]));
            }
        }
        for (m, w) in left.into_iter().rev() {
            let mut cards: Vec<Card> = CardSet(m).iter().collect();
            cards.sort_by(|a, b| b.cmp(a));
            parts.push(weighted(cards.iter().map(|c| c.to_string()).collect(), w));
        }
        parts.join(",")
    }
}

fn weighted(text: String, w: f64) -> String {
    if w == 1.0 {
        text
    } else {
        format!("{text}:{w}")
    }
}

impl std::fmt::Display for Range {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.to_text())
    }
}
