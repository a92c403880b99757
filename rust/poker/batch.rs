//! Many hands at once: rows of card indices or 64-bit card masks to packed high values.
//! Every row is validated (indices 0..=51, no card twice, 5 to 7 cards); the first bad
//! row is reported by number.

use rayon::prelude::*;

use super::tables::{tables, Hand, Tables};
use crate::error::{CoreError, CoreResult};

const CHUNK: usize = 1 << 14;

fn bad_row(row: usize, what: String) -> CoreError {
    CoreError::invalid_argument("hands", format!("row {row}"), what)
}

fn eval_rows<const W: usize>(t: &Tables, data: &[u8], first_row: usize, out: &mut [u32]) -> CoreResult<()> {
    for (i, (row, o)) in data.chunks_exact(W).zip(out.iter_mut()).enumerate() {
        let row: &[u8; W] = row.try_into().expect("chunks of W");
        let mut h = Hand::EMPTY;
        let mut bad = false;
        for &c in row {
            bad |= c > 51;
            h.key += t.byte_key[c as usize];
            h.mask |= 1u64.wrapping_shl(c as u32);
        }
        // A repeated card leaves fewer bits in the mask than cards in the row.
        bad |= h.mask.count_ones() != W as u32;
        if bad {
            let r = first_row + i;
            return Err(match row.iter().find(|&&c| c > 51) {
                Some(c) => bad_row(r, format!("card index {c} is out of range 0..=51")),
                None => bad_row(r, format!("the same card appears twice in {row:?}")),
            });
        }
        *o = h.value(t);
    }
    Ok(())
}

fn eval_mask_rows(t: &Tables, masks: &[u64], first_row: usize, out: &mut [u32]) -> CoreResult<()> {
    for (i, (&m, o)) in masks.iter().zip(out.iter_mut()).enumerate() {
        let n = m.count_ones();
        if m >> 52 != 0 || !(5..=7).contains(&n) {
            let why = if m >> 52 != 0 {
                format!("mask {m:#x} has bits above 51 (jokers are not evaluated in batch)")
            } else {
                format!("mask {m:#x} holds {n} cards; 5 to 7 are needed")
            };
            return Err(bad_row(first_row + i, why));
        }
        *o = Hand::from_mask(t, m).value(t);
    }
    Ok(())
}

fn run<T: Sync>(
    items: &[T],
    per_row: usize,
    out: &mut [u32],
    threads: usize,
    f: impl Fn(&[T], usize, &mut [u32]) -> CoreResult<()> + Sync,
) -> CoreResult<()> {
    if threads == 1 || out.len() <= CHUNK {
        return f(items, 0, out);
    }
    let work = || {
        let errors: Vec<CoreError> = items
            .par_chunks(CHUNK * per_row)
            .zip(out.par_chunks_mut(CHUNK))
            .enumerate()
            .filter_map(|(k, (rows, o))| f(rows, k * CHUNK, o).err())
            .collect();
        errors.into_iter().next().map_or(Ok(()), Err)
    };
    with_threads(threads, work)
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
        return Err(CoreError::invalid_argument("hands", format!("{width} columns"), "each row holds 5, 6 or 7 card indices"));
    }
    debug_assert_eq!(data.len(), width * out.len());
    let t = tables();
    match width {
        5 => run(data, 5, out, threads, |rows, first, o| eval_rows::<5>(t, rows, first, o)),
        6 => run(data, 6, out, threads, |rows, first, o| eval_rows::<6>(t, rows, first, o)),
        _ => run(data, 7, out, threads, |rows, first, o| eval_rows::<7>(t, rows, first, o)),
    }
}

/// Evaluate 64-bit card masks (5 to 7 bits among 0..=51) into `out`.
pub fn evaluate_masks(masks: &[u64], out: &mut [u32], threads: usize) -> CoreResult<()> {
    let t = tables();
    run(masks, 1, out, threads, |rows, first, o| eval_mask_rows(t, rows, first, o))
}
