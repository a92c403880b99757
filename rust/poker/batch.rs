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

use rayon::prelude::*;

use super::tables::{tables, Tables, BAD_KEY_BITS, SUIT_BIAS};
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
fn index_rows<const W: usize>(t: &Tables, data: &[u8], out: &mut [u32]) -> bool {
    let mut keys = 0u64;
    let mut bits = 0usize;
    for (row, o) in data.chunks_exact(W).zip(out.iter_mut()) {
        let row: &[u8; W] = row.try_into().unwrap_or_else(|_| unreachable!("chunks_exact"));
        let mut key = SUIT_BIAS;
        let mut mask = 0u64;
        for &c in row {
            key += t.byte_key[c as usize];
            mask |= 1u64 << (c & 63);
        }
        keys |= key;
        bits += mask.count_ones() as usize;
        *o = t.value_branchless(key, mask);
    }
    keys & BAD_KEY_BITS == 0 && bits == W * out.len().min(data.len() / W)
}

/// Evaluate masks; returns false if some mask is bad. `POPCNT`: count suit cards with
/// the bit-count instruction (only where the CPU has it).
#[inline(always)]
fn mask_rows<const POPCNT: bool>(t: &Tables, masks: &[u64], out: &mut [u32]) -> bool {
    let mut all = 0u64;
    let mut worst = 0u32;
    for (&m, o) in masks.iter().zip(out.iter_mut()) {
        all |= m;
        worst = worst.max(m.count_ones().wrapping_sub(5));
        let key = if POPCNT { t.mask_key_popcnt(m) } else { t.mask_key(m) };
        *o = t.value_branchless(key, m);
    }
    all >> 52 == 0 && worst <= 2
}

#[cfg(target_arch = "x86_64")]
mod fast {
    use super::*;

    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    pub unsafe fn index_rows<const W: usize>(t: &Tables, data: &[u8], out: &mut [u32]) -> bool {
        super::index_rows::<W>(t, data, out)
    }
    #[target_feature(enable = "popcnt,bmi1,bmi2")]
    pub unsafe fn mask_rows(t: &Tables, masks: &[u64], out: &mut [u32]) -> bool {
        super::mask_rows::<true>(t, masks, out)
    }
    pub fn available() -> bool {
        std::is_x86_feature_detected!("popcnt")
            && std::is_x86_feature_detected!("bmi1")
            && std::is_x86_feature_detected!("bmi2")
    }
}

fn dispatch_index<const W: usize>(t: &Tables, data: &[u8], out: &mut [u32]) -> bool {
    #[cfg(target_arch = "x86_64")]
    if fast::available() {
        // SAFETY: the CPU has the features the function is compiled for.
        return unsafe { fast::index_rows::<W>(t, data, out) };
    }
    index_rows::<W>(t, data, out)
}

fn dispatch_mask(t: &Tables, masks: &[u64], out: &mut [u32]) -> bool {
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
        let mask = row.iter().fold(0u64, |m, &c| m | 1 << c);
        if mask.count_ones() as usize != w {
            return bad_row(r, format!("the same card appears twice in {row:?}"));
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
    out: &mut [u32],
    threads: usize,
    f: impl Fn(&[T], &mut [u32]) -> bool + Sync,
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

/// Evaluate rows of `width` card indices (5..=7) into `out` (one value per row).
pub fn evaluate_indices(data: &[u8], width: usize, out: &mut [u32], threads: usize) -> CoreResult<()> {
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
