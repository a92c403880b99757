//! The opening-meld search (Kaluki, German Rommé, Scala 40) and the Indian Rummy
//! declaration search: `cargo bench --bench rummy_opening`.
//!
//! Kaluki hands: 15 cards dealt from two packs and four jokers (108 cards), Kaluki's meld
//! rules and values (ace 15, jokers wild); Rommé hands: 13 cards from two packs and six
//! jokers, sets of different suits, jokers never outnumbering natural cards. Side by
//! side: the least-deadwood search (`best_melds`) on the same hands. Indian Rummy hands:
//! 13 cards from two packs and two jokers, a random wild rank, with and without the "one
//! life of four cards" rule. Scala 40: the opening and least-deadwood searches with and
//! without the 14-card run A-2-...-K-A (`ace_both_ends`).

use std::hint::black_box;

use _core::cards::{Card, Deck, Rng};
use _core::rummy::{best_melds, best_opening, declaration, declaration_with_life, MeldRules};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn hands(n: usize, size: usize, jokers: u32, seed: u64) -> Vec<Vec<Card>> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| {
            let mut cards = Deck::standard(2, jokers).unwrap().into_cards();
            rng.shuffle(&mut cards);
            cards.truncate(size);
            cards
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let kaluki = MeldRules::kaluki();
    let romme = MeldRules::romme();
    const N: usize = 1000;
    let mut g = c.benchmark_group("rummy_opening");
    g.throughput(Throughput::Elements(N as u64));
    for (name, rules, size, jokers, minimum, low_ace) in
        [("kaluki15", &kaluki, 15, 4, 51, 15), ("romme13", &romme, 13, 6, 40, 1)]
    {
        let h = hands(N, size, jokers, 7);
        g.bench_function(format!("best_opening_{name}"), |b| {
            b.iter(|| {
                h.iter().filter(|h| best_opening(black_box(h), minimum, rules, low_ace).unwrap().is_some()).count()
            })
        });
        g.bench_function(format!("best_melds_{name}"), |b| {
            b.iter(|| h.iter().map(|h| best_melds(black_box(h), rules).unwrap().deadwood_value).sum::<u32>())
        });
    }
    let h = hands(N, 13, 2, 8);
    let indian: Vec<MeldRules> = (0..N)
        .map(|i| {
            let wild = (i % 13) as u8;
            let mut values = [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 10];
            values[wild as usize] = 0;
            MeldRules {
                wild_ranks: 1 << wild,
                set_distinct_suits: true,
                max_set: 4,
                values,
                joker_value: 0,
                ..kaluki.clone()
            }
        })
        .collect();
    g.bench_function("declaration_indian13", |b| {
        b.iter(|| h.iter().zip(&indian).filter(|(h, r)| declaration(black_box(h), r).unwrap().is_some()).count())
    });
    g.bench_function("best_melds_indian13", |b| {
        b.iter(|| h.iter().zip(&indian).map(|(h, r)| best_melds(black_box(h), r).unwrap().deadwood_value).sum::<u32>())
    });
    // Indian Rummy's "one life of four cards or more" beside the plain declaration.
    g.bench_function("declaration_life4_indian13", |b| {
        b.iter(|| {
            h.iter().zip(&indian).filter(|(h, r)| declaration_with_life(black_box(h), r, 4).unwrap().is_some()).count()
        })
    });
    g.finish();
    bench_full_run(c);
}

/// Scala 40's meld rules with and without the 14-card run A-2-...-K-A, side by side, on
/// 14-card hands (13 dealt and one drawn) from two packs and four jolly, and on hands of
/// 14 cards of one suit from two packs and two jolly (where the long run is in play).
fn bench_full_run(c: &mut Criterion) {
    let scala = MeldRules::scala40();
    let without = MeldRules { ace_both_ends: false, ..scala.clone() };
    const N: usize = 1000;
    let mut g = c.benchmark_group("rummy_full_run");
    g.throughput(Throughput::Elements(N as u64));
    let mut rng = Rng::new(9);
    let suited: Vec<Vec<Card>> = (0..N)
        .map(|_| {
            let mut cards = Deck::standard(2, 2).unwrap().into_cards();
            cards.retain(|c| c.is_joker() || c.suit() == Some(2));
            rng.shuffle(&mut cards);
            cards.truncate(14);
            cards
        })
        .collect();
    for (deal, h) in [("scala14", hands(N, 14, 4, 10)), ("suit14", suited)] {
        for (name, rules) in [("long_run", &scala), ("no_long_run", &without)] {
            g.bench_function(format!("best_opening_{deal}_{name}"), |b| {
                b.iter(|| h.iter().filter(|h| best_opening(black_box(h), 40, rules, 1).unwrap().is_some()).count())
            });
            g.bench_function(format!("best_melds_{deal}_{name}"), |b| {
                b.iter(|| h.iter().map(|h| best_melds(black_box(h), rules).unwrap().deadwood_value).sum::<u32>())
            });
        }
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).warm_up_time(std::time::Duration::from_millis(500)).measurement_time(std::time::Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
