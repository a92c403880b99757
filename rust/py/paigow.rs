//! Python bindings for `rust/poker/paigow.rs`: the Pai Gow house way and the
//! best-setting solver's tallies, used by `hoyle_poker.pai_gow`.

use pyo3::prelude::*;

use super::args::threads_arg;
use super::cards::{extract_cards, extract_seed};
use super::errors::{detached, invalid_argument};
use crate::poker::paigow::{exact_tallies, house_way, sampled_tallies, Tally};
use crate::poker::Joker;

/// The house way: the positions in `cards` (seven cards: one pack and at most one
/// joker) of the two cards the dealer puts in the two-card hand, in the order the house
/// names them. `hoyle_poker.pai_gow.house_way` documents the rules.
///
/// ```python
/// >>> pai_gow_house_way("9c 9d 9h 5s 5h 4c 4d")     # trips and two pair: fives in front
/// (3, 4)
/// ```
#[pyfunction]
fn pai_gow_house_way(cards: &Bound<'_, PyAny>) -> PyResult<(usize, usize)> {
    let [i, j] = house_way(&extract_cards(cards)?)?;
    Ok((i, j))
}

fn dealer_joker(s: &str) -> PyResult<Joker> {
    match s {
        "bug" => Ok(Joker::Bug),
        "wild" => Ok(Joker::Wild),
        _ => Err(invalid_argument(
            "dealer_joker",
            s,
            "'bug' (an ace, or completes a straight or flush) or 'wild' (a source's dealer joker)",
        )),
    }
}

/// For each of a player's settings, given as `(five_card_value, two_card_value)`
/// (`HandValue.value`s of the high hand and of the two-card hand), the dealer hands of
/// seven cards from `remaining` (set by the house way, valued with `dealer_joker`) that
/// it beats on both hands, pushes, and loses: a list of `(win, push, lose)`. A copy goes
/// to the dealer. With `samples=None` every hand is counted (`C(len(remaining), 7)`);
/// otherwise `samples` hands are drawn with `seed` (default 0). Releases the GIL; `threads=None`
/// uses every core (the result does not depend on it).
///
/// ```python
/// >>> t = pai_gow_tallies([(0x612000, 0x1c0000)], "As Kd Qh Jc Ts 9h 9d 5c")
/// >>> len(t), sum(t[0])
/// (1, 8)
/// ```
#[pyfunction]
#[pyo3(signature = (settings, remaining, *, dealer_joker = "bug", samples = None, seed = None, threads = None))]
fn pai_gow_tallies(
    py: Python<'_>,
    settings: Vec<(u32, u32)>,
    remaining: &Bound<'_, PyAny>,
    dealer_joker: &str,
    samples: Option<i64>,
    seed: Option<&Bound<'_, PyAny>>,
    threads: Option<i64>,
) -> PyResult<Vec<(u64, u64, u64)>> {
    let mode = self::dealer_joker(dealer_joker)?;
    let cards = extract_cards(remaining)?;
    let seed = match seed {
        Some(s) if !s.is_none() => extract_seed("seed", s)?,
        _ => 0,
    };
    let threads = threads_arg(threads)?;
    let samples = match samples {
        None => None,
        Some(n) if n >= 1 => Some(n as u64),
        Some(n) => return Err(invalid_argument("samples", n, "at least one dealer hand, or None for every hand")),
    };
    let tallies: Vec<Tally> = detached(py, || match samples {
        None => exact_tallies(&settings, &cards, mode, threads),
        Some(n) => sampled_tallies(&settings, &cards, mode, n, seed, threads),
    })?;
    Ok(tallies.into_iter().map(|t| (t.win, t.push, t.lose)).collect())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(pai_gow_house_way, m)?)?;
    m.add_function(wrap_pyfunction!(pai_gow_tallies, m)?)?;
    Ok(())
}
