//! Python bindings for `rust/poker`: `HandValue`, `Equity` and the evaluation functions
//! that `hoyle.poker` re-exports.

use std::mem::MaybeUninit;

use numpy::{
    ndarray::Dimension, BorrowError, Element, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray,
    PyUntypedArrayMethods,
};
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyString;

use super::args::{contiguous, dtype_and_shape, repr, threads_arg};
use super::cards::{
    card_object, extract_cards, extract_cardset, extract_seed, plain_cards, PlainCards, PyCard, PyCardSet,
};
use super::errors::{detached, invalid_argument};
use crate::cards::{Card, CardSet, RANK_CHARS};
use crate::error::CoreResult;
use crate::poker::classes::{range_classes, ClassShare, CLASSES};
use crate::poker::equity::{equity as run_equity, EquityRequest, EquityResult, Game};
use crate::poker::hand::{cards_used, evaluate as eval_cards, evaluate_short_deck, HandValue, Joker, Wild};
use crate::poker::range::Range;
use crate::poker::range_equity::range_equity;
use crate::poker::tables::eval_mask;
use crate::poker::{batch, lows, omaha, Kind};

#[derive(Clone)]
enum Used {
    /// The fast path keeps the mask and finds the five cards only when `.cards` (or the
    /// repr, or pickling) asks: building a value allocates nothing but the object.
    Mask(u64),
    /// The same for text or a list: the cards as given, in order, without allocating.
    Plain(PlainCards),
    List(Vec<Card>),
}

/// The value of a poker hand: ordered (a better hand is greater), hashable, with the
/// category, the cards that play and a description in words. Ordering and hashing read
/// the packed value only.
#[pyclass(name = "HandValue", module = "hoyle._core", frozen)]
pub struct PyHandValue {
    kind: Kind,
    value: u32,
    used: Used,
}

impl PyHandValue {
    fn from_value(v: HandValue) -> Self {
        PyHandValue { kind: v.kind, value: v.value, used: Used::List(v.cards) }
    }
    /// The high value of 5 to 7 standard cards, their cards found when asked.
    fn high(mask: u64, used: Used) -> Self {
        PyHandValue { kind: Kind::High, value: eval_mask(mask), used }
    }
    /// The core value without its cards: enough for the category, and for the description
    /// of every kind but badugi (whose words name the cards).
    fn value_only(&self) -> HandValue {
        HandValue { kind: self.kind, value: self.value, cards: Vec::new() }
    }
    fn as_core(&self) -> HandValue {
        let cards = match &self.used {
            Used::List(v) => v.clone(),
            Used::Mask(m) => cards_used(Kind::High, self.value, &CardSet(*m).iter().collect::<Vec<_>>(), &[]),
            Used::Plain(p) => cards_used(Kind::High, self.value, &p.cards().collect::<Vec<_>>(), &[]),
        };
        HandValue { kind: self.kind, value: self.value, cards }
    }
}

static CATEGORY: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

