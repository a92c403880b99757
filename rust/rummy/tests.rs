//! Rules cases from docs/rules/rummy.md (C0-C5) and cross-checks against the brute-force reference.

use super::brute::{is_meld, Brute};
use super::*;
use crate::cards::{parse_cards, CardSet, Deck};

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

fn gin() -> MeldRules {
    MeldRules::gin()
}

fn brute_key(hand: &[Card], rules: &MeldRules) -> u32 {
    Brute { hand, rules, discard: false, forbid: None, table: &[], contract: None }.min_key().unwrap()
}

fn generic_key(hand: &[Card], rules: &MeldRules, opts: &SearchOptions) -> Option<u32> {
    search::search_key(hand, rules, opts).unwrap()
}

/// Every arrangement the engine returns must be a real partition of the hand.
fn check_arrangement(hand: &[Card], arr: &Arrangement, rules: &MeldRules) {
    let mut used: Vec<Card> = arr.deadwood.clone();
    for m in &arr.melds {
        assert!(is_meld(&m.cards, rules), "not a meld: {m}");
        used.extend_from_slice(&m.cards);
    }
    used.extend(arr.layoffs.iter().map(|l| l.card));
    used.extend(arr.discard);
    let mut a = used.clone();
    let mut b = hand.to_vec();
    a.sort();
    b.sort();
    assert_eq!(a, b, "arrangement {arr} does not use the hand exactly");
    let value: u32 = arr.deadwood.iter().map(|&c| rules.value(c)).sum();
    assert_eq!(value, arr.deadwood_value);
}

// ---- scripted rules cases ------------------------------------------------------------

#[test]
fn seven_in_the_set_or_the_run_never_both() {
    let hand = cards("7d 7s 7h 8h 9h");
    let arr = best_melds(&hand, &gin()).unwrap();
    check_arrangement(&hand, &arr, &gin());
    // 7h-8h-9h leaves 7d 7s = 14; 7-7-7 leaves 8h 9h = 17; both at once is impossible.
    assert_eq!(arr.deadwood_value, 14);
    assert_eq!(arr.melds.len(), 1);
    assert_eq!(arr.melds[0].kind, MeldKind::Run);
    let generic = search(&hand, &gin(), &SearchOptions::default()).unwrap().unwrap();
    assert_eq!(generic.deadwood_value, 14);
}

#[test]
fn queen_king_ace_only_with_ace_high() {
    let qka = cards("Qh Kh Ah");
    assert!(interpret_meld(&qka, &gin()).is_err());
    assert_eq!(deadwood(&qka, &gin()).unwrap(), 21);
    for ace in [AceRule::High, AceRule::HighOrLow, AceRule::RoundTheCorner] {
        let rules = MeldRules { ace, ..gin() };
        assert_eq!(deadwood(&qka, &rules).unwrap(), 0, "{ace:?}");
    }
    let a23 = cards("Ah 2h 3h");
    assert_eq!(deadwood(&a23, &gin()).unwrap(), 0);
    assert_eq!(deadwood(&a23, &MeldRules { ace: AceRule::High, ..gin() }).unwrap(), 6);
    assert_eq!(deadwood(&a23, &MeldRules::five_hundred()).unwrap(), 0);
}

#[test]
fn king_ace_two_only_round_the_corner() {
    let ka2 = cards("Kc Ac 2c");
    for (ace, dead) in [(AceRule::Low, 13), (AceRule::High, 13), (AceRule::HighOrLow, 27), (AceRule::RoundTheCorner, 0)]
    {
        let values = if ace == AceRule::HighOrLow { MeldRules::five_hundred().values } else { gin().values };
        let rules = MeldRules { ace, values, ..gin() };
        assert_eq!(deadwood(&ka2, &rules).unwrap(), dead, "{ace:?}");
        assert_eq!(interpret_meld(&ka2, &rules).is_ok(), ace == AceRule::RoundTheCorner);
    }
    // Contract and 500 rum: ace high or low, never K-A-2.
    assert!(interpret_meld(&ka2, &MeldRules::contract()).is_err());
    assert!(interpret_meld(&cards("Qc Kc Ac"), &MeldRules::contract()).is_ok());
    assert!(interpret_meld(&cards("Ac 2c 3c"), &MeldRules::five_hundred()).is_ok());
}

