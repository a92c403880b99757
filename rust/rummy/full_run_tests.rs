//! Scala 40's 14-card run A-2-...-K-A (`MeldRules::ace_both_ends`): scripted cases, and
//! every search cross-checked against the brute force of `brute.rs` (whose run lines
//! hold A 2 .. K A when the rules allow it) on hands built around a whole suit.

use super::brute::{is_meld, is_run, Brute};
use super::opening_tests::{brute_points, check_opening};
use super::*;
use crate::cards::{parse_cards, Deck, Rng};

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).unwrap()
}

/// Scala 40's meld rules.
fn scala() -> MeldRules {
    MeldRules::scala40()
}

const SUIT: &str = "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh";

#[test]
fn the_fourteen_card_run() {
    let rules = scala();
    let plain = MeldRules { ace_both_ends: false, ..rules.clone() };
    let full = cards(&format!("{SUIT} Ah#1"));
    let m = interpret_meld(&full, &rules).unwrap();
    assert_eq!(m.kind, MeldKind::Run);
    assert_eq!(m.len(), 14);
    assert_eq!(m.plays_as[0], m.plays_as[13]); // the ace at both ends
    assert_ne!(m.cards[0], m.cards[13]);
    assert!(interpret_meld(&full, &plain).is_err());
    // One end a jolly; the ace twice but a deuce missing is no run; no rank but the ace twice.
    assert!(interpret_meld(&cards(&format!("{SUIT} Jk")), &rules).is_ok());
    assert!(interpret_meld(&cards(&format!("{} Ah#1 Jk", SUIT.replace("2h ", ""))), &rules).is_ok());
    assert!(interpret_meld(&cards(&format!("{} Ah#1 Kh#1", SUIT.replace("2h ", ""))), &rules).is_err());
    assert!(interpret_meld(&cards(&format!("{SUIT} Kh#1")), &rules).is_err());
    // Opening points: the low ace 1, the high ace 11: 1 + 2..9 + 4 x 10 + 11.
    let open = best_opening(&full, 40, &rules, 1).unwrap().unwrap();
    assert_eq!((open.melds.len(), open.points), (1, 1 + 44 + 40 + 11));
    assert_eq!(opening_points(&m, &rules, 1), 96);
    // Every search sees it: no deadwood, listed among the melds, laid off onto A..K.
    assert_eq!(deadwood(&full, &rules).unwrap(), 0);
    assert!(all_melds(&full, &rules).unwrap().iter().any(|m| m.len() == 14));
    assert!(!all_melds(&full, &plain).unwrap().iter().any(|m| m.len() == 14));
    let table = [interpret_meld(&cards(SUIT), &rules).unwrap()];
    for card in ["Ah#1", "Jk"] {
        let arr = lay_off(&cards(card), &table, &rules).unwrap();
        assert_eq!(arr.layoffs.len(), 1, "{card} onto A..K");
        assert_eq!(arr.deadwood_value, 0);
    }
    assert_eq!(lay_off(&cards("Ah#1"), &table, &plain).unwrap().deadwood_value, 11);
    // The field asks for the ace high or low.
    assert!(MeldRules { ace: AceRule::Low, ..rules.clone() }.validate().is_err());
}

/// A hand around a whole suit: A..K of hearts plus the second ace or a jolly, with up to
/// two cards swapped for others of two packs of hearts and two jolly; or 14 cards of those
/// 28 at random.
fn suit_hand(rng: &mut Rng, round: usize) -> Vec<Card> {
    let mut pool: Vec<Card> = Deck::standard(2, 2).unwrap().into_cards();
    pool.retain(|c| c.is_joker() || c.suit() == Some(2));
    rng.shuffle(&mut pool);
    if round % 3 == 2 {
        pool.truncate(14);
        return pool;
    }
    let mut hand = cards(SUIT);
    hand.push(if round.is_multiple_of(2) { cards("Ah#1")[0] } else { cards("Jk")[0] });
    let mut rest: Vec<Card> = pool.into_iter().filter(|c| !hand.contains(c)).collect();
    for _ in 0..round % 3 {
        let i = rng.below(hand.len() as u64) as usize;
        hand[i] = rest.pop().unwrap();
    }
    hand
}

#[test]
fn fourteen_card_runs_agree_with_brute_force() {
    let rules = scala();
    let mut rng = Rng::new(40);
    let mut fourteen = 0;
    for round in 0..45 {
        let hand = suit_hand(&mut rng, round);
        let brute = |discard: bool, table: &[Vec<Card>]| {
            Brute { hand: &hand, rules: &rules, discard, forbid: None, table, contract: None }.min_key()
        };
        // Least deadwood and best discard.
        let want = brute(false, &[]).unwrap();
        let arr = best_melds(&hand, &rules).unwrap();
        assert_eq!(arr.deadwood_value, want >> 8, "{hand:?}");
        for m in &arr.melds {
            assert!(is_meld(&m.cards, &rules), "{m}");
        }
        let want_d = brute(true, &[]).unwrap();
        assert_eq!(best_discard(&hand, &rules, None).unwrap().deadwood_value, want_d >> 8, "{hand:?}");
        // Every meld listed is a meld; the 14-card run is listed when the hand holds one.
        let listed = all_melds(&hand, &rules).unwrap();
        for m in &listed {
            assert!(is_meld(&m.cards, &rules), "{m}");
        }
        let holds = (0..hand.len())
            .any(|skip| hand.len() == 15 && is_run(&[&hand[..skip], &hand[skip + 1..]].concat(), &rules))
            || (hand.len() == 14 && is_run(&hand, &rules));
        assert_eq!(listed.iter().any(|m| m.len() == 14), holds, "{hand:?}");
        fourteen += holds as u32;
        // The opening search (points of each meld read by the brute force).
        check_opening(&hand, &rules, 1, "scala");
        // Laying off onto a 13-card run on the table: the brute force's table melds.
        let table = cards("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc");
        let mine: Vec<Card> = hand.iter().copied().filter(|c| !table.contains(c)).collect();
        let extra = cards("Ac#1 5d");
        let with_clubs: Vec<Card> = mine.iter().copied().chain(extra).take(14).collect();
        let want_l = Brute {
            hand: &with_clubs,
            rules: &rules,
            discard: false,
            forbid: None,
            table: std::slice::from_ref(&table),
            contract: None,
        }
        .min_key()
        .unwrap();
        let got = lay_off(&with_clubs, &[interpret_meld(&table, &rules).unwrap()], &rules).unwrap();
        assert_eq!(got.deadwood_value, want_l >> 8, "{with_clubs:?} onto A..K clubs");
    }
    assert!(fourteen >= 15, "enough hands hold the 14-card run: {fourteen}");
    assert!(brute_points(&cards(&format!("{SUIT} Ah#1")), &rules, 1) == Some(96));
}