#[pymethods]
impl PyHandValue {
    /// The packed value: larger is better within one kind (see docs/poker.md).
    #[getter]
    fn value(&self) -> u32 {
        self.value
    }
    /// Which ranking: 'high', 'short-deck', 'ace-to-five', 'deuce-to-seven', 'badugi',
    /// 'pai-gow-low'.
    #[getter]
    fn kind(&self) -> &'static str {
        self.kind.name()
    }
    /// The hand's category, a `hoyle.poker.Category`.
    #[getter]
    fn category<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let cls = CATEGORY.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
            Ok(py.import("hoyle.poker")?.getattr("Category")?.unbind())
        })?;
        cls.bind(py).call1((self.value_only().category() as u8,))
    }
    /// The cards that play, most significant first (wild cards as themselves), as the
    /// shared card objects.
    #[getter]
    fn cards(&self, py: Python<'_>) -> PyResult<Vec<Py<PyCard>>> {
        self.as_core().cards.into_iter().map(|c| card_object(py, c)).collect()
    }
    /// The hand in words: "Full house, kings over fours".
    fn describe(&self) -> String {
        if self.kind == Kind::Badugi {
            self.as_core().describe()
        } else {
            self.value_only().describe()
        }
    }
    fn __str__(&self) -> String {
        self.describe()
    }
    fn __repr__(&self) -> String {
        let core = self.as_core();
        let cards: Vec<String> = core.cards.iter().map(|c| c.to_string()).collect();
        format!("<HandValue {}: {} [{}]>", self.kind.name(), core.describe(), cards.join(" "))
    }
    fn __hash__(&self) -> u64 {
        ((self.kind as u64) << 32 | self.value as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 1
    }
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(o) = other.cast::<PyHandValue>() else {
            return Ok(py.NotImplemented());
        };
        let o = o.get();
        if o.kind != self.kind {
            return match op {
                CompareOp::Eq => Ok(false.into_pyobject(py)?.to_owned().into_any().unbind()),
                CompareOp::Ne => Ok(true.into_pyobject(py)?.to_owned().into_any().unbind()),
                _ => Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "cannot order a {} hand value against a {} one",
                    self.kind.name(),
                    o.kind.name()
                ))),
            };
        }
        let r = op.matches(self.value.cmp(&o.value));
        Ok(r.into_pyobject(py)?.to_owned().into_any().unbind())
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u8, u32, String))> {
        let me = slf.get();
        let cards: Vec<String> = me.as_core().cards.iter().map(|c| c.to_string()).collect();
        Ok((
            slf.py().import("hoyle._core")?.getattr("_restore_hand_value")?,
            (me.kind as u8, me.value, cards.join(" ")),
        ))
    }
}

/// Rebuild a `HandValue` (pickle support).
#[pyfunction]
fn _restore_hand_value(kind: u8, value: u32, cards: &str) -> PyResult<PyHandValue> {
    let kind = Kind::from_index(kind).ok_or_else(|| invalid_argument("kind", kind, "not a hand kind"))?;
    Ok(PyHandValue { kind, value, used: Used::List(crate::cards::parse_cards(cards)?) })
}

