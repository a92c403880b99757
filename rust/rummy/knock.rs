//! The knock in gin (docs/rules/rummy.md#c2): the knocker's spreads, and the spread best
//! for the knocker against the defender's best lay-offs, exactly.
//!
//! A **spread** is a set of disjoint melds of [`all_melds`] that leaves deadwood within
//! the knock limit (meldable cards may stay as deadwood). [`knock_spreads`] lists them
//! in the order of a depth-first walk over `all_melds` (each set of melds once, by its
//! cards); gin's `knock X on N` numbers them so.
//!
//! [`best_knock`] weighs every spread against the defender's best answer to it (the
//! lay-offs and melds of [`lay_off`] that leave the defender the least deadwood). With
//! knocker deadwood `k` and the defender left with `d`, the knocker's result is `d - k`
//! when the knocker wins and `-(k - d + undercut bonus)` when undercut
//! ([`knocker_result`]); the best spread has the highest result, ties going to the least
//! knocker deadwood, then to the least-deadwood arrangement of [`best_melds`], then to the
//! earlier spread of `knock_spreads`. Gin is spread as `best_melds` (nothing lays off on
//! gin). Only when the least-deadwood spread lets the defender lay something off are the
//! other spreads tried, and a spread is answered only if, with the defender laying
//! nothing off, it could still beat the best so far - both cuts are exact.
//!
//! ```
//! use _core::cards::parse_cards;
//! use _core::rummy::{best_knock, MeldRules};
//! // 5-6-7 in three suits: three runs or three sets. Against 5s 7s the sets would let the
//! // defender lay off 12 points, so the runs are spread.
//! let hand = parse_cards("5c 6c 7c 5d 6d 7d 5h 6h 7h 2s").unwrap();
//! let defender = parse_cards("5s 7s Kh Qd Jd 9c 9h Ts 2d 3h").unwrap();
//! let knock = best_knock(&hand, &defender, &MeldRules::gin(), 10, 10).unwrap();
//! assert!(knock.spread.iter().all(|m| m.kind == _core::rummy::MeldKind::Run));
//! assert_eq!((knock.deadwood_value, knock.answer.deadwood_value), (2, 75));
//! ```

use rustc_hash::FxHashSet;

use super::enumerate::all_melds;
use super::fast::PlainIndex;
use super::meld::{rank_at, Arrangement, Meld};
use super::rules::MeldRules;
use super::search::Target;
use super::{best_melds, deadwood, lay_off, plain};
use crate::cards::Card;
use crate::error::{CoreError, CoreResult};

/// The knocker's chosen spread and the defender's best answer to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Knock {
    /// The knocker's melds, as laid out.
    pub spread: Vec<Meld>,
    /// The knocker's deadwood count under this spread.
    pub deadwood_value: u32,
    /// The defender's lay-offs (onto `spread`, by index) and melds; none laid off on gin.
    pub answer: Arrangement,
}

/// What the knocker scores for these counts (negative: what the defender scores, an
/// undercut - the defender's count equal or lower).
pub fn knocker_result(knocker_deadwood: u32, defender_deadwood: u32, undercut_bonus: u32) -> i64 {
    let (k, d) = (knocker_deadwood as i64, defender_deadwood as i64);
    if d > k {
        d - k
    } else {
        -(k - d + undercut_bonus as i64)
    }
}

/// The melds of `hand` as masks of hand positions, with their values.
struct Spreads {
    melds: Vec<Meld>,
    masks: Vec<u64>,
    values: Vec<u32>,
    total: u32,
}

