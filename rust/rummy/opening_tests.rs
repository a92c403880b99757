//! The opening search and the wild-share rule, cross-checked against brute force: every
//! way to pick disjoint melds from the hand (each checked by the brute-force meld test),
//! each meld scored by trying every card each wild card could stand for.

use std::collections::HashMap;

use super::brute::{is_meld, is_run, is_set, Brute};
use super::*;
use crate::cards::{parse_cards, Deck, Rng};

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

fn kaluki() -> MeldRules {
    MeldRules::kaluki()
}

fn romme() -> MeldRules {
    MeldRules::romme()
}

/// The most a meld of these cards scores over every reading of its wild cards (every
/// card of the pack tried for each), or None if it is not a meld.
pub(super) fn brute_points(meld: &[Card], rules: &MeldRules, low_ace: u32) -> Option<u32> {
    if !is_meld(meld, rules) {
        return None;
    }
    let (wilds, nat): (Vec<Card>, Vec<Card>) = meld.iter().partition(|c| rules.is_wild(**c));
    let plain = MeldRules {
        jokers_wild: false,
        wild_ranks: 0,
        max_wilds_set: UNLIMITED,
        max_wilds_run: UNLIMITED,
        wild_share: WildShare::Any,
        ..rules.clone()
    };
    let faces: Vec<Card> = (0..52u8).map(|f| Card::new(f % 13, f / 13)).collect();
    let mut best = None;
    let mut pick = vec![0usize; wilds.len()];
    loop {
        let mut read: Vec<Card> = nat.iter().map(|c| c.with_copy(0)).collect();
        read.extend(pick.iter().map(|&i| faces[i]));
        let value: u32 = if is_set(&read, &plain) {
            read.iter().map(|c| rules.value(*c)).sum()
        } else if is_run(&read, &plain) {
            // With a deuce, one ace plays low (the 14-card run's other ace high).
            let mut low = read.iter().any(|c| c.rank() == Some(0));
            read.iter()
                .map(|c| {
                    if c.rank() == Some(12) && low {
                        low = false;
                        low_ace
                    } else {
                        rules.value(*c)
                    }
                })
                .sum()
        } else {
            0
        };
        if value > 0 {
            best = Some(best.map_or(value, |b: u32| b.max(value)));
        }
        // Next reading (non-decreasing indices: the wild cards are interchangeable).
        let mut k = pick.len();
        loop {
            if k == 0 {
                return best;
            }
            k -= 1;
            if pick[k] + 1 < 52 {
                pick[k] += 1;
                for j in k + 1..pick.len() {
                    pick[j] = pick[k];
                }
                break;
            }
        }
        if pick.is_empty() {
            return best;
        }
    }
}

/// (most points, fewest wilds at that) over disjoint meld choices, by brute force.
fn brute_opening(hand: &[Card], rules: &MeldRules, low_ace: u32) -> (u32, u32) {
    let n = hand.len();
    let mut points: HashMap<u32, Option<u32>> = HashMap::new();
    let sub = |m: u32| (0..n).filter(|i| m >> i & 1 == 1).map(|i| hand[i]).collect::<Vec<Card>>();
    let wilds_of = |m: u32| (0..n).filter(|&i| m >> i & 1 == 1 && rules.is_wild(hand[i])).count() as u32;
    fn go(
        left: u32,
        points: &mut HashMap<u32, Option<u32>>,
        score: &dyn Fn(u32) -> Option<u32>,
        wilds_of: &dyn Fn(u32) -> u32,
    ) -> (u32, i64) {
        if left == 0 {
            return (0, 0);
        }
        let i = left.trailing_zeros();
        let rest = left & !(1 << i);
        let mut best = go(rest, points, score, wilds_of);
        // Every subset of `rest` joined with card i.
        let mut s = rest;
        loop {
            let m = s | 1 << i;
            if m.count_ones() >= 3 {
                let p = *points.entry(m).or_insert_with(|| score(m));
                if let Some(p) = p {
                    let (q, w) = go(rest & !s, points, score, wilds_of);
                    let cand = (p + q, w - wilds_of(m) as i64);
                    if cand > best {
                        best = cand;
                    }
                }
            }
            if s == 0 {
                break;
            }
            s = (s - 1) & rest;
        }
        best
    }
    let score = |m: u32| brute_points(&sub(m), rules, low_ace);
    let (p, w) = go((1u32 << n) - 1, &mut points, &score, &wilds_of);
    (p, (-w) as u32)
}

