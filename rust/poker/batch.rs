//! Many hands at once: rows of card indices or 64-bit card masks to packed high values.
//! Every row is validated (indices 0..=51, no card twice, 5 to 7 cards); the first bad
//! row is reported by number.
//!
//! The hot loops validate without branching: every byte's key comes from a 256-entry
//! table whose entries for bytes above 51 carry a bit no real card sets, a repeated card
//! shows as a mask with fewer bits than the row has cards, and both are ORed into one
//! accumulator that is tested once per chunk. Only when it is set is the chunk rescanned
//! to name the first bad row. Values are written straight into the output. On x86-64 the
//! loops are compiled a second time with POPCNT and BMI2 and picked at run time.
//!
//! Where the CPU has AVX-512 (F, BW and VBMI) the card-index rows are validated eight at
//! a time instead (module `wide`): one masked load of the eight rows, one unsigned
//! compare for indices above 51, and for a card seen twice the rows compared bytewise
//! with up to three copies (one byte permutation each) whose rows are rotated by 1, 2
//! and 3 places (modulo the row's width: every pair of a row's bytes meets in one of
//! them) - under two instructions a row, where the
//! scalar test (each row's mask and its bit count) costs two a card. Each sixteen rows
//! are validated just before they are evaluated, in one pass, so the vector unit's work
//! overlaps the scalar evaluation; the evaluation is the plain loop
//! ([`Tables::value_of_indices`]: two cards per key load, no mask unless the hand is a
//! flush). The validation is its own (not inlined) function:
//! compiled together with it, the evaluation was turned into vector gathers, slower.
//!
//! The loops write into `MaybeUninit<u32>` slots, so that the Python binding can hand
//! them a new array that nobody has zeroed ([`evaluate_indices_uninit`],
//! [`evaluate_masks_uninit`]): every slot is written before they return `Ok`.

use std::mem::MaybeUninit;

use rayon::prelude::*;

use super::tables::{tables, Tables, BAD_KEY_BITS};
use crate::error::{CoreError, CoreResult};

/// Rows per work item for threads (and per validation test).
const CHUNK: usize = 1 << 14;

fn bad_row(row: usize, what: String) -> CoreError {
    CoreError::invalid_argument("hands", format!("row {row}"), what)
}

/// Evaluate `W`-card rows; returns false if some row is bad. Branch-free: a byte above
/// 51 sets a key bit no card sets (ORed over the rows), and a repeated card leaves fewer
/// mask bits than cards (the bit counts are summed and compared once).
#[inline(always)]
fn index_rows<const W: usize>(t: &Tables, data: &[u8], out: &mut [MaybeUninit<u32>]) -> bool {
    let mut keys = 0u64;
    let mut bits = 0usize;
    for (row, o) in data.chunks_exact(W).zip(out.iter_mut()) {
        let row: &[u8; W] = row.try_into().unwrap_or_else(|_| unreachable!("chunks_exact"));
        let mut key = 0;
        let mut mask = 0u64;
        for &c in row {
            key += t.byte_key[c as usize];
            mask |= 1u64 << (c & 63);
        }
        keys |= key;
        bits += mask.count_ones() as usize;
        o.write(t.value_branchless(key, mask));
    }
    keys & BAD_KEY_BITS == 0 && bits == W * out.len().min(data.len() / W)
}

/// Evaluate masks; returns false if some mask is bad. `POPCNT`: count suit cards with
/// the bit-count instruction (only where the CPU has it).
#[inline(always)]
fn mask_rows<const POPCNT: bool>(t: &Tables, masks: &[u64], out: &mut [MaybeUninit<u32>]) -> bool {
    let mut all = 0u64;
    let mut worst = 0u32;
    for (&m, o) in masks.iter().zip(out.iter_mut()) {
        all |= m;
        worst = worst.max(m.count_ones().wrapping_sub(5));
        let key = if POPCNT { t.mask_key_popcnt(m) } else { t.mask_key(m) };
        o.write(t.value_branchless(key, m));
    }
    all >> 52 == 0 && worst <= 2
}

#[cfg(target_arch = "x86_64")]
mod fast {
    use super::*;

    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    pub unsafe fn index_rows<const W: usize>(t: &Tables, data: &[u8], out: &mut [MaybeUninit<u32>]) -> bool {
        super::index_rows::<W>(t, data, out)
    }
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    pub unsafe fn mask_rows(t: &Tables, masks: &[u64], out: &mut [MaybeUninit<u32>]) -> bool {
        super::mask_rows::<true>(t, masks, out)
    }
    pub fn available() -> bool {
        std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
    }
}

/// Card-index rows validated with AVX-512, sixteen at a time: see the module documentation.
// The AVX-512 intrinsics are stable since Rust 1.89, the crate's declared rust-version.
#[cfg(target_arch = "x86_64")]
mod wide {
    use std::arch::x86_64::*;

    use super::*;

    pub fn available() -> bool {
        std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512vbmi")
            && super::fast::available()
    }