#[test]
fn two_five_card_runs_are_gin() {
    let hand = cards("3h 4h 5h 6h 7h 9s Ts Js Qs Ks");
    let arr = best_melds(&hand, &gin()).unwrap();
    assert_eq!(arr.deadwood_value, 0);
    assert!(arr.deadwood.is_empty());
    assert_eq!(arr.melds.len(), 2);
    assert!(arr.melds.iter().all(|m| m.len() == 5));
    assert!(can_go_out(&hand, &gin(), false).unwrap());
}

#[test]
fn best_discard_beats_the_greedy_shortcut() {
    // The greedy shortcut keeps the most valuable melds then drops the biggest leftover;
    // the exact search finds 9.
    let hand = cards("2c 2h 3d 4d 4s 5d 5h 5s 6d 6h 6s");
    let arr = best_discard(&hand, &gin(), None).unwrap();
    assert_eq!(arr.deadwood_value, 9);
    check_arrangement(&hand, &arr, &gin());
    let b = Brute { hand: &hand, rules: &gin(), discard: true, forbid: None, table: &[], contract: None };
    assert_eq!(b.min_key().unwrap() >> 8, 9);
    // The same through the general search.
    let opts = SearchOptions { discard: true, ..Default::default() };
    assert_eq!(generic_key(&hand, &gin(), &opts).unwrap() >> 8, 9);
}

#[test]
fn best_discard_checks_hand_size_and_forbidden_card() {
    assert!(matches!(best_discard(&cards("2c 3c 4c"), &gin(), None), Err(CoreError::InvalidHand(_))));
    let hand = cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Kd");
    // Kd is the obvious discard; forbidding it forces another.
    assert_eq!(best_discard(&hand, &gin(), None).unwrap().discard, Some(cards("Kd")[0]));
    let arr = best_discard(&hand, &gin(), Some(cards("Kd")[0])).unwrap();
    assert_ne!(arr.discard, Some(cards("Kd")[0]));
    assert_eq!(arr.deadwood_value, 10);
    assert!(best_discard(&hand, &gin(), Some(cards("Ah")[0])).is_err());
}

#[test]
fn lay_off_never_rearranges_table_melds() {
    // Seed 000: with 2-2-2-2 and 3-4-5 down, the 2 may not move to lay off the ace.
    let table =
        [interpret_meld(&cards("2c 2d 2h 2s"), &gin()).unwrap(), interpret_meld(&cards("3h 4h 5h"), &gin()).unwrap()];
    let arr = lay_off(&cards("Ah Kc"), &table, &gin()).unwrap();
    assert_eq!(arr.deadwood_value, 11);
    assert!(arr.layoffs.is_empty());
    // A 6h goes on the run.
    let arr = lay_off(&cards("6h Kc"), &table, &gin()).unwrap();
    assert_eq!(arr.deadwood_value, 10);
    assert_eq!(arr.layoffs.len(), 1);
    assert_eq!(arr.layoffs[0].meld, 1);
}

#[test]
fn lay_off_chains_and_never_on_deadwood() {
    let table = [interpret_meld(&cards("5h 6h 7h"), &gin()).unwrap()];
    // 8 then 9 onto 5-6-7: the 9 alone would not fit.
    let arr = lay_off(&cards("9h 8h Kc"), &table, &gin()).unwrap();
    assert_eq!(arr.deadwood_value, 10);
    assert_eq!(arr.layoffs.len(), 2);
    let arr = lay_off(&cards("9h Kc"), &table, &gin()).unwrap();
    assert_eq!(arr.deadwood_value, 19);
    // Own melds and lay-offs chosen jointly: 4h goes on the table run; 8h 8c 8d meld.
    let arr = lay_off(&cards("4h 8h 8c 8d 3h"), &table, &gin()).unwrap();
    check_lay(&arr);
    assert_eq!(arr.deadwood_value, 0);
}