impl Spreads {
    fn new(hand: &[Card], rules: &MeldRules) -> CoreResult<Spreads> {
        if hand.len() > 64 {
            return Err(CoreError::InvalidHand(format!("{} cards: a knocker's hand has at most 64", hand.len())));
        }
        let melds = all_melds(hand, rules)?;
        let masks = melds
            .iter()
            .map(|m| {
                m.cards.iter().fold(0u64, |acc, c| acc | 1 << hand.iter().position(|h| h == c).expect("a hand card"))
            })
            .collect();
        let values = melds.iter().map(|m| m.cards.iter().map(|&c| rules.value(c)).sum()).collect();
        let total = hand.iter().map(|&c| rules.value(c)).sum();
        Ok(Spreads { melds, masks, values, total })
    }

    /// Every distinct spread within `limit`, depth first: `emit(meld indices, deadwood)`.
    fn walk(&self, limit: u32, mut emit: impl FnMut(&[usize], u32)) {
        let mut seen: FxHashSet<Vec<u64>> = FxHashSet::default();
        let mut chosen = Vec::with_capacity(8);
        self.step(0, 0, 0, limit, &mut chosen, &mut seen, &mut emit);
    }

    #[allow(clippy::too_many_arguments)]
    fn step(
        &self,
        start: usize,
        used: u64,
        melded: u32,
        limit: u32,
        chosen: &mut Vec<usize>,
        seen: &mut FxHashSet<Vec<u64>>,
        emit: &mut impl FnMut(&[usize], u32),
    ) {
        let dead = self.total - melded;
        if dead <= limit {
            let mut key: Vec<u64> = chosen.iter().map(|&i| self.masks[i]).collect();
            key.sort_unstable();
            if seen.insert(key) {
                emit(chosen, dead);
            }
        }
        for i in start..self.masks.len() {
            if self.masks[i] & used == 0 {
                chosen.push(i);
                self.step(i + 1, used | self.masks[i], melded + self.values[i], limit, chosen, seen, emit);
                chosen.pop();
            }
        }
    }

    fn spread(&self, chosen: &[usize]) -> Vec<Meld> {
        chosen.iter().map(|&i| self.melds[i].clone()).collect()
    }
}

/// Every distinct spread of `hand` within the knock `limit`: each a set of disjoint melds
/// of [`all_melds`] leaving deadwood of at most `limit`, in the order of a depth-first
/// walk over `all_melds` (see the module docs). Empty when the hand cannot knock.
pub fn knock_spreads(hand: &[Card], rules: &MeldRules, limit: u32) -> CoreResult<Vec<Vec<Meld>>> {
    let spreads = Spreads::new(hand, rules)?;
    let mut out = Vec::new();
    spreads.walk(limit, |chosen, _| out.push(spreads.spread(chosen)));
    Ok(out)
}

/// The defender's least deadwood after melding and laying off onto a spread: the
/// value of [`lay_off`], which builds the arrangement. When no face is twice among both
/// hands and there is no wild card, each table meld takes one group of the defender's
/// cards or none (a run its extension at either end, a set cards of its rank), and the
/// rest is arranged by the bitset search over a [`PlainIndex`] loaded once with the
/// defender's hand - exactly `lay_off`'s value (tested), for the tens of spreads one
/// knock weighs (benches/test_bench_gin_knock.py). Otherwise it asks `lay_off`.
struct Defender<'a> {
    cards: &'a [Card],
    rules: &'a MeldRules,
    plain: Option<(u64, PlainIndex, Vec<u32>)>,
}

