//! Rummy meld search benches: `cargo bench --bench rummy`.
//!
//! Uniform hands are 10 (or 11) cards dealt from a shuffled pack; dense hands are 10
//! cards from a 4-rank window of all four suits (16 cards), where sets and runs overlap.

use std::hint::black_box;

use _core::cards::{Card, CardSet, Deck, Rng};
use _core::rummy::{best_discard, deadwood_batch, deadwood_with, MeldRules, PlainIndex};
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

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(2));
    targets = bench
}
criterion_main!(benches);