fn check_lay(arr: &Arrangement) {
    for l in &arr.layoffs {
        assert_eq!(l.card.with_copy(0), l.plays_as);
    }
}

#[test]
fn contract_runs_must_differ_in_suit() {
    let rules = MeldRules::contract();
    let two_heart_runs = cards("2h 3h 4h 6h 7h 8h 9s 9d");
    let two_runs = Contract::deal(3).unwrap();
    assert!(find_contract(&two_heart_runs, two_runs, &rules).unwrap().is_none());
    // Still one long run + nothing else would not make "2 runs" either.
    let ok = cards("2h 3h 4h 6s 7s 8s 9d");
    let arr = find_contract(&ok, two_runs, &rules).unwrap().unwrap();
    assert_eq!(arr.melds.len(), 2);
    assert_eq!(arr.deadwood, cards("9d"));
    // A joker fills a gap; the set needs no distinct suits with one pack.
    let with_joker = cards("5c 5d 5h Jk 9h Th Qh 2s");
    let c = "1 set + 1 run".parse().unwrap();
    let arr = find_contract(&with_joker, c, &rules).unwrap().unwrap();
    assert_eq!(arr.deadwood, cards("2s"));
}

#[test]
fn contract_two_packs_sets_no_suit_twice() {
    let rules = MeldRules::contract();
    let hand = cards("7h 7h#1 7c Kd");
    assert!(find_contract(&hand, Contract::deal(1).unwrap(), &rules).unwrap().is_none());
    assert!(interpret_meld(&cards("7h 7h#1 7c"), &rules).is_err());
    assert!(interpret_meld(&cards("7h 7d 7c"), &rules).is_ok());
    // Dime rummy has no such restriction.
    assert!(interpret_meld(&cards("7h 7h#1 7c"), &MeldRules::dime()).is_ok());
}

#[test]
fn jokers_are_recorded_and_valued() {
    let rules = MeldRules::wrotham();
    let hand = cards("5h 7h Jk Kc Qd");
    let arr = best_melds(&hand, &rules).unwrap();
    check_arrangement(&hand, &arr, &rules);
    assert_eq!(arr.deadwood_value, 20);
    let run = arr.melds.iter().find(|m| m.kind == MeldKind::Run).unwrap();
    assert_eq!(run.wilds(), vec![(cards("Jk")[0], cards("6h")[0])]);
    // A joker left over counts its value (15 in contract rummy).
    let arr = best_melds(&cards("Jk 2c"), &MeldRules::contract()).unwrap();
    assert_eq!(arr.deadwood_value, 17);
    // Gin has no jokers.
    assert!(best_melds(&cards("Jk 2c"), &gin()).is_err());
}

#[test]
fn single_pack_hand_rejects_duplicates() {
    assert!(matches!(deadwood(&cards("7h 7h"), &gin()), Err(CoreError::DuplicateCard { .. })));
    assert!(matches!(deadwood(&cards("7h 7h#1"), &gin()), Err(CoreError::DuplicateCard { .. })));
    assert!(deadwood(&cards("7h 7h#1"), &MeldRules::contract()).is_ok());
}

#[test]
fn go_out_with_or_without_discard() {
    let rules = MeldRules::seven_card();
    let seven = cards("4c 5c 6c 9d 9h 9s 9c");
    assert!(can_go_out(&seven, &rules, false).unwrap());
    let eight = cards("4c 5c 6c 9d 9h 9s Kd 2h");
    assert!(!can_go_out(&eight, &rules, true).unwrap());
    let eight = cards("4c 5c 6c 9d 9h 9s 9c Kd");
    assert!(!can_go_out(&eight, &rules, false).unwrap());
    let arr = go_out(&eight, &rules, true).unwrap().unwrap();
    assert_eq!(arr.discard, Some(cards("Kd")[0]));
}

// ---- all_melds counts ------------------------------------------------------------------

fn full_pack() -> Vec<Card> {
    CardSet::STANDARD.iter().collect()
}

