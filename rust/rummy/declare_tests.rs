//! Indian Rummy declarations cross-checked against brute force: every partition of the
//! hand into melds and unmatched cards (each meld checked by the brute-force meld test),
//! kept when it has two runs, one of them pure (a run of natural cards, wild-rank cards
//! counting as themselves, no printed joker).

use std::collections::HashMap;

use super::brute::{is_meld, is_run};
use super::*;
use crate::cards::{parse_cards, Deck, Rng};

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

/// Indian Rummy rules with `wild` the wild rank (0 = deuce .. 12 = ace): jokers and that
/// rank wild and worth 0; A K Q J 10 count 10.
fn indian(wild: u8, packs: u8) -> MeldRules {
    let mut values = [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10];
    values[wild as usize] = 0;
    MeldRules {
        ace: AceRule::HighOrLow,
        jokers_wild: true,
        wild_ranks: 1 << wild,
        set_distinct_suits: true,
        packs,
        values,
        joker_value: 0,
        hand_size: 0,
        ..MeldRules::gin()
    }
}

fn is_pure(meld: &[Card], rules: &MeldRules) -> bool {
    let natural = MeldRules { jokers_wild: false, wild_ranks: 0, ..rules.clone() };
    meld.iter().all(|c| !c.is_joker()) && is_run(meld, &natural)
}

/// The least deadwood over partitions with two runs, one pure; None if there is none.
fn brute(hand: &[Card], rules: &MeldRules) -> Option<u32> {
    let n = hand.len();
    let sub = |m: u32| (0..n).filter(|i| m >> i & 1 == 1).map(|i| hand[i]).collect::<Vec<Card>>();
    let mut memo: HashMap<(u32, u8, bool), Option<u32>> = HashMap::new();
    fn go(
        left: u32,
        runs: u8,
        pure: bool,
        memo: &mut HashMap<(u32, u8, bool), Option<u32>>,
        kind: &dyn Fn(u32) -> Option<(bool, bool)>,
        value: &dyn Fn(usize) -> u32,
    ) -> Option<u32> {
        if left == 0 {
            return (runs >= 2 && pure).then_some(0);
        }
        if let Some(&v) = memo.get(&(left, runs, pure)) {
            return v;
        }
        let i = left.trailing_zeros();
        let rest = left & !(1 << i);
        let mut best = go(rest, runs, pure, memo, kind, value).map(|v| v + value(i as usize));
        let mut s = rest;
        loop {
            let m = s | 1 << i;
            if m.count_ones() >= 3 {
                if let Some((run, p)) = kind(m) {
                    let r = if run { (runs + 1).min(2) } else { runs };
                    if let Some(v) = go(rest & !s, r, pure || (run && p), memo, kind, value) {
                        best = Some(best.map_or(v, |b: u32| b.min(v)));
                    }
                }
            }
            if s == 0 {
                break;
            }
            s = (s - 1) & rest;
        }
        memo.insert((left, runs, pure), best);
        best
    }
    let kind = |m: u32| {
        let c = sub(m);
        if !is_meld(&c, rules) {
            return None;
        }
        let run = is_run(&c, rules);
        Some((run, run && is_pure(&c, rules)))
    };
    let value = |i: usize| rules.value(hand[i]);
    go((1u32 << n) - 1, 0, false, &mut memo, &kind, &value)
}

#[test]
fn declaration_scripted_cases() {
    let rules = indian(0, 2); // deuces wild
                              // 3-4-5h pure, 7c-Jk-9c impure, K-K-K, the deuce as a wild in 6-7-8d... : all melded.
    let hand = cards("3h 4h 5h 7c Jk 9c Kd Ks Kh 6d 7d 2s Qc");
    let d = declaration(&hand, &rules).unwrap().unwrap();
    assert_eq!(d.deadwood_value, 10); // only the Qc unmatched
                                      // The wild-rank card in its own place is natural: 2c 3c 4c is a pure sequence.
    let natural = cards("2c 3c 4c 5d 6d Jk 9s 9h 9d Kc Qh Jd Ts");
    let d = declaration(&natural, &rules).unwrap().unwrap();
    assert!(d.melds[0].cards.iter().all(|c| !c.is_joker()));
    // No pure sequence: every card counts (80 at most).
    let impure = cards("3h Jk 5h 7c 2s 9c Kd Ks Kh Qd Js 9h 4c");
    assert!(declaration(&impure, &rules).unwrap().is_none());
    let all: u32 = impure.iter().map(|&c| rules.value(c)).sum();
    assert_eq!(indian_count(&impure, &rules, 80).unwrap(), all.min(80));
    assert_eq!(all, 3 + 5 + 7 + 9 + 10 * 5 + 9 + 4);
    assert_eq!(indian_count(&impure, &rules, 1000).unwrap(), all);
}

#[test]
fn declaration_agrees_with_brute_force() {
    let mut rng = Rng::new(30);
    let mut found = 0;
    for round in 0..150 {
        let wild = rng.below(13) as u8;
        let (packs, jokers) = if round % 2 == 0 { (1, 1) } else { (2, 2) };
        let rules = indian(wild, packs);
        let mut deck = Deck::standard(packs as u32, jokers).unwrap().into_cards();
        if round % 3 != 2 {
            let start = rng.below(13) as u8;
            let ranks: Vec<u8> = (0..5).map(|k| (start + k) % 13).collect();
            deck.retain(|c| c.rank().map_or(true, |r| ranks.contains(&r) || r == wild));
        }
        rng.shuffle(&mut deck);
        deck.truncate(if round % 2 == 0 { 9 } else { 10 });
        let want = brute(&deck, &rules);
        let got = declaration(&deck, &rules).unwrap();
        assert_eq!(got.as_ref().map(|a| a.deadwood_value), want, "{deck:?} wild {wild}");
        if let Some(arr) = got {
            found += 1;
            assert!(is_pure(&arr.melds[0].cards, &rules), "first meld pure: {}", arr.melds[0]);
            assert!(arr.melds[1].kind == MeldKind::Run);
            let mut used: Vec<Card> = arr.deadwood.clone();
            for m in &arr.melds {
                assert!(is_meld(&m.cards, &rules));
                used.extend_from_slice(&m.cards);
            }
            used.sort();
            let mut all = deck.clone();
            all.sort();
            assert_eq!(used, all);
        }
    }
    assert!(found > 30, "enough hands hold a declaration: {found}");
}
