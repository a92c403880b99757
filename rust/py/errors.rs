//! The one place a `CoreError` becomes a Python exception. The exception classes live in
//! `hoyle/errors.py` (so each can subclass both `HoyleError` and the matching built-in,
//! e.g. `ValueError`); each is imported once, on its first raise, and its type object
//! kept (`import_exception!` caches it for the interpreter), so a raise costs no look-up.

use pyo3::prelude::*;
use pyo3::types::{PyString, PyType};
use pyo3::PyTypeInfo;

use crate::error::CoreError;

/// The `hoyle.errors` classes a `CoreError` becomes, each imported once.
mod classes {
    pyo3::import_exception!(hoyle.errors, InvalidCardError);
    pyo3::import_exception!(hoyle.errors, DuplicateCardError);
    pyo3::import_exception!(hoyle.errors, InvalidHandError);
    pyo3::import_exception!(hoyle.errors, InvalidArgumentError);
    pyo3::import_exception!(hoyle.errors, InvalidMeldError);
}
pub use classes::{DuplicateCardError, InvalidArgumentError, InvalidCardError, InvalidHandError, InvalidMeldError};

/// `E(message)` (a cached `hoyle.errors` class) with extra attributes set on the instance.
pub fn hoyle_error<E: PyTypeInfo>(message: String, attrs: Vec<(&str, Py<PyAny>)>) -> PyErr {
    Python::attach(|py| {
        let build = || -> PyResult<PyErr> {
            let cls: Bound<'_, PyType> = E::type_object(py);
            let exc = cls.call1((message,))?;
            for (k, v) in attrs {
                exc.setattr(k, v)?;
            }
            Ok(PyErr::from_value(exc))
        };
        build().unwrap_or_else(|e| e)
    })
}

/// An `InvalidArgumentError` naming the argument and its value.
pub fn invalid_argument(name: &str, value: impl ToString, reason: impl ToString) -> PyErr {
    CoreError::invalid_argument(name, value, reason).into()
}

fn text(py: Python<'_>, s: &str) -> Py<PyAny> {
    PyString::new(py, s).into_any().unbind()
}

impl From<CoreError> for PyErr {
    fn from(err: CoreError) -> PyErr {
        let message = err.to_string();
        Python::attach(|py| match err {
            CoreError::InvalidCard { token, position, .. } => hoyle_error::<InvalidCardError>(
                message,
                vec![
                    ("token", text(py, &token)),
                    ("position", position.into_pyobject(py).unwrap().into_any().unbind()),
                ],
            ),
            CoreError::DuplicateCard { card, .. } => {
                hoyle_error::<DuplicateCardError>(message, vec![("card", text(py, &card))])
            }
            CoreError::InvalidHand(_) => hoyle_error::<InvalidHandError>(message, vec![]),
            CoreError::InvalidArgument { name, value, .. } => hoyle_error::<InvalidArgumentError>(
                message,
                vec![("name", text(py, &name)), ("value", text(py, &value))],
            ),
            CoreError::IllegalMeld(_) => hoyle_error::<InvalidMeldError>(message, vec![]),
        })
    }
}

/// Run heavy Rust work with the GIL released, converting its error at the boundary.
/// Batch evaluators, equity and meld search go through here; single calls stay attached.
pub fn detached<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: Send + FnOnce() -> Result<T, CoreError>,
{
    py.detach(work).map_err(PyErr::from)
}
