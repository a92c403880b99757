//! The core's error type. It knows nothing of Python: `rust/py/errors.rs` maps each
//! variant to its `hoyle.errors` exception at the boundary.

use thiserror::Error;

/// Everything that can go wrong in the Rust core.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CoreError {
    /// A card's text could not be parsed. `position` is the character offset of the token.
    #[error("invalid card {token:?} at position {position}: {reason}")]
    InvalidCard { token: String, position: usize, reason: String },

    /// The same physical card appears twice where cards must be distinct.
    #[error("duplicate card {card}: {reason}")]
    DuplicateCard { card: String, reason: String },

    /// A hand has the wrong size or shape for the operation.
    #[error("invalid hand: {0}")]
    InvalidHand(String),

    /// An argument is out of range (pack count, joker count, seed, ...).
    #[error("invalid argument {name}={value}: {reason}")]
    InvalidArgument { name: String, value: String, reason: String },

    /// Cards that do not form a meld under the rules in force (rummy).
    #[error("illegal meld {0}")]
    IllegalMeld(String),
}

impl CoreError {
    pub fn invalid_argument(name: &str, value: impl ToString, reason: impl ToString) -> Self {
        CoreError::InvalidArgument { name: name.to_string(), value: value.to_string(), reason: reason.to_string() }
    }
}

pub type CoreResult<T> = Result<T, CoreError>;
