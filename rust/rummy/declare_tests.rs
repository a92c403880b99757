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
    brute_life(hand, rules, 0)
}

/// The least deadwood over partitions with two runs, one pure, and a run of `life` or
/// more cards; None if there is none.
fn brute_life(hand: &[Card], rules: &MeldRules, life: usize) -> Option<u32> {
    struct Ctx<'a> {
        hand: &'a [Card],
        rules: &'a MeldRules,
        life: usize,
        memo: HashMap<(u32, u8, bool, bool), Option<u32>>,
    }
    impl Ctx<'_> {
        /// Whether the cards of mask `m` are a meld: (is a run, is a pure run).
        fn kind(&self, m: u32) -> Option<(bool, bool)> {
            let c: Vec<Card> = (0..self.hand.len()).filter(|i| m >> i & 1 == 1).map(|i| self.hand[i]).collect();
            if !is_meld(&c, self.rules) {
                return None;
            }
            let run = is_run(&c, self.rules);
            Some((run, run && is_pure(&c, self.rules)))
        }
        fn go(&mut self, left: u32, runs: u8, pure: bool, long: bool) -> Option<u32> {
            if left == 0 {
                return (runs >= 2 && pure && long).then_some(0);
            }
            if let Some(&v) = self.memo.get(&(left, runs, pure, long)) {
                return v;
            }
            let i = left.trailing_zeros();
            let rest = left & !(1 << i);
            let mut best = self.go(rest, runs, pure, long).map(|v| v + self.rules.value(self.hand[i as usize]));
            let mut s = rest;
            loop {
                let m = s | 1 << i;
                if m.count_ones() >= 3 {
                    if let Some((run, p)) = self.kind(m) {
                        let r = if run { (runs + 1).min(2) } else { runs };
                        let l = long || (run && m.count_ones() as usize >= self.life);
                        if let Some(v) = self.go(rest & !s, r, pure || p, l) {
                            best = Some(best.map_or(v, |b: u32| b.min(v)));
                        }
                    }
                }
                if s == 0 {
                    break;
                }
                s = (s - 1) & rest;
            }
            self.memo.insert((left, runs, pure, long), best);
            best
        }
    }
    let mut ctx = Ctx { hand, rules, life, memo: HashMap::new() };
    ctx.go((1u32 << hand.len()) - 1, 0, false, life == 0)
}

/// A declaration as shown: its first meld a pure sequence, its second a sequence, every
/// meld a meld by the brute-force test, and melds and unmatched cards exactly the hand.
fn check_shown(arr: &Arrangement, hand: &[Card], rules: &MeldRules) {
    assert!(is_pure(&arr.melds[0].cards, rules), "first meld pure: {}", arr.melds[0]);
    assert!(arr.melds[1].kind == MeldKind::Run);
    let mut used: Vec<Card> = arr.deadwood.clone();
    for m in &arr.melds {
        assert!(is_meld(&m.cards, rules));
        used.extend_from_slice(&m.cards);
    }
    used.sort();
    let mut all = hand.to_vec();
    all.sort();
    assert_eq!(used, all);
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
        let packs = if round % 2 == 0 { 1 } else { 2 };
        let rules = indian(wild, packs);
        let deck = dealt(&mut rng, round, wild, packs, if round % 2 == 0 { 9 } else { 10 });
        let want = brute(&deck, &rules);
        let got = declaration(&deck, &rules).unwrap();
        assert_eq!(got.as_ref().map(|a| a.deadwood_value), want, "{deck:?} wild {wild}");
        if let Some(arr) = got {
            found += 1;
            check_shown(&arr, &deck, &rules);
        }
    }
    assert!(found > 30, "enough hands hold a declaration: {found}");
}