/// Independent count: sets are every 3..=max choice of one rank's four cards; runs every
/// window of the rank line(s) of length 3..=13 in each suit.
fn expected_counts(rules: &MeldRules) -> (usize, usize) {
    let choose = |n: usize, k: usize| -> usize { (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1)) };
    let sets = 13 * (rules.min_set as usize..=(rules.max_set as usize).min(4)).map(|k| choose(4, k)).sum::<usize>();
    let per_suit: usize = match rules.ace {
        AceRule::Low | AceRule::High => (rules.min_run as usize..=13).map(|l| 13 - l + 1).sum(),
        AceRule::HighOrLow => (rules.min_run as usize..=13).map(|l| 14 - l + 1).sum(),
        AceRule::RoundTheCorner => (rules.min_run as usize..13).map(|_| 13).sum::<usize>() + 1,
    };
    (sets, 4 * per_suit)
}

#[test]
fn all_melds_of_the_full_pack() {
    let pack = full_pack();
    let melds = all_melds(&pack, &gin()).unwrap();
    let sets = melds.iter().filter(|m| m.kind == MeldKind::Set).count();
    let runs = melds.iter().filter(|m| m.kind == MeldKind::Run).count();
    assert_eq!((sets, runs, melds.len()), (65, 264, 329));
    for (name, rules) in MeldRules::presets() {
        let melds = all_melds(&pack, &rules).unwrap();
        let sets = melds.iter().filter(|m| m.kind == MeldKind::Set).count();
        let runs = melds.iter().filter(|m| m.kind == MeldKind::Run).count();
        assert_eq!((sets, runs), expected_counts(&rules), "{name}");
        for m in &melds {
            assert!(is_meld(&m.cards, &rules), "{name}: {m}");
        }
    }
    for ace in [AceRule::High, AceRule::RoundTheCorner] {
        let rules = MeldRules { ace, ..gin() };
        let melds = all_melds(&pack, &rules).unwrap();
        let sets = melds.iter().filter(|m| m.kind == MeldKind::Set).count();
        assert_eq!((sets, melds.len() - sets), expected_counts(&rules), "{ace:?}");
    }
    // Distinct card sets.
    let mut masks: Vec<u64> =
        melds_masks(&all_melds(&pack, &MeldRules { ace: AceRule::RoundTheCorner, ..gin() }).unwrap());
    let n = masks.len();
    masks.sort();
    masks.dedup();
    assert_eq!(masks.len(), n);
}

fn melds_masks(melds: &[Meld]) -> Vec<u64> {
    melds.iter().map(|m| CardSet::from_cards(m.cards.iter().copied()).unwrap().0).collect()
}

#[test]
fn all_melds_match_brute_on_small_hands() {
    for (seed, n) in (0..200).map(|s| (s, 7 + (s % 5) as usize)) {
        for (_, rules) in [
            ("gin", gin()),
            ("contract", MeldRules::contract()),
            ("rtc", MeldRules { ace: AceRule::RoundTheCorner, ..gin() }),
        ] {
            let deck = Deck::standard(1, 0).unwrap().shuffled(seed, 7);
            let hand = &deck.cards()[..n];
            let got: std::collections::BTreeSet<u64> =
                melds_masks(&all_melds(hand, &rules).unwrap()).into_iter().collect();
            let mut want = std::collections::BTreeSet::new();
            for m in 1u32..(1 << n) {
                let sub: Vec<Card> = (0..n).filter(|i| m >> i & 1 == 1).map(|i| hand[i]).collect();
                if is_meld(&sub, &rules) {
                    want.insert(CardSet::from_cards(sub).unwrap().0);
                }
            }
            assert_eq!(got, want, "seed {seed}");
        }
    }
}

// ---- random cross-checks against the brute force ---------------------------------------

struct Gen {
    rng: crate::cards::Rng,
}

impl Gen {
    fn new(seed: u64) -> Gen {
        Gen { rng: crate::cards::Rng::new(seed) }
    }
    /// `n` cards from `packs` packs with `jokers` jokers; dense: only a narrow window of
    /// consecutive ranks (all suits), so sets and runs overlap.
    fn hand(&mut self, n: usize, packs: u32, jokers: u32, dense: bool) -> Vec<Card> {
        let mut cards: Vec<Card> = Deck::standard(packs, jokers).unwrap().into_cards();
        if dense {
            let width = 3 + self.rng.below(2) as u8 + (packs as u8 - 1);
            let start = self.rng.below(13) as u8;
            let ranks: Vec<u8> = (0..width).map(|k| (start + k) % 13).collect();
            cards.retain(|c| c.rank().is_none_or(|r| ranks.contains(&r)));
        }
        self.rng.shuffle(&mut cards);
        cards.truncate(n);
        cards
    }
}

