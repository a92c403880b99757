//! Test-only brute-force reference: every partition of a hand into melds (checked card
//! by card against the rules' text, not the engine's window tables), lay-off groups,
//! a discard and deadwood. Exponential in the hand size; hands of up to 16 cards.

use std::collections::HashMap;

use super::rules::{AceRule, MeldRules, WildShare};
use crate::cards::Card;

/// The rank sequences a run may follow (ranks 0 = deuce .. 12 = ace).
fn run_lines(rules: &MeldRules, len: usize) -> Vec<Vec<u8>> {
    let low: Vec<u8> = std::iter::once(12).chain(0..12).collect(); // A 2 .. K
    let high: Vec<u8> = (0..13).collect(); // 2 .. K A
    let mut out = Vec::new();
    let mut slices = |line: &[u8], cyclic: bool| {
        let n = line.len();
        let starts = if cyclic { n } else { n + 1 - len.min(n + 1) };
        for s in 0..starts {
            if !cyclic && s + len > n {
                break;
            }
            out.push((0..len).map(|k| line[(s + k) % n]).collect::<Vec<u8>>());
        }
    };
    match rules.ace {
        AceRule::Low => slices(&low, false),
        AceRule::High => slices(&high, false),
        AceRule::HighOrLow => {
            let both: Vec<u8> = std::iter::once(12).chain(0..13).collect(); // A 2 .. K A
            slices(&both, false);
        }
        AceRule::RoundTheCorner => slices(&low, true),
    }
    // No rank twice - but the ace at both ends of A 2 .. K A where the rules allow it.
    let both_ends = rules.ace_both_ends && rules.ace == AceRule::HighOrLow;
    out.retain(|seq| {
        let mut seen = 0u16;
        (both_ends && seq.len() == 14)
            || seq.iter().all(|&r| {
                let fresh = seen >> r & 1 == 0;
                seen |= 1 << r;
                fresh
            })
    });
    out
}

/// The wild-share rule, as its text says.
fn share_ok(naturals: usize, wilds: usize, rules: &MeldRules) -> bool {
    match rules.wild_share {
        WildShare::Any => true,
        WildShare::NotMoreThanNaturals => wilds <= naturals,
        WildShare::FewerThanNaturals => wilds < naturals,
    }
}

pub fn is_set(cards: &[Card], rules: &MeldRules) -> bool {
    let (wilds, nat): (Vec<&Card>, Vec<&Card>) = cards.iter().partition(|c| rules.is_wild(**c));
    let n = cards.len();
    if nat.is_empty()
        || n < rules.min_set as usize
        || n > rules.max_set as usize
        || wilds.len() > rules.max_wilds_set as usize
        || !share_ok(nat.len(), wilds.len(), rules)
    {
        return false;
    }
    let r = nat[0].rank();
    if !nat.iter().all(|c| c.rank() == r) {
        return false;
    }
    if rules.set_distinct_suits {
        if n > 4 {
            return false;
        }
        for (i, a) in nat.iter().enumerate() {
            if nat[i + 1..].iter().any(|b| b.suit() == a.suit()) {
                return false;
            }
        }
    }
    true
}

pub fn is_run(cards: &[Card], rules: &MeldRules) -> bool {
    let lines: Vec<Vec<Vec<u8>>> = (0..=14).map(|n| run_lines(rules, n)).collect();
    is_run_with(cards, rules, &lines)
}

fn is_run_with(cards: &[Card], rules: &MeldRules, lines: &[Vec<Vec<u8>>]) -> bool {
    let (wilds, nat): (Vec<&Card>, Vec<&Card>) = cards.iter().partition(|c| rules.is_wild(**c));
    let n = cards.len();
    if nat.is_empty()
        || n < rules.min_run as usize
        || n >= lines.len()
        || wilds.len() > rules.max_wilds_run as usize
        || !share_ok(nat.len(), wilds.len(), rules)
    {
        return false;
    }
    let s = nat[0].suit();
    if !nat.iter().all(|c| c.suit() == s) {
        return false;
    }
    // Some line of n ranks holds every natural rank at least as often as the hand does.
    let ranks: Vec<u8> = nat.iter().map(|c| c.rank().unwrap()).collect();
    let times = |list: &[u8], r: u8| list.iter().filter(|&&x| x == r).count();
    lines[n].iter().any(|seq| ranks.iter().all(|&r| times(&ranks, r) <= times(seq, r)))
}

pub fn is_meld(cards: &[Card], rules: &MeldRules) -> bool {
    is_set(cards, rules) || is_run(cards, rules)
}

fn is_meld_with(cards: &[Card], rules: &MeldRules, lines: &[Vec<Vec<u8>>]) -> bool {
    is_set(cards, rules) || is_run_with(cards, rules, lines)
}

/// (remaining cards, discard used, table melds used, sets, runs, run suits) -> best.
type Memo = HashMap<(u32, bool, u32, u8, u8, u8), Option<u32>>;

fn key(c: Card, rules: &MeldRules) -> u32 {
    rules.value(c) << 8 | 1
}

