//! The betting machine every betting game shares (docs/rules/poker.md#b2): forced bets,
//! whose turn it is, the legal bets and raises of no-limit, pot-limit and fixed-limit,
//! all-ins and re-opening, uncalled bets, side pots, odd chips and the showdown order.
//!
//! It knows nothing of cards: a variant (`rust/variants/`) deals, says when a street
//! starts and values the hands; the machine holds the chips. The rules are those of
//! `hoyle_poker.betting` under the cardroom conventions and the strict procedure, which
//! the lockstep test (`plugins/hoyle-poker/tests/test_compiled_flop.py`) checks move by
//! move against the Python engine.
//!
//! - [`round`]: the state of a hand's betting and the rules of a betting round.
//! - [`pots`]: the uncalled bet, the main and side pots, splitting a pot, who shows first.

pub mod pots;
pub mod round;

pub use pots::{run_shares, uncalled, Awarded, RunValues};
pub use round::{
    Betting, Conventions, Differs, Frozen, Increments, Limits, Move, OddChips, Reopening, Structure, Verdict,
};

/// The pot fractions offered as bet and raise sizes besides the least and the most
/// (`hoyle_poker.betting.POT_FRACTIONS`).
pub const POT_FRACTIONS: [(u64, u64); 3] = [(1, 2), (3, 4), (1, 1)];

#[cfg(test)]
mod tests;