    /// Byte permutation rotating each of eight `w`-byte rows by `d` places: byte `i` of
    /// a row takes the row's byte `(i + d) % w` (the bytes after the rows stay put).
    const fn rotate(w: usize, d: usize) -> [u8; 64] {
        let mut idx = [0u8; 64];
        let mut i = 0;
        while i < 64 {
            idx[i] = if i < 8 * w { (i / w * w + (i % w + d) % w) as u8 } else { i as u8 };
            i += 1;
        }
        idx
    }

    /// A 64-byte permutation table as a vector.
    #[target_feature(enable = "avx512f")]
    fn vector(idx: &[u8; 64]) -> __m512i {
        // SAFETY: `idx` is 64 bytes, the width of the unaligned load.
        unsafe { _mm512_loadu_si512(idx.as_ptr().cast()) }
    }

    /// Rows per call of [`group_bad`].
    pub const GROUP: usize = 16;

    /// The bad bytes of `GROUP` `W`-card rows (`group`, `GROUP * W` bytes), eight at a
    /// time: a bit set for every index above 51 and for every card seen twice (0 when all
    /// are good).
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    #[inline(never)]
    pub fn group_bad<const W: usize>(group: &[u8]) -> u64 {
        assert!(group.len() == GROUP * W && W <= 7, "GROUP rows of at most seven cards");
        let rows = (1u64 << (8 * W)) - 1;
        // Rotations by 1..=W/2 meet every pair (by 3 only from six cards on).
        let third = if W >= 6 { rows } else { 0 };
        let mut bad = 0;
        for eight in group.chunks_exact(8 * W) {
            // SAFETY: the load mask selects bytes 0..8W, all inside `eight` (8W bytes
            // long, at most 56); a masked-out byte is neither read nor able to fault.
            let raw = unsafe { _mm512_maskz_loadu_epi8(rows, eight.as_ptr().cast()) };
            bad |= _mm512_cmpgt_epu8_mask(raw, _mm512_set1_epi8(51))
                | _mm512_mask_cmpeq_epi8_mask(rows, raw, _mm512_permutexvar_epi8(vector(&rotate(W, 1)), raw))
                | _mm512_mask_cmpeq_epi8_mask(rows, raw, _mm512_permutexvar_epi8(vector(&rotate(W, 2)), raw))
                | _mm512_mask_cmpeq_epi8_mask(third, raw, _mm512_permutexvar_epi8(vector(&rotate(W, 3)), raw));
        }
        bad
    }

    /// Evaluate `W`-card rows into `out`, each `GROUP` rows validated by [`group_bad`]
    /// just before they are evaluated (the rows past the last full group by the scalar
    /// loop); false if some row is bad.
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    pub fn index_rows<const W: usize>(t: &Tables, data: &[u8], out: &mut [MaybeUninit<u32>]) -> bool {
        let rows = out.len().min(data.len() / W);
        let full = rows / GROUP * GROUP;
        let mut bad = 0u64;
        for (group, o) in data[..full * W].chunks_exact(GROUP * W).zip(out[..full].chunks_exact_mut(GROUP)) {
            // SAFETY: `available()` found the features `group_bad` is compiled for.
            bad |= unsafe { group_bad::<W>(group) };
            for (row, v) in group.chunks_exact(W).zip(o.iter_mut()) {
                v.write(t.value_of_indices(row));
            }
        }
        bad == 0 && super::index_rows::<W>(t, &data[full * W..rows * W], &mut out[full..rows])
    }
}

fn dispatch_index<const W: usize>(t: &Tables, data: &[u8], out: &mut [MaybeUninit<u32>]) -> bool {
    #[cfg(target_arch = "x86_64")]
    if wide::available() {
        // SAFETY: the CPU has the features the function is compiled for.
        return unsafe { wide::index_rows::<W>(t, data, out) };
    }
    #[cfg(target_arch = "x86_64")]
    if fast::available() {
        // SAFETY: the CPU has the features the function is compiled for.
        return unsafe { fast::index_rows::<W>(t, data, out) };
    }
    index_rows::<W>(t, data, out)
}

fn dispatch_mask(t: &Tables, masks: &[u64], out: &mut [MaybeUninit<u32>]) -> bool {
    #[cfg(target_arch = "x86_64")]
    if fast::available() {
        // SAFETY: as above.
        return unsafe { fast::mask_rows(t, masks, out) };
    }
    mask_rows::<false>(t, masks, out)
}

/// The first bad row of `data` (rows of `w` card indices), as an error.
fn find_bad_index_row(data: &[u8], w: usize, first_row: usize) -> CoreError {
    for (i, row) in data.chunks_exact(w).enumerate() {
        let r = first_row + i;
        if let Some(c) = row.iter().find(|&&c| c > 51) {
            return bad_row(r, format!("card index {c} is out of range 0..=51"));
        }
        let mut seen = 0u64;
        for &c in row {
            if seen >> c & 1 == 1 {
                let card = crate::cards::Card::from_face(c, 0).map(|c| c.to_string()).unwrap_or_default();
                return bad_row(r, format!("card index {c} ({card}) appears twice in {row:?}"));
            }
            seen |= 1 << c;
        }
    }
    bad_row(first_row, "a bad row".into())
}