fn subset(hand: &[Card], mask: u32) -> Vec<Card> {
    (0..hand.len()).filter(|i| mask >> i & 1 == 1).map(|i| hand[i]).collect()
}

/// Brute-force minimum key (`value << 8 | deadwood count`).
///
/// - `discard`: exactly one card (not `forbid`) leaves as the discard;
/// - `table`: melds to lay off onto (each receives one group of cards, so that the meld
///   plus the group is a meld);
/// - `contract`: (sets, runs): exactly these own melds, runs of different suits.
pub struct Brute<'a> {
    pub hand: &'a [Card],
    pub rules: &'a MeldRules,
    pub discard: bool,
    pub forbid: Option<Card>,
    pub table: &'a [Vec<Card>],
    pub contract: Option<(u8, u8)>,
}

impl Brute<'_> {
    pub fn min_key(&self) -> Option<u32> {
        let n = self.hand.len();
        assert!(n <= 16);
        let full = (1u32 << n) - 1;
        let lines: Vec<Vec<Vec<u8>>> = (0..=14).map(|n| run_lines(self.rules, n)).collect();
        let mut sets = Vec::new();
        let mut runs = Vec::new();
        for m in 1..=full {
            let cards = subset(self.hand, m);
            if is_set(&cards, self.rules) {
                sets.push(m);
            }
            if is_run_with(&cards, self.rules, &lines) {
                runs.push(m);
            }
        }
        let mut lays: Vec<Vec<u32>> = Vec::new();
        for t in self.table {
            let mut ok = Vec::new();
            for m in 1..=full {
                let mut cards = t.clone();
                cards.extend(subset(self.hand, m));
                if is_meld_with(&cards, self.rules, &lines) {
                    ok.push(m);
                }
            }
            lays.push(ok);
        }
        let mut memo = HashMap::new();
        self.go(full, false, 0, 0, 0, 0, &sets, &runs, &lays, &mut memo)
    }

    #[allow(clippy::too_many_arguments)]
    fn go(
        &self,
        mask: u32,
        used: bool,
        tused: u32,
        ns: u8,
        nr: u8,
        suits: u8,
        sets: &[u32],
        runs: &[u32],
        lays: &[Vec<u32>],
        memo: &mut Memo,
    ) -> Option<u32> {
        if mask == 0 {
            let ok_discard = used || !self.discard;
            let ok_contract = self.contract.is_none_or(|(s, r)| s == ns && r == nr);
            return (ok_discard && ok_contract).then_some(0);
        }
        let k = (mask, used, tused, ns, nr, suits);
        if let Some(&v) = memo.get(&k) {
            return v;
        }
        let i = mask.trailing_zeros();
        let bit = 1u32 << i;
        let card = self.hand[i as usize];
        let mut best: Option<u32> = None;
        let mut consider = |v: Option<u32>| {
            if let Some(v) = v {
                best = Some(best.map_or(v, |b| b.min(v)));
            }
        };
        consider(
            self.go(mask & !bit, used, tused, ns, nr, suits, sets, runs, lays, memo).map(|v| v + key(card, self.rules)),
        );
        if self.discard && !used && Some(card) != self.forbid {
            consider(self.go(mask & !bit, true, tused, ns, nr, suits, sets, runs, lays, memo));
        }
        let (max_s, max_r) = self.contract.unwrap_or((u8::MAX, u8::MAX));
        for &m in sets {
            if m & bit != 0 && m & !mask == 0 && ns < max_s {
                consider(self.go(mask & !m, used, tused, ns + 1, nr, suits, sets, runs, lays, memo));
            }
        }
        for &m in runs {
            if m & bit != 0 && m & !mask == 0 && nr < max_r {
                let suit = self.hand[(0..16)
                    .find(|j| m >> j & 1 == 1 && !self.rules.is_wild(self.hand[*j as usize]))
                    .unwrap() as usize]
                    .suit()
                    .unwrap();
                if self.contract.is_some() && suits >> suit & 1 == 1 {
                    continue;
                }
                let ns2 = if self.contract.is_some() { suits | 1 << suit } else { 0 };
                consider(self.go(mask & !m, used, tused, ns, nr + 1, ns2, sets, runs, lays, memo));
            }
        }
        for (t, ok) in lays.iter().enumerate() {
            if tused >> t & 1 == 1 {
                continue;
            }
            for &m in ok {
                if m & bit != 0 && m & !mask == 0 {
                    consider(self.go(mask & !m, used, tused | 1 << t, ns, nr, suits, sets, runs, lays, memo));
                }
            }
        }
        // Wild-only lay-off groups: a group without a natural card never holds the lowest
        // card when that is natural, so also try laying off groups of wilds alone here.
        for (t, ok) in lays.iter().enumerate() {
            if tused >> t & 1 == 1 {
                continue;
            }
            for &m in ok {
                if m & bit == 0 && m & !mask == 0 && subset(self.hand, m).iter().all(|c| self.rules.is_wild(*c)) {
                    consider(self.go(mask & !m, used, tused | 1 << t, ns, nr, suits, sets, runs, lays, memo));
                }
            }
        }
        memo.insert(k, best);
        best
    }
}
