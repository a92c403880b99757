//! Python bindings for the betting machine (`rust/betting/`) over a betting game's public
//! state: `hoyle._core.betting_*`, called by `hoyle_poker.betting` (issue 33).
//!
//! The betting facts stay in `state.public` as plain data (views, clones, replay and the
//! tests read them there). Each call reads the keys its rule needs into a
//! [`Betting`], runs the rule and writes back only what the rule changed, in place where
//! the Python engine changes a list in place; chips put in are returned, so that the
//! plugin moves them with `state.commit` (its events and conservation checks unchanged).
//! A malformed public state is an `InvalidArgumentError` naming the key, never a panic.

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyString};

use super::errors::{hoyle_error, invalid_argument, InvalidArgumentError};
use crate::betting::{
    run_shares, uncalled, Awarded, Betting, Conventions, Frozen, Increments, Limits, Move, RunValues, Structure,
    Verdict,
};

/// The `hoyle.Action` values the legal actions are made of, given once by the plugin.
struct Actions {
    fold: Py<PyAny>,
    check: Py<PyAny>,
    call: Py<PyAny>,
    show: Py<PyAny>,
    muck: Py<PyAny>,
    /// `hoyle.Action`, to make a bet or raise of a size not seen before.
    action: Py<PyAny>,
    /// Total -> the shared bet and raise `Action`s (actions are immutable values).
    bets: Py<PyDict>,
    raises: Py<PyDict>,
}

static ACTIONS: PyOnceLock<Actions> = PyOnceLock::new();

/// The most bet and raise actions kept (then the cache starts again).
const SIZED_LIMIT: usize = 50_000;

fn actions(py: Python<'_>) -> PyResult<&Actions> {
    ACTIONS
        .get(py)
        .ok_or_else(|| invalid_argument("actions", "unset", "hoyle_poker.betting registers its actions first"))
}

/// Give the betting machine the `hoyle.Action` values it lists: fold, check, call, show,
/// muck, and the `Action` class for bets and raises (once, at the plugin's import).
///
/// >>> from hoyle import Action
/// >>> from hoyle._core import betting_register
/// >>> betting_register(*(Action(k) for k in ("fold", "check", "call", "show", "muck")), Action)
#[pyfunction]
fn betting_register(
    py: Python<'_>,
    fold: Py<PyAny>,
    check: Py<PyAny>,
    call: Py<PyAny>,
    show: Py<PyAny>,
    muck: Py<PyAny>,
    action: Py<PyAny>,
) -> PyResult<()> {
    let (bets, raises) = (PyDict::new(py).unbind(), PyDict::new(py).unbind());
    let _ = ACTIONS.set(py, Actions { fold, check, call, show, muck, action, bets, raises });
    Ok(())
}

fn sized_action<'py>(py: Python<'py>, a: &Actions, m: Move) -> PyResult<Bound<'py, PyAny>> {
    let (kind, to, cache) = match m {
        Move::Bet(to) => ("bet", to, a.bets.bind(py)),
        Move::Raise(to) => ("raise", to, a.raises.bind(py)),
        Move::Fold => return Ok(a.fold.bind(py).clone()),
        Move::Check => return Ok(a.check.bind(py).clone()),
        Move::Call => return Ok(a.call.bind(py).clone()),
    };
    if let Some(found) = cache.get_item(to)? {
        return Ok(found);
    }
    if cache.len() >= SIZED_LIMIT {
        cache.clear();
    }
    let kwargs = PyDict::new(py);
    kwargs.set_item(intern!(py, "amount"), to)?;
    let made = a.action.bind(py).call((kind,), Some(&kwargs))?;
    cache.set_item(to, &made)?;
    Ok(made)
}

// --- reading the public state ------------------------------------------------------------

fn key<'py>(public: &Bound<'py, PyDict>, name: &Bound<'py, PyString>) -> PyResult<Bound<'py, PyAny>> {
    public.get_item(name)?.ok_or_else(|| {
        invalid_argument("public", name.to_string_lossy(), "the betting state has no such key (start_hand sets it)")
    })
}

fn number(public: &Bound<'_, PyDict>, name: &Bound<'_, PyString>) -> PyResult<u64> {
    let v = key(public, name)?;
    v.extract::<u64>()
        .map_err(|_| invalid_argument(&name.to_string_lossy(), v.to_string(), "a count of chips, not negative"))
}