fn parse_wild(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Wild> {
    let Some(obj) = obj else { return Ok(Wild::None) };
    if obj.is_none() {
        return Ok(Wild::None);
    }
    let bad = || {
        invalid_argument(
            "wild",
            repr(obj),
            "a wild rank such as '2' (deuces wild), or wild cards such as '2c 2d' or a list of cards",
        )
    };
    if let Ok(s) = obj.cast::<PyString>() {
        let text = s.to_str()?.trim();
        let rank = match text {
            "10" => Some(8),
            t if t.chars().count() == 1 => {
                let c = t.chars().next().unwrap_or(' ').to_ascii_uppercase();
                RANK_CHARS.iter().position(|&r| r == c)
            }
            _ => None,
        };
        if let Some(r) = rank {
            return Ok(Wild::Rank(r as u8));
        }
        if text.is_empty() {
            return Err(bad());
        }
    }
    let cards = extract_cards(obj).map_err(|_| bad())?;
    Ok(Wild::Cards(cards.iter().filter(|c| !c.is_joker()).map(|c| c.face()).collect()))
}

fn parse_joker(s: &str) -> PyResult<Joker> {
    match s {
        "wild" => Ok(Joker::Wild),
        "bug" => Ok(Joker::Bug),
        "ace" => Ok(Joker::Ace),
        _ => Err(invalid_argument(
            "joker",
            s,
            "one of 'wild' (fully wild), 'bug' (Pai Gow: an ace or completes a straight or flush), 'ace'",
        )),
    }
}

/// Evaluate the best five-card high hand of five or more cards.
///
/// `cards` is a string (`"As Ks Qs Js Ts 2c 3d"`), a `CardSet` or an iterable of cards
/// (`Card`s, card strings or card indices 0..=52). Plain text, a `CardSet` and lists of
/// `Card`s or indices take a fast path that allocates nothing but the result.
/// Jokers are always wild; `wild` adds a wild rank (`"2"`: deuces wild) or wild cards
/// (`"2c 2d"`). A wild card may stand for any card, even one already held (five of a
/// kind), but a flush always has five different ranks. `joker="bug"` plays jokers as the
/// Pai Gow bug (an ace, or any card completing a straight, flush or straight flush);
/// `joker="ace"` as an ace only.
///
/// ```python
/// >>> evaluate("Kh Kd Ks 4c 4s 2d 9h").describe()
/// 'Full house, kings over fours'
/// >>> evaluate("As Ah Ad Ac Jk").describe()
/// 'Five of a kind, aces'
/// ```
#[pyfunction]
#[pyo3(signature = (cards, *, wild = None, joker = "wild"))]
fn evaluate(cards: &Bound<'_, PyAny>, wild: Option<&Bound<'_, PyAny>>, joker: &str) -> PyResult<PyHandValue> {
    let joker = parse_joker(joker)?;
    if wild.is_none() {
        // A CardSet, plain text or a list of Cards or indices: one pass, no allocation.
        if let Ok(set) = cards.cast::<PyCardSet>() {
            let m = set.get().0 .0;
            if m >> 52 == 0 && (5..=7).contains(&m.count_ones()) {
                return Ok(PyHandValue::high(m, Used::Mask(m)));
            }
        } else if let Some(plain) = plain_cards(cards) {
            if (5..=7).contains(&plain.count) {
                return Ok(PyHandValue::high(plain.mask, Used::Plain(plain)));
            }
        }
    }
    let wild = parse_wild(wild)?;
    let cards = extract_cards(cards)?;
    Ok(PyHandValue::from_value(eval_cards(&cards, &wild, joker)?))
}

/// Evaluate a short-deck (6 to ace) hand: a flush beats a full house, A-6-7-8-9 is the
/// lowest straight; jokers are wild.
///
/// ```python
/// >>> evaluate_short_deck("As 6d 7c 8h 9s").describe()
/// 'Straight, nine high'
/// ```
#[pyfunction]
#[pyo3(name = "evaluate_short_deck")]
fn evaluate_short_deck_hand(cards: &Bound<'_, PyAny>) -> PyResult<PyHandValue> {
    Ok(PyHandValue::from_value(evaluate_short_deck(&extract_cards(cards)?)?))
}

/// The best Omaha high hand: exactly two hole cards (of 4, 5 or 6) and exactly three
/// board cards (of 3 to 5).
///
/// ```python
/// >>> evaluate_omaha("Ah Kh Qh Jh", "Th 2c 3d 8s 4s").describe()
/// 'Ace high, king-ten-eight-four'
/// ```
#[pyfunction]
fn evaluate_omaha(hole: &Bound<'_, PyAny>, board: &Bound<'_, PyAny>) -> PyResult<PyHandValue> {
    Ok(PyHandValue::from_value(omaha::evaluate_omaha(&extract_cards(hole)?, &extract_cards(board)?)?))
}

/// The Omaha hi-lo low: eight or better from two hole and three board cards, or None.
#[pyfunction]
fn evaluate_omaha_low(hole: &Bound<'_, PyAny>, board: &Bound<'_, PyAny>) -> PyResult<Option<PyHandValue>> {
    Ok(omaha::evaluate_omaha_low(&extract_cards(hole)?, &extract_cards(board)?)?.map(PyHandValue::from_value))
}

/// The best low hand of five or more cards. `rule` is `"ace-to-five"` (razz),
/// `"eight-or-better"` (None when nothing qualifies) or `"deuce-to-seven"`.
///
/// Jokers are wild, and `wild` adds a wild rank or wild cards as in `evaluate`. A wild
/// card takes the best value for the low: in ace-to-five the lowest rank not already
/// held; in deuce-to-seven the rank that makes the best low (never a straight or a
/// flush when another rank avoids it).
///
/// ```python
/// >>> evaluate_low("As 2d 3c 4h 5s Kd Kc").describe()
/// 'Five-four low: 5-4-3-2-A'
/// >>> evaluate_low("As 2d Jk 4h 5s Kd Kc").describe()    # the joker is the three
/// 'Five-four low: 5-4-3-2-A'
/// >>> evaluate_low("3c 4d 5h 6s 2c", rule="deuce-to-seven", wild="2").describe()
/// 'Eight-six low: 8-6-5-4-3'
/// ```
#[pyfunction]
#[pyo3(signature = (cards, rule = "ace-to-five", *, wild = None))]
fn evaluate_low(
    cards: &Bound<'_, PyAny>,
    rule: &str,
    wild: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<PyHandValue>> {
    let wild = parse_wild(wild)?;
    let cards = extract_cards(cards)?;
    let v = match rule {
        "ace-to-five" => Some(lows::ace_to_five_wild(&cards, &wild)?),
        "eight-or-better" => lows::eight_or_better_wild(&cards, &wild)?,
        "deuce-to-seven" => Some(lows::deuce_to_seven_wild(&cards, &wild)?),
        _ => return Err(invalid_argument("rule", rule, "one of 'ace-to-five', 'eight-or-better', 'deuce-to-seven'")),
    };
    Ok(v.map(PyHandValue::from_value))
}

/// The badugi value of four cards.
///
/// ```python
/// >>> evaluate_badugi("4c 3d 2h As").describe()
/// 'Badugi: 4-3-2-A'
/// ```
#[pyfunction]
fn evaluate_badugi(cards: &Bound<'_, PyAny>) -> PyResult<PyHandValue> {
    Ok(PyHandValue::from_value(lows::badugi(&extract_cards(cards)?)?))
}

/// The Pai Gow two-card hand: a pair beats high cards; a joker is an ace.
#[pyfunction]
fn evaluate_pai_gow_low(cards: &Bound<'_, PyAny>) -> PyResult<PyHandValue> {
    Ok(PyHandValue::from_value(lows::pai_gow_low(&extract_cards(cards)?)?))
}

/// The caller's `out` for `n` values: a writeable, C-contiguous `(n,)` `uint32` array.
fn checked_out<'py>(out: &Bound<'py, PyAny>, n: usize) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let bad = |why: String| invalid_argument("out", repr(out), why);
    let Ok(a) = out.cast::<PyArray1<u32>>() else {
        return Err(bad(match dtype_and_shape(out) {
            Some((dtype, shape)) => format!("got a {dtype} array of shape {shape:?}; expected a ({n},) uint32 array"),
            None => format!("expected a numpy ({n},) uint32 array"),
        }));
    };
    if a.len() != n {
        return Err(bad(format!("holds {} values; hands has {n} rows", a.len())));
    }
    if !a.is_c_contiguous() {
        return Err(bad(format!("is not C-contiguous (strides {:?}); pass a contiguous array", a.strides())));
    }
    Ok(a.clone())
}

