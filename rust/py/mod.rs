//! PyO3 bindings: the only code that imports pyo3. Each submodule wraps one part of the
//! core and registers its own classes and functions.

// hoyle.poker's ranges, range equity and ICM (issue 29)
pub mod analysis;
// thread counts and numpy input, read alike by every binding (issue 34)
pub mod args;
pub mod cards;
pub mod errors;
pub mod paigow;
pub mod poker;
pub mod rummy;
// hoyle.rl's observation encoder and action mask (rl-speed)
pub mod rl;
// the compiled gin deal of hoyle.rl's gin tables (gin-kernel)
pub mod gin;
// the compiled hold'em hand over the betting machine (issue 33)
pub mod flop;
// the betting machine over a betting game's public state (issue 33)
pub mod betting;

use pyo3::prelude::*;

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    cards::register(m)?;
    rummy::register(m)?;
    poker::register(m)?;
    paigow::register(m)?;
    rl::register(m)?;
    gin::register(m)?;
    analysis::register(m)?;
    flop::register(m)?;
    betting::register(m)?;
    Ok(())
}
