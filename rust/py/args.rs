//! The arguments every binding reads the same way: thread counts and numpy input.
//!
//! One place for the checks (and their messages) that the batch functions of
//! `poker`, `rummy`, `paigow` and `flop` share, so a thread count or a mask array is
//! accepted and refused alike everywhere.

use numpy::{ndarray::Dimension, Element, PyReadonlyArray, PyReadonlyArray1, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::prelude::*;

use super::errors::invalid_argument;

/// The largest `threads=` a batch function takes.
pub const MAX_THREADS: i64 = 1024;

/// A `threads=` argument as the core takes it: `None` is 0 (every core), else `1..=1024`.
pub fn threads_arg(threads: Option<i64>) -> PyResult<usize> {
    match threads {
        None => Ok(0),
        Some(t) if (1..=MAX_THREADS).contains(&t) => Ok(t as usize),
        Some(t) => Err(invalid_argument("threads", t, "a thread count is 1..=1024, or None for all cores")),
    }
}

/// `repr(obj)`, at most 60 characters, for an error message.
pub fn repr(obj: &Bound<'_, PyAny>) -> String {
    obj.repr().map(|r| r.to_string()).unwrap_or_else(|_| "<unprintable>".into()).chars().take(60).collect()
}

/// The dtype and shape of `obj` when it is a numpy array.
pub fn dtype_and_shape(obj: &Bound<'_, PyAny>) -> Option<(String, Vec<usize>)> {
    let a = obj.cast::<PyUntypedArray>().ok()?;
    Some((a.dtype().to_string(), a.shape().to_vec()))
}

/// The elements of `array` as one slice, copied into `owned` only when it is strided.
pub fn contiguous<'a, T: Element + Copy, D: Dimension>(
    array: &'a PyReadonlyArray<'_, T, D>,
    owned: &'a mut Vec<T>,
) -> &'a [T] {
    match array.as_slice() {
        Ok(s) => s,
        Err(_) => {
            *owned = array.as_array().iter().copied().collect();
            owned
        }
    }
}

/// Run `work` on the `CardSet` masks of `name`, a 1-D numpy array of `uint64` (read in
/// place when contiguous) or of non-negative `int64`; anything else is an
/// `InvalidArgumentError` naming the dtype or the bad entry.
pub fn with_masks<'py, R>(
    name: &str,
    array: &Bound<'py, PyAny>,
    work: impl FnOnce(&[u64]) -> PyResult<R>,
) -> PyResult<R> {
    if let Ok(arr) = array.extract::<PyReadonlyArray1<'py, u64>>() {
        let mut owned = Vec::new();
        return work(contiguous(&arr, &mut owned));
    }
    if let Ok(arr) = array.extract::<PyReadonlyArray1<'py, i64>>() {
        let masks: Vec<u64> = arr
            .as_array()
            .iter()
            .enumerate()
            .map(|(i, &x)| {
                u64::try_from(x)
                    .map_err(|_| invalid_argument(name, format!("{name}[{i}] = {x}"), "a mask is non-negative"))
            })
            .collect::<PyResult<_>>()?;
        return work(&masks);
    }
    if let Ok(arr) = array.cast::<PyUntypedArray>() {
        if arr.ndim() != 1 {
            return Err(invalid_argument(name, format!("array of {} dimensions", arr.ndim()), "a 1-D array of masks"));
        }
    }
    let dtype = array.getattr("dtype").map(|d| repr(&d)).unwrap_or_else(|_| repr(array));
    Err(invalid_argument(name, dtype, "a 1-D numpy array of uint64 (or int64) CardSet masks"))
}