pub(super) fn check_opening(hand: &[Card], rules: &MeldRules, low_ace: u32, what: &str) -> u32 {
    let (want, want_wilds) = brute_opening(hand, rules, low_ace);
    let got = best_opening(hand, 0, rules, low_ace).unwrap();
    match got {
        None => assert_eq!(want, 0, "{what}: {hand:?} has an opening worth {want}"),
        Some(open) => {
            assert_eq!(open.points, want, "{what}: {hand:?}");
            let mut used: Vec<Card> = Vec::new();
            let mut wilds = 0;
            for m in &open.melds {
                assert!(is_meld(&m.cards, rules), "{what}: not a meld {m}");
                let p = opening_points(m, rules, low_ace);
                assert_eq!(Some(p), brute_points(&m.cards, rules, low_ace), "{what}: {m} scored as read");
                wilds += m.cards.iter().filter(|c| rules.is_wild(**c)).count() as u32;
                used.extend_from_slice(&m.cards);
            }
            assert_eq!(open.melds.iter().map(|m| opening_points(m, rules, low_ace)).sum::<u32>(), open.points);
            assert_eq!(wilds, want_wilds, "{what}: fewest wild cards at the best points, {hand:?}");
            let mut pool = hand.to_vec();
            for c in used {
                let at = pool.iter().position(|&h| h == c).expect("a card of the hand, once");
                pool.remove(at);
            }
            // The minimum is honoured exactly.
            assert!(best_opening(hand, want, rules, low_ace).unwrap().is_some());
            assert!(best_opening(hand, want + 1, rules, low_ace).unwrap().is_none());
        }
    }
    want
}

fn random_hand(rng: &mut Rng, n: usize, packs: u32, jokers: u32, dense: bool) -> Vec<Card> {
    let mut deck = Deck::standard(packs, jokers).unwrap().into_cards();
    if dense {
        let start = rng.below(13) as u8;
        let ranks: Vec<u8> = (0..4).map(|k| (start + k) % 13).collect();
        let suits: Vec<u8> = vec![rng.below(4) as u8, rng.below(4) as u8];
        deck.retain(|c| {
            c.rank().is_none_or(|r| ranks.contains(&r) && (suits.contains(&c.suit().unwrap()) || r == start))
        });
    }
    rng.shuffle(&mut deck);
    deck.truncate(n);
    deck
}

