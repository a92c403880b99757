//! Poker hand evaluation and equity (see issue 3).
