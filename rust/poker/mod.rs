//! Poker hand evaluation and equity (see issue 3 and `docs/poker.md`).
//!
//! * `value`: the packed `u32` value every hand type shares (larger is better).
//! * `generic`: the exact category-by-category evaluator (any card count, wild cards,
//!   short-deck and no-wheel rules).
//! * `tables`: the fast 5-7 card lookup evaluator, tables built on first use.
//! * `hand`: the public entry points over cards (validation, wild specs, cards used).
//! * `omaha`, `lows`: Omaha and the low games (ace-to-five, eight-or-better,
//!   deuce-to-seven, badugi, Pai Gow two-card hand).
//! * `batch`, `equity`: many hands at once and all-in equity, multithreaded.
//! * `range`, `range_equity`, `classes`, `icm`: hand ranges, their equity (and its
//!   breakdown by hand class), and ICM (issue 29).

pub mod batch;
pub mod classes;
pub mod equity;
pub mod generic;
pub mod hand;
pub mod icm;
pub mod lows;
pub mod omaha;
pub mod paigow;
pub mod range;
pub mod range_equity;
pub mod tables;
pub mod value;

#[cfg(test)]
mod analysis_tests;
#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;

pub use hand::{evaluate, evaluate_short_deck, HandValue, Joker, Wild};
pub use value::{Category, Kind};