fn seat_list<'py>(public: &Bound<'py, PyDict>, name: &Bound<'py, PyString>, n: usize) -> PyResult<Bound<'py, PyList>> {
    let v = key(public, name)?;
    let list = v.cast_into::<PyList>().map_err(|e| {
        invalid_argument(&name.to_string_lossy(), e.into_inner().to_string(), "a list with one entry per seat")
    })?;
    if list.len() != n {
        return Err(invalid_argument(&name.to_string_lossy(), list.len(), format!("one entry per seat ({n})")));
    }
    Ok(list)
}

fn chips_of(list: &Bound<'_, PyList>, name: &str) -> PyResult<Vec<u64>> {
    list.iter()
        .map(|x| {
            x.extract::<u64>().map_err(|_| invalid_argument(name, x.to_string(), "a count of chips, not negative"))
        })
        .collect()
}

fn stacks_of(stacks: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
    let list =
        stacks.cast::<PyList>().map_err(|_| invalid_argument("stacks", stacks.to_string(), "a list of chips"))?;
    chips_of(list, "stacks")
}

/// `public["range"]`: `[least, most]` or None.
fn range_of(public: &Bound<'_, PyDict>) -> PyResult<Option<(u64, u64)>> {
    let py = public.py();
    let v = key(public, intern!(py, "range"))?;
    if v.is_none() {
        return Ok(None);
    }
    let pair: [u64; 2] = v.extract().map_err(|_| invalid_argument("range", v.to_string(), "[least, most] or None"))?;
    Ok(Some((pair[0], pair[1])))
}

fn check_seat(seat: usize, n: usize) -> PyResult<()> {
    if seat >= n {
        return Err(invalid_argument("seat", seat, format!("the table has seats 0..{n}")));
    }
    Ok(())
}

/// `public["conventions"]` (the cardroom's when the key is absent).
fn conventions_of(public: &Bound<'_, PyDict>) -> PyResult<Conventions> {
    match public.get_item(intern!(public.py(), "conventions"))? {
        Some(c) => Ok(Conventions::parse(&c.extract::<String>()?)?),
        None => Ok(Conventions::CARDROOM),
    }
}

/// The facts of whose turn it is: live, frozen (and the chips frozen, which the players
/// in turn do not see in the pot), bets, acted, to_call and the conventions.
fn load_turn(public: &Bound<'_, PyDict>, stacks: &Bound<'_, PyAny>, pot: u64) -> PyResult<Betting> {
    let py = public.py();
    let stacks = stacks_of(stacks)?;
    let n = stacks.len();
    let live: Vec<bool> =
        seat_list(public, intern!(py, "live"), n)?.iter().map(|x| x.is_truthy()).collect::<PyResult<_>>()?;
    let mut frozen = vec![Frozen::No; n];
    let mut frozen_chips = 0u64;
    for (s, f) in seat_list(public, intern!(py, "frozen"), n)?.iter().enumerate() {
        if f.is_none() {
            continue;
        }
        let kind: String = f.get_item(intern!(py, "kind"))?.extract()?;
        if kind == "deemed call" {
            frozen[s] = Frozen::DeemedCall;
        } else {
            frozen[s] = Frozen::Pending;
            frozen_chips += f.get_item(intern!(py, "chips"))?.extract::<u64>()?;
        }
    }
    let bets = chips_of(&seat_list(public, intern!(py, "bets"), n)?, "bets")?;
    let acted = seat_list(public, intern!(py, "acted"), n)?
        .iter()
        .map(|x| x.extract::<Option<u64>>().map_err(|_| invalid_argument("acted", x.to_string(), "a bet or None")))
        .collect::<PyResult<Vec<_>>>()?;
    let conventions = conventions_of(public)?;
    Ok(Betting {
        live,
        to_call: number(public, intern!(py, "to_call"))?,
        committed: vec![0; n],
        dead: vec![0; n],
        stacks,
        bets,
        acted,
        pot: pot.saturating_sub(frozen_chips),
        conventions,
        frozen,
        increments: Increments { acted: vec![false; n], ..Increments::default() },
        ..empty_betting()
    })
}

