//! Lookup tables for the fast five-to-seven-card evaluator, built on first use (about
//! 0.1 s, never downloaded) from the exact evaluator in `generic.rs`.
//!
//! * A hand is a [`Hand`]: a 64-bit key plus the card mask. The key's low 32 bits are
//!   the sum of per-rank keys ([`RANK_KEYS`], the OMPEval multipliers), unique for every
//!   multiset of up to seven ranks; bits 32..56 hold four 6-bit suit fields to which each
//!   card of the suit adds 7, so a field's bit 5 (32) is set exactly when that suit has
//!   five to seven cards (4 x 7 = 28 < 32 <= 35 = 5 x 7, 7 x 7 = 49 < 64). The empty hand
//!   is key 0: no bias to add per hand, one instruction and one register less in the hot
//!   loops than counters that start at 3. Bits 56.. stay zero for real cards: the
//!   per-byte key table gives every byte above 51 a key with bit 56 set, so one OR over
//!   the keys finds bad rows.
//! * Flush hands (at most one flush suit is possible in seven cards) look up the suit's
//!   13-bit rank mask in `flush` (8,192 entries).
//! * Other hands look up the rank key through a row-displacement perfect hash (as in
//!   OMPEval): the key's top bits pick one of 8,192 rows, whose offset added to the key
//!   gives every key its own slot (73,775 keys of five to seven cards in 83,006 slots of
//!   a 131,072-slot table: the power of two lets a mask keep any key in bounds).
//! * Both tables hold the packed `u32` value of `value.rs` directly: one dependent load
//!   less than strength classes plus a decode table, which is what the hot loops pay for.
//! * The flush table, the row offsets and the lookup are one allocation ([`Tables::values`]
//!   at fixed offsets), so a hot loop holds one base register for all three instead of
//!   three (which spilled two of them to the stack on every hand).
//! * A row of card indices ([`Tables::value_of_indices`]) sums its key two cards at a
//!   time: two bytes of the row read as one `u16` index [`Tables::pair_key`], four loads
//!   and additions for seven cards instead of seven. The card mask is built only for a
//!   flush, out of line, so the loop over hands keeps no card in a register; what is
//!   left per random seven-card hand is 21 instructions (callgrind), against 28 through
//!   [`Hand`]. The flush branch stays: branch-free versions (both tables read, one
//!   selected) cost 12-20 more instructions a hand (19-30 % slower), more than the
//!   mispredicted 3 %.
//!
//! Sizes: `flush` 32 KiB, `offsets` 32 KiB, `lookup` 512 KiB (324 KiB used), per-byte
//! card keys 2 KiB, two-card keys 512 KiB (21 KiB read by real cards), per-suit mask keys
//! 8 KiB, rank-mask key sums 32 KiB: 1.1 MiB in all ([`Tables::bytes`]); what random
//! hands read (about 410 KiB) is within a core's L2 cache on the development machine
//! (1 MiB).

use std::sync::OnceLock;

use super::generic::{best_high, Counts, Rules};

/// Per-rank keys (deuce .. ace) whose sums are distinct for every multiset of at most
/// seven ranks with at most four of each (from OMPEval by Zekyll, MIT).
pub const RANK_KEYS: [u32; 13] = [
    0x2000, 0x8001, 0x11000, 0x3a000, 0x91000, 0x176005, 0x366000, 0x41a013, 0x47802e, 0x479068, 0x48c0e4, 0x48f211,
    0x494493,
];

/// Perfect hash of rank keys by row displacement (as in OMPEval): the key's top bits
/// pick a row, whose offset is added to the key; the offsets were chosen so that no two
/// keys of 5 to 7 cards share a slot. Keys of at most seven cards are below 2^25.
const ROW_SHIFT: u32 = 12;
const ROWS: usize = 1 << (25 - ROW_SHIFT);
const SLOTS: usize = 1 << 17;
const SLOT_MASK: u32 = SLOTS as u32 - 1;

/// Where each table starts in [`Tables::values`].
const FLUSH_AT: usize = 0;
const OFFSETS_AT: usize = 8192;
const LOOKUP_AT: usize = OFFSETS_AT + ROWS;
const VALUES: usize = LOOKUP_AT + SLOTS;