fn find_bad_mask_row(masks: &[u64], first_row: usize) -> CoreError {
    for (i, &m) in masks.iter().enumerate() {
        let n = m.count_ones();
        if m >> 52 != 0 {
            return bad_row(
                first_row + i,
                format!("mask {m:#x} has bits above 51 (jokers are not evaluated in batch)"),
            );
        }
        if !(5..=7).contains(&n) {
            return bad_row(first_row + i, format!("mask {m:#x} holds {n} cards; 5 to 7 are needed"));
        }
    }
    bad_row(first_row, "a bad mask".into())
}

/// Run `f` over chunks of `CHUNK` rows (`per_row` items each), on `threads` threads;
/// `f` returns false for a chunk holding a bad row, and `locate` names the
/// first bad row of the first such chunk.
fn run<T: Sync>(
    items: &[T],
    per_row: usize,
    out: &mut [MaybeUninit<u32>],
    threads: usize,
    f: impl Fn(&[T], &mut [MaybeUninit<u32>]) -> bool + Sync,
    locate: impl Fn(&[T], usize) -> CoreError,
) -> CoreResult<()> {
    let first_bad = if threads == 1 || out.len() <= CHUNK {
        items.chunks(CHUNK * per_row).zip(out.chunks_mut(CHUNK)).position(|(rows, o)| !f(rows, o))
    } else {
        let work = || {
            items
                .par_chunks(CHUNK * per_row)
                .zip(out.par_chunks_mut(CHUNK))
                .map(|(rows, o)| !f(rows, o))
                .collect::<Vec<bool>>()
        };
        with_threads(threads, work).iter().position(|&b| b)
    };
    match first_bad {
        None => Ok(()),
        Some(k) => {
            let start = k * CHUNK * per_row;
            let end = (start + CHUNK * per_row).min(items.len());
            Err(locate(&items[start..end], k * CHUNK))
        }
    }
}

/// Run `work` on `threads` threads (0 = rayon's global pool, 1 = this thread).
pub fn with_threads<R: Send>(threads: usize, work: impl FnOnce() -> R + Send) -> R {
    if threads <= 1 {
        return work();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(work),
        Err(_) => work(),
    }
}

/// `out` as slots the loops may write (they never read them).
fn slots(out: &mut [u32]) -> &mut [MaybeUninit<u32>] {
    // SAFETY: `MaybeUninit<u32>` has the layout of `u32`, and the functions of this
    // module only ever write initialised values into the slots, so `out` stays
    // initialised.
    unsafe { &mut *(out as *mut [u32] as *mut [MaybeUninit<u32>]) }
}

/// Evaluate rows of `width` card indices (5..=7) into `out` (one value per row).
pub fn evaluate_indices(data: &[u8], width: usize, out: &mut [u32], threads: usize) -> CoreResult<()> {
    evaluate_indices_uninit(data, width, slots(out), threads)
}

/// [`evaluate_indices`] into slots that need not be initialised: on `Ok` every slot of
/// `out` holds its row's value (on an error some may not).
pub fn evaluate_indices_uninit(
    data: &[u8],
    width: usize,
    out: &mut [MaybeUninit<u32>],
    threads: usize,
) -> CoreResult<()> {
    if !(5..=7).contains(&width) {
        return Err(CoreError::invalid_argument(
            "hands",
            format!("{width} columns"),
            "each row holds 5, 6 or 7 card indices",
        ));
    }
    if data.len() != width * out.len() {
        return Err(CoreError::invalid_argument(
            "hands",
            format!("{} bytes", data.len()),
            format!("{} rows of {width}", out.len()),
        ));
    }
    let t = tables();
    let locate = |rows: &[u8], first: usize| find_bad_index_row(rows, width, first);
    match width {
        5 => run(data, 5, out, threads, |rows, o| dispatch_index::<5>(t, rows, o), locate),
        6 => run(data, 6, out, threads, |rows, o| dispatch_index::<6>(t, rows, o), locate),
        _ => run(data, 7, out, threads, |rows, o| dispatch_index::<7>(t, rows, o), locate),
    }
}

/// Evaluate 64-bit card masks (5 to 7 bits among 0..=51) into `out`.
pub fn evaluate_masks(masks: &[u64], out: &mut [u32], threads: usize) -> CoreResult<()> {
    evaluate_masks_uninit(masks, slots(out), threads)
}

/// [`evaluate_masks`] into slots that need not be initialised: on `Ok` every slot of
/// `out` holds its mask's value (on an error some may not).
pub fn evaluate_masks_uninit(masks: &[u64], out: &mut [MaybeUninit<u32>], threads: usize) -> CoreResult<()> {
    if masks.len() != out.len() {
        return Err(CoreError::invalid_argument(
            "hands",
            format!("{} masks", masks.len()),
            format!("{} outputs", out.len()),
        ));
    }
    let t = tables();
    run(masks, 1, out, threads, |rows, o| dispatch_mask(t, rows, o), find_bad_mask_row)
}