/// Every fact of the betting round (what the turn needs, the limits, the round's bets and
/// raises, PokerKit's increments under its conventions).
fn load(public: &Bound<'_, PyDict>, stacks: &Bound<'_, PyAny>, pot: u64) -> PyResult<Betting> {
    let py = public.py();
    let mut b = load_turn(public, stacks, pot)?;
    let n = b.seats();
    let structure: String = key(public, intern!(py, "structure"))?.extract()?;
    b.limits.structure = Structure::parse(&structure)?;
    b.limits.min_bet = number(public, intern!(py, "min_bet"))?;
    let sizes = key(public, intern!(py, "bet_sizes"))?;
    b.limits.bet_sizes =
        sizes.extract().map_err(|_| invalid_argument("bet_sizes", sizes.to_string(), "chips per round"))?;
    b.limits.half_bet_reopens = key(public, intern!(py, "half_bet_reopens"))?.is_truthy()?;
    b.limits.fold_when_check = key(public, intern!(py, "fold_when_check"))?.is_truthy()?;
    b.min_raise = number(public, intern!(py, "min_raise"))?;
    b.raises = number(public, intern!(py, "raises"))?.min(u32::MAX.into()) as u32;
    b.full_to = match public.get_item(intern!(py, "full_to"))? {
        Some(v) => v.extract()?,
        None => 0,
    };
    b.aggressor = key(public, intern!(py, "aggressor"))?.extract()?;
    b.street = number(public, intern!(py, "street"))? as usize;
    if b.limits.structure == Structure::FixedLimit && b.street >= b.limits.bet_sizes.len() {
        return Err(invalid_argument(
            "bet_sizes",
            b.limits.bet_sizes.len(),
            format!("a bet size for round {}", b.street),
        ));
    }
    b.alt_bet = match public.get_item(intern!(py, "alt_bet"))? {
        Some(v) => v.extract()?,
        None => None,
    };
    b.bring_in = matches!(public.get_item(intern!(py, "bring_in"))?, Some(v) if !v.is_none());
    if b.conventions == Conventions::POKERKIT {
        let inc = &mut b.increments;
        inc.raise = number(public, intern!(py, "pk_raise"))?;
        inc.reopened = key(public, intern!(py, "pk_reopened"))?.is_truthy()?;
        inc.acted =
            seat_list(public, intern!(py, "pk_acted"), n)?.iter().map(|x| x.is_truthy()).collect::<PyResult<_>>()?;
        inc.short = key(public, intern!(py, "pk_short"))?.extract()?;
        inc.top_blind = match public.get_item(intern!(py, "pk_top_blind"))? {
            Some(v) => v.extract()?,
            None => 0,
        };
    }
    Ok(b)
}

// --- writing it back -----------------------------------------------------------------------

fn range_value<'py>(py: Python<'py>, range: Option<(u64, u64)>) -> PyResult<Bound<'py, PyAny>> {
    Ok(match range {
        Some((least, most)) => PyList::new(py, [least, most])?.into_any(),
        None => py.None().into_bound(py),
    })
}

/// The PokerKit conventions that decided something, each recorded once in
/// `public["pokerkit_rules"]`.
fn store_differs(public: &Bound<'_, PyDict>, b: &Betting) -> PyResult<()> {
    if b.differs.is_empty() {
        return Ok(());
    }
    let py = public.py();
    let rules = public.call_method1(intern!(py, "setdefault"), (intern!(py, "pokerkit_rules"), PyList::empty(py)))?;
    for d in &b.differs {
        let text = d.text();
        if !rules.contains(text)? {
            rules.call_method1(intern!(py, "append"), (text,))?;
        }
    }
    Ok(())
}

/// The turn's facts: the range of the seat to act.
fn store_turn(public: &Bound<'_, PyDict>, b: &Betting) -> PyResult<()> {
    let py = public.py();
    public.set_item(intern!(py, "range"), range_value(py, b.range)?)?;
    store_differs(public, b)
}

