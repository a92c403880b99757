//! Exhaustive counts, brute-force cross-checks and scripted rules (docs/rules/poker.md#b1).

use super::equity::{equity, EquityRequest, Game};
use super::generic::{best_high, Counts, Rules};
use super::hand::{evaluate, evaluate_short_deck, Joker, Wild};
use super::lows::{
    ace_to_five, ace_to_five_wild, badugi, deuce_to_seven, deuce_to_seven_wild, eight_or_better, eight_or_better_wild,
    pai_gow_low,
};
use super::omaha::{evaluate_omaha, evaluate_omaha_low};
use super::reference::{self as rf, Ranked};
use super::tables::{for_each_seven, for_each_seven_value, tables, Hand, RANK_KEYS};
use super::value::{ranks_of, Category};
use crate::cards::{parse_cards, Card, CardSet, Rng};
use std::cmp::Ordering;
use std::collections::HashSet;

/// An exact equity request on this thread, with no dead cards: what most tests ask.
fn request(game: Game, hands: Vec<u64>, board: u64) -> EquityRequest {
    EquityRequest { game, hands, board, dead: 0, samples: 0, seed: 0, exact: None, threads: 1 }
}

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}
fn high(s: &str) -> super::hand::HandValue {
    evaluate(&cards(s), &Wild::None, Joker::Wild).unwrap()
}
fn pairs_of(cs: &[Card]) -> Vec<(u8, u8)> {
    cs.iter().map(|c| (c.rank().unwrap(), c.suit().unwrap())).collect()
}
/// A value decoded to the reference's (category, tie-break ranks) form.
fn decoded(v: u32, short: bool) -> Ranked {
    let code = (v >> 20) as u8;
    let cat = match (short, code) {
        (true, 5) => 6,
        (true, 6) => 5,
        (_, c) => c,
    };
    let n = match cat {
        9 | 8 | 4 => 1,
        7 | 6 => 2,
        3 => 3,
        2 => 3,
        1 => 4,
        _ => 5,
    };
    (cat, ranks_of(v)[..n].to_vec())
}
fn random_cards(rng: &mut Rng, n: usize, deck: &[u8]) -> Vec<u8> {
    let mut d = deck.to_vec();
    for i in 0..n {
        let j = i + rng.below((d.len() - i) as u64) as usize;
        d.swap(i, j);
    }
    d[..n].to_vec()
}
fn face_cards(faces: &[u8]) -> Vec<Card> {
    faces.iter().map(|&f| Card::from_face(f, 0).unwrap()).collect()
}

#[test]
fn rank_keys_are_unique_for_up_to_seven_cards() {
    let mut seen = std::collections::HashSet::new();
    fn rec(r: usize, left: u32, key: u32, seen: &mut std::collections::HashSet<u32>) {
        if r == 13 {
            if left == 0 {
                assert!(seen.insert(key), "duplicate key {key:#x}");
            }
            return;
        }
        for c in 0..=left.min(4) {
            rec(r + 1, left - c, key + c * RANK_KEYS[r], seen);
        }
    }
    for n in 0..=7 {
        rec(0, n, 0, &mut seen);
    }
}

#[test]
fn all_five_card_hands_counts_and_reference() {
    let t = tables();
    let mut counts = [0u64; 10];
    let mut royal = 0;
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        let h = [a, b, c, d, e].iter().fold(Hand::EMPTY, |h, &x| h.add(t, x));
                        let v = h.value(t);
                        counts[(v >> 20) as usize] += 1;
                        royal += (v >> 20 == 8 && ranks_of(v)[0] == 12) as u64;
                        let cs: Vec<(u8, u8)> =
                            [a, b, c, d, e].iter().map(|&x| ((x % 13) as u8, (x / 13) as u8)).collect();
                        assert_eq!(decoded(v, false), rf::classify5(&cs, true, false), "{cs:?}");
                    }
                }
            }
        }
    }
    assert_eq!(counts, [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40, 0]);
    assert_eq!(royal, 4);
}

#[test]
fn all_seven_card_hands_counts() {
    let t = tables();
    let mut counts = [0u64; 10];
    let mut royal = 0u64;
    for_each_seven(t, |hand| {
        let v = hand.value(t);
        counts[(v >> 20) as usize] += 1;
        royal += (v >> 16 == 0x8c) as u64;
    });
    assert_eq!(
        counts,
        [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848, 41_584, 0]
    );
    assert_eq!(royal, 4_324);
    // The enumeration that skips the flush test when no flush is possible agrees, hand by
    // hand (an order-sensitive checksum of the two sequences of values).
    let (mut x, mut y, mut n) = (0u64, 0u64, 0u64);
    for_each_seven(t, |hand| x = x.wrapping_mul(0x100_0000_01b3).wrapping_add(hand.value(t) as u64));
    for_each_seven_value(t, |v| {
        y = y.wrapping_mul(0x100_0000_01b3).wrapping_add(v as u64);
        n += 1;
    });
    assert_eq!((x, n), (y, 133_784_560));
}

/// Call `f` with every row of `n` distinct card indices, in lexicographic order.
fn for_each_row(n: usize, f: &mut impl FnMut(&[u8])) {
    fn rec(row: &mut Vec<u8>, n: usize, from: u8, f: &mut impl FnMut(&[u8])) {
        if row.len() == n {
            f(row);
            return;
        }
        for c in from..52 {
            row.push(c);
            rec(row, n, c + 1, f);
            row.pop();
        }
    }
    rec(&mut Vec::with_capacity(n), n, 0, f);
}

#[test]
fn value_of_indices_agrees_with_the_hand_path_on_every_hand() {
    // Every 5-, 6- and 7-card hand as a row of indices, forwards and backwards (so the
    // two-card keys pair different cards), against the value of its mask through `Hand`
    // (card at a time, the flush found from the mask); the seven-card sequence also
    // against `for_each_seven`, whose category counts are checked exactly above.
    let t = tables();
    for n in [5usize, 6] {
        for_each_row(n, &mut |row| {
            let want = Hand::from_mask(t, row.iter().fold(0, |m, &c| m | 1 << c)).value(t);
            let back: Vec<u8> = row.iter().rev().copied().collect();
            assert_eq!((t.value_of_indices(row), t.value_of_indices(&back)), (want, want), "{row:?}");
        });
    }
    let (mut x, mut y, mut n) = (0u64, 0u64, 0u64);
    for_each_seven(t, |hand| x = x.wrapping_mul(0x100_0000_01b3).wrapping_add(hand.value(t) as u64));
    let mut back = [0u8; 7];
    for_each_row(7, &mut |row| {
        let v = t.value_of_indices(row);
        for (b, &c) in back.iter_mut().zip(row.iter().rev()) {
            *b = c;
        }
        assert_eq!(t.value_of_indices(&back), v, "{row:?}");
        y = y.wrapping_mul(0x100_0000_01b3).wrapping_add(v as u64);
        n += 1;
    });
    assert_eq!((x, n), (y, 133_784_560));
}