impl<'a> Defender<'a> {
    fn new(knocker: &[Card], cards: &'a [Card], rules: &'a MeldRules) -> CoreResult<Defender<'a>> {
        let both_plain = plain(&[knocker, cards].concat(), rules)?.is_some();
        let plain = match plain(cards, rules)? {
            Some((mask, _)) if both_plain => {
                let mut idx = PlainIndex::new(rules);
                idx.load(mask, rules);
                let mut windows = Vec::new();
                rules.for_each_window(rules.positions(0x1FFF), 1, |w, _, _| windows.push(w));
                Some((mask, idx, windows))
            }
            _ => None,
        };
        Ok(Defender { cards, rules, plain })
    }

    /// The least deadwood with nothing laid off.
    fn alone(&self) -> CoreResult<u32> {
        match &self.plain {
            Some((mask, idx, _)) => Ok(idx.min_key(*mask) >> 8),
            None => deadwood(self.cards, self.rules),
        }
    }

    fn against(&self, spread: &[Meld]) -> CoreResult<u32> {
        let Some((mask, idx, windows)) = &self.plain else {
            return Ok(lay_off(self.cards, spread, self.rules)?.deadwood_value);
        };
        let groups: Vec<Vec<u64>> = spread.iter().map(|m| self.groups(*mask, m, windows)).collect();
        let mut best = u32::MAX;
        Self::lay(idx, &groups, 0, *mask, &mut best);
        Ok(best >> 8)
    }

    /// Every non-empty group of `mask`'s cards that `meld` can take.
    fn groups(&self, mask: u64, meld: &Meld, windows: &[u32]) -> Vec<u64> {
        let rules = self.rules;
        let mut out = Vec::new();
        match Target::of(meld, rules) {
            Target::Set { rank, size, .. } => {
                let max = if rules.set_distinct_suits { (rules.max_set as u32).min(4) } else { rules.max_set as u32 };
                let avail = (0..4u64).fold(0u64, |acc, s| acc | (mask & 1 << (s * 13 + rank as u64)));
                let mut g = avail;
                while g != 0 {
                    if size as u32 + g.count_ones() <= max {
                        out.push(g);
                    }
                    g = (g - 1) & avail;
                }
            }
            Target::Run { suit, window, .. } => {
                for &w in windows {
                    if w & window != window || w == window {
                        continue;
                    }
                    let mut added = w & !window;
                    let mut g = 0u64;
                    while added != 0 {
                        let p = added.trailing_zeros();
                        added &= added - 1;
                        g |= 1 << (suit as u32 * 13 + rank_at(p) as u32);
                    }
                    if g & !mask == 0 && g.count_ones() == (w & !window).count_ones() {
                        out.push(g);
                    }
                }
            }
        }
        out
    }

    /// The least deadwood key of `rem` with table meld `t` onwards taking a group each or none.
    fn lay(idx: &PlainIndex, groups: &[Vec<u64>], t: usize, rem: u64, best: &mut u32) {
        if t == groups.len() {
            *best = (*best).min(idx.min_key(rem));
            return;
        }
        Self::lay(idx, groups, t + 1, rem, best);
        for &g in &groups[t] {
            if g & !rem == 0 {
                Self::lay(idx, groups, t + 1, rem & !g, best);
            }
        }
    }
}

/// The knocker's best spread of `hand` against the `defender`'s best lay-offs (see the
/// module docs), and that answer. Errors when the hands share a card or `hand` cannot
/// knock (its least deadwood is over `limit`).
pub fn best_knock(
    hand: &[Card],
    defender: &[Card],
    rules: &MeldRules,
    limit: u32,
    undercut_bonus: u32,
) -> CoreResult<Knock> {
    rules.validate()?;
    rules.check_hand(defender)?;
    rules.check_hand(&[hand, defender].concat())?;
    let least = best_melds(hand, rules)?;
    if least.deadwood_value > limit {
        return Err(CoreError::InvalidHand(format!(
            "no knock: the least deadwood of the hand is {}, over the knock limit {limit}",
            least.deadwood_value
        )));
    }
    let k0 = least.deadwood_value;
    if k0 == 0 {
        return Ok(Knock { spread: least.melds, deadwood_value: 0, answer: best_melds(defender, rules)? });
    }
    let answer = Defender::new(hand, defender, rules)?;
    let no_lay_off = answer.alone()?;
    let d0 = answer.against(&least.melds)?;
    let mut best_key = (knocker_result(k0, d0, undercut_bonus), -(k0 as i64));
    let mut best: Option<(Vec<usize>, u32)> = None; // None: the least-deadwood spread
    if d0 < no_lay_off {
        // Something is laid off: another spread may leave the defender more.
        let spreads = Spreads::new(hand, rules)?;
        let mut failure = None;
        spreads.walk(limit, |chosen, k| {
            // The most this spread could give: the defender laying nothing off.
            if failure.is_some() || (knocker_result(k, no_lay_off, undercut_bonus), -(k as i64)) <= best_key {
                return;
            }
            match answer.against(&spreads.spread(chosen)) {
                Ok(d) => {
                    let key = (knocker_result(k, d, undercut_bonus), -(k as i64));
                    if key > best_key {
                        best_key = key;
                        best = Some((chosen.to_vec(), k));
                    }
                }
                Err(e) => failure = Some(e),
            }
        });
        if let Some(e) = failure {
            return Err(e);
        }
        if let Some((chosen, k)) = best {
            let spread = spreads.spread(&chosen);
            let reply = lay_off(defender, &spread, rules)?;
            return Ok(Knock { spread, deadwood_value: k, answer: reply });
        }
    }
    let reply = lay_off(defender, &least.melds, rules)?;
    Ok(Knock { spread: least.melds, deadwood_value: k0, answer: reply })
}