/// What an action by `seat` changed: its entries of the per-seat lists (in place), the
/// round's totals, the bet size chosen, PokerKit's increments.
fn store_action(public: &Bound<'_, PyDict>, b: &Betting, before: &Betting, seat: usize) -> PyResult<()> {
    let py = public.py();
    let n = b.seats();
    if b.live[seat] != before.live[seat] {
        seat_list(public, intern!(py, "live"), n)?.set_item(seat, b.live[seat])?;
    }
    if b.bets[seat] != before.bets[seat] {
        seat_list(public, intern!(py, "bets"), n)?.set_item(seat, b.bets[seat])?;
    }
    if b.acted[seat] != before.acted[seat] {
        seat_list(public, intern!(py, "acted"), n)?.set_item(seat, b.acted[seat])?;
    }
    if b.to_call != before.to_call {
        public.set_item(intern!(py, "to_call"), b.to_call)?;
    }
    if b.min_raise != before.min_raise {
        public.set_item(intern!(py, "min_raise"), b.min_raise)?;
    }
    if b.raises != before.raises {
        public.set_item(intern!(py, "raises"), b.raises)?;
    }
    if b.full_to != before.full_to {
        public.set_item(intern!(py, "full_to"), b.full_to)?;
    }
    if b.aggressor != before.aggressor {
        public.set_item(intern!(py, "aggressor"), b.aggressor)?;
    }
    if b.alt_bet_cleared {
        public.set_item(intern!(py, "alt_bet"), py.None())?;
    }
    if b.limits.bet_sizes != before.limits.bet_sizes {
        let sizes = key(public, intern!(py, "bet_sizes"))?;
        sizes.set_item(b.street, b.limits.bet_sizes[b.street])?;
    }
    if b.conventions == Conventions::POKERKIT && b.increments != before.increments {
        let (inc, was) = (&b.increments, &before.increments);
        public.set_item(intern!(py, "pk_raise"), inc.raise)?;
        public.set_item(intern!(py, "pk_reopened"), inc.reopened)?;
        if inc.acted != was.acted {
            let acted = seat_list(public, intern!(py, "pk_acted"), n)?;
            for (s, (&a, &w)) in inc.acted.iter().zip(&was.acted).enumerate() {
                if a != w {
                    acted.set_item(s, a)?;
                }
            }
        }
        if inc.short != was.short {
            public.set_item(intern!(py, "pk_short"), PyList::new(py, &inc.short)?)?;
        }
    }
    Ok(())
}

/// The seat to act, and whether its action taken out of turn waits to be resolved.
fn turn(b: &Betting) -> (Option<usize>, bool) {
    let pending = matches!(b.to_act, Some(s) if b.frozen[s] == Frozen::Pending);
    (b.to_act, pending)
}

fn betting_move(kind: &str, amount: Option<u64>) -> PyResult<Move> {
    let sized =
        |to: Option<u64>| to.ok_or_else(|| invalid_argument("amount", "None", format!("say how much to {kind}")));
    Ok(match kind {
        "fold" => Move::Fold,
        "check" => Move::Check,
        "call" => Move::Call,
        "bet" => Move::Bet(sized(amount)?),
        "raise" => Move::Raise(sized(amount)?),
        _ => return Err(invalid_argument("action", kind, "a betting action is fold, check, call, bet or raise")),
    })
}

// --- the rules -------------------------------------------------------------------------------

/// The first seat clockwise from `start` with a decision to make this round, or None
/// (`hoyle_poker.betting._first_to_act`); reads live, frozen, bets, acted, to_call and
/// conventions.
#[pyfunction]
fn betting_first_to_act(
    public: &Bound<'_, PyDict>,
    stacks: &Bound<'_, PyAny>,
    start: usize,
) -> PyResult<Option<usize>> {
    let mut b = load_turn(public, stacks, 0)?;
    check_seat(start, b.seats())?;
    let who = b.first_to_act(start);
    store_differs(public, &b)?;
    Ok(who)
}

/// `[least, most]` total `seat` may bet or raise to this round, or None.
#[pyfunction]
fn betting_raise_range<'py>(
    public: &Bound<'py, PyDict>,
    stacks: &Bound<'py, PyAny>,
    pot: u64,
    seat: usize,
) -> PyResult<Bound<'py, PyAny>> {
    let b = load(public, stacks, pot)?;
    check_seat(seat, b.seats())?;
    range_value(public.py(), b.raise_range(seat))
}

/// Give the turn to the first seat clockwise from `start` with a decision (None when
/// nobody has), set its range, and return `(seat, pending)`: `pending` when that seat's
/// action out of turn waits to be resolved.
#[pyfunction]
fn betting_turn_from(
    public: &Bound<'_, PyDict>,
    stacks: &Bound<'_, PyAny>,
    pot: u64,
    start: usize,
) -> PyResult<(Option<usize>, bool)> {
    let mut b = load(public, stacks, pot)?;
    check_seat(start, b.seats())?;
    let who = b.first_to_act(start);
    b.set_turn(who);
    store_turn(public, &b)?;
    Ok(turn(&b))
}

/// Give the turn to `seat` (or None) and set its range; returns the range.
#[pyfunction]
#[pyo3(signature = (public, stacks, pot, seat))]
fn betting_set_turn<'py>(
    public: &Bound<'py, PyDict>,
    stacks: &Bound<'py, PyAny>,
    pot: u64,
    seat: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let mut b = load(public, stacks, pot)?;
    if let Some(s) = seat {
        check_seat(s, b.seats())?;
    }
    b.set_turn(seat);
    store_turn(public, &b)?;
    range_value(public.py(), b.range)
}