#[test]
fn pair_keys_are_two_card_keys_and_any_bytes_stay_inside_the_tables() {
    let t = tables();
    for w in 0..1usize << 16 {
        assert_eq!(t.pair_key[w], t.byte_key[w & 255] + t.byte_key[w >> 8], "entry {w:#06x}");
    }
    // Rows of any bytes, repeated cards and bytes above 51 included, give some value
    // without a panic or an out-of-bounds read (every index is masked or a byte).
    let mut rng = Rng::new(9);
    for n in 5..=7 {
        for _ in 0..100_000 {
            let row: Vec<u8> = (0..n).map(|_| rng.below(256) as u8).collect();
            let _ = t.value_of_indices(&row);
        }
        for b in [0u8, 12, 38, 51, 52, 64, 200, 255] {
            let _ = t.value_of_indices(&vec![b; n]);
        }
    }
}

#[test]
fn random_seven_card_hands_match_brute_force_and_generic() {
    let mut rng = Rng::new(1);
    let deck: Vec<u8> = (0..52).collect();
    for n in [5usize, 6, 7] {
        for _ in 0..20_000 {
            let f = random_cards(&mut rng, n, &deck);
            let cs = face_cards(&f);
            let v = high(&cs.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" "));
            let r = rf::best(&pairs_of(&cs), false);
            assert_eq!(decoded(v.value, false), r, "{cs:?}");
            let mask = f.iter().fold(0u64, |m, &x| m | 1 << x);
            assert_eq!(best_high(&Counts::from_mask(mask), &Rules::HIGH), v.value);
            assert_eq!(tables().value_of_indices(&f), v.value, "{cs:?}");
        }
    }
}

#[test]
fn random_pairs_order_like_the_reference() {
    let mut rng = Rng::new(2);
    let deck: Vec<u8> = (0..52).collect();
    for _ in 0..50_000 {
        let f = random_cards(&mut rng, 11, &deck);
        let (a, b) = (face_cards(&f[..7]), face_cards(&f[4..]));
        let (va, vb) =
            (evaluate(&a, &Wild::None, Joker::Wild).unwrap(), evaluate(&b, &Wild::None, Joker::Wild).unwrap());
        let (ra, rb) = (rf::best(&pairs_of(&a), false), rf::best(&pairs_of(&b), false));
        assert_eq!(va.value.cmp(&vb.value), rf::cmp(&ra, &rb, false), "{a:?} vs {b:?}");
    }
}

#[test]
fn ten_card_hands_use_the_generic_evaluator() {
    let mut rng = Rng::new(3);
    let deck: Vec<u8> = (0..52).collect();
    for _ in 0..2_000 {
        let cs = face_cards(&random_cards(&mut rng, 10, &deck));
        let v = evaluate(&cs, &Wild::None, Joker::Wild).unwrap();
        assert_eq!(decoded(v.value, false), rf::best(&pairs_of(&cs), false));
    }
}

/// Best hand with every wild replaced by every one of the 52 faces (duplicates allowed).
/// Whether a five-card choice (with the first wild's substitute) may be played.
type Allow<'a> = &'a dyn Fn(&[(u8, u8)], Option<(u8, u8)>, &Ranked) -> bool;

/// Call `f` with every way of replacing `wilds` wild cards by (rank, suit) faces, each
/// wild independently any of the 52 (duplicates allowed).
fn for_each_substitution(wilds: usize, mut f: impl FnMut(&[(u8, u8)])) {
    let mut subs = vec![0u8; wilds];
    loop {
        let extra: Vec<(u8, u8)> = subs.iter().map(|&x| (x % 13, x / 13)).collect();
        f(&extra);
        // Next substitution.
        let mut i = 0;
        while i < wilds {
            subs[i] += 1;
            if subs[i] < 52 {
                break;
            }
            subs[i] = 0;
            i += 1;
        }
        if i == wilds {
            return;
        }
    }
}

fn brute_wild(naturals: &[(u8, u8)], wilds: usize, allow: Allow<'_>) -> Ranked {
    let mut best: Option<Ranked> = None;
    for_each_substitution(wilds, |extra| {
        let all: Vec<(u8, u8)> = naturals.iter().chain(extra).copied().collect();
        for five in rf::fives(&all) {
            let r = rf::classify5(&five, true, false);
            let sub = extra.first().copied();
            if allow(&five, sub, &r) && best.as_ref().is_none_or(|b| rf::cmp(&r, b, false) == Ordering::Greater) {
                best = Some(r);
            }
        }
    });
    best.unwrap()
}

#[test]
fn wild_cards_match_brute_force_substitution() {
    let mut rng = Rng::new(4);
    let deck: Vec<u8> = (0..52).collect();
    let any = |_: &[(u8, u8)], _: Option<(u8, u8)>, _: &Ranked| true;
    for (wilds, n, reps) in
        [(1usize, 4usize, 600), (1, 5, 600), (1, 6, 300), (2, 3, 100), (2, 4, 100), (2, 5, 60), (3, 2, 20), (3, 4, 10)]
    {
        for _ in 0..reps {
            let nat = face_cards(&random_cards(&mut rng, n, &deck));
            let mut hand = nat.clone();
            for j in 0..wilds {
                hand.push(Card::joker(j as u8));
            }
            let v = evaluate(&hand, &Wild::None, Joker::Wild).unwrap();
            assert_eq!(decoded(v.value, false), brute_wild(&pairs_of(&nat), wilds, &any), "{hand:?}");
            assert_eq!(v.cards.len(), 5);
        }
    }
}

#[test]
fn many_wild_cards() {
    // Five or more wild cards always make five aces; four wild cards and a king: five kings.
    assert_eq!(
        evaluate(&cards("Jk Jk#1 Jk#2 Jk#3 Jk#4 2c"), &Wild::None, Joker::Wild).unwrap().describe(),
        "Five of a kind, aces"
    );
    assert_eq!(
        evaluate(&cards("Jk Jk#1 Jk#2 Jk#3 Kd 7c"), &Wild::None, Joker::Wild).unwrap().describe(),
        "Five of a kind, kings"
    );
    // Deuces wild: 2c 2d 2h with 7s 8s is a straight flush (nine high? jack high!).
    let v = evaluate(&cards("2c 2d 2h 7s 8s"), &Wild::Rank(0), Joker::Wild).unwrap();
    assert_eq!(v.describe(), "Straight flush, jack high");
    // Wild rank and named wild cards agree.
    let named = evaluate(&cards("2c 2d 2h 7s 8s"), &Wild::Cards(vec![0, 13, 26, 39]), Joker::Wild).unwrap();
    assert_eq!(named.value, v.value);
    // A named wild card that is not in the hand changes nothing.
    assert_eq!(
        evaluate(&cards("As Ks Qs Js 9d"), &Wild::Cards(vec![0]), Joker::Wild).unwrap().category(),
        Category::HighCard
    );
}