fn rules_variety() -> Vec<(&'static str, MeldRules)> {
    vec![
        ("gin", gin()),
        ("five_hundred", MeldRules::five_hundred()),
        ("round_the_corner", MeldRules { ace: AceRule::RoundTheCorner, ..gin() }),
        ("ace_high", MeldRules { ace: AceRule::High, min_run: 4, ..gin() }),
    ]
}

#[test]
fn fast_and_general_search_agree_with_brute_force_single_pack() {
    let mut g = Gen::new(1);
    let mut checked = 0;
    for round in 0..250 {
        for &n in &[7usize, 10, 11, 13] {
            let dense = round % 2 == 1;
            let hand = g.hand(n, 1, 0, dense);
            for (name, rules) in rules_variety() {
                let want = brute_key(&hand, &rules);
                let arr = best_melds(&hand, &rules).unwrap();
                check_arrangement(&hand, &arr, &rules);
                assert_eq!(arr.deadwood_value, want >> 8, "{name} {hand:?}");
                assert_eq!(arr.deadwood.len() as u32, want & 0xFF, "{name}: tie-break on card count");
                assert_eq!(generic_key(&hand, &rules, &SearchOptions::default()), Some(want), "{name} general");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 250 * 4 * 4);
}

#[test]
fn best_discard_agrees_with_brute_force() {
    let mut g = Gen::new(2);
    for round in 0..300 {
        for &n in &[8usize, 11] {
            let hand = g.hand(n, 1, 0, round % 2 == 0);
            let rules = MeldRules { hand_size: 0, ..if round % 3 == 0 { MeldRules::five_hundred() } else { gin() } };
            let forbid = (round % 4 == 0).then(|| hand[0]);
            let b = Brute { hand: &hand, rules: &rules, discard: true, forbid, table: &[], contract: None };
            let want = b.min_key().unwrap();
            let arr = best_discard(&hand, &rules, forbid).unwrap();
            check_arrangement(&hand, &arr, &rules);
            assert!(arr.discard.is_some() && arr.discard != forbid);
            assert_eq!(arr.deadwood_value, want >> 8, "{hand:?}");
            let opts = SearchOptions { discard: true, forbid, ..Default::default() };
            assert_eq!(generic_key(&hand, &rules, &opts), Some(want));
            // The value-only bitset search (bots, benches).
            let mask = CardSet::from_cards(hand.iter().copied()).unwrap().0;
            let mut idx = PlainIndex::new(&rules);
            idx.load(mask, &rules);
            let forbid_mask = forbid.map_or(0, |c| 1u64 << c.face());
            assert_eq!(idx.min_key_discard(mask, forbid_mask), want);
            assert_eq!(idx.min_key(mask), brute_key(&hand, &rules));
            // Same as trying every discard one by one.
            let by_hand = (0..n)
                .filter(|&i| Some(hand[i]) != forbid)
                .map(|i| {
                    let mut rest = hand.clone();
                    rest.remove(i);
                    deadwood(&rest, &rules).unwrap()
                })
                .min()
                .unwrap();
            assert_eq!(by_hand, want >> 8);
        }
    }
}

#[test]
fn jokers_and_two_packs_agree_with_brute_force() {
    let mut g = Gen::new(3);
    let configs: Vec<(&str, MeldRules, u32, u32)> = vec![
        ("wrotham", MeldRules::wrotham(), 1, 3),
        ("contract 1 pack", MeldRules::contract(), 1, 1),
        ("contract 2 packs", MeldRules::contract(), 2, 2),
        ("dime", MeldRules { packs: 2, ..MeldRules::dime() }, 2, 2),
        (
            "deuces wild",
            MeldRules { wild_ranks: 1, jokers_wild: true, max_wilds_set: 1, max_wilds_run: 1, ..gin() },
            1,
            1,
        ),
        ("rtc jokers", MeldRules { ace: AceRule::RoundTheCorner, jokers_wild: true, joker_value: 25, ..gin() }, 1, 2),
    ];
    for round in 0..120 {
        for &n in &[7usize, 10, 11, 13] {
            for (name, rules, packs, jokers) in &configs {
                let hand = g.hand(n, *packs, *jokers, round % 2 == 1);
                let want = brute_key(&hand, rules);
                let arr = best_melds(&hand, rules).unwrap();
                check_arrangement(&hand, &arr, rules);
                assert_eq!(arr.deadwood_value, want >> 8, "{name} {hand:?} got {arr}");
                assert_eq!(arr.deadwood.len() as u32, want & 0xFF, "{name} {hand:?} got {arr}");
                if n <= 11 && round % 3 == 0 {
                    let b = Brute { hand: &hand, rules, discard: true, forbid: None, table: &[], contract: None };
                    let want = b.min_key().unwrap();
                    let arr = best_discard(&hand, &MeldRules { hand_size: 0, ..rules.clone() }, None).unwrap();
                    check_arrangement(&hand, &arr, rules);
                    assert_eq!(arr.deadwood_value, want >> 8, "{name} discard {hand:?} got {arr}");
                }
            }
        }
    }
}

#[test]
fn lay_off_agrees_with_brute_force() {
    let mut g = Gen::new(4);
    let configs = [
        (gin(), 1u32, 0u32),
        (MeldRules::five_hundred(), 1, 0),
        (MeldRules::wrotham(), 1, 2),
        (MeldRules::contract(), 2, 1),
    ];
    let mut with_layoffs = 0;
    for round in 0..300 {
        let (rules, packs, jokers) = &configs[round % configs.len()];
        let dense = round % 2 == 0;
        // Knocker: melds from a 10-card hand without wilds; opponent: the next cards.
        let deal = g.hand(if dense { 16 } else { 30 }, *packs, *jokers, dense);
        let knocker: Vec<Card> = deal.iter().copied().filter(|c| !rules.is_wild(*c)).take(10).collect();
        let rest: Vec<Card> = deal.iter().copied().filter(|c| !knocker.contains(c)).collect();
        let opp: Vec<Card> = rest.into_iter().take(if dense { 6 } else { 10 }).collect();
        let table = best_melds(&knocker, rules).unwrap().melds;
        let table_cards: Vec<Vec<Card>> = table.iter().map(|m| m.cards.clone()).collect();
        let b = Brute { hand: &opp, rules, discard: false, forbid: None, table: &table_cards, contract: None };
        let want = b.min_key().unwrap();
        let arr = lay_off(&opp, &table, rules).unwrap();
        check_arrangement(&opp, &arr, rules);
        assert_eq!(arr.deadwood_value, want >> 8, "{opp:?} onto {table_cards:?}: {arr}");
        // Each table meld plus what was laid on it is still a meld.
        for (t, m) in table.iter().enumerate() {
            let mut grown = m.cards.clone();
            grown.extend(arr.layoffs.iter().filter(|l| l.meld == t).map(|l| l.card));
            assert!(is_meld(&grown, rules), "{grown:?}");
        }
        with_layoffs += (!arr.layoffs.is_empty()) as usize;
    }
    assert!(with_layoffs > 30, "too few hands exercised lay-offs: {with_layoffs}");
}

#[test]
fn contracts_agree_with_brute_force() {
    let mut g = Gen::new(5);
    let rules = MeldRules::contract();
    let mut met = 0;
    for round in 0..200 {
        let deal = 1 + (round % 7) as u8;
        let n = if deal <= 4 { 10 } else { 12 };
        let packs = 1 + (round % 2) as u32;
        let hand = g.hand(n, packs, packs, true);
        let c = Contract::deal(deal).unwrap();
        let b = Brute {
            hand: &hand,
            rules: &rules,
            discard: false,
            forbid: None,
            table: &[],
            contract: Some((c.sets, c.runs)),
        };
        let want = b.min_key();
        let got = find_contract(&hand, c, &rules).unwrap();
        assert_eq!(got.as_ref().map(|a| a.deadwood_value), want.map(|k| k >> 8), "{c} {hand:?}");
        if let Some(arr) = got {
            check_arrangement(&hand, &arr, &rules);
            let sets = arr.melds.iter().filter(|m| m.kind == MeldKind::Set).count();
            assert_eq!((sets as u8, arr.melds.len() as u8 - sets as u8), (c.sets, c.runs));
            met += 1;
        }
    }
    assert!(met > 20, "too few contracts met: {met}");
}

#[test]
fn batch_matches_single_calls() {
    let mut g = Gen::new(6);
    let hands: Vec<u64> = (0..3000).map(|i| CardSet::from_cards(g.hand(10, 1, 0, i % 3 == 0)).unwrap().0).collect();
    let single: Vec<u32> = hands.iter().map(|&m| fast_deadwood(m, &gin())).collect();
    assert_eq!(deadwood_batch(&hands, &gin(), 1).unwrap(), single);
    assert_eq!(deadwood_batch(&hands, &gin(), 2).unwrap(), single);
    assert_eq!(deadwood_batch(&hands, &gin(), 0).unwrap(), single);
    // Jokers take the general path, or are an error without wild jokers.
    let joker = CardSet::parse("Jk 5h 6h Kc").unwrap().0;
    assert_eq!(deadwood_batch(&[joker], &MeldRules::wrotham(), 1).unwrap(), vec![10]);
    assert!(deadwood_batch(&[joker], &gin(), 1).is_err());
}

#[test]
fn transposition_table_search_agrees_with_brute_force() {
    let mut g = Gen::new(7);
    let configs: Vec<(MeldRules, u32, u32)> = vec![
        (gin(), 1, 0),
        (MeldRules::wrotham(), 1, 2),
        (MeldRules::contract(), 2, 2),
        (MeldRules { ace: AceRule::RoundTheCorner, ..gin() }, 1, 0),
    ];
    for round in 0..160 {
        let (rules, packs, jokers) = &configs[round % configs.len()];
        let n = [7usize, 10, 11, 13][round / 4 % 4];
        let hand = g.hand(n, *packs, *jokers, round % 2 == 0);
        let discard = round % 3 == 0;
        // Forbid a card (a joker when there is one, to exercise the wild discard rule).
        let forbid =
            (discard && round % 2 == 0).then(|| *hand.iter().find(|c| c.is_joker()).unwrap_or(&hand[round % n]));
        let contract = (round % 5 == 0).then_some((1u8, 1u8));
        let b = Brute { hand: &hand, rules, discard, forbid, table: &[], contract };
        let want = b.min_key();
        let spec = contract.map(|(sets, runs)| ContractSpec { sets, runs, distinct_run_suits: true });
        for memo in [Some(true), Some(false)] {
            let opts = SearchOptions { discard, forbid, contract: spec, memo, ..Default::default() };
            let got = search(&hand, rules, &opts).unwrap();
            if let (Some(a), Some(f)) = (&got, forbid) {
                assert_ne!(a.discard, Some(f), "discarded the forbidden card");
            }
            assert_eq!(
                got.as_ref().map(|a| (a.deadwood_value, a.deadwood.len() as u32)),
                want.map(|k| (k >> 8, k & 0xFF)),
                "{memo:?} {hand:?}"
            );
            if let Some(arr) = got {
                check_arrangement(&hand, &arr, rules);
            }
        }
    }
}

#[test]
fn large_hands_finish() {
    // Half of a two-pack deck with jokers: the transposition table keeps this small.
    let mut g = Gen::new(8);
    for n in [30usize, 50] {
        let hand = g.hand(n, 2, 2, false);
        let arr = best_melds(&hand, &MeldRules::contract()).unwrap();
        check_arrangement(&hand, &arr, &MeldRules::contract());
    }
    let pack: Vec<Card> = CardSet::STANDARD.iter().collect();
    assert_eq!(deadwood(&pack, &gin()).unwrap(), 0);
}
