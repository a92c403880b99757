//! CPU-time (not wall-clock) measurements of the hot paths, robust to a busy machine:
//! `cargo run --release --example poker_cpu`. Linux only (reads /proc/thread-self/schedstat).

use std::hint::black_box;

use _core::cards::CardSet;
use _core::poker::equity::{equity, EquityRequest, Game};
use _core::poker::tables::{for_each_seven, for_each_seven_value, tables, Hand, Tables};

#[path = "../benches/common/poker.rs"]
mod common;
use common::{hoyle_sum, random_hands, rs_poker_hands, rs_poker_rank_all, N};

#[path = "../benches/common/cpu_time.rs"]
mod cpu_time;
use cpu_time::CpuTime;
use criterion::measurement::Measurement;

/// Best of `reps` runs; each run repeats `f` until it has used 0.25 s of CPU (the
/// kernel's CPU-time accounting is only tick-accurate). Returns the best rate (per
/// second).
fn time<R>(label: &str, reps: u32, per: f64, unit: &str, mut f: impl FnMut() -> R) -> f64 {
    black_box(f());
    let mut best = f64::MAX;
    for _ in 0..reps {
        // The clock of the criterion CPU-time bench (benches/poker.rs).
        let t0 = CpuTime.start();
        let mut k = 0u32;
        while CpuTime.end(t0) < 250_000_000 || k == 0 {
            black_box(f());
            k += 1;
        }
        best = best.min(CpuTime.end(t0) as f64 / k as f64);
    }
    let secs = best / 1e9;
    if per > 0.0 {
        println!("{label:<45} {:>10.3} ms  {:>8.1} M{unit}/s", secs * 1e3, per / secs / 1e6);
    } else {
        println!("{label:<45} {:>10.3} ms", secs * 1e3);
    }
    per / secs
}

/// The plain loop writing each value out (what `batch::evaluate_indices` does, without
/// validating the rows).
#[inline(never)]
fn write_values(t: &Tables, hands: &[[u8; 7]], out: &mut [u32]) {
    for (h, o) in hands.iter().zip(out.iter_mut()) {
        *o = t.value_of_indices(h);
    }
}

/// The plain loop through [`Hand`] (one card at a time, then [`Hand::value`]).
#[inline(never)]
fn hand_sum(t: &Tables, hands: &[[u8; 7]]) -> u32 {
    hands.iter().fold(0u32, |acc, h| acc.wrapping_add(Hand::of_indices(t, h).value(t)))
}

/// `poker_cpu random` stops after the random-hand loops (short enough for
/// `valgrind --tool=callgrind`, whose instruction counts per function divided by the
/// hands give the instructions per hand).
fn main() {
    let random_only = std::env::args().any(|a| a == "random");
    let t = tables();
    let n = N;
    let hands = random_hands();
    let hoyle = time("random 7-card (indices)", 3, n as f64, "hands", || hoyle_sum(t, &hands));
    time("random 7-card (Hand::of_indices + value)", 3, n as f64, "hands", || hand_sum(t, &hands));
    // The peer of benches/poker.rs (rs_poker 4, a dev-dependency) on the same hands, so
    // that the ratio comes from CPU time in one run.
    let rs = rs_poker_hands(&hands);
    let peer = time("rs_poker 4, random 7-card", 3, n as f64, "hands", || rs_poker_rank_all(&rs));
    println!("{:<45} {:>10.1}x", "hoyle / rs_poker 4", hoyle / peer);
    let flat: Vec<u8> = hands.iter().flatten().copied().collect();
    let mut out = vec![0u32; n];
    time("batch::evaluate_indices, 1 thread", 3, n as f64, "hands", || {
        _core::poker::batch::evaluate_indices(&flat, 7, &mut out, 1).unwrap()
    });
    time("raw loop writing out", 3, n as f64, "hands", || write_values(t, &hands, &mut out));
    if random_only {
        return;
    }
    let masks: Vec<u64> = hands.iter().map(|h| h.iter().fold(0u64, |m, &c| m | 1 << c)).collect();
    time("batch::evaluate_masks, 1 thread", 3, n as f64, "hands", || {
        _core::poker::batch::evaluate_masks(&masks, &mut out, 1).unwrap()
    });
    time("random 7-card (masks)", 3, n as f64, "hands", || {
        masks.iter().fold(0u32, |a, &m| a.wrapping_add(Hand::from_mask(t, m).value(t)))
    });
    time("all 7-card hands (for_each_seven_value)", 3, 133_784_560.0, "hands", || {
        let mut acc = 0u64;
        for_each_seven_value(t, |v| acc += v as u64);
        acc
    });
    time("all 7-card hands (for_each_seven + value)", 3, 133_784_560.0, "hands", || {
        let mut acc = 0u64;
        for_each_seven(t, |h| acc += h.value(t) as u64);
        acc
    });
    let m = |s: &str| CardSet::parse(s).unwrap().0;
    let req = EquityRequest {
        game: Game::Holdem,
        hands: vec![m("Ah Kh"), m("Qs Qd")],
        board: 0,
        dead: 0,
        samples: 100_000,
        seed: 1,
        exact: None,
        threads: 1,
    };
    time("equity exact pre-flop heads-up", 5, 0.0, "", || equity(&req).unwrap());
    let mc = EquityRequest { exact: Some(false), ..req.clone() };
    time("equity Monte Carlo 100k", 5, 0.0, "", || equity(&mc).unwrap());
}
