//! Slow, obviously-correct reference rankings for the tests. Nothing here shares code
//! with the evaluators: a hand is a list of (rank, suit) pairs (duplicates allowed, for
//! wild-card substitution), and categories are read off the sorted rank groups.

use std::cmp::Ordering;

/// (category 0..=9 in standard order, tie-break ranks in comparison order).
pub type Ranked = (u8, Vec<u8>);

pub fn groups(ranks: &[u8]) -> Vec<(usize, u8)> {
    let mut g: Vec<(usize, u8)> = Vec::new();
    for r in (0..13u8).rev() {
        let n = ranks.iter().filter(|&&x| x == r).count();
        if n > 0 {
            g.push((n, r));
        }
    }
    g.sort_by(|a, b| b.cmp(a));
    g
}

/// Standard five-card classification. `wheel` allows A-2-3-4-5; `short` uses the
/// short-deck wheel A-6-7-8-9 instead.
pub fn classify5(cards: &[(u8, u8)], wheel: bool, short: bool) -> Ranked {
    assert_eq!(cards.len(), 5);
    let mut ranks: Vec<u8> = cards.iter().map(|c| c.0).collect();
    ranks.sort_by(|a, b| b.cmp(a));
    let distinct = {
        let mut d = ranks.clone();
        d.dedup();
        d.len() == 5
    };
    let flush = distinct && cards.iter().all(|c| c.1 == cards[0].1);
    let straight_top = if !distinct {
        None
    } else if ranks[0] - ranks[4] == 4 {
        Some(ranks[0])
    } else if wheel && !short && ranks == [12, 3, 2, 1, 0] {
        Some(3)
    } else if short && ranks == [12, 7, 6, 5, 4] {
        Some(7)
    } else {
        None
    };
    let g = groups(&ranks);
    let counts: Vec<usize> = g.iter().map(|x| x.0).collect();
    let order: Vec<u8> = g.iter().map(|x| x.1).collect();
    match (counts.as_slice(), straight_top, flush) {
        ([5], _, _) => (9, vec![order[0]]),
        (_, Some(t), true) => (8, vec![t]),
        ([4, 1], _, _) => (7, order),
        ([3, 2], _, _) => (6, order),
        (_, None, true) => (5, ranks),
        (_, Some(t), false) => (4, vec![t]),
        ([3, 1, 1], _, _) => (3, order),
        ([2, 2, 1], _, _) => (2, order),
        ([2, 1, 1, 1], _, _) => (1, order),
        _ => (0, ranks),
    }
}

/// Ordering position of a category: short-deck puts the flush above the full house.
pub fn order_key(r: &Ranked, short: bool) -> (u8, Vec<u8>) {
    let cat = match (short, r.0) {
        (true, 5) => 6,
        (true, 6) => 5,
        (_, c) => c,
    };
    (cat, r.1.clone())
}

/// Every five-card subset of `cards`.
pub fn fives(cards: &[(u8, u8)]) -> Vec<Vec<(u8, u8)>> {
    let n = cards.len();
    let mut out = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        out.push(vec![cards[a], cards[b], cards[c], cards[d], cards[e]]);
                    }
                }
            }
        }
    }
    out
}

/// The best five-card high hand among `cards`, by brute force.
pub fn best(cards: &[(u8, u8)], short: bool) -> Ranked {
    fives(cards)
        .iter()
        .map(|f| classify5(f, true, short))
        .max_by(|a, b| order_key(a, short).cmp(&order_key(b, short)))
        .expect("five cards")
}

/// Compare two rankings as the rules do.
pub fn cmp(a: &Ranked, b: &Ranked, short: bool) -> Ordering {
    order_key(a, short).cmp(&order_key(b, short))
}

/// Ace-to-five: sort key where *smaller is better*: (group shape, ranks in group order
/// with ace as 1).
pub fn a5_key(cards: &[(u8, u8)]) -> (Vec<usize>, Vec<u8>) {
    let ranks: Vec<u8> = cards.iter().map(|c| if c.0 == 12 { 0 } else { c.0 + 1 }).collect();
    let g = groups(&ranks);
    (g.iter().map(|x| x.0).collect(), g.iter().map(|x| x.1).collect())
}