/// Place each row's keys at the lowest offset where none collides (rows with more keys
/// first; first fit). Deterministic.
fn perfect_hash(entries: &[(u64, u32)]) -> (Box<[u32; ROWS]>, Box<[u32; SLOTS]>) {
    let mut rows: Vec<Vec<(u32, u32)>> = vec![Vec::new(); ROWS];
    for &(k, v) in entries {
        let k = k as u32;
        rows[(k >> ROW_SHIFT) as usize].push((k & ((1 << ROW_SHIFT) - 1), v));
    }
    let mut order: Vec<usize> = (0..ROWS).filter(|&r| !rows[r].is_empty()).collect();
    order.sort_by_key(|&r| (std::cmp::Reverse(rows[r].len()), r));
    // Occupied slots as a bitset; 64 candidate offsets are tested at once.
    let mut used = vec![0u64; (SLOTS + (2 << ROW_SHIFT)) / 64 + 2];
    let bits_at = |used: &[u64], pos: usize| -> u64 {
        let (w, b) = (pos / 64, pos % 64);
        if b == 0 {
            used[w]
        } else {
            used[w] >> b | used[w + 1] << (64 - b)
        }
    };
    let mut lookup = boxed_array::<u32, SLOTS>();
    let mut offsets = boxed_array::<u32, ROWS>();
    let mut first_free = 0usize;
    for r in order {
        let items = &rows[r];
        let min_low = items.iter().map(|&(p, _)| p as usize).min().unwrap_or(0);
        let mut start = first_free.saturating_sub(min_low);
        loop {
            // Bit i set: start + i is blocked by some key of the row.
            let blocked = items.iter().fold(0u64, |acc, &(p, _)| acc | bits_at(&used, start + p as usize));
            if blocked != !0 {
                start += (!blocked).trailing_zeros() as usize;
                break;
            }
            start += 64;
        }
        for &(p, v) in items {
            let slot = start + p as usize;
            assert!(slot < SLOTS, "the rank-key table fits in {SLOTS} slots");
            used[slot / 64] |= 1 << (slot % 64);
            lookup[slot] = v;
        }
        offsets[r] = (start as u32).wrapping_sub((r as u32) << ROW_SHIFT);
        while used[first_free / 64] >> (first_free % 64) & 1 == 1 {
            first_free += 1;
        }
    }
    (offsets, lookup)
}

fn boxed_array<T: Copy + Default, const N: usize>() -> Box<[T; N]> {
    vec![T::default(); N].into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!("length is N"))
}

/// What one card of suit `s` adds to the key: 7 in the suit's 6-bit field.
pub const fn suit_unit(s: usize) -> u64 {
    7 << (32 + 6 * s)
}
/// Bit 5 of every suit field: set in a key of at most seven cards exactly when that suit
/// has five cards or more.
const FLUSH_BITS: u64 = (0x20 * (1 | 1 << 6 | 1 << 12 | 1 << 18)) << 32;
/// One more card in every suit (see [`Hand::flush_possible_with_one_more`]).
const ONE_OF_EACH: u64 = suit_unit(0) | suit_unit(1) | suit_unit(2) | suit_unit(3);
/// Key bits that real cards never set (see [`Tables::byte_key`]).
pub const BAD_KEY_BITS: u64 = !0 << 56;

/// The 13-bit rank-mask shift of the flush suit (0, 13, 26 or 39), from the flush bits of
/// a key, by one multiplication: the flag of suit `s` is bit `37 + 6s`, which moves the
/// 6-bit field of [`SHIFT_FIELDS`] holding `13s` into bits 58..64. No flag gives 0; bits
/// that no real hand sets (two flush suits) give some shift below 64.
#[inline(always)]
fn flush_shift(flags: u64) -> u32 {
    (flags.wrapping_mul(SHIFT_FIELDS) >> 58) as u32
}
/// `13s` at bit `21 - 6s` for each suit `s` (see [`flush_shift`]).
const SHIFT_FIELDS: u64 = 13 << 15 | 26 << 9 | 39 << 3;

