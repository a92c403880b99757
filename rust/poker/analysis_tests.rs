//! Ranges, range equity and ICM (issue 29) against counts and brute force written from
//! the definitions.

use proptest::prelude::*;

use super::equity::{equity, EquityRequest, Game};
use super::hand::{evaluate, Joker, Wild};
use super::icm::icm;
use super::range::{Range, PREFLOP_ORDER};
use super::range_equity::range_equity;
use crate::cards::{CardSet, STANDARD_MASK};

fn m(s: &str) -> u64 {
    CardSet::parse(s).unwrap().0
}
fn r(s: &str) -> Range {
    Range::parse(s).unwrap()
}
fn req(board: &str, exact: Option<bool>, samples: u64) -> EquityRequest {
    EquityRequest { game: Game::Holdem, hands: vec![], board: m(board), dead: 0, samples, seed: 7, exact, threads: 1 }
}

#[test]
fn combo_counts_of_the_notation() {
    for (text, n) in [
        ("AA", 6),
        ("QQ+", 18),
        ("22-66", 30),
        ("66-22", 30),
        ("TT-", 54),
        ("AKs", 4),
        ("AKo", 12),
        ("AK", 16),
        ("ATo+", 48),
        ("ATs+", 16),
        ("K9s-KQs", 16),
        ("KQs-K9s", 16),
        ("A5s-", 16),
        ("AhKh", 1),
        ("AsKsQdJd", 1),
        ("random", 1326),
        ("100%", 1326),
        ("QQ+,AKs", 22),
        ("QQ+ AKs", 22),
        ("[50]KK,QQ[/50],AA", 18),
        ("KAs", 4),
        ("54s-98s", 20),
        ("T9o-65o", 60),
    ] {
        assert_eq!(r(text).len(), n, "{text}");
    }
}

#[test]
fn specific_combos_and_classes_hold_the_right_cards() {
    assert_eq!(r("AhKh").combos(), &[(m("Ah Kh"), 1.0)]);
    let aks = r("AKs");
    for s in ["c", "d", "h", "s"] {
        assert_eq!(aks.weight(m(&format!("A{s} K{s}"))), 1.0);
    }
    assert_eq!(aks.weight(m("Ah Kd")), 0.0);
    let ako = r("AKo");
    assert_eq!(ako.weight(m("Ah Kd")), 1.0);
    assert_eq!(ako.weight(m("Ah Kh")), 0.0);
    // K9s-KQs: K9s, KTs, KJs, KQs; not K8s or AKs.
    let k = r("K9s-KQs");
    assert!(k.weight(m("Kc 9c")) == 1.0 && k.weight(m("Kc Qc")) == 1.0);
    assert!(k.weight(m("Kc 8c")) == 0.0 && k.weight(m("Ac Kc")) == 0.0);
}

#[test]
fn weights() {
    assert_eq!(r("AA:0.5").size(), 3.0);
    assert_eq!(r("[50]KK[/50]").size(), 3.0);
    assert_eq!(r("[25]KK,QQ:1[/25]").size(), 1.5 + 6.0);
    // The last weight given wins; weight 0 removes.
    assert_eq!(r("AA,AA:0.5").size(), 3.0);
    assert_eq!(r("random,72o:0").len(), 1326 - 12);
}

#[test]
fn errors_name_the_bad_token() {
    for (text, token) in [
        ("QQ+,AXs", "AXs"),
        ("AKs,QQ+x", "QQ+x"),
        ("AAs", "AAs"),
        ("AK:2", "AK:2"),
        ("K9s-QTs", "K9s-QTs"),
        ("K9s-KQo", "K9s-KQo"),
        ("AhAh", "AhAh"),
        ("[50]KK", "[50]KK"),
        ("KK[/50]", "[/50]"),
        ("120%", "120%"),
    ] {
        let e = Range::parse(text).unwrap_err().to_string();
        assert!(e.contains(&format!("{token:?}")), "{text}: {e}");
    }
}

#[test]
fn text_is_compressed() {
    assert_eq!(r("AA,KK,QQ").to_text(), "QQ+");
    assert_eq!(r("22-66").to_text(), "66-22");
    assert_eq!(r("AKs,AQs,AJs,ATs").to_text(), "ATs+");
    assert_eq!(r("K9s-KQs").to_text(), "K9s+");
    assert_eq!(r("K8s-KJs").to_text(), "KJs-K8s");
    assert_eq!(r("AA:0.5,KK").to_text(), "AA:0.5,KK");
    assert_eq!(r("AhKh,QQ").to_text(), "QQ,AhKh");
}