#[test]
fn wild_in_a_flush_takes_the_highest_missing_rank() {
    let v = evaluate(&cards("As Ks Qs 9s Jk 2d 3c"), &Wild::None, Joker::Wild).unwrap();
    assert_eq!(v.describe(), "Flush, ace-king-queen-jack-nine");
    let v = evaluate(&cards("As Ad Ah Jk 9c"), &Wild::None, Joker::Wild).unwrap();
    assert_eq!(v.describe(), "Four of a kind, aces, nine kicker");
}

#[test]
fn pai_gow_bug_matches_brute_force() {
    let mut rng = Rng::new(5);
    let deck: Vec<u8> = (0..52).collect();
    // The joker is an ace (any suit), or completes a straight, flush or straight flush.
    let bug = |five: &[(u8, u8)], sub: Option<(u8, u8)>, r: &Ranked| {
        let s = sub.unwrap();
        s.0 == 12 || !five.contains(&s) || (r.0 == 4 || r.0 == 5 || r.0 == 8)
    };
    for n in [4usize, 5, 6] {
        for _ in 0..800 {
            let nat = face_cards(&random_cards(&mut rng, n, &deck));
            let mut hand = nat.clone();
            hand.push(Card::joker(0));
            let v = evaluate(&hand, &Wild::None, Joker::Bug).unwrap();
            assert_eq!(decoded(v.value, false), brute_wild(&pairs_of(&nat), 1, &bug), "{hand:?}");
        }
    }
    // Scripted: as an ace the bug is a kicker, where a fully wild joker makes trips.
    assert_eq!(
        evaluate(&cards("Kc Kd 7h 4s 2c Jk 9d"), &Wild::None, Joker::Bug).unwrap().describe(),
        "Pair of kings, ace-nine-seven kickers"
    );
    assert_eq!(
        evaluate(&cards("Kc Kd 7h 4s 2c Jk 9d"), &Wild::None, Joker::Wild).unwrap().describe(),
        "Three of a kind, kings, nine-seven kickers"
    );
    assert_eq!(
        evaluate(&cards("9h 8h 7c 6d 2c Jk Kd"), &Wild::None, Joker::Bug).unwrap().describe(),
        "Straight, ten high"
    );
    assert_eq!(
        evaluate(&cards("9h 8h 7c 6d 2c Jk Kd"), &Wild::None, Joker::Ace).unwrap().describe(),
        "Ace high, king-nine-eight-seven"
    );
    assert_eq!(evaluate(&cards("Ah Ad Ac As Jk"), &Wild::None, Joker::Bug).unwrap().describe(), "Five of a kind, aces");
}

#[test]
fn short_deck_matches_brute_force() {
    let mut rng = Rng::new(6);
    let deck: Vec<u8> = (0..52).filter(|f| f % 13 >= 4).collect();
    for n in [5usize, 7] {
        for _ in 0..20_000 {
            let cs = face_cards(&random_cards(&mut rng, n, &deck));
            let v = evaluate_short_deck(&cs).unwrap();
            assert_eq!(decoded(v.value, true), rf::best(&pairs_of(&cs), true), "{cs:?}");
        }
    }
    assert_eq!(evaluate_short_deck(&cards("As 6d 7c 8h 9s")).unwrap().describe(), "Straight, nine high");
    let flush = evaluate_short_deck(&cards("As Ks 7s 8s 9s")).unwrap();
    let boat = evaluate_short_deck(&cards("Ac Ad Ah Kc Kd")).unwrap();
    assert!(flush.value > boat.value);
    let straight = evaluate_short_deck(&cards("Ts 9d 8c 7h 6s")).unwrap();
    let trips = evaluate_short_deck(&cards("Ac Ad Ah Kc Qd")).unwrap();
    assert!(straight.value > trips.value);
    assert!(evaluate_short_deck(&cards("As 5d 7c 8h 9s")).is_err());
}

#[test]
fn omaha_matches_brute_force() {
    let mut rng = Rng::new(7);
    let deck: Vec<u8> = (0..52).collect();
    for h in [4usize, 5, 6] {
        for _ in 0..3_000 {
            let f = random_cards(&mut rng, h + 5, &deck);
            let (hole, board) = (face_cards(&f[..h]), face_cards(&f[h..]));
            let v = evaluate_omaha(&hole, &board).unwrap();
            let mut best: Option<Ranked> = None;
            let (hp, bp) = (pairs_of(&hole), pairs_of(&board));
            for i in 0..h {
                for j in i + 1..h {
                    for a in 0..5 {
                        for b in a + 1..5 {
                            for c in b + 1..5 {
                                let five = [hp[i], hp[j], bp[a], bp[b], bp[c]];
                                let r = rf::classify5(&five, true, false);
                                if best.as_ref().is_none_or(|x| rf::cmp(&r, x, false) == Ordering::Greater) {
                                    best = Some(r);
                                }
                            }
                        }
                    }
                }
            }
            assert_eq!(decoded(v.value, false), best.unwrap());
        }
    }
}

#[test]
fn ace_to_five_and_deuce_to_seven_match_references() {
    let mut rng = Rng::new(8);
    let deck: Vec<u8> = (0..52).collect();
    for _ in 0..20_000 {
        let f = random_cards(&mut rng, 14, &deck);
        let (a, b) = (face_cards(&f[..7]), face_cards(&f[7..]));
        // Ace-to-five: smallest key among five-card subsets; larger value is better.
        let key = |cs: &[Card]| rf::fives(&pairs_of(cs)).iter().map(|x| rf::a5_key(x)).min().unwrap();
        let (va, vb) = (ace_to_five(&a).unwrap(), ace_to_five(&b).unwrap());
        assert_eq!(va.value.cmp(&vb.value), key(&b).cmp(&key(&a)), "{a:?} {b:?}");
        // Eight or better: five different ranks of eight or lower (ace low).
        let low_ranks = |cs: &[Card]| {
            let mut r: Vec<u8> = cs.iter().map(|c| c.rank().unwrap()).filter(|&r| r == 12 || r <= 6).collect();
            r.sort();
            r.dedup();
            r.len() >= 5
        };
        assert_eq!(eight_or_better(&a).unwrap().is_some(), low_ranks(&a), "{a:?}");
        // Deuce-to-seven on five cards: the lower high hand (no wheel) wins.
        let (a5c, b5c) = (&a[..5], &b[..5]);
        let (da, db) = (deuce_to_seven(a5c).unwrap(), deuce_to_seven(b5c).unwrap());
        let (ra, rb) = (rf::classify5(&pairs_of(a5c), false, false), rf::classify5(&pairs_of(b5c), false, false));
        assert_eq!(da.value.cmp(&db.value), rf::cmp(&rb, &ra, false), "{a5c:?} {b5c:?}");
    }
}