pub struct Tables {
    /// The flush table (`FLUSH_AT`: packed value of each flush suit's 13-bit rank mask, 0
    /// when under five cards), the perfect hash's per-row offsets (`OFFSETS_AT`) and the
    /// packed value of each non-flush rank multiset at its slot (`LOOKUP_AT`), in one
    /// allocation.
    pub values: Box<[u32; VALUES]>,
    /// Key of each byte as a card index: rank key plus 7 in its suit's field for 0..=51,
    /// bit 56 for every other byte (a bad card).
    pub byte_key: [u64; 256],
    /// Key of two card indices at once: entry `a | b << 8` is `byte_key[a] + byte_key[b]`
    /// (a bad byte keeps its bad bit), indexed by two bytes of a row read as one
    /// little-endian `u16`, so that any two bytes index inside the table without a check
    /// ([`Tables::value_of_indices`]). 512 KiB, of which real cards read 52 runs of 52
    /// entries (21 KiB).
    pub pair_key: Box<[u64; 1 << 16]>,
    /// Mask keys: `suit_key[s][0][m & 127] + suit_key[s][1][m >> 7]` is the key of the
    /// 13-bit rank mask `m` of suit `s` (rank keys plus the suit's counter).
    pub suit_key: [[[u64; 128]; 2]; 4],
    /// Sum of the rank keys of each 13-bit rank mask (with a POPCNT instruction for the
    /// suit counters, one load per suit: [`Tables::mask_key_popcnt`]).
    pub rank_sum: Box<[u32; 8192]>,
}