#[test]
fn top_percent_follows_the_ordering() {
    let n: usize = PREFLOP_ORDER.len();
    assert_eq!(n, 169);
    let total: usize = PREFLOP_ORDER.iter().map(|c| r(c).len()).sum();
    assert_eq!(total, 1326);
    assert_eq!(Range::top(100.0).unwrap().len(), 1326);
    assert_eq!(Range::top(0.0).unwrap().len(), 0);
    // The smallest prefix with at least round(p * 1326) combos.
    for p in [0.5, 1.0, 5.0, 10.0, 15.0, 33.3, 50.0] {
        let got = Range::top(p).unwrap().len();
        let target = (p / 100.0 * 1326.0_f64).round() as usize;
        let mut sum = 0;
        let mut want = 0;
        for c in PREFLOP_ORDER {
            if sum >= target {
                break;
            }
            sum += r(c).len();
            want = sum;
        }
        assert_eq!(got, want, "{p}%");
        assert!(got >= target);
    }
    assert_eq!(r("10%"), Range::top(10.0).unwrap());
}

#[test]
fn set_operations_and_card_removal() {
    let a = r("QQ+");
    let b = r("KK:0.5,AKs");
    assert_eq!(a.union(&b), r("QQ+,AKs"));
    assert_eq!(a.intersection(&b), r("KK:0.5"));
    assert_eq!(a.difference(&b), r("AA,QQ"));
    let board = m("Ah Kd 2c");
    let left = r("random").without(board);
    assert_eq!(left.len(), 49 * 48 / 2);
    assert!(left.masks().all(|c| c & board == 0));
}

fn class_name(i: usize) -> String {
    PREFLOP_ORDER[i % 169].to_string()
}

proptest! {
    #[test]
    fn text_round_trips(picks in proptest::collection::vec((0usize..169, 0u8..4, any::<bool>()), 0..12),
                        extra in proptest::collection::vec((0u32..52, 0u32..52, 1u8..5), 0..6)) {
        let mut combos = Vec::new();
        for (i, w, _) in &picks {
            for c in r(&class_name(*i)).masks() {
                combos.push((c, [1.0, 0.5, 0.25, 0.75][*w as usize]));
            }
        }
        for (a, b, w) in &extra {
            if a != b {
                combos.push((1u64 << a | 1u64 << b, *w as f64 / 4.0));
            }
        }
        let range = Range::from_combos(combos).unwrap();
        prop_assert_eq!(Range::parse(&range.to_text()).unwrap(), range);
    }

    #[test]
    fn card_removal_for_any_board(cards in proptest::collection::btree_set(0u32..52, 0..6)) {
        let board = cards.iter().fold(0u64, |a, &c| a | 1 << c);
        let left = r("random").without(board);
        let k = 52 - cards.len();
        prop_assert_eq!(left.len(), k * (k - 1) / 2);
        prop_assert!(left.masks().all(|c| c & board == 0));
    }
}

#[test]
fn single_combo_ranges_equal_the_known_hand_equity() {
    for (hands, board) in [
        (vec!["Ah Kh", "Qs Qd"], ""),
        (vec!["Ah Kh", "Qs Qd"], "2c 7d 9s"),
        (vec!["As Ks", "7h 7d", "Tc 9c"], "Kd 7c 2h"),
        (vec!["2c 2d", "Ac Kd"], "3h 4s 5c 9d"),
    ] {
        let ranges: Vec<Range> = hands.iter().map(|h| Range::from_combos([(m(h), 1.0)]).unwrap()).collect();
        let got = range_equity(&ranges, &req(board, None, 0)).unwrap();
        let want =
            equity(&EquityRequest { hands: hands.iter().map(|h| m(h)).collect(), ..req(board, None, 0) }).unwrap();
        assert_eq!(got, want, "{hands:?} {board}");
    }
}

/// Equity by brute force from the definition: every deal (weighted), every river,
/// the generic evaluator.
fn brute(ranges: &[Range], board: &str) -> Vec<f64> {
    let b = m(board);
    let n = ranges.len();
    let mut eq = vec![0.0; n];
    let mut total = 0.0;
    let mut deal = vec![(0u64, 1.0); n];
    type Visit<'a> = &'a mut dyn FnMut(&[(u64, f64)]);
    fn rec(ranges: &[Range], p: usize, used: u64, deal: &mut Vec<(u64, f64)>, f: Visit) {
        if p == ranges.len() {
            return f(deal);
        }
        for &(c, w) in ranges[p].combos() {
            if c & used == 0 {
                deal[p] = (c, w);
                rec(ranges, p + 1, used | c, deal, f);
            }
        }
    }
    rec(ranges, 0, b, &mut deal, &mut |d| {
        let w: f64 = d.iter().map(|x| x.1).product();
        let used = d.iter().fold(b, |a, x| a | x.0);
        for river in (0..52).filter(|&c| (used | !STANDARD_MASK) >> c & 1 == 0) {
            let vals: Vec<u32> = d
                .iter()
                .map(|x| {
                    let cards: Vec<_> = CardSet(x.0 | b | 1 << river).iter().collect();
                    evaluate(&cards, &Wild::None, Joker::Wild).unwrap().value
                })
                .collect();
            let best = *vals.iter().max().unwrap();
            let k = vals.iter().filter(|&&v| v == best).count() as f64;
            for (e, v) in eq.iter_mut().zip(&vals) {
                if *v == best {
                    *e += w / k;
                }
            }
            total += w;
        }
    });
    eq.iter().map(|e| e / total).collect()
}