/// Evaluate `hands` with `eval` into a new array, or into the caller's `out` (checked
/// before any work), with the GIL released.
fn fill<'py, T, D>(
    py: Python<'py>,
    hands: &PyReadonlyArray<'py, T, D>,
    n: usize,
    out: Option<&Bound<'py, PyAny>>,
    eval: impl Fn(&[T], &mut [MaybeUninit<u32>]) -> CoreResult<()> + Send,
) -> PyResult<Bound<'py, PyArray1<u32>>>
where
    T: Element + Copy + Sync,
    D: Dimension,
{
    let mut owned = Vec::new();
    let Some(out) = out else {
        let data = contiguous(hands, &mut owned);
        // SAFETY: `PyArray1::new` leaves the elements uninitialised; they are plain
        // `u32`s, so dropping the array unread (on an error) is sound, and they are only
        // written (below, through `MaybeUninit` slots) before the array is returned.
        let array = unsafe { PyArray1::<u32>::new(py, n, false) };
        let slots: &mut [MaybeUninit<u32>] = if n == 0 {
            &mut [] // numpy's pointer for no elements is not one to make a slice from
        } else {
            // SAFETY: the new array is C-contiguous, aligned for `u32` and `n` long, and
            // nobody else can see it until it is returned, so this is the only reference
            // to its data; `MaybeUninit` asks nothing of the bytes. The batch functions
            // write every slot before returning `Ok` (`tests/poker/test_poker_batch_equity.py`
            // checks every value of outputs of many sizes against single evaluations).
            unsafe { std::slice::from_raw_parts_mut(array.data().cast::<MaybeUninit<u32>>(), n) }
        };
        detached(py, move || eval(data, slots))?;
        return Ok(array);
    };
    let out = checked_out(out, n)?;
    let mut view = out.try_readwrite().map_err(|e| {
        let why = match e {
            BorrowError::NotWriteable => "is read-only".to_string(),
            _ => "shares memory with hands, or is in use elsewhere".to_string(),
        };
        invalid_argument("out", repr(out.as_any()), why)
    })?;
    let values = view.as_slice_mut().map_err(|e| invalid_argument("out", repr(out.as_any()), e.to_string()))?;
    let data = contiguous(hands, &mut owned);
    // SAFETY: `MaybeUninit<u32>` has the layout of `u32`, and the batch functions only
    // write initialised values, so `out` stays initialised.
    let slots = unsafe { &mut *(values as *mut [u32] as *mut [MaybeUninit<u32>]) };
    detached(py, move || eval(data, slots))?;
    drop(view);
    Ok(out)
}