#[cfg(test)]
mod tests {
    use super::super::brute::{is_meld, Brute};
    use super::*;
    use crate::cards::{parse_cards, Deck, Rng};

    fn gin() -> MeldRules {
        MeldRules::gin()
    }

    /// Every spread of `hand` by brute force (every subset checked against the rules'
    /// text): lists of disjoint melds, as cards.
    fn brute_spreads(hand: &[Card], rules: &MeldRules) -> Vec<Vec<Vec<Card>>> {
        let n = hand.len();
        let melds: Vec<u32> = (1..1u32 << n)
            .filter(|&m| is_meld(&(0..n).filter(|i| m >> i & 1 == 1).map(|i| hand[i]).collect::<Vec<_>>(), rules))
            .collect();
        fn go(melds: &[u32], start: usize, used: u32, chosen: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
            out.push(chosen.clone());
            for i in start..melds.len() {
                if melds[i] & used == 0 {
                    chosen.push(melds[i]);
                    go(melds, i + 1, used | melds[i], chosen, out);
                    chosen.pop();
                }
            }
        }
        let mut out = Vec::new();
        go(&melds, 0, 0, &mut Vec::new(), &mut out);
        out.into_iter()
            .map(|s| s.iter().map(|&m| (0..n).filter(|i| m >> i & 1 == 1).map(|i| hand[i]).collect()).collect())
            .collect()
    }

    /// The knocker's best (result, -deadwood) by brute force; gin scores above any knock.
    fn brute_best(hand: &[Card], defender: &[Card], rules: &MeldRules, limit: u32, bonus: u32) -> (i64, i64) {
        let value = |cards: &[Card]| cards.iter().map(|&c| rules.value(c)).sum::<u32>();
        let mut best = None;
        for spread in brute_spreads(hand, rules) {
            let k = value(hand) - spread.iter().map(|m| value(m)).sum::<u32>();
            if k > limit {
                continue;
            }
            let key = if k == 0 {
                (i64::MAX, 0)
            } else {
                let b = Brute { hand: defender, rules, discard: false, forbid: None, table: &spread, contract: None };
                let d = b.min_key().expect("an arrangement") >> 8;
                (knocker_result(k, d, bonus), -(k as i64))
            };
            best = best.max(Some(key));
        }
        best.expect("the hand can knock")
    }

    fn key_of(knock: &Knock, bonus: u32) -> (i64, i64) {
        if knock.deadwood_value == 0 {
            return (i64::MAX, 0);
        }
        (knocker_result(knock.deadwood_value, knock.answer.deadwood_value, bonus), -(knock.deadwood_value as i64))
    }

