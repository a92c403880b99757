//! Python bindings for the compiled hold'em hand (`rust/variants/flop.rs`) and its native
//! simulation: `hoyle._core.FlopHand` and `hoyle._core.simulate_flop_random`, reached
//! through `hoyle_poker.compiled`.

use numpy::{PyArray1, PyArray2};
use pyo3::prelude::*;

use super::args::threads_arg;
use super::cards::extract_cards;
use super::errors::{detached, invalid_argument};
use crate::betting::{Limits, Move, Structure};
use crate::cards::{Card, Deck};
use crate::variants::flop::{FlopHand, FlopRules, STREETS};
use crate::variants::native::simulate_random;

/// The most seats a compiled table has (a 52-card deck deals 23 hold'em hands and a board).
const MAX_SEATS: usize = 23;
/// A simulation's results: chips won per game and seat, actions per game.
type Simulated<'py> = (Bound<'py, PyArray2<i64>>, Bound<'py, PyArray1<u32>>);

/// The most games one call simulates.
const MAX_GAMES: u64 = 1 << 32;

#[allow(clippy::too_many_arguments)]
fn flop_rules(
    structure: &str,
    blinds: Vec<u64>,
    antes: Vec<u64>,
    min_bet: u64,
    bet_sizes: Vec<u64>,
    short_all_in: &str,
    fold_when_check: bool,
    hole_cards: usize,
) -> PyResult<FlopRules> {
    let structure = Structure::parse(structure)?;
    let half_bet_reopens = match short_all_in {
        "full-bet" => false,
        "half-bet" => true,
        other => return Err(invalid_argument("short_all_in", other, "full-bet or half-bet")),
    };
    if blinds.len() > MAX_SEATS || antes.len() > MAX_SEATS {
        return Err(invalid_argument("blinds", blinds.len().max(antes.len()), "at most one forced bet per seat"));
    }
    if bet_sizes.len() != 4 || bet_sizes.contains(&0) {
        return Err(invalid_argument("bet_sizes", format!("{bet_sizes:?}"), "four positive bet sizes, one per street"));
    }
    if !(1..=4).contains(&hole_cards) {
        return Err(invalid_argument("hole_cards", hole_cards, "hold'em deals 1 to 4 hole cards"));
    }
    let limits = Limits { structure, min_bet: min_bet.max(1), bet_sizes, half_bet_reopens, fold_when_check };
    Ok(FlopRules { limits, blinds, antes, hole_cards })
}

fn checked_stacks(stacks: &[u64]) -> PyResult<()> {
    if !(2..=MAX_SEATS).contains(&stacks.len()) {
        return Err(invalid_argument("stacks", stacks.len(), format!("a compiled table has 2..={MAX_SEATS} seats")));
    }
    Ok(())
}

/// A deck of distinct standard cards, dealt from its first card.
fn checked_deck(deck: &Bound<'_, PyAny>) -> PyResult<Vec<Card>> {
    let cards = extract_cards(deck)?;
    let mut seen = 0u64;
    for c in &cards {
        if c.is_joker() || c.copy() != 0 || seen & (1 << c.face()) != 0 {
            return Err(invalid_argument("deck", c, "the compiled hand deals one standard pack, each card once"));
        }
        seen |= 1 << c.face();
    }
    Ok(cards)
}

/// One hold'em hand played in Rust by the betting machine: the compiled form of the
/// poker plugin's `texas-holdem` (docs/poker-games.md, "The compiled hand").
///
/// >>> from hoyle._core import FlopHand, Deck
/// >>> hand = FlopHand(Deck.standard(), [200, 200])
/// >>> hand.to_act, hand.legal_actions()[:3]
/// (1, ['fold', 'call', 'raise to 4'])
#[pyclass(name = "FlopHand", module = "hoyle._core")]
pub struct PyFlopHand {
    hand: FlopHand,
}

