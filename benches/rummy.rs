//! Rummy meld search benches: `cargo bench --bench rummy`.
//!
//! Uniform hands are 10 (or 11) cards dealt from a shuffled pack; dense hands are 10
//! cards from a 4-rank window of all four suits (16 cards), where sets and runs overlap.

use std::hint::black_box;

use _core::cards::{Card, CardSet, Deck, Rng};
use _core::rummy::{best_discard, best_knock, deadwood, deadwood_batch, deadwood_with, MeldRules, PlainIndex};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn hands(n: usize, size: usize, dense: bool, seed: u64) -> Vec<Vec<Card>> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            let mut cards = Deck::standard(1, 0).unwrap().into_cards();
            if dense {
                let start = rng.below(10) as u8;
                cards.retain(|c| (start..start + 4).contains(&c.rank().unwrap()));
            }
            rng.shuffle(&mut cards);
            cards.truncate(size);
            cards
        })
        .collect()
}

fn masks(hands: &[Vec<Card>]) -> Vec<u64> {
    hands.iter().map(|h| CardSet::from_cards(h.iter().copied()).unwrap().0).collect()
}

fn bench(c: &mut Criterion) {
    let rules = MeldRules::gin();
    const N: usize = 10_000;
    let mut g = c.benchmark_group("rummy");
    g.throughput(Throughput::Elements(N as u64));
    for (name, dense) in [("uniform", false), ("dense", true)] {
        let m = masks(&hands(N, 10, dense, 1));
        g.bench_function(format!("deadwood10_{name}"), |b| {
            let mut idx = PlainIndex::new(&rules);
            b.iter(|| m.iter().map(|&h| deadwood_with(&mut idx, black_box(h), &rules)).sum::<u32>())
        });
        g.bench_function(format!("batch10_{name}_1thread"), |b| {
            b.iter(|| deadwood_batch(black_box(&m), &rules, 1).unwrap())
        });
        let h11 = hands(N, 11, dense, 2);
        let m11 = masks(&h11);
        g.bench_function(format!("discard_value11_{name}"), |b| {
            let mut idx = PlainIndex::new(&rules);
            b.iter(|| {
                m11.iter()
                    .map(|&h| {
                        idx.load(black_box(h), &rules);
                        idx.min_key_discard(h, 0) >> 8
                    })
                    .sum::<u32>()
            })
        });
        g.bench_function(format!("best_discard11_{name}"), |b| {
            b.iter(|| h11.iter().map(|h| best_discard(black_box(h), &rules, None).unwrap().deadwood_value).sum::<u32>())
        });
    }
    g.finish();
}

/// Gin's knock search: knocking hands of ten (a third from the 5-6-7s of three suits
/// and a third from 4s to 9s, where spreads overlap; a third from the whole pack), each
/// against a defender of ten from the rest of the pack. The Python search it replaced is
/// timed beside it from Python (benches/test_bench_gin_knock.py).
fn bench_knock(c: &mut Criterion) {
    let rules = MeldRules::gin();
    const N: usize = 1000;
    let mut rng = Rng::new(7);
    let pack = Deck::standard(1, 0).unwrap().into_cards();
    let mut deals = Vec::with_capacity(N);
    while deals.len() < N {
        let ranks = [3..6u8, 2..8, 0..13][deals.len() % 3].clone();
        let mut pool: Vec<Card> = pack.iter().copied().filter(|c| ranks.contains(&c.rank().unwrap())).collect();
        rng.shuffle(&mut pool);
        let hand = pool[..10].to_vec();
        if deadwood(&hand, &rules).unwrap() > 10 {
            continue;
        }
        let mut rest: Vec<Card> = pack.iter().copied().filter(|c| !hand.contains(c)).collect();
        rng.shuffle(&mut rest);
        deals.push((hand, rest[..10].to_vec()));
    }
    let mut g = c.benchmark_group("rummy");
    g.throughput(Throughput::Elements(N as u64));
    g.bench_function("best_knock10", |b| {
        b.iter(|| {
            deals
                .iter()
                .map(|(h, d)| best_knock(black_box(h), black_box(d), &rules, 10, 10).unwrap().answer.deadwood_value)
                .sum::<u32>()
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(2));
    targets = bench, bench_knock
}
criterion_main!(benches);