    /// The spread is disjoint melds of the hand with the stated deadwood, and the answer's
    /// lay-offs fit the spread.
    fn check_knock(hand: &[Card], knock: &Knock, rules: &MeldRules) {
        let mut cards: Vec<Card> = knock.spread.iter().flat_map(|m| m.cards.clone()).collect();
        let melded: u32 = cards.iter().map(|&c| rules.value(c)).sum();
        assert_eq!(hand.iter().map(|&c| rules.value(c)).sum::<u32>() - melded, knock.deadwood_value);
        cards.sort();
        assert!(cards.windows(2).all(|w| w[0] != w[1]) && cards.iter().all(|c| hand.contains(c)));
        for (t, m) in knock.spread.iter().enumerate() {
            assert!(is_meld(&m.cards, rules));
            let mut grown = m.cards.clone();
            grown.extend(knock.answer.layoffs.iter().filter(|l| l.meld == t).map(|l| l.card));
            assert!(is_meld(&grown, rules), "{grown:?}");
        }
    }

    /// Knocking hands: from a rich pool (the 5-6-7 families of three suits among them)
    /// or dealt, each with a defender from the rest of the pack.
    fn knocking_deals(seed: u64, n: usize, rules: &MeldRules, limit: u32) -> Vec<(Vec<Card>, Vec<Card>)> {
        let mut rng = Rng::new(seed);
        let pack = Deck::standard(1, 0).unwrap().into_cards();
        let mut out = Vec::new();
        while out.len() < n {
            let mut pool: Vec<Card> = match out.len() % 3 {
                0 => pack.iter().copied().filter(|c| (3..6).contains(&c.rank().unwrap())).collect(), // 5 6 7
                1 => pack.iter().copied().filter(|c| (2..8).contains(&c.rank().unwrap())).collect(),
                _ => pack.clone(),
            };
            rng.shuffle(&mut pool);
            let hand: Vec<Card> = pool[..10].to_vec();
            if deadwood(&hand, rules).unwrap() > limit {
                continue;
            }
            let mut rest: Vec<Card> = pack.iter().copied().filter(|c| !hand.contains(c)).collect();
            rng.shuffle(&mut rest);
            // Defenders rich in the knocker's ranks now and then: more to lay off.
            let mut keyed: Vec<(u8, Card)> = rest
                .into_iter()
                .map(|c| ((rng.below(3) != 0 || !hand.iter().any(|h| h.rank() == c.rank())) as u8, c))
                .collect();
            keyed.sort_by_key(|&(k, _)| k);
            out.push((hand, keyed[..10].iter().map(|&(_, c)| c).collect()));
        }
        out
    }

    #[test]
    fn the_runs_are_spread_when_the_sets_give_lay_offs() {
        let hand = parse_cards("5c 6c 7c 5d 6d 7d 5h 6h 7h 2s").unwrap();
        let defender = parse_cards("5s 7s Kh Qd Jd 9c 9h Ts 2d 3h").unwrap();
        let knock = best_knock(&hand, &defender, &gin(), 10, 10).unwrap();
        assert_eq!(knock.spread.len(), 3);
        assert!(knock.spread.iter().all(|m| m.kind == super::super::MeldKind::Run));
        assert!(knock.answer.layoffs.is_empty());
        // The three sets let the defender lay off 5s and 7s.
        let sets = knock_spreads(&hand, &gin(), 10).unwrap();
        let three_sets = sets.iter().find(|s| s.len() == 3 && s.iter().all(|m| m.kind == super::super::MeldKind::Set));
        let reply = lay_off(&defender, three_sets.unwrap(), &gin()).unwrap();
        assert_eq!(reply.deadwood_value, 75 - 12);
    }