impl Tables {
    /// Memory used by the tables in bytes.
    pub fn bytes(&self) -> usize {
        std::mem::size_of_val(&*self.values)
            + std::mem::size_of_val(&self.byte_key)
            + std::mem::size_of_val(&*self.pair_key)
            + std::mem::size_of_val(&self.suit_key)
            + std::mem::size_of_val(&*self.rank_sum)
    }
    /// The key of card index `c` (0..52).
    #[inline(always)]
    pub fn card_key(&self, c: usize) -> u64 {
        self.byte_key[c & 255]
    }
    /// The flush table's value of a 13-bit rank mask (bits above 12 ignored).
    #[inline(always)]
    pub fn flush(&self, ranks: u64) -> u32 {
        self.values[FLUSH_AT + (ranks & 0x1fff) as usize]
    }
    /// The slot of a rank key (the key's low 32 bits) in the lookup. The masks keep any
    /// key, even of a bad hand, inside the tables.
    #[inline(always)]
    fn slot_of(&self, key: u64) -> usize {
        let k = key as u32;
        let offset = self.values[OFFSETS_AT + (k >> ROW_SHIFT) as usize % ROWS];
        (k.wrapping_add(offset) & SLOT_MASK) as usize
    }
    /// Slots in the lookup (for the tests).
    pub fn slots(&self) -> usize {
        SLOTS
    }
    /// Slots up to the last one the perfect hash fills (for the tests and docs).
    pub fn slots_spanned(&self) -> usize {
        self.values[LOOKUP_AT..].iter().rposition(|&v| v != 0).map_or(0, |i| i + 1)
    }
    /// The packed value of a 5-7 card key and mask (see [`Hand::value`]). Any key and
    /// mask index inside the tables, so a bad hand gives a meaningless value, never UB.
    #[inline(always)]
    pub fn value_of(&self, key: u64, mask: u64) -> u32 {
        let flags = key & FLUSH_BITS;
        if flags != 0 {
            self.flush(mask >> flush_shift(flags))
        } else {
            self.value_no_flush(key)
        }
    }
    /// The packed high value of 5, 6 or 7 distinct card indices (0..52; the caller
    /// validates, and any bytes stay inside the tables, giving a meaningless value): the
    /// fastest way from a row of indices to a value. The key is summed two cards at a
    /// time ([`Tables::pair_key`]: half the loads and additions of one card at a time),
    /// and the card mask is built only for a flush, in a function of its own, so that a
    /// loop over hands keeps no card in a register.
    ///
    /// ```
    /// use _core::poker::tables::tables;
    /// // Kh Kd Ks 4c 4s 2d 9h (suit * 13 + rank: clubs, diamonds, hearts, spades).
    /// let v = tables().value_of_indices(&[37, 24, 50, 2, 41, 13, 33]);
    /// assert_eq!(v, 6 << 20 | 11 << 16 | 2 << 12); // full house, kings over fours
    /// ```
    #[inline(always)]
    pub fn value_of_indices(&self, cards: &[u8]) -> u32 {
        let (pairs, single) = cards.as_chunks::<2>();
        let mut key = single.iter().fold(0, |k, &c| k + self.byte_key[c as usize]);
        for &p in pairs {
            key += self.pair_key[u16::from_le_bytes(p) as usize];
        }
        if key & FLUSH_BITS != 0 {
            return self.flush_of_indices(cards, key);
        }
        self.value_no_flush(key)
    }
    /// The flush value of card indices whose key has a flush (see
    /// [`Tables::value_of_indices`]; about 3 % of random seven-card hands).
    #[cold]
    #[inline(never)]
    fn flush_of_indices(&self, cards: &[u8], key: u64) -> u32 {
        let mask = cards.iter().fold(0u64, |m, &c| m | 1 << (c & 63));
        self.flush(mask >> flush_shift(key & FLUSH_BITS))
    }
    /// The value of a key known not to be a flush (no suit at five cards).
    #[inline(always)]
    pub fn value_no_flush(&self, key: u64) -> u32 {
        self.values[LOOKUP_AT + self.slot_of(key)]
    }
    /// [`Tables::value_of`] without a branch (both tables are read): faster on random
    /// hands, where whether a hand is a flush is unpredictable.
    #[inline(always)]
    pub fn value_branchless(&self, key: u64, mask: u64) -> u32 {
        let flags = key & FLUSH_BITS;
        let flush = self.flush(mask >> flush_shift(flags));
        let other = self.value_no_flush(key);
        if flags != 0 {
            flush
        } else {
            other
        }
    }
    /// [`Tables::mask_key`] by one table load and one bit count per suit: faster where
    /// counting bits is one instruction.
    #[inline(always)]
    pub fn mask_key_popcnt(&self, mask: u64) -> u64 {
        let mut key = 0;
        for s in 0..4 {
            let m = (mask >> (13 * s)) & 0x1fff;
            key += self.rank_sum[m as usize] as u64 + m.count_ones() as u64 * suit_unit(s);
        }
        key
    }
    /// The key of a mask of standard cards (bits 0..52; others ignored).
    #[inline(always)]
    pub fn mask_key(&self, mask: u64) -> u64 {
        let mut key = 0;
        for (s, halves) in self.suit_key.iter().enumerate() {
            let m = (mask >> (13 * s)) as usize;
            key += halves[0][m & 127] + halves[1][(m >> 7) & 63];
        }
        key
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
    let mut values = boxed_array::<u32, VALUES>();
    // Flush table: the best straight flush or flush in a suit's rank mask.
    for (m, slot) in values[FLUSH_AT..OFFSETS_AT].iter_mut().enumerate() {
        if (m as u32).count_ones() >= 5 {
            *slot = best_high(&Counts::from_mask(m as u64), &Rules::HIGH);
        }
    }
    // Non-flush rank multisets of 5, 6 and 7 cards.
    let mut entries: Vec<(u64, u32)> = Vec::with_capacity(80_000);
    for n in 5..=7 {
        multisets(n, &mut |counts| {
            let key: u32 = (0..13).map(|r| RANK_KEYS[r] * counts[r] as u32).sum();
            let c = Counts { ranks: *counts, suits: [0; 4], wild: 0 };
            entries.push((key as u64, best_high(&c, &Rules::HIGH)));
        });
    }
    let (offsets, lookup) = perfect_hash(&entries);
    values[OFFSETS_AT..LOOKUP_AT].copy_from_slice(&offsets[..]);
    values[LOOKUP_AT..].copy_from_slice(&lookup[..]);
    let mut byte_key = [1u64 << 56; 256];
    for (i, k) in byte_key.iter_mut().enumerate().take(52) {
        *k = RANK_KEYS[i % 13] as u64 + suit_unit(i / 13);
    }
    let mut pair_key = boxed_array::<u64, { 1 << 16 }>();
    for (w, k) in pair_key.iter_mut().enumerate() {
        *k = byte_key[w & 255] + byte_key[w >> 8];
    }
    let mut suit_key = [[[0u64; 128]; 2]; 4];
    for (s, halves) in suit_key.iter_mut().enumerate() {
        for (half, table) in halves.iter_mut().enumerate() {
            for (m, k) in table.iter_mut().enumerate() {
                for bit in 0..7 {
                    let r = 7 * half + bit;
                    if m >> bit & 1 == 1 && r < 13 {
                        *k += RANK_KEYS[r] as u64 + suit_unit(s);
                    }
                }
            }
        }
    }
    let mut rank_sum = boxed_array::<u32, 8192>();
    for (m, k) in rank_sum.iter_mut().enumerate() {
        *k = (0..13).filter(|r| m >> r & 1 == 1).map(|r| RANK_KEYS[r]).sum();
    }
    Tables { values, byte_key, pair_key, suit_key, rank_sum }
}

/// An incrementally built hand of at most seven standard cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hand {
    pub key: u64,
    pub mask: u64,
}

