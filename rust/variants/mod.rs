//! Variants played whole in Rust over the betting machine (`rust/betting/`): the
//! compiled forms of the poker plugin's games whose definition the Rust side reads.
//!
//! - [`flop`]: a hold'em hand (deal, streets, showdown, settlement).
//! - [`native`]: native bots and whole simulations, seeded as `hoyle.simulate`.

pub mod flop;
pub mod native;