/// Evaluate many seven-, six- or five-card high hands at once.
///
/// `hands` is a numpy array: `(N, 5..7)` `uint8` card indices (`suit * 13 + rank`,
/// 2c = 0 .. As = 51) or `(N,)` `uint64` card masks (bit `i` = index `i`). Returns an
/// `(N,)` `uint32` array of `HandValue.value`s: a new one, or `out` (a writeable,
/// C-contiguous `(N,)` `uint32` array, numpy's convention) filled and returned, so that
/// batch after batch can reuse one buffer (if a row is bad, `out` may hold some values).
/// Releases the GIL; `threads=None` uses every core.
///
/// ```python
/// >>> import numpy as np
/// >>> evaluate_batch(np.array([[51, 50, 49, 48, 47, 0, 13]], dtype=np.uint8))[0] == evaluate("As Ks Qs Js Ts 2c 2d").value
/// True
/// >>> buffer = np.empty(1, dtype=np.uint32)
/// >>> evaluate_batch(np.array([[51, 50, 49, 48, 47, 0, 13]], dtype=np.uint8), out=buffer) is buffer
/// True
/// ```
#[pyfunction]
#[pyo3(signature = (hands, *, threads = 1, out = None))]
fn evaluate_batch<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    threads: Option<i64>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let threads = threads_arg(threads)?;
    if let Ok(a) = hands.cast::<PyArray2<u8>>() {
        let (n, w) = (a.shape()[0], a.shape()[1]);
        let eval = |data: &[u8], o: &mut [MaybeUninit<u32>]| batch::evaluate_indices_uninit(data, w, o, threads);
        return fill(py, &a.readonly(), n, out, eval);
    }
    if let Ok(a) = hands.cast::<PyArray1<u64>>() {
        let n = a.shape()[0];
        let eval = |data: &[u64], o: &mut [MaybeUninit<u32>]| batch::evaluate_masks_uninit(data, o, threads);
        return fill(py, &a.readonly(), n, out, eval);
    }
    let why = match dtype_and_shape(hands) {
        Some((dtype, shape)) => format!(
            "got a {dtype} array of shape {shape:?}; expected (N, 5..7) uint8 card indices or (N,) uint64 masks"
        ),
        None => "expected a numpy array: (N, 5..7) uint8 card indices or (N,) uint64 masks".to_string(),
    };
    Err(invalid_argument("hands", repr(hands), why))
}

/// All-in equity of 2 to 10 known hands.
#[pyclass(name = "Equity", module = "hoyle._core", frozen)]
pub struct PyEquity(EquityResult, Option<Vec<[ClassShare; CLASSES]>>);