#[test]
fn scripted_lows() {
    let wheel = ace_to_five(&cards("As 2d 3c 4h 5s Kd Kc")).unwrap();
    assert_eq!(wheel.describe(), "Five-four low: 5-4-3-2-A");
    let six = ace_to_five(&cards("6s 4d 3c 2h As")).unwrap();
    assert!(wheel.value > six.value);
    // Straights and flushes do not count: 5-4-3-2-A of one suit is still the wheel.
    assert_eq!(ace_to_five(&cards("As 2s 3s 4s 5s")).unwrap().value, wheel.value);
    // Any unpaired hand beats a pair.
    assert!(
        ace_to_five(&cards("Ks Qd Jc 9h 8s")).unwrap().value > ace_to_five(&cards("As Ad 2c 3h 4s")).unwrap().value
    );
    assert!(eight_or_better(&cards("9s 7d 6c 4h 2s Kd Qc")).unwrap().is_none());
    assert!(eight_or_better(&cards("8s 7d 6c 4h 2s Kd Qc")).unwrap().is_some());
    // Deuce-to-seven: 7-5-4-3-2 is best; A-2-3-4-5 is only ace high; a flush is bad.
    let best27 = deuce_to_seven(&cards("7s 5d 4c 3h 2s")).unwrap();
    assert_eq!(best27.describe(), "Seven-five low: 7-5-4-3-2");
    let a5 = deuce_to_seven(&cards("As 2d 3c 4h 5s")).unwrap();
    assert_eq!(a5.category(), Category::HighCard);
    assert!(best27.value > a5.value);
    assert!(
        deuce_to_seven(&cards("8s 6d 4c 3h 2s")).unwrap().value
            > deuce_to_seven(&cards("7s 5s 4s 3s 2s")).unwrap().value
    );
    assert!(
        deuce_to_seven(&cards("8s 6d 4c 3h 2s")).unwrap().value
            > deuce_to_seven(&cards("7s 6d 5c 4h 3s")).unwrap().value
    );
}

#[test]
fn scripted_badugi_and_pai_gow_low() {
    let b4 = badugi(&cards("4c 3d 2h As")).unwrap();
    assert_eq!(b4.category(), Category::FourCard);
    assert_eq!(b4.describe(), "Badugi: 4-3-2-A");
    let k4 = badugi(&cards("Kc Qd Jh Ts")).unwrap();
    let three = badugi(&cards("Ac 2d 3h 4h")).unwrap();
    assert_eq!(three.category(), Category::ThreeCard);
    assert!(k4.value > three.value && b4.value > k4.value);
    // Lower highest card wins among equal sizes; then the next card.
    assert!(badugi(&cards("8c 5d 3h As")).unwrap().value > badugi(&cards("8c 6d 2h As")).unwrap().value);
    // A pair counts once: A-A-2-3 with suits c d h s... same rank is one card.
    assert_eq!(badugi(&cards("Ac Ad 2h 3s")).unwrap().category(), Category::ThreeCard);
    assert_eq!(badugi(&cards("Ac 2c 3c 4c")).unwrap().describe(), "One-card hand: A");
    // Random: a badugi hand never beats one with more cards.
    let pg = |s: &str| pai_gow_low(&cards(s)).unwrap();
    assert!(pg("2c 2d").value > pg("As Kd").value);
    assert!(pg("As Qd").value > pg("Ks Qd").value);
    assert!(pg("As Qd").value > pg("Ac Jd").value);
    assert_eq!(pg("Jk Ad").describe(), "Pair of aces");
    assert_eq!(pg("Jk Kd").describe(), "Ace-king");
}

#[test]
fn badugi_matches_reference() {
    let mut rng = Rng::new(9);
    let deck: Vec<u8> = (0..52).collect();
    // Reference: every valid subset; key (more cards, then the lowest descending ranks).
    let key = |cs: &[Card]| {
        let p = pairs_of(cs);
        let mut best: (usize, Vec<i8>) = (0, vec![]);
        for m in 1u32..16 {
            let sub: Vec<(u8, u8)> = (0..4).filter(|i| m >> i & 1 == 1).map(|i| p[i]).collect();
            let ok = (0..sub.len()).all(|i| (0..i).all(|j| sub[i].0 != sub[j].0 && sub[i].1 != sub[j].1));
            if ok {
                let mut r: Vec<i8> = sub.iter().map(|c| -(((c.0 + 1) % 13) as i8)).collect();
                r.sort();
                let k = (sub.len(), r);
                if k > best {
                    best = k;
                }
            }
        }
        best
    };
    for _ in 0..20_000 {
        let f = random_cards(&mut rng, 8, &deck);
        let (a, b) = (face_cards(&f[..4]), face_cards(&f[4..]));
        assert_eq!(badugi(&a).unwrap().value.cmp(&badugi(&b).unwrap().value), key(&a).cmp(&key(&b)), "{a:?} {b:?}");
    }
}