/// Pass the turn on from `seat` (the round over when one player is left or nobody has a
/// decision); returns `(seat to act, pending)` as [`betting_turn_from`].
#[pyfunction]
fn betting_advance(
    public: &Bound<'_, PyDict>,
    stacks: &Bound<'_, PyAny>,
    pot: u64,
    seat: usize,
) -> PyResult<(Option<usize>, bool)> {
    let mut b = load(public, stacks, pot)?;
    check_seat(seat, b.seats())?;
    b.advance(seat);
    store_turn(public, &b)?;
    Ok(turn(&b))
}

/// The concrete choices of `seat` (`hoyle_poker.betting.legal_actions`): none when it is
/// not its turn, show or muck at a showdown, else fold when facing a bet, check or call,
/// the least bet or raise, some pot fractions, all-in.
#[pyfunction]
#[pyo3(signature = (public, stacks, pot, seat, to_act, showdown))]
fn betting_legal_actions<'py>(
    public: &Bound<'py, PyDict>,
    stacks: &Bound<'py, PyAny>,
    pot: u64,
    seat: usize,
    to_act: Option<usize>,
    showdown: bool,
) -> PyResult<Bound<'py, PyList>> {
    let py = public.py();
    let a = actions(py)?;
    if Some(seat) != to_act {
        return Ok(PyList::empty(py));
    }
    if showdown {
        return PyList::new(py, [a.show.bind(py), a.muck.bind(py)]);
    }
    let mut b = load_turn(public, stacks, pot)?;
    check_seat(seat, b.seats())?;
    b.limits.structure = Structure::parse(&key(public, intern!(py, "structure"))?.extract::<String>()?)?;
    b.range = range_of(public)?;
    b.to_act = Some(seat);
    let moves = b.legal_moves();
    let out = PyList::empty(py);
    for m in moves {
        out.append(sized_action(py, a, m)?)?;
    }
    Ok(out)
}

/// Why `seat` may not take an action in turn, in the engine's words, `"ok"` when it may,
/// None to leave it to the legal actions (`hoyle_poker.betting.check_action` after its
/// out-of-turn procedure): `kind` and `amount` are the action's, `plain` whether it names
/// no cards, source or target.
#[pyfunction]
#[pyo3(signature = (public, seat, to_act, showdown, kind, amount, plain))]
fn betting_verdict(
    public: &Bound<'_, PyDict>,
    seat: usize,
    to_act: Option<usize>,
    showdown: bool,
    kind: &str,
    amount: Option<i128>,
    plain: bool,
) -> PyResult<Option<String>> {
    let py = public.py();
    if Some(seat) != to_act {
        let who = to_act.map_or("None".to_string(), |s| s.to_string());
        return Ok(Some(format!("it is not seat {seat}'s turn (seat {who} is to act)")));
    }
    if showdown {
        return Ok(None);
    }
    let bets =
        key(public, intern!(py, "bets"))?.cast_into::<PyList>().map_err(|_| invalid_argument("bets", "?", "a list"))?;
    let bet: u64 = bets.get_item(seat).map_err(|_| invalid_argument("seat", seat, "a seat of the table"))?.extract()?;
    let mut bets_v = vec![0; bets.len()];
    bets_v[seat] = bet;
    let b = Betting {
        limits: Limits {
            structure: Structure::parse(&key(public, intern!(py, "structure"))?.extract::<String>()?)?,
            min_bet: 0,
            bet_sizes: Vec::new(),
            half_bet_reopens: false,
            fold_when_check: public.get_item(intern!(py, "fold_when_check"))?.map_or(Ok(false), |v| v.is_truthy())?,
        },
        to_call: number(public, intern!(py, "to_call"))?,
        bets: bets_v,
        range: range_of(public)?,
        ..empty_betting()
    };
    Ok(match b.verdict(seat, kind, amount, plain) {
        Verdict::Ok => Some("ok".into()),
        Verdict::Defer => None,
        Verdict::Refuse(why) => Some(why),
    })
}

fn empty_betting() -> Betting {
    Betting {
        limits: Limits {
            structure: Structure::NoLimit,
            min_bet: 0,
            bet_sizes: Vec::new(),
            half_bet_reopens: false,
            fold_when_check: false,
        },
        button: 0,
        order: Vec::new(),
        live: Vec::new(),
        stacks: Vec::new(),
        committed: Vec::new(),
        dead: Vec::new(),
        bets: Vec::new(),
        acted: Vec::new(),
        to_call: 0,
        min_raise: 0,
        raises: 0,
        full_to: 0,
        aggressor: None,
        street: 0,
        to_act: None,
        range: None,
        pot: 0,
        conventions: Conventions::CARDROOM,
        frozen: Vec::new(),
        alt_bet: None,
        alt_bet_cleared: false,
        bring_in: false,
        increments: Increments::default(),
        differs: Vec::new(),
    }
}

