//! The project's one source of randomness, specified so that a seed gives the same
//! numbers on every platform and in every version.
//!
//! * Generator: ChaCha with 8 rounds (`rand_chacha::ChaCha8Rng`). The 256-bit key is the
//!   seed as 8 little-endian bytes followed by 24 zero bytes; the 64-bit stream id is
//!   `stream` (0 unless asked); the block counter starts at 0. A 64-bit draw is two
//!   consecutive 32-bit output words, the first the low half.
//! * Bounded integers (`below(n)`): Lemire's multiply-and-reject method on 64-bit draws:
//!   `m = x * n` as 128 bits; if `low64(m) < (2^64 - n) mod n` draw again; the result
//!   is `high64(m)`. Unbiased.
//! * Shuffles: Fisher-Yates from the end: for `i` from `len-1` down to 1, swap item `i`
//!   with item `below(i + 1)`.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng as _, SeedableRng};

#[derive(Clone, Debug)]
pub struct Rng(ChaCha8Rng);

impl Rng {
    /// A generator for `seed`, on stream 0.
    ///
    /// ```
    /// use _core::cards::Rng;
    /// assert_eq!(Rng::new(7).next_u64(), Rng::new(7).next_u64());
    /// ```
    pub fn new(seed: u64) -> Rng {
        Rng::with_stream(seed, 0)
    }

    /// A generator for `seed` on an independent stream: game `i` of a simulation uses
    /// stream `i` of the simulation's seed.
    pub fn with_stream(seed: u64, stream: u64) -> Rng {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        let mut inner = ChaCha8Rng::from_seed(key);
        inner.set_stream(stream);
        Rng(inner)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Position in the output stream, in 32-bit words (for saving and restoring).
    pub fn word_pos(&self) -> u128 {
        self.0.get_word_pos()
    }

    /// Jump to a position saved by [`Rng::word_pos`].
    pub fn set_word_pos(&mut self, pos: u128) {
        self.0.set_word_pos(pos)
    }

    /// The seed and stream this generator was made from.
    pub fn seed_and_stream(&self) -> (u64, u64) {
        let key = self.0.get_seed();
        (u64::from_le_bytes(key[..8].try_into().expect("8 bytes")), self.0.get_stream())
    }

    /// A uniform integer in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        below_from(n, || self.next_u64())
    }

    /// A uniform float in [0, 1) with 53 random bits.
    pub fn random(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// Fisher-Yates shuffle in place.
    ///
    /// The draws are read [`PREFETCH`] at a time with one `fill_bytes` (the same words,
    /// in the same order, as `next_u64` calls), never more than the swaps still to
    /// make, so the generator ends exactly where drawing one at a time leaves it: the
    /// same permutation and the same position, bit for bit, at a third of the cost of
    /// a call per draw (every new hand shuffles a deck:
    /// `benches/test_bench_poker_games.py`).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        let mut buf = [0u8; 8 * PREFETCH];
        let (mut have, mut used) = (0, 0);
        for i in (1..items.len()).rev() {
            let j = below_from(i as u64 + 1, || {
                if used == have {
                    // swaps i, i-1, ..., 1 are left, each drawing at least once
                    have = i.min(PREFETCH);
                    used = 0;
                    self.0.fill_bytes(&mut buf[..8 * have]);
                }
                let at = 8 * used;
                used += 1;
                u64::from_le_bytes(buf[at..at + 8].try_into().expect("8 bytes"))
            });
            items.swap(i, j as usize);
        }
    }
}

/// How many draws [`Rng::shuffle`] reads at once.
pub const PREFETCH: usize = 64;

/// Lemire's multiply-and-reject on the draws `next` gives: a uniform integer in `0..n`
/// (`n > 0`); see the module docs.
pub fn below_from(n: u64, mut next: impl FnMut() -> u64) -> u64 {
    assert!(n > 0, "below(0)");
    let mut m = next() as u128 * n as u128;
    if (m as u64) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u64) < threshold {
            m = next() as u128 * n as u128;
        }
    }
    (m >> 64) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streams_differ_and_repeat() {
        let a: Vec<u64> = (0..4)
            .map({
                let mut r = Rng::with_stream(1, 0);
                move |_| r.next_u64()
            })
            .collect();
        let b: Vec<u64> = (0..4)
            .map({
                let mut r = Rng::with_stream(1, 1);
                move |_| r.next_u64()
            })
            .collect();
        let a2: Vec<u64> = (0..4)
            .map({
                let mut r = Rng::with_stream(1, 0);
                move |_| r.next_u64()
            })
            .collect();
        assert_ne!(a, b);
        assert_eq!(a, a2);
    }

    #[test]
    fn below_is_in_range_and_roughly_uniform() {
        let mut r = Rng::new(3);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[r.below(6) as usize] += 1;
        }
        for c in counts {
            assert!((9_000..11_000).contains(&c), "{counts:?}");
        }
    }

    /// Fisher-Yates one draw at a time, as the module docs state it.
    fn shuffle_one_draw_at_a_time<T>(rng: &mut Rng, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }

    #[test]
    fn prefetched_shuffle_is_the_one_draw_at_a_time_shuffle_and_ends_at_its_position() {
        // lengths around the prefetch size and its multiples, a 64-pack deck with jokers
        let lengths = [0, 1, 2, 3, 52, 53, 63, 64, 65, 66, 127, 128, 129, 130, 200, 3392];
        for seed in [0, 1, 7, u64::MAX] {
            for stream in [0, 1, (1 << 32) + 5] {
                for &len in &lengths {
                    let (mut fast, mut slow) = (Rng::with_stream(seed, stream), Rng::with_stream(seed, stream));
                    fast.0.next_u32(); // an odd word position: the draws straddle blocks
                    slow.0.next_u32();
                    let mut a: Vec<u32> = (0..len).collect();
                    let mut b = a.clone();
                    fast.shuffle(&mut a);
                    shuffle_one_draw_at_a_time(&mut slow, &mut b);
                    assert_eq!(a, b, "seed {seed} stream {stream} length {len}");
                    assert_eq!(fast.word_pos(), slow.word_pos(), "seed {seed} stream {stream} length {len}");
                    assert_eq!(fast.next_u64(), slow.next_u64());
                }
            }
        }
    }

    #[test]
    fn below_from_rejects_the_biased_draws() {
        // n = 3: threshold = 2^64 mod 3 = 1; a draw x whose low product x * 3 is 0 is
        // rejected (x = 0), the next one is used
        let draws = [0u64, u64::MAX];
        let mut it = draws.iter().copied();
        assert_eq!(below_from(3, || it.next().expect("a draw")), 2);
        assert!(it.next().is_none(), "both draws used");
        // x * 3 = 2^64 + 2: its low half (2) below n but not below the threshold: kept
        let mut once = [6_148_914_691_236_517_206u64].into_iter();
        assert_eq!(below_from(3, || once.next().expect("a draw")), 1);
        assert!(once.next().is_none());
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut r = Rng::new(11);
        let mut v: Vec<u32> = (0..52).collect();
        r.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, (0..52).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }
}