    #[test]
    fn spreads_are_every_set_of_disjoint_melds_within_the_limit() {
        let rules = gin();
        for (hand, _) in knocking_deals(11, 300, &rules, 10) {
            let got = knock_spreads(&hand, &rules, 10).unwrap();
            let mut got: Vec<Vec<Vec<Card>>> = got
                .iter()
                .map(|s| {
                    let mut s: Vec<Vec<Card>> = s.iter().map(|m| m.cards.to_vec()).collect();
                    s.iter_mut().for_each(|m| m.sort());
                    s.sort();
                    s
                })
                .collect();
            let value = |cards: &[Card]| cards.iter().map(|&c| rules.value(c)).sum::<u32>();
            let mut want: Vec<Vec<Vec<Card>>> = brute_spreads(&hand, &rules)
                .into_iter()
                .filter(|s| value(&hand) - s.iter().map(|m| value(m)).sum::<u32>() <= 10)
                .map(|mut s| {
                    s.iter_mut().for_each(|m| m.sort());
                    s.sort();
                    s
                })
                .collect();
            got.sort();
            want.sort();
            assert_eq!(got, want, "{hand:?}");
        }
    }

    #[test]
    fn best_knock_agrees_with_brute_force() {
        let mut gained = 0;
        for (rules, limit, bonus) in [(gin(), 10, 10), (gin(), 7, 25), (gin(), 1, 20)] {
            for (hand, defender) in knocking_deals(limit as u64, 400, &rules, limit) {
                let knock = best_knock(&hand, &defender, &rules, limit, bonus).unwrap();
                check_knock(&hand, &knock, &rules);
                let want = brute_best(&hand, &defender, &rules, limit, bonus);
                assert_eq!(key_of(&knock, bonus), want, "{hand:?} against {defender:?}");
                let least = best_melds(&hand, &rules).unwrap();
                if knock.spread != least.melds {
                    gained += 1;
                }
            }
        }
        assert!(gained > 10, "too few hands where the least-deadwood spread is not the best: {gained}");
    }

    #[test]
    fn the_bitset_lay_off_value_is_lay_offs() {
        // Every spread of knocking hands, under ace-low, ace-high-or-low and
        // round-the-corner runs, and for a three-card set and a four-card set limit.
        let variety = [
            gin(),
            MeldRules::five_hundred(),
            MeldRules { ace: super::super::AceRule::RoundTheCorner, ..gin() },
            MeldRules { max_set: 3, ..gin() },
        ];
        let mut laid = 0;
        for (i, rules) in variety.iter().enumerate() {
            for (hand, defender) in knocking_deals(50 + i as u64, 150, rules, 10) {
                let answer = Defender::new(&hand, &defender, rules).unwrap();
                assert!(answer.plain.is_some());
                assert_eq!(answer.alone().unwrap(), deadwood(&defender, rules).unwrap());
                for spread in knock_spreads(&hand, rules, 10).unwrap() {
                    let want = lay_off(&defender, &spread, rules).unwrap();
                    assert_eq!(answer.against(&spread).unwrap(), want.deadwood_value, "{hand:?} {defender:?}");
                    laid += !want.layoffs.is_empty() as usize;
                }
            }
        }
        assert!(laid > 200, "too few spreads took lay-offs: {laid}");
    }

    #[test]
    fn bad_knocks_are_refused() {
        let rules = gin();
        let hand = parse_cards("5c 6c 7c 5d 6d 7d 5h 6h 7h 2s").unwrap();
        let far = parse_cards("5c 6c 7c 5d 6d 7d 5h Ks Qs 2s").unwrap();
        let overlap = parse_cards("2s Kh Qd Jd 9c 9h Ts 2d 3h 4h").unwrap();
        let defender = parse_cards("5s 7s Kh Qd Jd 9c 9h Ts 2d 3h").unwrap();
        assert!(
            matches!(best_knock(&far, &defender, &rules, 10, 10), Err(CoreError::InvalidHand(m)) if m.contains("limit 10"))
        );
        assert!(matches!(best_knock(&hand, &overlap, &rules, 10, 10), Err(CoreError::DuplicateCard { .. })));
        assert!(knock_spreads(&far, &rules, 10).unwrap().is_empty());
    }
}