/// `seat` (the seat to act) folds, checks, calls, bets or raises (`amount`: the total):
/// the round's facts change and the turn passes on. Returns `(chips, seat to act,
/// pending)`: the chips the seat puts in (the caller commits them), then as
/// [`betting_advance`].
#[pyfunction]
#[pyo3(signature = (public, stacks, pot, seat, kind, amount))]
fn betting_apply(
    public: &Bound<'_, PyDict>,
    stacks: &Bound<'_, PyAny>,
    pot: u64,
    seat: usize,
    kind: &str,
    amount: Option<u64>,
) -> PyResult<(u64, Option<usize>, bool)> {
    let m = betting_move(kind, amount)?;
    let mut b = load(public, stacks, pot)?;
    check_seat(seat, b.seats())?;
    if let Move::Bet(to) | Move::Raise(to) = m {
        let (bet, stack) = (b.bets[seat], b.stacks[seat]);
        if to > bet + stack {
            let message = format!("seat {seat} cannot put {} chips in with {stack} behind", to as i128 - bet as i128);
            return Err(hoyle_error::<InvalidArgumentError>(message, vec![]));
        }
    }
    let before = b.clone();
    let chips = b.act(seat, m);
    b.advance(seat);
    store_action(public, &b, &before, seat)?;
    store_turn(public, &b)?;
    let (who, pending) = turn(&b);
    Ok((chips, who, pending))
}

/// `seat` has put its bet up to `to`, the chips already in (an action out of turn that
/// stands, an announcement with chips): the round's facts, not the turn.
#[pyfunction]
fn betting_bet(public: &Bound<'_, PyDict>, stacks: &Bound<'_, PyAny>, pot: u64, seat: usize, to: u64) -> PyResult<()> {
    let mut b = load(public, stacks, pot)?;
    check_seat(seat, b.seats())?;
    let before = b.clone();
    b.bet(seat, to);
    store_action(public, &b, &before, seat)?;
    store_differs(public, &b)
}

// --- the pots ------------------------------------------------------------------------------

/// `public["order"]`: the seats dealt in, clockwise from the button's left.
fn order_of(public: &Bound<'_, PyDict>, n: usize) -> PyResult<Vec<usize>> {
    let py = public.py();
    let v = key(public, intern!(py, "order"))?;
    let order: Vec<usize> = v.extract().map_err(|_| invalid_argument("order", v.to_string(), "a list of seats"))?;
    seats_on_table(&order, n, "order")?;
    Ok(order)
}

fn seats_on_table(seats: &[usize], n: usize, name: &str) -> PyResult<()> {
    match seats.iter().find(|&&s| s >= n) {
        Some(s) => Err(invalid_argument(name, s, format!("the table has seats 0..{n}"))),
        None => Ok(()),
    }
}

/// Each seat's chips put in this hand (`state.committed`) and the dead part of them
/// (`public["dead"]`), checked against each other and the pot.
fn committed_of(public: &Bound<'_, PyDict>, committed: &Bound<'_, PyAny>) -> PyResult<(Vec<u64>, Vec<u64>)> {
    let py = public.py();
    let list = committed
        .cast::<PyList>()
        .map_err(|_| invalid_argument("committed", committed.to_string(), "a list of chips per seat"))?;
    let committed = chips_of(list, "committed")?;
    let dead = chips_of(&seat_list(public, intern!(py, "dead"), committed.len())?, "dead")?;
    for (s, (&d, &c)) in dead.iter().zip(&committed).enumerate() {
        if d > c {
            return Err(invalid_argument("dead", d, format!("at most the {c} chips seat {s} put in")));
        }
    }
    Ok((committed, dead))
}

/// The facts the pot rules read: live, the chips put in (dead or not), the pot, the seat
/// order and the conventions.
fn load_pots(public: &Bound<'_, PyDict>, committed: &Bound<'_, PyAny>, pot: u64) -> PyResult<Betting> {
    let py = public.py();
    let (committed, dead) = committed_of(public, committed)?;
    let n = committed.len();
    let put_in: u64 = committed.iter().sum();
    if pot < put_in {
        return Err(invalid_argument("pot", pot, format!("at least the {put_in} chips the seats put in")));
    }
    let live = seat_list(public, intern!(py, "live"), n)?.iter().map(|x| x.is_truthy()).collect::<PyResult<_>>()?;
    Ok(Betting {
        live,
        committed,
        dead,
        stacks: vec![0; n],
        pot,
        order: order_of(public, n)?,
        conventions: conventions_of(public)?,
        ..empty_betting()
    })
}