#[test]
fn exact_range_equity_equals_brute_force() {
    for (texts, board) in [
        (vec!["QQ+,AKs", "JJ-99,AQs:0.5"], "Ah 7c 2d 9s"),
        (vec!["AhKh,2c2d", "random"], "Qh Jh 3c 4d"),
        (vec!["[40]T9s[/40],88", "KQ", "A5s-A2s"], "8s 6s 5d Kc"),
    ] {
        let ranges: Vec<Range> = texts.iter().map(|t| r(t)).collect();
        let got = range_equity(&ranges, &req(board, Some(true), 0)).unwrap();
        let want = brute(&ranges, board);
        for (g, w) in got.equity.iter().zip(&want) {
            assert!((g - w).abs() < 1e-9, "{texts:?}: {:?} vs {want:?}", got.equity);
        }
        assert!(got.exact);
    }
}

#[test]
fn monte_carlo_agrees_with_exact_within_its_error() {
    let ranges = [r("QQ+,AKs:0.5"), r("22+,AT+,KQ")];
    let exact = range_equity(&ranges, &req("Ah 7c 2d", Some(true), 0)).unwrap();
    let mc = range_equity(&ranges, &req("Ah 7c 2d", Some(false), 400_000)).unwrap();
    assert!(!mc.exact && mc.boards == 400_000);
    for i in 0..2 {
        assert!(mc.std_error[i] > 0.0);
        assert!((mc.equity[i] - exact.equity[i]).abs() < 4.0 * mc.std_error[i], "{mc:?} vs {exact:?}");
    }
    // Same seed, same numbers, any thread count.
    let again = range_equity(&ranges, &EquityRequest { threads: 0, ..req("Ah 7c 2d", Some(false), 400_000) }).unwrap();
    assert_eq!(mc, again);
}

#[test]
fn weights_scale_the_deals() {
    // One opponent combo at weight w against another at 1: the equity is the mix w:1.
    let board = "Ah 7c 2d 9s";
    let hero = r("KsKd");
    let a = range_equity(&[hero.clone(), r("AsQs")], &req(board, None, 0)).unwrap().equity[0];
    let b = range_equity(&[hero.clone(), r("8c8d")], &req(board, None, 0)).unwrap().equity[0];
    let mix = range_equity(&[hero, r("AsQs:0.25,8c8d")], &req(board, None, 0)).unwrap().equity[0];
    assert!((mix - (0.25 * a + b) / 1.25).abs() < 1e-12);
    // Scaling every weight alike changes nothing.
    let one = range_equity(&[r("QQ+,AKs"), r("TT+")], &req(board, None, 0)).unwrap();
    let half = range_equity(&[r("QQ+:0.5,AKs:0.5"), r("TT+")], &req(board, None, 0)).unwrap();
    for i in 0..2 {
        assert!((one.equity[i] - half.equity[i]).abs() < 1e-12);
    }
}

#[test]
fn range_errors() {
    let e = range_equity(&[r("AhKh"), r("AhKh")], &req("", None, 0)).unwrap_err().to_string();
    assert!(e.contains("card in common"), "{e}");
    let e = range_equity(&[r("AA"), r("KK")], &req("Ac Ad Ah As", None, 0)).unwrap_err().to_string();
    assert!(e.contains("range 0"), "{e}");
    let e = range_equity(&[r("AhKh"), r("KK")], &req("Ah 7c 2d", None, 0)).unwrap_err().to_string();
    assert!(e.contains("duplicate card Ah"), "{e}");
}