#[test]
fn opening_scripted_cases() {
    // Kaluki values: K-K-K 30 + the joker as a king or the Qc 10 + 9-10-J 29 = 69; the 4d
    // stays in hand.
    let k = kaluki();
    let open = best_opening(&cards("Kh Kd Ks Jk 9c Tc Jc 4d"), 51, &k, 15).unwrap().unwrap();
    assert_eq!(open.points, 69);
    assert_eq!(open.melds.iter().map(|m| m.len()).sum::<usize>(), 7);
    // A joker at the low end of 2-3 reads as the ace (15 in Kaluki), not the 4.
    let low = best_opening(&cards("2h 3h Jk"), 0, &k, 15).unwrap().unwrap();
    assert_eq!(low.points, 15 + 2 + 3);
    assert_eq!(low.melds[0].plays_as[0], cards("Ah")[0]);
    // With the ace low worth 1 (Rommé) the same cards read up: 2-3-4.
    let r = romme();
    assert_eq!(best_opening(&cards("2h 3h Jk"), 0, &r, 1).unwrap().unwrap().points, 9);
    // Rommé: jokers may not outnumber natural cards: 3-J-J is no meld, 3-3-J-J is.
    assert!(best_opening(&cards("3h Jk Jk#1"), 0, &r, 1).unwrap().is_none());
    assert_eq!(best_opening(&cards("3h 3s Jk Jk#1"), 0, &r, 1).unwrap().unwrap().points, 12);
    // Rommé sets have all-different suits: 7h 7h#1 7s is no set.
    assert!(best_opening(&cards("7h 7h#1 7s"), 0, &r, 1).unwrap().is_none());
    // Kaluki (two packs) allows it.
    assert_eq!(best_opening(&cards("7h 7h#1 7s"), 0, &k, 15).unwrap().unwrap().points, 21);
    // Not reaching the minimum: None.
    assert!(best_opening(&cards("2h 3h 4h 5c 6c 7c"), 40, &r, 1).unwrap().is_none());
}

#[test]
fn opening_agrees_with_brute_force() {
    let mut rng = Rng::new(20);
    let configs: Vec<(&str, MeldRules, u32, u32, u32)> = vec![
        ("kaluki", kaluki(), 2, 2, 15),
        ("romme", romme(), 2, 2, 1),
        ("one pack basic", MeldRules::basic(), 1, 0, 1),
        (
            "rtc fewer",
            MeldRules {
                ace: AceRule::RoundTheCorner,
                jokers_wild: true,
                wild_share: WildShare::FewerThanNaturals,
                ..MeldRules::basic()
            },
            1,
            2,
            1,
        ),
        ("one wild per meld", MeldRules { max_wilds_set: 1, max_wilds_run: 1, ..kaluki() }, 2, 2, 15),
    ];
    let (mut checked, mut with_melds) = (0, 0);
    for round in 0..60 {
        for (name, rules, packs, jokers, low) in &configs {
            for &n in &[6usize, 9] {
                let hand = random_hand(&mut rng, n, *packs, *jokers, round % 3 != 0);
                with_melds += (check_opening(&hand, rules, *low, name) > 0) as u32;
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 60 * 5 * 2);
    assert!(with_melds > checked / 2, "most hands hold melds: {with_melds} of {checked}");
}

#[test]
fn wild_share_searches_agree_with_brute_force() {
    let mut rng = Rng::new(21);
    for round in 0..80 {
        for rules in [romme(), MeldRules { wild_share: WildShare::FewerThanNaturals, ..kaluki() }] {
            let hand = random_hand(&mut rng, 9, 2, 3, round % 2 == 0);
            let want = Brute { hand: &hand, rules: &rules, discard: false, forbid: None, table: &[], contract: None }
                .min_key()
                .unwrap();
            let arr = best_melds(&hand, &rules).unwrap();
            assert_eq!(arr.deadwood_value, want >> 8, "{hand:?}");
            for m in &arr.melds {
                assert!(is_meld(&m.cards, &rules));
            }
            // Every meld the enumeration lists passes the brute-force test.
            for m in all_melds(&hand, &rules).unwrap() {
                assert!(is_meld(&m.cards, &rules), "{m}");
            }
        }
    }
    // 3-J-J is no meld where jokers may not outnumber naturals; 3-3-J-J is.
    assert!(interpret_meld(&cards("3h Jk Jk#1"), &romme()).is_err());
    assert!(interpret_meld(&cards("3h 3s Jk Jk#1"), &romme()).is_ok());
    let fewer = MeldRules { wild_share: WildShare::FewerThanNaturals, ..romme() };
    assert!(interpret_meld(&cards("3h 3s Jk Jk#1"), &fewer).is_err());
    assert!(interpret_meld(&cards("3h 3s Jk"), &fewer).is_ok());
}
