//! Native evaluator and equity benches, side by side with the fastest crates.io
//! evaluators. Run: `cargo bench --bench poker` (figures in docs/poker.md).

use std::hint::black_box;

use _core::cards::CardSet;
use _core::poker::equity::{equity, EquityRequest, Game};
use _core::poker::tables::{for_each_seven_value, tables, Hand};
use criterion::measurement::Measurement;
use criterion::{criterion_group, criterion_main, Criterion, SamplingMode, Throughput};

#[path = "common/poker.rs"]
mod common;
use common::{hoyle_sum, random_hands, rs_poker_hands, rs_poker_rank_all, N};
#[path = "common/cpu_time.rs"]
mod cpu_time;
use cpu_time::CpuTime;

/// Every evaluator on the same random hands, timed by `M` (wall clock, or this thread's
/// CPU time with flat sampling: every sample long enough for the tick-accurate clock).
fn random_seven<M: Measurement>(c: &mut Criterion<M>, name: &str, sampling: SamplingMode) {
    let hands = random_hands();
    let t = tables();
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(N as u64));
    g.sample_size(20);
    g.sampling_mode(sampling);
    g.bench_function("hoyle (card indices)", |b| b.iter(|| black_box(hoyle_sum(t, &hands))));
    let flat: Vec<u8> = hands.iter().flatten().copied().collect();
    let mut out = vec![0u32; N];
    g.bench_function("hoyle batch::evaluate_indices (validated), 1 thread", |b| {
        b.iter(|| {
            _core::poker::batch::evaluate_indices(&flat, 7, &mut out, 1).unwrap();
            black_box(out[N - 1])
        })
    });
    let masks: Vec<u64> = hands.iter().map(|h| h.iter().fold(0u64, |m, &c| m | 1 << c)).collect();
    g.bench_function("hoyle (masks)", |b| {
        b.iter(|| {
            let mut acc = 0u32;
            for &m in &masks {
                acc = acc.wrapping_add(Hand::from_mask(t, m).value(t));
            }
            black_box(acc)
        })
    });
    let rs = rs_poker_hands(&hands);
    g.bench_function("rs_poker 4", |b| b.iter(|| rs_poker_rank_all(&rs)));
    let pk: Vec<[poker::Card; 7]> = hands
        .iter()
        .map(|h| {
            h.map(|c| {
                let text = format!(
                    "{}{}",
                    "23456789TJQKA".as_bytes()[(c % 13) as usize] as char,
                    "cdhs".as_bytes()[(c / 13) as usize] as char
                );
                text.parse::<poker::Card>().expect("card")
            })
        })
        .collect();
    let ev = poker::Evaluator::new();
    g.bench_function("poker 0.7", |b| {
        b.iter(|| {
            for h in &pk {
                let _ = black_box(ev.evaluate_five(h));
            }
        })
    });
    let ranks: Vec<freezeout_eval::Rank> = freezeout_eval::Rank::ranks().collect();
    let suits: Vec<freezeout_eval::Suit> = freezeout_eval::Suit::suits().collect();
    let fz: Vec<[freezeout_eval::Card; 7]> = hands
        .iter()
        .map(|h| h.map(|c| freezeout_eval::Card::new(ranks[(c % 13) as usize], suits[(c / 13) as usize])))
        .collect();
    g.bench_function("freezeout-eval 0.2", |b| {
        b.iter(|| {
            for h in &fz {
                black_box(freezeout_eval::HandValue::eval(h));
            }
        })
    });
    g.finish();
}

fn random_seven_wall(c: &mut Criterion) {
    random_seven(c, "random 7-card hands", SamplingMode::Auto);
}

fn random_seven_cpu(c: &mut Criterion<CpuTime>) {
    random_seven(c, "random 7-card hands, CPU time", SamplingMode::Flat);
}

fn cpu_config() -> Criterion<CpuTime> {
    Criterion::default().with_measurement(CpuTime)
}

fn all_seven(c: &mut Criterion) {
    let t = tables();
    let mut g = c.benchmark_group("all 133,784,560 seven-card hands");
    g.throughput(Throughput::Elements(133_784_560));
    g.sample_size(10);
    g.bench_function("hoyle", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for_each_seven_value(t, |v| acc += v as u64);
            black_box(acc)
        })
    });
    g.finish();
}

fn equities(c: &mut Criterion) {
    let m = |s: &str| CardSet::parse(s).unwrap().0;
    let base = EquityRequest {
        game: Game::Holdem,
        hands: vec![m("Ah Kh"), m("Qs Qd")],
        board: 0,
        dead: 0,
        samples: 100_000,
        seed: 1,
        exact: None,
        threads: 1,
    };
    let mut g = c.benchmark_group("equity AhKh vs QsQd");
    g.sample_size(10);
    g.bench_function("exact pre-flop, 1 thread", |b| b.iter(|| black_box(equity(&base).unwrap())));
    g.bench_function("exact pre-flop, 2 threads", |b| {
        b.iter(|| black_box(equity(&EquityRequest { threads: 2, ..base.clone() }).unwrap()))
    });
    g.bench_function("Monte Carlo 100k, 1 thread", |b| {
        b.iter(|| black_box(equity(&EquityRequest { exact: Some(false), ..base.clone() }).unwrap()))
    });
    g.bench_function("Monte Carlo 100k, 2 threads", |b| {
        b.iter(|| black_box(equity(&EquityRequest { exact: Some(false), threads: 2, ..base.clone() }).unwrap()))
    });
    g.finish();
}

criterion_group!(benches, random_seven_wall, all_seven, equities);
criterion_group! {
    name = cpu;
    config = cpu_config();
    targets = random_seven_cpu
}
criterion_main!(benches, cpu);