/// ICM by brute force over every finishing order (Harville: each place goes to a
/// remaining player in proportion to their stack).
fn icm_brute(stacks: &[f64], payouts: &[f64]) -> Vec<f64> {
    fn rec(stacks: &[f64], payouts: &[f64], left: &mut Vec<usize>, p: f64, place: usize, eq: &mut [f64]) {
        if place == payouts.len() || left.is_empty() {
            return;
        }
        let total: f64 = left.iter().map(|&i| stacks[i]).sum();
        for k in 0..left.len() {
            let i = left[k];
            let q = p * stacks[i] / total;
            eq[i] += q * payouts[place];
            left.remove(k);
            rec(stacks, payouts, left, q, place + 1, eq);
            left.insert(k, i);
        }
    }
    let mut eq = vec![0.0; stacks.len()];
    rec(stacks, payouts, &mut (0..stacks.len()).collect(), 1.0, 0, &mut eq);
    eq
}

#[test]
fn icm_hand_computed() {
    // 5000/3000/2000 for 50/30/20. First: 1/2, 3/10, 1/5. Player 0 second: after player 1
    // wins (3/10) 5/7 of the rest, after player 2 (1/5) 5/8: 3/14 + 1/8 = 19/56; third
    // the remaining 1 - 1/2 - 19/56 = 9/56. 50/2 + 30*19/56 + 20*9/56 = 25 + 750/56.
    let (e, exact) = icm(&[5000.0, 3000.0, 2000.0], &[50.0, 30.0, 20.0], 0, 0).unwrap();
    assert!(exact);
    assert!((e[0] - (25.0 + 750.0 / 56.0)).abs() < 1e-12, "{e:?}");
    // Winner takes all: the chip share.
    let (e, _) = icm(&[1.0, 2.0, 7.0], &[10.0], 0, 0).unwrap();
    assert!((e[0] - 1.0).abs() < 1e-12 && (e[2] - 7.0).abs() < 1e-12);
    // Equal stacks share equally.
    let (e, _) = icm(&[100.0; 6], &[50.0, 30.0, 20.0], 0, 0).unwrap();
    assert!(e.iter().all(|&x| (x - 100.0 / 6.0).abs() < 1e-12));
}

proptest! {
    #[test]
    fn icm_matches_brute_force_sums_to_the_pool_and_is_monotone(
        stacks in proptest::collection::vec(1u32..10_000, 2..7),
        prizes in proptest::collection::vec(0u32..1000, 1..7),
    ) {
        let stacks: Vec<f64> = stacks.iter().map(|&s| s as f64).collect();
        let mut payouts: Vec<f64> = prizes.iter().take(stacks.len()).map(|&p| p as f64).collect();
        payouts.sort_by(|a, b| b.total_cmp(a));
        let (e, exact) = icm(&stacks, &payouts, 0, 0).unwrap();
        prop_assert!(exact);
        let pool: f64 = payouts.iter().sum();
        prop_assert!((e.iter().sum::<f64>() - pool).abs() < 1e-9 * pool.max(1.0));
        for (a, b) in e.iter().zip(icm_brute(&stacks, &payouts)) {
            prop_assert!((a - b).abs() < 1e-9 * pool.max(1.0));
        }
        for i in 0..stacks.len() {
            for j in 0..stacks.len() {
                if stacks[i] > stacks[j] {
                    prop_assert!(e[i] >= e[j] - 1e-9);
                }
            }
        }
    }
}

#[test]
fn icm_monte_carlo_beyond_the_exact_limit() {
    // 40 players paid 30 places: far too many sets for the exact pass.
    let stacks: Vec<f64> = (1..=40).map(|i| i as f64 * 100.0).collect();
    let payouts: Vec<f64> = (0..30).map(|i| 30.0 - i as f64).collect();
    let (e, exact) = icm(&stacks, &payouts, 200_000, 3).unwrap();
    assert!(!exact);
    let pool: f64 = payouts.iter().sum();
    assert!((e.iter().sum::<f64>() - pool).abs() < 1e-6 * pool);
    // Winner takes all is exact for any field: sampled equals chip share within noise.
    let few: Vec<f64> = vec![1.0; 30];
    let (e2, _) = icm(&stacks, &few, 200_000, 3).unwrap();
    let total: f64 = stacks.iter().sum();
    // Everyone is paid 1 for places 1..30: the 10 smallest stacks are the likeliest left out.
    assert!(e2[0] < e2[39]);
    assert!((e2.iter().sum::<f64>() - 30.0).abs() < 1e-6);
    let _ = total;
}

#[test]
fn icm_errors() {
    assert!(icm(&[], &[1.0], 0, 0).is_err());
    assert!(icm(&[100.0, -1.0], &[1.0], 0, 0).unwrap_err().to_string().contains("stacks"));
    assert!(icm(&[100.0], &[1.0, 2.0], 0, 0).unwrap_err().to_string().contains("payouts"));
}