/// The part of the largest contribution nobody matched, `(seat, chips)`, or None
/// (`hoyle_poker.betting.return_uncalled` gives it back); reads `dead`.
#[pyfunction]
fn betting_return_uncalled(public: &Bound<'_, PyDict>, committed: &Bound<'_, PyAny>) -> PyResult<Option<(usize, u64)>> {
    let (committed, dead) = committed_of(public, committed)?;
    let live: Vec<u64> = committed.iter().zip(&dead).map(|(c, d)| c - d).collect();
    Ok(uncalled(&live))
}

/// The main pot and the side pots as `(chips, eligible seats)`; reads live, dead, order.
#[pyfunction]
fn betting_pots(
    public: &Bound<'_, PyDict>,
    committed: &Bound<'_, PyAny>,
    pot: u64,
) -> PyResult<Vec<(u64, Vec<usize>)>> {
    Ok(load_pots(public, committed, pot)?.pots())
}

/// The live players in the order they show; reads live, order, aggressor.
#[pyfunction]
fn betting_showdown_order(public: &Bound<'_, PyDict>) -> PyResult<Vec<usize>> {
    let py = public.py();
    let live = key(public, intern!(py, "live"))?;
    let live: Vec<bool> = live.extract().map_err(|_| invalid_argument("live", live.to_string(), "a flag per seat"))?;
    let n = live.len();
    let aggressor: Option<usize> = key(public, intern!(py, "aggressor"))?.extract()?;
    if let Some(a) = aggressor {
        check_seat(a, n)?;
    }
    let b = Betting { live, order: order_of(public, n)?, aggressor, ..empty_betting() };
    Ok(b.showdown_order())
}

/// Everyone else folded: the seat that takes the pot without showing (the caller awards
/// it); reads live.
#[pyfunction]
fn betting_lone_player(public: &Bound<'_, PyDict>) -> PyResult<usize> {
    let py = public.py();
    let live = key(public, intern!(py, "live"))?;
    let flags: Vec<bool> = live.extract().map_err(|_| invalid_argument("live", live.to_string(), "a flag per seat"))?;
    let b = Betting { live: flags, ..empty_betting() };
    b.lone_player().ok_or_else(|| invalid_argument("live", live.to_string(), "exactly one player left in the hand"))
}

/// A pot split into `runs` parts, one per run of the board (the odd chips by
/// `conventions`).
#[pyfunction]
fn betting_run_shares(amount: u64, runs: usize, conventions: &str) -> PyResult<Vec<u64>> {
    if runs == 0 {
        return Err(invalid_argument("runs", runs, "the board is run at least once"));
    }
    Ok(run_shares(amount, runs, Conventions::parse(conventions)?))
}

/// One run's values by seat as ranks (greater is better): None stays None, ints are their
/// own ranks, other values are ranked by Python's comparisons.
fn ranks(values: &Bound<'_, PyAny>, n: usize, name: &str) -> PyResult<Vec<Option<i64>>> {
    let list = values.cast::<PyList>().map_err(|_| invalid_argument(name, values.to_string(), "a value per seat"))?;
    if list.len() != n {
        return Err(invalid_argument(name, list.len(), format!("one value per seat ({n})")));
    }
    let items: Vec<Bound<'_, PyAny>> = list.iter().collect();
    let ints: Option<Vec<Option<i64>>> =
        items.iter().map(|x| if x.is_none() { Some(None) } else { x.extract::<i64>().ok().map(Some) }).collect();
    if let Some(ints) = ints {
        return Ok(ints);
    }
    let mut out = vec![None; n];
    for (s, x) in items.iter().enumerate().filter(|(_, x)| !x.is_none()) {
        let mut below = 0i64;
        for y in items.iter().filter(|y| !y.is_none()) {
            let less =
                y.lt(x).map_err(|_| invalid_argument(name, x.to_string(), "values that compare with each other"))?;
            below += i64::from(less);
        }
        out[s] = Some(below);
    }
    Ok(out)
}