#[test]
fn scripted_high_rules() {
    // Kickers decide pairs; the wheel is the lowest straight; no wrap-around.
    assert!(high("As Ad Kc 7h 3s").value > high("Ah Ac Qc Jh 9s").value);
    assert_eq!(high("As 2d 3c 4h 5s").describe(), "Straight, five high");
    assert!(high("2s 3d 4c 5h 6s").value > high("As 2d 3c 4h 5s").value);
    assert_eq!(high("Qs Kd Ac 2h 3s").category(), Category::HighCard);
    // Playing the board: both players' best five is the board; they split.
    assert_eq!(high("As Ks Qs Js Ts 2c 3d").value, high("As Ks Qs Js Ts 4h 5h").value);
    assert_eq!(high("As Ks Qs Js Ts 2c 3d").describe(), "Royal flush");
    // No three pair: the best two pair plays with the best kicker.
    assert_eq!(high("Ks Kd 9c 9h 4s 4d 2c").describe(), "Two pair, kings and nines, four kicker");
    assert_eq!(high("Ks Kd 9c 9h 4s 4d Qc").describe(), "Two pair, kings and nines, queen kicker");
    // Suits never break ties.
    assert_eq!(high("Ah Kh Qh Jh 9h").value, high("As Ks Qs Js 9s").value);
    // Full house: the three first; quads: the four, then kicker; two trips make a full house.
    assert!(high("3s 3d 3c Ah Ad").value > high("2s 2d 2c Kh Kd").value);
    assert_eq!(high("Ks Kd Kc 4h 4d 4c 2s").describe(), "Full house, kings over fours");
    assert!(high("5s 5d 5c 5h Ad").value > high("5s 5d 5c 5h Kd").value);
    assert_eq!(high("Ah Ac Kd Ks 9s 9h 2c").describe(), "Two pair, aces and kings, nine kicker");
    assert_eq!(high("Ah Ac Kd 9s 9h 2c 3c").describe(), "Two pair, aces and nines, king kicker");
    // Straight and straight flush by the top card only; flush card by card.
    assert_eq!(high("9s 8d 7c 6h 5s").value, high("9h 8h 7c 6c 5d").value);
    assert!(high("Ah Qh 9h 7h 3h").value > high("Ah Qh 9h 7h 2h").value);
    // Five-card hands: every category.
    let order = [
        "As Kd 9c 7h 4s",
        "As Ad 9c 7h 4s",
        "As Ad 9c 9h 4s",
        "As Ad Ac 7h 4s",
        "6s 5d 4c 3h 2s",
        "As Qs 9s 7s 4s",
        "As Ad Ac 4h 4s",
        "As Ad Ac Ah 4s",
        "9s 8s 7s 6s 5s",
    ];
    for w in order.windows(2) {
        assert!(high(w[1]).value > high(w[0]).value, "{} > {}", w[1], w[0]);
    }
    assert_eq!(high("As Kd 9c 7h 4s").describe(), "Ace high, king-nine-seven-four");
    assert_eq!(high("As Ad 9c 7h 4s").describe(), "Pair of aces, nine-seven-four kickers");
    assert_eq!(high("Qs Qd Qc 7h 4s").describe(), "Three of a kind, queens, seven-four kickers");
}

#[test]
fn cards_used_are_the_five_that_play() {
    let v = high("Ks Kd Kc 4h 4d 9c 2s");
    assert_eq!(v.cards.iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["Ks", "Kd", "Kc", "4h", "4d"]);
    let w = high("As 2d 3c 4h 5s 9d Kc");
    assert_eq!(w.cards.iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["5s", "4h", "3c", "2d", "As"]);
    let f = high("As Ks 7s 5s 2s 2d 2h");
    assert!(f.cards.iter().all(|c| c.suit() == Some(3)));
}

#[test]
fn omaha_scripted() {
    // Two from the hand: four hearts in the hand, one on the board, is no flush.
    let v = evaluate_omaha(&cards("Ah Kh Qh Jh"), &cards("Th 2c 3d 8s 4s")).unwrap();
    assert_eq!(v.describe(), "Ace high, king-ten-eight-four");
    // Three from the board: four to a straight on the board needs two hole cards.
    let v = evaluate_omaha(&cards("Ac Kd 2s 2h"), &cards("Qs Jd Tc 9h 8c")).unwrap();
    assert_eq!(v.describe(), "Straight, ace high");
    let v = evaluate_omaha(&cards("Ac 7d 2s 2h"), &cards("Qs Jd Tc 9h 8c")).unwrap();
    assert_eq!(v.describe(), "Pair of deuces, queen-jack-ten kickers");
    let low = evaluate_omaha_low(&cards("As 2d Kc Kh"), &cards("3s 4d 8c Qh Jc")).unwrap().unwrap();
    assert_eq!(low.describe(), "Eight-four low: 8-4-3-2-A");
    assert!(evaluate_omaha_low(&cards("As 2d Kc Kh"), &cards("3s 9d Tc Qh Jc")).unwrap().is_none());
    assert!(evaluate_omaha(&cards("As 2d Kc"), &cards("3s 9d Tc")).is_ok());
    assert!(evaluate_omaha(&cards("As 2d Kc Kh 3c 4c 5c"), &cards("3s 9d Tc")).is_err());
}

#[test]
fn bad_input() {
    assert!(evaluate(&cards("As Kd Qh Jc"), &Wild::None, Joker::Wild).is_err());
    assert!(matches!(
        evaluate(&cards("As As Qh Jc 2c"), &Wild::None, Joker::Wild),
        Err(crate::error::CoreError::DuplicateCard { .. })
    ));
    // Two packs: the same face twice is fine as different copies.
    let v = evaluate(&cards("As As#1 Ad Kc Kd"), &Wild::None, Joker::Wild).unwrap();
    assert_eq!(v.describe(), "Full house, aces over kings");
    assert!(badugi(&cards("As 2d 3c")).is_err());
    // Jokers are wild in lows too (here the four).
    assert_eq!(ace_to_five(&cards("As 2d 3c Jk 5s")).unwrap().describe(), "Five-four low: 5-4-3-2-A");
}

#[test]
fn equity_heads_up_preflop_exact() {
    let m = |s: &str| CardSet::parse(s).unwrap().0;
    let req = request(Game::Holdem, vec![m("Ah Kh"), m("Qs Qd")], 0);
    let r = equity(&req).unwrap();
    assert!(r.exact);
    assert_eq!(r.boards, 1_712_304);
    assert!((r.equity[0] - 0.46214).abs() < 5e-6, "{:?}", r.equity);
    assert!((r.equity[1] - 0.53786).abs() < 5e-6, "{:?}", r.equity);
    // Win and tie counts as an independent implementation (poker-equity 0.1.1) reports them.
    assert_eq!((r.win[0] * 1_712_304.0).round() as u64, 787_966);
    assert_eq!((r.win[1] * 1_712_304.0).round() as u64, 917_606);
    assert_eq!((r.tie[0] * 1_712_304.0).round() as u64, 6_732);
    // Threads change nothing.
    let r2 = equity(&EquityRequest { threads: 2, ..req.clone() }).unwrap();
    assert_eq!(r, r2);
    // Monte Carlo: deterministic per seed and within a few standard errors.
    let mc = EquityRequest { exact: Some(false), samples: 100_000, seed: 42, ..req.clone() };
    let a = equity(&mc).unwrap();
    let b = equity(&EquityRequest { threads: 2, ..mc.clone() }).unwrap();
    assert_eq!(a, b);
    assert!(!a.exact && a.boards == 100_000);
    assert!((a.equity[0] - 0.46214).abs() < 5.0 * a.std_error[0], "{a:?}");
    assert!(a.std_error[0] > 0.0005 && a.std_error[0] < 0.003);
}

