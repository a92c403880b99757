//! Lookup tables for the fast five-to-seven-card evaluator, built on first use (about
//! 20 ms, never downloaded) from the exact evaluator in `generic.rs`.
//!
//! * A hand is a [`Hand`]: a 64-bit key plus the card mask. The key's low 32 bits are
//!   the sum of per-rank keys ([`RANK_KEYS`], the OMPEval multipliers), unique for every
//!   multiset of up to seven ranks; its high bits hold four 4-bit suit counters that
//!   start at 3, so a counter's bit 3 is set exactly when that suit has five cards.
//! * Flush hands (at most one flush suit is possible in seven cards) look up the suit's
//!   13-bit rank mask in `flush` (8,192 entries).
//! * Other hands look up the rank key through a "hash and displace" perfect hash: the
//!   key's hash picks one of 16,384 buckets, whose displacement (16 bits, stored
//!   spread over 32) moves every key of the bucket to its own slot among 131,072
//!   (73,775 keys: 56% full; the power of two saves a multiplication).
//! * Tables hold 16-bit strength classes (1 = 7-5-4-3-2 high .. 7,462 = royal flush);
//!   `decode` turns a class into the packed `u32` value of `value.rs`.
//!
//! Sizes: `flush` 16 KiB, `disp` 64 KiB, `lookup` 256 KiB, `decode` 29 KiB, `mask_key`
//! 64 KiB: 0.42 MiB in all ([`Tables::bytes`]).

use std::sync::OnceLock;

use super::generic::{best_high, Counts, Rules};

/// Per-rank keys (deuce .. ace) whose sums are distinct for every multiset of at most
/// seven ranks with at most four of each (from OMPEval by Zekyll, MIT).
pub const RANK_KEYS: [u32; 13] =
    [0x2000, 0x8001, 0x11000, 0x3a000, 0x91000, 0x176005, 0x366000, 0x41a013, 0x47802e, 0x479068, 0x48c0e4, 0x48f211, 0x494493];

/// Perfect-hash buckets and table slots (a "hash and displace" scheme: a key's bucket
/// gives a displacement that moves it to a slot no other key uses).
const BUCKETS: u64 = 1 << 14;
const SLOT_BITS: u32 = 17;
const SLOTS: u64 = 1 << SLOT_BITS;

#[inline(always)]
fn key_hash(key: u32) -> u64 {
    (key as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
}
#[inline(always)]
fn bucket_of(h: u64) -> usize {
    (h >> (64 - 14)) as usize
}
/// A displacement as stored: spread over 32 bits.
#[inline(always)]
fn spread(d: u16) -> u32 {
    (d as u32).wrapping_mul(0x9E37_79B1).rotate_left(7)
}
#[inline(always)]
fn slot_of(h: u64, spread_d: u32) -> usize {
    (((h >> 18) as u32 ^ spread_d) & (SLOTS as u32 - 1)) as usize
}

/// Find a displacement per bucket, biggest buckets first, so that every key gets its
/// own slot. Deterministic.
fn perfect_hash(entries: &[(u32, u16)]) -> (Vec<u32>, Vec<u16>) {
    let mut buckets: Vec<Vec<(u64, u16)>> = vec![Vec::new(); BUCKETS as usize];
    for &(k, v) in entries {
        let h = key_hash(k);
        buckets[bucket_of(h)].push((h, v));
    }
    let mut order: Vec<usize> = (0..buckets.len()).collect();
    order.sort_by_key(|&b| (std::cmp::Reverse(buckets[b].len()), b));
    let mut used = vec![false; SLOTS as usize];
    let mut lookup = vec![0u16; SLOTS as usize];
    let mut disp = vec![0u32; BUCKETS as usize];
    let mut slots = Vec::with_capacity(16);
    for b in order {
        let items = &buckets[b];
        if items.is_empty() {
            break;
        }
        let d = (0..=u16::MAX)
            .find(|&d| {
                slots.clear();
                for &(h, _) in items {
                    let s = slot_of(h, spread(d));
                    if used[s] || slots.contains(&s) {
                        return false;
                    }
                    slots.push(s);
                }
                true
            })
            .expect("a displacement exists for every bucket");
        for &(h, v) in items {
            let s = slot_of(h, spread(d));
            used[s] = true;
            lookup[s] = v;
        }
        disp[b] = spread(d);
    }
    (disp, lookup)
}
const SUIT_BIAS: u64 = 0x3333 << 32;
const FLUSH_BITS: u64 = 0x8888 << 32;

pub struct Tables {
    /// Strength classes (1 = worst high card .. 7,462 = royal flush; 0 unused) of each
    /// flush rank mask.
    pub flush: Vec<u16>,
    /// Packed value of each strength class.
    pub decode: Vec<u32>,
    /// Per-bucket displacements of the perfect hash.
    pub disp: Vec<u32>,
    pub lookup: Vec<u16>,
    /// Key of each card index 0..52: rank key plus one in its suit's counter.
    pub card_key: [u64; 52],
    /// Each 13-bit rank mask's rank-key sum (low 32 bits) and card count (high 32
    /// bits): masks to keys in four lookups, no popcount instruction needed.
    pub mask_key: Vec<u64>,
}

impl Tables {
    /// Memory used by the tables in bytes.
    pub fn bytes(&self) -> usize {
        2 * (self.flush.len() + self.lookup.len()) + 4 * (self.disp.len() + self.decode.len()) + 8 * (self.mask_key.len() + 52)
    }
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The tables, built on first use.
#[inline]
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(build)
}

/// Every multiset of `n` ranks (at most four of each) as rank counts.
fn multisets(n: u32, f: &mut impl FnMut(&[u8; 13])) {
    fn rec(rank: usize, left: u32, counts: &mut [u8; 13], f: &mut impl FnMut(&[u8; 13])) {
        if rank == 13 {
            if left == 0 {
                f(counts);
            }
            return;
        }
        for c in 0..=left.min(4) {
            counts[rank] = c as u8;
            rec(rank + 1, left - c, counts, f);
        }
        counts[rank] = 0;
    }
    rec(0, n, &mut [0; 13], f);
}

fn build() -> Tables {
    // Flush table: the best straight flush or flush in a suit's rank mask.
    let mut flush32 = vec![0u32; 8192];
    for (m, slot) in flush32.iter_mut().enumerate() {
        if (m as u32).count_ones() >= 5 {
            let c = Counts::from_mask(m as u64);
            *slot = best_high(&c, &Rules::HIGH);
        }
    }
    // Non-flush rank multisets of 5, 6 and 7 cards.
    let mut entries: Vec<(u32, u32)> = Vec::with_capacity(80_000);
    for n in 5..=7 {
        multisets(n, &mut |counts| {
            let key: u32 = (0..13).map(|r| RANK_KEYS[r] * counts[r] as u32).sum();
            let c = Counts { ranks: *counts, suits: [0; 4], wild: 0 };
            entries.push((key, best_high(&c, &Rules::HIGH)));
        });
    }
    // Strength classes: every distinct value, in order.
    let mut decode: Vec<u32> = flush32.iter().copied().chain(entries.iter().map(|e| e.1)).collect();
    decode.push(0);
    decode.sort_unstable();
    decode.dedup();
    let class = |v: u32| decode.binary_search(&v).expect("every value has a class") as u16;
    let flush: Vec<u16> = flush32.iter().map(|&v| if v == 0 { 0 } else { class(v) }).collect();
    let entries: Vec<(u32, u16)> = entries.iter().map(|&(k, v)| (k, class(v))).collect();
    let (disp, lookup) = perfect_hash(&entries);
    let mut card_key = [0u64; 52];
    for (i, k) in card_key.iter_mut().enumerate() {
        *k = RANK_KEYS[i % 13] as u64 + (1u64 << (32 + 4 * (i / 13)));
    }
    let mask_key = (0..8192u32)
        .map(|m| (0..13).filter(|r| m >> r & 1 == 1).map(|r| RANK_KEYS[r] as u64).sum::<u64>() | (m.count_ones() as u64) << 32)
        .collect();
    Tables { flush, decode, disp, lookup, card_key, mask_key }
}

/// An incrementally built hand of at most seven standard cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hand {
    pub key: u64,
    pub mask: u64,
}