/// A dealt hand for the declaration checks: dense (five ranks and the wild rank) two
/// times in three, else uniform.
fn dealt(rng: &mut Rng, round: usize, wild: u8, packs: u8, size: usize) -> Vec<Card> {
    let jokers = packs as u32;
    let mut deck = Deck::standard(packs as u32, jokers).unwrap().into_cards();
    if round % 3 != 2 {
        let start = rng.below(13) as u8;
        let ranks: Vec<u8> = (0..5).map(|k| (start + k) % 13).collect();
        deck.retain(|c| c.rank().is_none_or(|r| ranks.contains(&r) || r == wild));
    }
    rng.shuffle(&mut deck);
    deck.truncate(size);
    deck
}

#[test]
fn declaration_with_a_long_life_scripted() {
    // Deuces wild. 3-4-5h and 7-8-9c pure, K-K-K, T-T-T: no run of four - with the rule, no
    // declaration.
    let rules = indian(0, 2);
    let short = cards("3h 4h 5h 7c 8c 9c Kd Ks Kh Td Ts Th Qc");
    assert_eq!(declaration(&short, &rules).unwrap().unwrap().deadwood_value, 10);
    assert!(declaration_with_life(&short, &rules, 4).unwrap().is_none());
    let all: u32 = short.iter().map(|&c| rules.value(c)).sum();
    assert_eq!(indian_count_with_life(&short, &rules, 1000, 4).unwrap(), all);
    assert_eq!(indian_count_with_life(&short, &rules, 80, 4).unwrap(), 80);
    // The joker goes to make a run of four instead: 6-7-8d-Jk, the 7c 9c Qc unmatched.
    let joker = cards("3h 4h 5h 7c Jk 9c Kd Ks Kh 6d 7d 8d Qc");
    assert_eq!(declaration(&joker, &rules).unwrap().unwrap().deadwood_value, 10);
    assert_eq!(declaration_with_life(&joker, &rules, 4).unwrap().unwrap().deadwood_value, 7 + 9 + 10);
    // The impure run may be the long one: 3-4-5h pure, 6d-7d-8d-Jk (or 7c-Jk-9c... ) long.
    let impure_long = cards("3h 4h 5h 6d 7d 8d Jk Kd Ks Kh Qc Qs Qh");
    let d = declaration_with_life(&impure_long, &rules, 4).unwrap().unwrap();
    assert_eq!(d.deadwood_value, 0);
    assert!(d.melds[..2].iter().any(|m| m.len() >= 4));
    // A third, long run: 3-4-5h pure, 7c-Jk-9c, T-J-Q-Ks pure and long.
    let third = cards("3h 4h 5h 7c Jk 9c Ts Js Qs Ks 6d 6h 6c");
    let d = declaration_with_life(&third, &rules, 4).unwrap().unwrap();
    assert_eq!(d.deadwood_value, 0);
    assert!(d.melds.iter().filter(|m| m.kind == MeldKind::Run).any(|m| m.len() >= 4));
    assert!(declaration_with_life(&third, &rules, 14).is_err());
}

#[test]
fn declaration_with_a_long_life_agrees_with_brute_force() {
    let mut rng = Rng::new(31);
    let (mut found, mut lost) = (0, 0);
    for round in 0..150 {
        let wild = rng.below(13) as u8;
        let packs = if round % 2 == 0 { 1 } else { 2 };
        let rules = indian(wild, packs);
        let hand = dealt(&mut rng, round, wild, packs, if round % 2 == 0 { 10 } else { 11 });
        let want = brute_life(&hand, &rules, 4);
        let got = declaration_with_life(&hand, &rules, 4).unwrap();
        assert_eq!(got.as_ref().map(|a| a.deadwood_value), want, "{hand:?} wild {wild}");
        let plain = brute(&hand, &rules);
        lost += (plain.is_some() && want.is_none()) as u32;
        if let Some(arr) = got {
            found += 1;
            check_shown(&arr, &hand, &rules);
            assert!(arr.melds.iter().any(|m| m.kind == MeldKind::Run && m.len() >= 4));
            let counted = indian_count_with_life(&hand, &rules, 80, 4).unwrap();
            assert_eq!(counted, arr.deadwood_value.min(80));
        }
    }
    assert!(found > 20, "enough hands hold a declaration with a long life: {found}");
    assert!(lost > 5, "the rule turns some declarations down: {lost}");
}