#[test]
fn equity_against_brute_force_on_the_turn() {
    // Brute force over the 44 rivers with the reference evaluator.
    let m = |s: &str| CardSet::parse(s).unwrap().0;
    let (h1, h2, h3, board) = ("Ah Kh", "Qs Qd", "7c 6c", "Jh Th 5c 8d");
    let r = equity(&request(Game::Holdem, vec![m(h1), m(h2), m(h3)], m(board))).unwrap();
    let used = m(h1) | m(h2) | m(h3) | m(board);
    let mut share = [0.0f64; 3];
    let mut n = 0;
    for c in (0..52).filter(|c| used >> c & 1 == 0) {
        let river = Card::from_face(c, 0).unwrap();
        let rs: Vec<Ranked> = [h1, h2, h3]
            .iter()
            .map(|h| {
                let mut cs = cards(&format!("{h} {board}"));
                cs.push(river);
                rf::best(&pairs_of(&cs), false)
            })
            .collect();
        let best = rs.iter().max_by(|a, b| rf::cmp(a, b, false)).unwrap().clone();
        let winners: Vec<usize> = (0..3).filter(|&i| rf::cmp(&rs[i], &best, false) == Ordering::Equal).collect();
        for &w in &winners {
            share[w] += 1.0 / winners.len() as f64;
        }
        n += 1;
    }
    assert_eq!(r.boards, n);
    for (e, s) in r.equity.iter().zip(share) {
        assert!((e - s / n as f64).abs() < 1e-12);
    }
}

