//! The Independent Chip Model (issue 29): each player's expected prize from their stack,
//! by the Malmuth-Harville model. A player takes first place with probability equal to
//! their share of the chips; given who has already placed, the next place goes to each
//! remaining player in proportion to their stack among the remaining players.
//!
//! **Exact** ([`icm`] when the states fit [`EXACT_STATES`]): the probability of each set of
//! players holding the paid places so far does not depend on their order among
//! themselves, so one pass over the sets of fewer than `payouts.len()` players (`sum over
//! k < places of C(n, k)` states, `n` transitions each) gives every player's equity: 511
//! sets for 9 players and 9 places.
//!
//! **Monte Carlo** beyond: the Harville finishing order is the order of independent
//! exponential times with rates equal to the stacks (the smallest time is player `i`'s
//! with probability `s_i / S`, and memorylessness gives the next places), so a sample is
//! `n` exponential draws and a partial sort.
//!
//! Players with no chips finish below everyone with chips, sharing those places equally.
//!
//! ```
//! use _core::poker::icm::icm;
//! let e = icm(&[5000.0, 3000.0, 2000.0], &[50.0, 30.0, 20.0], 0, 0).unwrap().0;
//! assert!((e.iter().sum::<f64>() - 100.0).abs() < 1e-9);
//! assert!(e[0] > e[1] && e[1] > e[2]);
//! ```

use rayon::prelude::*;

use crate::cards::Rng;
use crate::error::{CoreError, CoreResult};

/// Largest number of (set of placed players) states solved exactly.
pub const EXACT_STATES: u64 = 1 << 22;
/// The most players the exact method handles (sets are bit masks).
pub const MAX_EXACT_PLAYERS: usize = 64;

fn check(stacks: &[f64], payouts: &[f64]) -> CoreResult<()> {
    if stacks.is_empty() {
        return Err(CoreError::invalid_argument("stacks", "[]", "ICM needs at least one stack"));
    }
    if let Some(s) = stacks.iter().find(|s| !s.is_finite() || **s < 0.0) {
        return Err(CoreError::invalid_argument("stacks", s, "a stack is a finite number of chips, not negative"));
    }
    if stacks.iter().all(|&s| s == 0.0) {
        return Err(CoreError::invalid_argument("stacks", "all 0", "someone must have chips"));
    }
    if let Some(p) = payouts.iter().find(|p| !p.is_finite() || **p < 0.0) {
        return Err(CoreError::invalid_argument("payouts", p, "a payout is a finite amount, not negative"));
    }
    if payouts.len() > stacks.len() {
        return Err(CoreError::invalid_argument(
            "payouts",
            format!("{} places", payouts.len()),
            format!("more paid places than the {} players", stacks.len()),
        ));
    }
    Ok(())
}

/// States of the exact method for `n` players and `places` paid places.
pub fn exact_states(n: usize, places: usize) -> u64 {
    let mut c = 1u64;
    let mut total = 0u64;
    for k in 0..places.min(n) as u64 {
        total = total.saturating_add(c);
        c = c.saturating_mul(n as u64 - k) / (k + 1);
    }
    total
}

/// Each player's ICM equity, and whether it is exact. Monte Carlo (`samples` finishing
/// orders, `seed`) is used only when the exact states exceed [`EXACT_STATES`].
pub fn icm(stacks: &[f64], payouts: &[f64], samples: u64, seed: u64) -> CoreResult<(Vec<f64>, bool)> {
    check(stacks, payouts)?;
    let n = stacks.len();
    if n <= MAX_EXACT_PLAYERS && exact_states(n, payouts.len()) <= EXACT_STATES {
        return Ok((exact(stacks, payouts), true));
    }
    if samples == 0 {
        return Err(CoreError::invalid_argument("samples", 0, "this many players needs Monte Carlo samples"));
    }
    Ok((sampled(stacks, payouts, samples, seed), false))
}

/// Malmuth-Harville by dynamic programming over the sets of placed players, level by
/// level (sets of k players, then of k + 1).
fn exact(stacks: &[f64], payouts: &[f64]) -> Vec<f64> {
    let n = stacks.len();
    let total: f64 = stacks.iter().sum();
    let mut eq = vec![0.0; n];
    // (set, probability, chips of the set), sets of the current size.
    let mut level: Vec<(u64, f64, f64)> = vec![(0, 1.0, 0.0)];
    for (place, &prize) in payouts.iter().enumerate() {
        let mut next: std::collections::HashMap<u64, (f64, f64)> = std::collections::HashMap::new();
        for &(set, p, chips) in &level {
            let left = total - chips;
            let remaining = (n - place) as f64;
            for j in 0..n {
                if set >> j & 1 == 1 {
                    continue;
                }
                let q = if left > 0.0 { p * stacks[j] / left } else { p / remaining };
                if q == 0.0 {
                    continue;
                }
                eq[j] += q * prize;
                if place + 1 < payouts.len() {
                    let e = next.entry(set | 1 << j).or_insert((0.0, chips + stacks[j]));
                    e.0 += q;
                }
            }
        }
        let mut v: Vec<(u64, f64, f64)> = next.into_iter().map(|(s, (p, c))| (s, p, c)).collect();
        v.sort_by_key(|e| e.0);
        level = v;
    }
    eq
}

/// Finishing orders sampled as the order of exponential times (rate = stack); players
/// without chips take the last places in a random order.
fn sampled(stacks: &[f64], payouts: &[f64], samples: u64, seed: u64) -> Vec<f64> {
    let n = stacks.len();
    const BLOCK: u64 = 4096;
    let blocks = samples.div_ceil(BLOCK);
    let task = |b: u64| {
        let mut rng = Rng::with_stream(seed, b);
        let mut eq = vec![0.0; n];
        let mut times: Vec<(f64, usize)> = vec![(0.0, 0); n];
        for _ in 0..BLOCK.min(samples - b * BLOCK) {
            for (i, t) in times.iter_mut().enumerate() {
                let u = ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
                let e = -u.ln();
                *t = (if stacks[i] > 0.0 { e / stacks[i] } else { 1e300 * (1.0 + e) }, i);
            }
            let k = payouts.len();
            if k < n {
                times.select_nth_unstable_by(k, |a, b| a.0.total_cmp(&b.0));
            }
            times[..k].sort_by(|a, b| a.0.total_cmp(&b.0));
            for (place, &(_, i)) in times[..k].iter().enumerate() {
                eq[i] += payouts[place];
            }
        }
        eq
    };
    let parts: Vec<Vec<f64>> = (0..blocks).into_par_iter().map(task).collect();
    (0..n).map(|i| parts.iter().map(|p| p[i]).sum::<f64>() / samples as f64).collect()
}
