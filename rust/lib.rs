//! hoyle's Rust core. Pure Rust except `py/`, compiled only with the `python` feature,
//! which holds the PyO3 bindings exposed to Python as `hoyle._core`.

pub mod betting;
pub mod cards;
pub mod error;
pub mod poker;
pub mod rummy;
pub mod variants;

#[cfg(feature = "python")]
mod py;

#[cfg(feature = "python")]
use pyo3::prelude::*;

/// The extension module: registration only; each binding file registers its own classes.
#[cfg(feature = "python")]
#[pymodule(gil_used = false)]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    py::register(m)
}