#[test]
fn equity_omaha_and_short_deck_run() {
    let m = |s: &str| CardSet::parse(s).unwrap().0;
    let r = equity(&request(Game::Omaha, vec![m("Ah Kh Qd Jd"), m("7c 7s 2d 3h")], m("Ad 7h 2c"))).unwrap();
    assert!(r.exact && r.boards == 820);
    assert!((r.equity.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    let s = equity(&EquityRequest { threads: 0, ..request(Game::ShortDeck, vec![m("Ah Kh"), m("Qs Qd")], 0) }).unwrap();
    assert!(s.exact && s.boards == 201_376);
    assert!(equity(&request(Game::ShortDeck, vec![m("2h Kh"), m("Qs Qd")], 0)).is_err());
}

#[test]
fn table_sizes_are_reported() {
    let t0 = std::time::Instant::now();
    let t = super::tables::tables();
    eprintln!(
        "tables: {} bytes ({} values, {} lookup slots, {} spanned), built in {:?}",
        t.bytes(),
        t.values.len(),
        t.slots(),
        t.slots_spanned(),
        t0.elapsed()
    );
    assert!(t.bytes() < 2 << 20);
}

/// The best five (ace-to-five, or deuce-to-seven with `d7`) with every wild replaced by
/// every one of the 52 faces (duplicates allowed), by the reference keys.
fn brute_low(naturals: &[(u8, u8)], wilds: usize, d7: bool) -> Vec<(u8, u8)> {
    let mut best: Option<Vec<(u8, u8)>> = None;
    let better = |a: &[(u8, u8)], b: &[(u8, u8)]| {
        if d7 {
            rf::cmp(&rf::classify5(a, false, false), &rf::classify5(b, false, false), false) == Ordering::Less
        } else {
            rf::a5_key(a) < rf::a5_key(b)
        }
    };
    for_each_substitution(wilds, |extra| {
        let all: Vec<(u8, u8)> = naturals.iter().chain(extra).copied().collect();
        for five in rf::fives(&all) {
            if best.as_ref().is_none_or(|b| better(&five, b)) {
                best = Some(five);
            }
        }
    });
    best.unwrap()
}

/// Natural cards for (rank, suit) pairs, repeated faces as further pack copies.
fn natural_cards(five: &[(u8, u8)]) -> Vec<Card> {
    let mut out: Vec<Card> = Vec::new();
    for &(r, s) in five {
        let face = s * 13 + r;
        let copy = out.iter().filter(|c| c.face() == face).count() as u8;
        out.push(Card::from_face(face, copy).unwrap());
    }
    out
}

#[test]
fn wild_lows_match_brute_force_substitution() {
    let mut rng = Rng::new(12);
    let deck: Vec<u8> = (0..52).collect();
    for (wilds, n, reps) in [(1usize, 4usize, 200), (1, 5, 200), (1, 6, 100), (2, 3, 40), (2, 5, 20), (3, 2, 4)] {
        for _ in 0..reps {
            let nat = face_cards(&random_cards(&mut rng, n, &deck));
            let mut hand = nat.clone();
            for j in 0..wilds {
                hand.push(Card::joker(j as u8));
            }
            for d7 in [false, true] {
                let best = natural_cards(&brute_low(&pairs_of(&nat), wilds, d7));
                let (ours, reference) = if d7 {
                    (deuce_to_seven(&hand).unwrap(), deuce_to_seven(&best).unwrap())
                } else {
                    (ace_to_five(&hand).unwrap(), ace_to_five(&best).unwrap())
                };
                assert_eq!(
                    ours.value,
                    reference.value,
                    "{hand:?} d7={d7}: {} vs {}",
                    ours.describe(),
                    reference.describe()
                );
                assert_eq!(ours.describe(), reference.describe());
                assert_eq!(ours.cards.len(), 5);
            }
        }
    }
}

#[test]
fn scripted_wild_lows() {
    // A wild rank: deuces wild. The two deuces become the deuce and the three.
    let v = ace_to_five_wild(&cards("As 2c 2d 4h 5s Kc"), &Wild::Rank(0)).unwrap();
    assert_eq!(v.describe(), "Five-four low: 5-4-3-2-A");
    assert_eq!(v.cards.len(), 5);
    // Without the wild rank the deuces are a pair: the king plays.
    assert_eq!(ace_to_five(&cards("As 2c 2d 4h 5s Kc")).unwrap().describe(), "King-five low: K-5-4-2-A");
    // Deuce-to-seven: 3-4-5-6 and a joker is 8-6-5-4-3 (a deuce or seven makes a straight).
    let d = deuce_to_seven(&cards("3c 4d 5h 6s Jk")).unwrap();
    assert_eq!(d.describe(), "Eight-six low: 8-6-5-4-3");
    // Four of one suit and a wild: the wild takes another suit, no flush.
    let f =
        deuce_to_seven_wild(&cards("2h 4h 5h 7h 9c"), &Wild::Cards(vec![Card::parse("9c").unwrap().face()])).unwrap();
    assert_eq!(f.describe(), "Seven-five low: 7-5-4-3-2");
    // Eight or better with a wild: A-3-5-K-Q and a joker is still no low (needs five ranks
    // of eight or lower: the joker gives one more, four in all).
    assert!(eight_or_better(&cards("As 3d 5c Kh Qs Jk")).unwrap().is_none());
    assert!(eight_or_better_wild(&cards("As 3d 5c Kh 7s Jk"), &Wild::None).unwrap().is_some());
}

fn split_shares(highs: &[u32], lows: &[Option<u32>]) -> Vec<f64> {
    let n = highs.len();
    let best_h = *highs.iter().max().unwrap();
    let hw: Vec<usize> = (0..n).filter(|&i| highs[i] == best_h).collect();
    let best_l = lows.iter().flatten().max().copied();
    let mut share = vec![0.0; n];
    match best_l {
        None => hw.iter().for_each(|&i| share[i] += 1.0 / hw.len() as f64),
        Some(l) => {
            let lw: Vec<usize> = (0..n).filter(|&i| lows[i] == Some(l)).collect();
            hw.iter().for_each(|&i| share[i] += 0.5 / hw.len() as f64);
            lw.iter().for_each(|&i| share[i] += 0.5 / lw.len() as f64);
        }
    }
    share
}

#[test]
fn hi_lo_equity_matches_brute_force() {
    let m = |s: &str| CardSet::parse(s).unwrap().0;
    // (game, hands, board): Omaha on the turn and on the flop, hold'em on the flop.
    let cases: [(Game, &[&str], &str); 4] = [
        (Game::OmahaHiLo, &["Ah 2h Kd Qc", "As 3s 4d 9c", "7c 8c Td Th"], "5d 6h Js 2c"),
        (Game::OmahaHiLo, &["Ah 2h Kd Qc", "Ac 3d 5s 5h"], "4c 8d Ks"),
        (Game::HoldemHiLo, &["Ah 2h", "3c 4c", "Kd Ks"], "5s 7d 9h"),
        (Game::HoldemHiLo, &["Ah 2h", "Ad 2d"], "5s 7d Kh 8c"),
    ];
    for (game, hands, board) in cases {
        let req = EquityRequest {
            game,
            hands: hands.iter().map(|h| m(h)).collect(),
            board: m(board),
            dead: 0,
            samples: 0,
            seed: 0,
            exact: None,
            threads: 1,
        };
        let r = equity(&req).unwrap();
        assert!(r.exact);
        let used = req.hands.iter().fold(req.board, |a, &h| a | h);
        let rest: Vec<u8> = (0..52).filter(|c| used >> c & 1 == 0).collect();
        let missing = 5 - board.split_whitespace().count();
        let mut total = vec![0.0; hands.len()];
        let mut scoops = vec![0u64; hands.len()];
        let mut boards = 0u64;
        super::lows::for_each_subset(rest.len(), missing, &mut |idx| {
            let mut b = cards(board);
            b.extend(idx.iter().map(|&i| Card::from_face(rest[i], 0).unwrap()));
            let (highs, lows): (Vec<u32>, Vec<Option<u32>>) = hands
                .iter()
                .map(|h| {
                    let hole = cards(h);
                    if game == Game::OmahaHiLo {
                        (
                            evaluate_omaha(&hole, &b).unwrap().value,
                            evaluate_omaha_low(&hole, &b).unwrap().map(|v| v.value),
                        )
                    } else {
                        let all: Vec<Card> = hole.iter().chain(&b).copied().collect();
                        (
                            evaluate(&all, &Wild::None, Joker::Wild).unwrap().value,
                            eight_or_better(&all).unwrap().map(|v| v.value),
                        )
                    }
                })
                .unzip();
            let share = split_shares(&highs, &lows);
            for (i, s) in share.iter().enumerate() {
                total[i] += s;
                scoops[i] += (*s == 1.0) as u64;
            }
            boards += 1;
        });
        assert_eq!(r.boards, boards, "{hands:?}");
        for i in 0..hands.len() {
            assert!((r.equity[i] - total[i] / boards as f64).abs() < 1e-12, "{hands:?} {:?} {:?}", r.equity, total);
            assert_eq!((r.win[i] * boards as f64).round() as u64, scoops[i]);
        }
        // Threads change nothing.
        assert_eq!(equity(&EquityRequest { threads: 2, ..req.clone() }).unwrap(), r);
    }
}

#[test]
fn hi_lo_scripted_scoop_and_split() {
    let m = |s: &str| CardSet::parse(s).unwrap().0;
    let run = |hands: &[&str], board: &str| {
        equity(&request(Game::OmahaHiLo, hands.iter().map(|h| m(h)).collect(), m(board))).unwrap()
    };
    let hands = ["Ah 4h Kd 5c", "Qc Qd 9h Tc", "As 4s 7d 7c"];
    // Trip queens win the high half; A-4 (with 2-3-8) makes 8-4-3-2-A twice: the low half
    // is split, a quarter each.
    let r = run(&hands, "2c 3d 8s Js Qh");
    assert_eq!(r.boards, 1);
    assert_eq!(r.equity, vec![0.25, 0.5, 0.25]);
    assert_eq!(r.win, vec![0.0, 0.0, 0.0]);
    assert_eq!(r.tie, vec![1.0, 1.0, 1.0]);
    // Only one low card on the board: no low, the broadway straight (Ah Kd) scoops.
    let r = run(&hands, "9c Td 8s Js Qh");
    assert_eq!(r.equity, vec![1.0, 0.0, 0.0]);
    assert_eq!(r.win, vec![1.0, 0.0, 0.0]);
    // Four hole cards below nine do not make a low on their own: exactly two play.
    let r = run(&["Ac 2c 3h 4h", "Kc Kh Qs Qd"], "Ks 9d 6c Jh 5d");
    assert_eq!(r.equity, vec![0.0, 1.0]);
    // Hold'em hi-lo: the board plays for low for both players: the low half splits.
    let r = equity(&request(Game::HoldemHiLo, vec![m("Ks Kd"), m("Qs Qd")], m("Ac 2d 3h 4s 5c"))).unwrap();
    // High: both play the wheel straight (a tie); low: both play the wheel (a tie).
    assert_eq!(r.equity, vec![0.5, 0.5]);
    assert!(Game::ShortDeck.hi_lo().is_err());
    assert_eq!(Game::parse("omaha-hi-lo").unwrap(), Game::OmahaHiLo);
}

#[test]
fn batch_validates_and_matches_single_evaluation() {
    use super::batch::{evaluate_indices, evaluate_masks};
    let mut rng = Rng::new(21);
    let deck: Vec<u8> = (0..52).collect();
    for w in 5..=7 {
        let rows: Vec<Vec<u8>> = (0..40_000).map(|_| random_cards(&mut rng, w, &deck)).collect();
        let flat: Vec<u8> = rows.iter().flatten().copied().collect();
        let masks: Vec<u64> = rows.iter().map(|r| r.iter().fold(0u64, |m, &c| m | 1 << c)).collect();
        let (mut a, mut b) = (vec![0u32; rows.len()], vec![0u32; rows.len()]);
        evaluate_indices(&flat, w, &mut a, 1).unwrap();
        evaluate_masks(&masks, &mut b, 2).unwrap();
        for (i, r) in rows.iter().enumerate() {
            let v = super::generic::high_of_mask(masks[i]);
            assert_eq!((a[i], b[i]), (v, v), "{r:?}");
        }
        // A bad row anywhere (also past the first chunk) is named.
        for (bad_row, bad) in [(0usize, 52u8), (17_000, 255), (39_999, 64)] {
            let mut f = flat.clone();
            f[bad_row * w + w / 2] = bad;
            let e = evaluate_indices(&f, w, &mut a, 1).unwrap_err().to_string();
            assert!(e.contains(&format!("row {bad_row}")) && e.contains("out of range"), "{e}");
            let mut f = flat.clone();
            f[bad_row * w + 1] = f[bad_row * w];
            let e = evaluate_indices(&f, w, &mut a, 2).unwrap_err().to_string();
            assert!(e.contains(&format!("row {bad_row}")) && e.contains("twice"), "{e}");
            let mut mk = masks.clone();
            mk[bad_row] |= 1 << 52;
            let e = evaluate_masks(&mk, &mut b, 1).unwrap_err().to_string();
            assert!(e.contains(&format!("row {bad_row}")), "{e}");
            let mut mk = masks.clone();
            mk[bad_row] &= mk[bad_row] - 1;
            mk[bad_row] &= mk[bad_row] - 1;
            mk[bad_row] &= mk[bad_row] - 1;
            let e = evaluate_masks(&mk, &mut b, 1).unwrap_err().to_string();
            assert!(e.contains(&format!("row {bad_row}")) && e.contains("cards"), "{e}");
        }
    }
}

/// Validity of a row of card indices, written plainly: every index 0..=51, none twice.
fn row_is_valid(row: &[u8]) -> bool {
    row.iter().all(|&c| c <= 51) && row.iter().collect::<HashSet<_>>().len() == row.len()
}

#[test]
fn batch_names_a_bad_index_or_repeated_card_at_every_position() {
    // Every row count up to 40 (whole sixteen-row groups of the AVX-512 path, and the
    // rows after the last group), a bad index and a repeated card at every position of
    // every row; each slice has exactly its rows' bytes, so the last group ends where the
    // allocation does.
    use super::batch::evaluate_indices;
    let deck: Vec<u8> = (0..52).collect();
    let mut rng = Rng::new(5);
    for w in 5..=7 {
        for n in 0..=40 {
            let rows: Vec<Vec<u8>> = (0..n).map(|_| random_cards(&mut rng, w, &deck)).collect();
            let flat: Box<[u8]> = rows.concat().into_boxed_slice();
            let mut out = vec![0u32; n];
            evaluate_indices(&flat, w, &mut out, 1).unwrap();
            for (row, &v) in rows.iter().zip(&out) {
                assert_eq!(v, super::generic::high_of_mask(row.iter().fold(0, |m, &c| m | 1 << c)), "{row:?}");
            }
            for r in 0..n {
                for p in 0..w {
                    for bad in [52u8, 63, 64, 200, 255] {
                        let mut f = flat.clone();
                        f[r * w + p] = bad;
                        let e = evaluate_indices(&f, w, &mut out, 1).unwrap_err().to_string();
                        assert!(e.contains(&format!("=row {r}:")) && e.contains(&format!("card index {bad} ")), "{e}");
                    }
                    for q in (0..w).filter(|&q| q != p) {
                        let mut f = flat.clone();
                        f[r * w + q] = f[r * w + p];
                        let card = Card::from_face(f[r * w + p], 0).unwrap().to_string();
                        let e = evaluate_indices(&f, w, &mut out, 1).unwrap_err().to_string();
                        assert!(
                            e.contains(&format!("=row {r}:")) && e.contains(&format!("({card}) appears twice")),
                            "{e}"
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn batch_accepts_exactly_the_valid_rows() {
    // Rows drawn from a few indices (so repeats are common) and from all bytes, against
    // the plain validity check: the batch fails exactly when some row is bad and names
    // the first one.
    use super::batch::evaluate_indices;
    let mut rng = Rng::new(77);
    for w in 5..=7 {
        for trial in 0..300 {
            let n = 1 + rng.below(100) as usize;
            let alphabet = if trial % 2 == 0 { 12 } else { 256 };
            let mut rows: Vec<Vec<u8>> =
                (0..n).map(|_| random_cards(&mut rng, w, &(0..52).collect::<Vec<u8>>())).collect();
            // Spoil a few rows.
            for _ in 0..rng.below(3) {
                let r = rng.below(n as u64) as usize;
                rows[r] = (0..w).map(|_| rng.below(alphabet) as u8).collect();
            }
            let flat = rows.concat();
            let mut out = vec![0u32; n];
            let got = evaluate_indices(&flat, w, &mut out, 1);
            match rows.iter().position(|r| !row_is_valid(r)) {
                None => assert!(got.is_ok(), "{rows:?}"),
                Some(first) => {
                    let e = got.unwrap_err().to_string();
                    assert!(e.contains(&format!("=row {first}:")), "{e} {:?}", rows[first]);
                }
            }
        }
    }
}

#[test]
fn batch_into_uninitialised_slots_writes_every_slot() {
    // The slots start as a value no hand has, so a slot left unwritten would show; sizes
    // around the sixteen-row groups and the 16,384-row chunks, one and two threads.
    use std::mem::MaybeUninit;

    use super::batch::{evaluate_indices_uninit, evaluate_masks_uninit};
    let deck: Vec<u8> = (0..52).collect();
    let mut rng = Rng::new(31);
    let sizes = [0usize, 1, 2, 7, 15, 16, 17, 31, 33, 1001, 16_383, 16_384, 16_385, 16_401, 33_000];
    for w in 5..=7 {
        let rows: Vec<Vec<u8>> = (0..33_000).map(|_| random_cards(&mut rng, w, &deck)).collect();
        let masks: Vec<u64> = rows.iter().map(|r| r.iter().fold(0u64, |m, &c| m | 1 << c)).collect();
        let expected: Vec<u32> = masks.iter().map(|&m| super::generic::high_of_mask(m)).collect();
        let flat = rows.concat();
        for n in sizes {
            for threads in [1, 2] {
                let mut slots = vec![MaybeUninit::new(u32::MAX); n];
                evaluate_indices_uninit(&flat[..n * w], w, &mut slots, threads).unwrap();
                // SAFETY: every slot was initialised (to u32::MAX) when the vector was made.
                let got: Vec<u32> = slots.iter().map(|s| unsafe { s.assume_init() }).collect();
                assert_eq!(got, expected[..n], "{w} cards, {n} rows, {threads} threads");
                let mut slots = vec![MaybeUninit::new(u32::MAX); n];
                evaluate_masks_uninit(&masks[..n], &mut slots, threads).unwrap();
                // SAFETY: as above.
                let got: Vec<u32> = slots.iter().map(|s| unsafe { s.assume_init() }).collect();
                assert_eq!(got, expected[..n], "masks, {n} rows, {threads} threads");
            }
        }
    }
}