impl Hand {
    pub const EMPTY: Hand = Hand { key: 0, mask: 0 };

    /// Add card index `c` (0..52). The caller keeps cards distinct and at most seven.
    #[inline(always)]
    pub fn add(self, t: &Tables, c: usize) -> Hand {
        Hand { key: self.key + t.card_key(c), mask: self.mask | 1 << (c & 63) }
    }
    /// Combine two disjoint partial hands.
    #[inline(always)]
    pub fn join(self, o: Hand) -> Hand {
        Hand { key: self.key + o.key, mask: self.mask | o.mask }
    }
    /// From card indices (0..52, at most seven, distinct: the caller validates; any byte
    /// stays inside the tables). Where only the value is used the compiler computes the
    /// mask only for flushes, so this is the fastest way from a row of indices to a value.
    #[inline(always)]
    pub fn of_indices(t: &Tables, cards: &[u8]) -> Hand {
        cards.iter().fold(Hand::EMPTY, |h, &c| h.add(t, c as usize))
    }
    /// From a mask of 0..=7 standard cards.
    #[inline(always)]
    pub fn from_mask(t: &Tables, mask: u64) -> Hand {
        Hand { key: t.mask_key(mask), mask }
    }
    /// The packed high value (see `value.rs`); the hand must hold 5, 6 or 7 cards.
    #[inline(always)]
    pub fn value(self, t: &Tables) -> u32 {
        t.value_of(self.key, self.mask)
    }
    /// Whether one more card could make a flush (some suit already has four cards): if
    /// not, [`Tables::value_no_flush`] of the key with the card added is its value.
    #[inline(always)]
    pub fn flush_possible_with_one_more(self) -> bool {
        // One more card in every suit sets bit 5 of each suit field with four cards or more.
        (self.key + ONE_OF_EACH) & FLUSH_BITS != 0
    }
}

/// Call `f` with every six-card hand and its highest card index, in lexicographic order
/// of card indices, building each incrementally (one addition per card): the seven-card
/// enumerations below add the seventh card above it.
#[inline(always)]
fn for_each_six(t: &Tables, mut f: impl FnMut(Hand, usize)) {
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
                            f(he.add(t, g), g);
                        }
                    }
                }
            }
        }
    }
}

/// Call `f` with every one of the 133,784,560 seven-card hands, in lexicographic order of
/// card indices, building each incrementally (one addition per card).
#[inline]
pub fn for_each_seven(t: &Tables, mut f: impl FnMut(Hand)) {
    for_each_six(t, |six, g| {
        for h in g + 1..52 {
            f(six.add(t, h));
        }
    });
}

/// Call `f` with the value of every one of the 133,784,560 seven-card hands, in the order
/// of [`for_each_seven`]. Faster than evaluating each hand of [`for_each_seven`]: when
/// the first six cards hold at most three of every suit no seventh card can make a
/// flush, and the last loop is a bare rank-key lookup.
#[inline]
pub fn for_each_seven_value(t: &Tables, mut f: impl FnMut(u32)) {
    for_each_six(t, |six, g| {
        if !six.flush_possible_with_one_more() {
            for &k in &t.byte_key[g + 1..52] {
                f(t.value_no_flush(six.key + k));
            }
        } else {
            for h in g + 1..52 {
                f(six.add(t, h).value(t));
            }
        }
    });
}

/// The high value of a mask of 5, 6 or 7 standard cards (unchecked: the caller validates).
#[inline]
pub fn eval_mask(mask: u64) -> u32 {
    let t = tables();
    Hand::from_mask(t, mask).value(t)
}