impl Hand {
    pub const EMPTY: Hand = Hand { key: SUIT_BIAS, mask: 0 };

    /// Add card index `c` (0..52). The caller keeps cards distinct and at most seven.
    #[inline(always)]
    pub fn add(self, t: &Tables, c: usize) -> Hand {
        Hand { key: self.key + t.card_key[c], mask: self.mask | 1 << c }
    }
    /// Combine two disjoint partial hands.
    #[inline(always)]
    pub fn join(self, o: Hand) -> Hand {
        Hand { key: self.key + o.key - SUIT_BIAS, mask: self.mask | o.mask }
    }
    /// From a mask of 0..=7 standard cards.
    #[inline]
    pub fn from_mask(t: &Tables, mask: u64) -> Hand {
        let mut key = SUIT_BIAS;
        for s in 0..4 {
            let v = t.mask_key[((mask >> (13 * s)) & 0x1fff) as usize];
            key += (v & 0xffff_ffff) + ((v >> 32) << (32 + 4 * s));
        }
        Hand { key, mask }
    }
    /// The packed high value; the hand must hold 5, 6 or 7 cards.
    #[inline(always)]
    pub fn value(self, t: &Tables) -> u32 {
        t.decode[self.strength(t) as usize]
    }
    /// The strength class (1..=7462, larger is better): as ordered as [`Hand::value`]
    /// and cheaper; the hand must hold 5, 6 or 7 cards.
    #[inline(always)]
    pub fn strength(self, t: &Tables) -> u16 {
        let flags = self.key & FLUSH_BITS;
        if flags != 0 {
            let suit = (flags.trailing_zeros() - 35) / 4;
            let fm = (self.mask >> (13 * suit)) & 0x1fff;
            // SAFETY-free indexing: fm < 8192 by construction.
            t.flush[fm as usize]
        } else {
            let h = key_hash(self.key as u32);
            t.lookup[slot_of(h, t.disp[bucket_of(h)])]
        }
    }
}

/// Call `f` with every one of the 133,784,560 seven-card hands, in lexicographic order of
/// card indices, building each incrementally (one addition per card).
#[inline]
pub fn for_each_seven(t: &Tables, mut f: impl FnMut(Hand)) {
    for a in 0..52 {
        let ha = Hand::EMPTY.add(t, a);
        for b in a + 1..52 {
            let hb = ha.add(t, b);
            for c in b + 1..52 {
                let hc = hb.add(t, c);
                for d in c + 1..52 {
                    let hd = hc.add(t, d);
                    for e in d + 1..52 {
                        let he = hd.add(t, e);
                        for g in e + 1..52 {
                            let hg = he.add(t, g);
                            for h in g + 1..52 {
                                f(hg.add(t, h));
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The high value of a mask of 5, 6 or 7 standard cards (unchecked: the caller validates).
#[inline]
pub fn eval_mask(mask: u64) -> u32 {
    let t = tables();
    Hand::from_mask(t, mask).value(t)
}