#[pymethods]
impl PyFlopHand {
    #[new]
    #[pyo3(signature = (deck, stacks, *, structure="no-limit", blinds=vec![1, 2], antes=vec![], min_bet=2,
        bet_sizes=vec![2, 2, 4, 4], short_all_in="full-bet", fold_when_check=false, hole_cards=2))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        deck: &Bound<'_, PyAny>,
        stacks: Vec<u64>,
        structure: &str,
        blinds: Vec<u64>,
        antes: Vec<u64>,
        min_bet: u64,
        bet_sizes: Vec<u64>,
        short_all_in: &str,
        fold_when_check: bool,
        hole_cards: usize,
    ) -> PyResult<Self> {
        checked_stacks(&stacks)?;
        let rules =
            flop_rules(structure, blinds, antes, min_bet, bet_sizes, short_all_in, fold_when_check, hole_cards)?;
        let cards = checked_deck(deck)?;
        Ok(PyFlopHand { hand: FlopHand::new(&cards, stacks, &rules)? })
    }

    /// The seat to act, or None when the hand is over.
    #[getter]
    fn to_act(&self) -> Option<usize> {
        self.hand.betting.to_act
    }
    /// The street's name, as the plugin's phase: preflop, flop, turn, river, or over.
    #[getter]
    fn street(&self) -> &'static str {
        if self.hand.over {
            "over"
        } else {
            STREETS[self.hand.street()]
        }
    }
    #[getter]
    fn over(&self) -> bool {
        self.hand.over
    }
    #[getter]
    fn pot(&self) -> u64 {
        self.hand.betting.pot
    }
    #[getter]
    fn stacks(&self) -> Vec<u64> {
        self.hand.betting.stacks.clone()
    }
    #[getter]
    fn bets(&self) -> Vec<u64> {
        self.hand.betting.bets.clone()
    }
    #[getter]
    fn live(&self) -> Vec<bool> {
        self.hand.betting.live.clone()
    }
    /// `(least, most)` the seat to act may bet or raise to, or None.
    #[getter]
    fn range(&self) -> Option<(u64, u64)> {
        self.hand.betting.range
    }
    #[getter]
    fn button(&self) -> usize {
        self.hand.betting.button
    }
    /// The board as text, e.g. "Ah 7c 2d".
    #[getter]
    fn board(&self) -> String {
        text(&self.hand.board)
    }
    /// A seat's hole cards as text, in the order dealt.
    fn hole(&self, seat: usize) -> PyResult<String> {
        let hole = self.hand.holes.get(seat).ok_or_else(|| invalid_argument("seat", seat, "no such seat"))?;
        Ok(text(hole))
    }
    /// Chips won (negative: lost) by each seat so far.
    #[getter]
    fn won(&self) -> Vec<i64> {
        self.hand.won()
    }
    /// `(seat, chips)` of the uncalled bet returned at the end, or None.
    #[getter]
    fn uncalled(&self) -> Option<(usize, u64)> {
        self.hand.uncalled
    }
    /// How the hand ended: "folds", "showdown", or None while it is played.
    #[getter]
    fn end(&self) -> Option<&'static str> {
        self.hand.end
    }
    /// The concrete choices of the seat to act, as `hoyle.Action` texts.
    fn legal_actions(&self) -> Vec<String> {
        self.hand.betting.legal_moves().iter().map(Move::to_string).collect()
    }
    /// Play an action (its text, e.g. "raise to 10") for the seat to act; a refused
    /// action raises `InvalidArgumentError` saying why and changes nothing.
    fn act(&mut self, action: &str) -> PyResult<()> {
        Ok(self.hand.act(Move::parse(action)?)?)
    }
}

fn text(cards: &[Card]) -> String {
    cards.iter().map(Card::to_string).collect::<Vec<_>>().join(" ")
}

/// Games `first..first + games` of a simulation from `seed` between random bots, played
/// in Rust exactly as `hoyle.simulate` plays them: `(won, actions)`, chips won per game
/// and seat (int64, `[games, seats]`) and actions per game (uint32).
#[pyfunction]
#[pyo3(signature = (stacks, seed, first, games, *, structure="no-limit", blinds=vec![1, 2], antes=vec![],
    min_bet=2, bet_sizes=vec![2, 2, 4, 4], short_all_in="full-bet", fold_when_check=false, hole_cards=2,
    threads=None))]
#[allow(clippy::too_many_arguments)]
fn simulate_flop_random<'py>(
    py: Python<'py>,
    stacks: Vec<u64>,
    seed: u64,
    first: u64,
    games: u64,
    structure: &str,
    blinds: Vec<u64>,
    antes: Vec<u64>,
    min_bet: u64,
    bet_sizes: Vec<u64>,
    short_all_in: &str,
    fold_when_check: bool,
    hole_cards: usize,
    threads: Option<i64>,
) -> PyResult<Simulated<'py>> {
    checked_stacks(&stacks)?;
    if games > MAX_GAMES || first.checked_add(games).is_none() {
        return Err(invalid_argument(
            "games",
            games,
            format!("at most {MAX_GAMES} games a call, numbered below 2**64"),
        ));
    }
    let threads = threads_arg(threads)?;
    let rules = flop_rules(structure, blinds, antes, min_bet, bet_sizes, short_all_in, fold_when_check, hole_cards)?;
    let deck = Deck::standard(1, 0)?;
    let played = detached(py, || simulate_random(&deck, &stacks, &rules, seed, first, games, threads))?;
    let n = stacks.len();
    let won: Vec<Vec<i64>> = played.iter().map(|p| p.won.clone()).collect();
    let actions: Vec<u32> = played.iter().map(|p| p.actions).collect();
    let won = if won.is_empty() { PyArray2::zeros(py, [0, n], false) } else { PyArray2::from_vec2(py, &won)? };
    Ok((won, PyArray1::from_vec(py, actions)))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyFlopHand>()?;
    m.add_function(wrap_pyfunction!(simulate_flop_random, m)?)?;
    Ok(())
}