/// One player's figures for one hand class (`Equity.classes`), each a share of all the
/// (weighted) deals and boards: how often the player ends with `category` (a
/// `Category` number), wins the whole pot with it, takes part of it, and the pot share
/// taken with it.
#[pyclass(name = "HandClass", module = "hoyle._core", frozen)]
#[derive(Clone)]
pub struct PyHandClass {
    #[pyo3(get)]
    category: usize,
    #[pyo3(get)]
    share: f64,
    #[pyo3(get)]
    win: f64,
    #[pyo3(get)]
    tie: f64,
    #[pyo3(get)]
    equity: f64,
}

#[pymethods]
impl PyHandClass {
    fn __repr__(&self) -> String {
        let name = crate::poker::Category::ALL.get(self.category).map_or("?", |c| c.name());
        format!(
            "<HandClass {name}: share {:.5}, win {:.5}, tie {:.5}, equity {:.5}>",
            self.share, self.win, self.tie, self.equity
        )
    }
}

#[pymethods]
impl PyEquity {
    /// Share of boards each player wins outright.
    #[getter]
    fn win(&self) -> Vec<f64> {
        self.0.win.clone()
    }
    /// Share of boards each player ties for the best hand.
    #[getter]
    fn tie(&self) -> Vec<f64> {
        self.0.tie.clone()
    }
    /// Each player's pot share (wins plus their part of split pots); sums to 1.
    #[getter]
    fn equity(&self) -> Vec<f64> {
        self.0.equity.clone()
    }
    /// Standard error of each equity (0.0 when exact).
    #[getter]
    fn std_error(&self) -> Vec<f64> {
        self.0.std_error.clone()
    }
    /// Boards enumerated (exact) or sampled (Monte Carlo).
    #[getter]
    fn boards(&self) -> u64 {
        self.0.boards
    }
    /// True when every board was enumerated.
    #[getter]
    fn exact(&self) -> bool {
        self.0.exact
    }
    /// With `by_class=True`: per player, one `HandClass` per category from high card
    /// (index 0) to straight flush (index 8); their `win`, `tie` and `equity` sum to the
    /// player's. `None` otherwise.
    #[getter]
    fn classes(&self) -> Option<Vec<Vec<PyHandClass>>> {
        self.1.as_ref().map(|rows| {
            rows.iter()
                .map(|row| {
                    row.iter()
                        .enumerate()
                        .map(|(category, c)| PyHandClass {
                            category,
                            share: c.share,
                            win: c.win,
                            tie: c.tie,
                            equity: c.equity,
                        })
                        .collect()
                })
                .collect()
        })
    }
    fn __repr__(&self) -> String {
        let eq: Vec<String> = self.0.equity.iter().map(|e| format!("{e:.5}")).collect();
        format!(
            "<Equity {} over {} boards: [{}]>",
            if self.0.exact { "exact" } else { "Monte Carlo" },
            self.0.boards,
            eq.join(", ")
        )
    }
}