/// `runs`: per run of the board, `(highs, lows)`, each a value per seat (None for a seat
/// out of the hand, or without a low; `lows` None in a game without lows).
fn runs_of(runs: &Bound<'_, PyAny>, live: &[bool]) -> PyResult<Vec<RunValues>> {
    let n = live.len();
    let list = runs.cast::<PyList>().map_err(|_| invalid_argument("runs", runs.to_string(), "a list of runs"))?;
    if list.is_empty() {
        return Err(invalid_argument("runs", "[]", "the board is run at least once"));
    }
    let mut out = Vec::with_capacity(list.len());
    for run in list.iter() {
        let (highs, lows): (Bound<'_, PyAny>, Bound<'_, PyAny>) =
            run.extract().map_err(|_| invalid_argument("runs", run.to_string(), "(highs, lows) per run"))?;
        let high = ranks(&highs, n, "highs")?;
        let low = if lows.is_none() { vec![None; n] } else { ranks(&lows, n, "lows")? };
        if let Some(s) = (0..n).find(|&s| live[s] && high[s].is_none()) {
            return Err(invalid_argument("highs", "None", format!("a value for seat {s}, in the hand")));
        }
        out.push(RunValues { high: high.into_iter().map(|v| v.unwrap_or(i64::MIN)).collect(), low });
    }
    Ok(out)
}

/// The chips each winner takes, `(seat, chips)`, in the order awarded.
type Awards = Vec<(usize, u64)>;

fn awarded_record<'py>(py: Python<'py>, a: &Awarded) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item(intern!(py, "amount"), a.amount)?;
    d.set_item(intern!(py, "high"), &a.high)?;
    if let Some(low) = &a.low {
        d.set_item(intern!(py, "low"), low)?;
    }
    if let Some(run) = a.run {
        d.set_item(intern!(py, "run"), run)?;
    }
    Ok(d)
}

/// Award every pot at the showdown (`hoyle_poker.betting.settle_runs`): `runs` as
/// [`runs_of`]; `high_odd` and `low_odd` the seats in the order tied winners get the odd
/// chips (None: from the button's left). Reads live, dead, order and conventions; records
/// the PokerKit conventions that decided something. Returns the awards `(seat, chips)` in
/// order (the caller moves them with `state.award`) and the pots as awarded.
#[pyfunction]
#[pyo3(signature = (public, committed, pot, runs, high_odd, low_odd))]
fn betting_settle<'py>(
    public: &Bound<'py, PyDict>,
    committed: &Bound<'py, PyAny>,
    pot: u64,
    runs: &Bound<'py, PyAny>,
    high_odd: Option<Vec<usize>>,
    low_odd: Option<Vec<usize>>,
) -> PyResult<(Awards, Bound<'py, PyList>)> {
    let py = public.py();
    let mut b = load_pots(public, committed, pot)?;
    let n = b.seats();
    if !b.live.contains(&true) {
        return Err(invalid_argument("live", "[]", "a showdown has a player in the hand"));
    }
    let runs = runs_of(runs, &b.live)?;
    let high_odd = high_odd.unwrap_or_else(|| b.order.clone());
    let low_odd = low_odd.unwrap_or_else(|| b.order.clone());
    seats_on_table(&high_odd, n, "high_odd")?;
    seats_on_table(&low_odd, n, "low_odd")?;
    let pots = b.settle_runs(&runs, &high_odd, &low_odd);
    store_differs(public, &b)?;
    let record = PyList::empty(py);
    let mut awards = Vec::new();
    for a in &pots {
        record.append(awarded_record(py, a)?)?;
        awards.extend_from_slice(&a.shares);
    }
    Ok((awards, record))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(betting_register, m)?)?;
    m.add_function(wrap_pyfunction!(betting_first_to_act, m)?)?;
    m.add_function(wrap_pyfunction!(betting_raise_range, m)?)?;
    m.add_function(wrap_pyfunction!(betting_turn_from, m)?)?;
    m.add_function(wrap_pyfunction!(betting_set_turn, m)?)?;
    m.add_function(wrap_pyfunction!(betting_advance, m)?)?;
    m.add_function(wrap_pyfunction!(betting_legal_actions, m)?)?;
    m.add_function(wrap_pyfunction!(betting_verdict, m)?)?;
    m.add_function(wrap_pyfunction!(betting_apply, m)?)?;
    m.add_function(wrap_pyfunction!(betting_bet, m)?)?;
    m.add_function(wrap_pyfunction!(betting_return_uncalled, m)?)?;
    m.add_function(wrap_pyfunction!(betting_pots, m)?)?;
    m.add_function(wrap_pyfunction!(betting_showdown_order, m)?)?;
    m.add_function(wrap_pyfunction!(betting_lone_player, m)?)?;
    m.add_function(wrap_pyfunction!(betting_run_shares, m)?)?;
    m.add_function(wrap_pyfunction!(betting_settle, m)?)?;
    Ok(())
}