/// All-in equity for 2 to 10 players with known hole cards or ranges.
///
/// A player is hole cards, a `Range`, or range text (`"QQ+,AKs"`, `"random"`: text
/// that is not cards is read as a range). With a range, the board and dead cards (and
/// the other players' known cards) are removed from it, deals weighted by the product
/// of the combo weights; exact enumeration counts every deal's boards (deals equal up to
/// a renaming of suits once), Monte Carlo samples a deal and a board together.
///
/// `hands` is a list of hole cards (each a string, CardSet or iterable of cards);
/// `board` the known community cards (0 to 5), `dead` cards out of play; `game` is
/// `"holdem"`, `"omaha"`, `"short-deck"`, `"holdem-hi-lo"` or `"omaha-hi-lo"`;
/// `hi_lo=True` turns hold'em or Omaha into its high-low split, eight or better (half
/// the pot to the best high, half to the best qualifying low; no low, the high takes it
/// all; Omaha lows use exactly two hole and three board cards). In split games `win`
/// counts scoops (the whole pot alone) and `tie` any smaller share. Enumerates every
/// board when that is tractable (`exact=None`), otherwise draws `samples` boards with
/// `seed` (same seed, same result on every machine and thread count). Releases the
/// GIL; `threads=None` uses every core.
///
/// `by_class=True` adds the breakdown by hand class (`Equity.classes`): how often each
/// player ends with each category and the wins, ties and pot share taken with it
/// (counted by the generic scorer over the same deals and boards, so slower).
///
/// ```python
/// >>> r = equity(["Ah Kh", "Qs Qd"])
/// >>> [round(e, 5) for e in r.equity], r.boards, r.exact
/// ([0.46214, 0.53786], 1712304, True)
/// >>> r = equity(["Ah 4h Kd 5c", "Qc Qd 9h Tc", "As 4s 7d 7c"], "2c 3d 8s Js Qh", game="omaha", hi_lo=True)
/// >>> r.equity                # trip queens take the high half, two 8-4-3-2-A lows split the low half
/// [0.25, 0.5, 0.25]
/// >>> r = equity(["AKs", "QQ"], "Kh 7c 2d", by_class=True)
/// >>> [round(c.share, 4) for c in r.classes[0][1:3]]   # AKs: a pair of kings, two pair
/// [0.4956, 0.3801]
/// ```
#[pyfunction]
#[pyo3(signature = (hands, board = None, dead = None, *, game = "holdem", hi_lo = false, samples = 100_000, seed = None, exact = None, threads = None, by_class = false))]
#[allow(clippy::too_many_arguments)]
fn equity(
    py: Python<'_>,
    hands: &Bound<'_, PyAny>,
    board: Option<&Bound<'_, PyAny>>,
    dead: Option<&Bound<'_, PyAny>>,
    game: &str,
    hi_lo: bool,
    samples: i64,
    seed: Option<&Bound<'_, PyAny>>,
    exact: Option<bool>,
    threads: Option<i64>,
    by_class: bool,
) -> PyResult<PyEquity> {
    if hands.is_instance_of::<PyString>() {
        return Err(invalid_argument("hands", repr(hands), "a list of hands, one per player, e.g. ['Ah Kh', 'Qs Qd']"));
    }
    let mut players = Vec::new();
    for h in hands.try_iter().map_err(|_| invalid_argument("hands", repr(hands), "a list of hands, one per player"))? {
        players.push(super::analysis::extract_player(&h?)?);
    }
    let (masks, ranges) = super::analysis::as_ranges(players);
    let opt = |o: Option<&Bound<'_, PyAny>>| -> PyResult<u64> {
        match o {
            Some(x) if !x.is_none() => Ok(extract_cardset(x)?.0),
            _ => Ok(0),
        }
    };
    let samples =
        u64::try_from(samples).map_err(|_| invalid_argument("samples", samples, "a sample count is not negative"))?;
    let game = if hi_lo { Game::parse(game)?.hi_lo()? } else { Game::parse(game)? };
    let req = EquityRequest {
        game,
        hands: masks,
        board: opt(board)?,
        dead: opt(dead)?,
        samples,
        seed: match seed {
            Some(s) if !s.is_none() => extract_seed("seed", s)?,
            _ => 0,
        },
        exact,
        threads: threads_arg(threads)?,
    };
    if by_class {
        let ranges = match ranges {
            Some(r) => r,
            None => req.hands.iter().map(|&m| Range::from_combos([(m, 1.0)])).collect::<CoreResult<_>>()?,
        };
        let r = detached(py, || range_classes(&ranges, &req))?;
        return Ok(PyEquity(r.equity, Some(r.classes)));
    }
    match ranges {
        Some(r) => Ok(PyEquity(detached(py, || range_equity(&r, &req))?, None)),
        None => Ok(PyEquity(detached(py, || run_equity(&req))?, None)),
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyHandValue>()?;
    m.add_class::<PyEquity>()?;
    m.add_class::<PyHandClass>()?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_short_deck_hand, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_omaha, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_omaha_low, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_low, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_badugi, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_pai_gow_low, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_batch, m)?)?;
    m.add_function(wrap_pyfunction!(equity, m)?)?;
    m.add_function(wrap_pyfunction!(_restore_hand_value, m)?)?;
    Ok(())
}
