//! Python bindings of the rummy meld search (`hoyle.rummy`): `MeldRules`, `Meld`,
//! `Arrangement` and the search functions. Every hand argument goes through
//! `extract_cards`; batch work releases the GIL through `detached`.

use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyString, PyTuple};

use super::args::{repr, threads_arg, with_masks};
use super::cards::{extract_cards, PyCard};
use super::errors::{detached, invalid_argument};
use crate::cards::RANK_CHARS;
use crate::rummy::{self, AceRule, Arrangement, Contract, Meld, MeldRules, WildShare, UNLIMITED};

fn rank_index(name: &str, text: &str) -> PyResult<u8> {
    let t = text.trim().to_ascii_uppercase();
    let t = if t == "10" { "T".to_string() } else { t };
    let mut chars = t.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => RANK_CHARS
            .iter()
            .position(|&r| r == c)
            .map(|p| p as u8)
            .ok_or_else(|| invalid_argument(name, text, "a rank is one of A 2-9 T J Q K")),
        _ => Err(invalid_argument(name, text, "a rank is one of A 2-9 T J Q K")),
    }
}

// ---- MeldRules ---------------------------------------------------------------------------

/// Meld rules and card values of a rummy variant (frozen). Build one from a preset and
/// adjust it with `replace`:
///
/// >>> from hoyle.rummy import MeldRules
/// >>> MeldRules.gin().ace, MeldRules.contract().ace
/// ('low', 'high_or_low')
/// >>> MeldRules.gin().replace(ace="round_the_corner").ace
/// 'round_the_corner'
#[pyclass(name = "MeldRules", module = "hoyle._core", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyMeldRules(pub MeldRules);

/// An int argument that must fit 0..=254 (255 means "no limit" inside).
fn small(name: &str, v: i64) -> PyResult<u8> {
    u8::try_from(v).ok().filter(|&x| x < UNLIMITED).ok_or_else(|| invalid_argument(name, v, "an int in 0..=254"))
}

fn opt_limit(v: Option<u8>) -> u8 {
    v.unwrap_or(UNLIMITED)
}

#[pymethods]
impl PyMeldRules {
    #[new]
    #[pyo3(signature = (*, ace = "low", min_set = 3, max_set = 4, min_run = 3, set_distinct_suits = false,
        jokers_wild = false, wild_ranks = None, max_wilds_set = None, max_wilds_run = None, packs = 1,
        values = None, joker_value = 0, hand_size = None, wild_share = "any", ace_both_ends = false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        ace: &str,
        min_set: i64,
        max_set: i64,
        min_run: i64,
        set_distinct_suits: bool,
        jokers_wild: bool,
        wild_ranks: Option<&Bound<'_, PyAny>>,
        max_wilds_set: Option<i64>,
        max_wilds_run: Option<i64>,
        packs: i64,
        values: Option<&Bound<'_, PyAny>>,
        joker_value: i64,
        hand_size: Option<i64>,
        wild_share: &str,
        ace_both_ends: bool,
    ) -> PyResult<Self> {
        let opt = |name: &str, v: Option<i64>| -> PyResult<Option<u8>> { v.map(|x| small(name, x)).transpose() };
        let mut rules = MeldRules {
            ace: AceRule::parse(ace)?,
            min_set: small("min_set", min_set)?,
            max_set: small("max_set", max_set)?,
            min_run: small("min_run", min_run)?,
            set_distinct_suits,
            jokers_wild,
            wild_ranks: 0,
            max_wilds_set: opt_limit(opt("max_wilds_set", max_wilds_set)?),
            max_wilds_run: opt_limit(opt("max_wilds_run", max_wilds_run)?),
            wild_share: WildShare::parse(wild_share)?,
            packs: small("packs", packs)?,
            values: MeldRules::gin().values,
            joker_value: small("joker_value", joker_value)?,
            hand_size: opt("hand_size", hand_size)?.unwrap_or(0),
            ace_both_ends,
        };
        if let Some(w) = wild_ranks {
            rules.wild_ranks = parse_wild_ranks(w)?;
        }
        if let Some(v) = values {
            apply_values(&mut rules, v)?;
        }
        rules.validate()?;
        Ok(PyMeldRules(rules))
    }

    /// Gin rummy: ace low (1), pictures 10, sets 3-4, runs 3+, no jokers, hands of 10.
    #[staticmethod]
    fn gin() -> Self {
        PyMeldRules(MeldRules::gin())
    }
    /// Oklahoma gin: the melds and values of gin.
    #[staticmethod]
    fn oklahoma() -> Self {
        PyMeldRules(MeldRules::oklahoma())
    }
    /// Basic (straight) rummy and Block rummy: as gin, any hand size.
    #[staticmethod]
    fn basic() -> Self {
        PyMeldRules(MeldRules::basic())
    }
    /// Seven-card rummy: as basic rummy, hands of 7.
    #[staticmethod]
    fn seven_card() -> Self {
        PyMeldRules(MeldRules::seven_card())
    }
    /// Wrotham rummy: basic rummy with wild jokers (15 in hand), hands of 7.
    #[staticmethod]
    fn wrotham() -> Self {
        PyMeldRules(MeldRules::wrotham())
    }
    /// Contract rummy: 1-2 packs, wild jokers, ace high or low (never K-A-2), sets with
    /// no suit twice, ace and joker 15.
    #[staticmethod]
    fn contract() -> Self {
        PyMeldRules(MeldRules::contract())
    }
    /// 500 rum: ace high or low (never K-A-2), ace 15 in hand.
    #[staticmethod]
    fn five_hundred() -> Self {
        PyMeldRules(MeldRules::five_hundred())
    }
    /// Dime rummy: up to 4 packs with wild jokers, sets of any size, hands of 12.
    #[staticmethod]
    fn dime() -> Self {
        PyMeldRules(MeldRules::dime())
    }
    /// Every preset by name.
    #[staticmethod]
    fn presets(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
        let d = PyDict::new(py);
        for (name, r) in MeldRules::presets() {
            d.set_item(name, PyMeldRules(r))?;
        }
        Ok(d)
    }

    /// A copy with some fields changed (same keywords as the constructor).
    #[pyo3(signature = (**changes))]
    fn replace(&self, changes: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let mut r = self.0.clone();
        if let Some(ch) = changes {
            for (k, v) in ch.iter() {
                let key: String = k.extract()?;
                let int = |name: &str| -> PyResult<u8> {
                    let x = v.extract::<i64>().map_err(|_| invalid_argument(name, repr(&v), "an int in 0..=254"))?;
                    small(name, x)
                };
                let limit = |name: &str| -> PyResult<u8> {
                    if v.is_none() {
                        Ok(UNLIMITED)
                    } else {
                        int(name)
                    }
                };
                let flag = |name: &str| -> PyResult<bool> {
                    v.extract::<bool>().map_err(|_| invalid_argument(name, repr(&v), "True or False"))
                };
                match key.as_str() {
                    "ace" => r.ace = AceRule::parse(&v.extract::<String>()?)?,
                    "min_set" => r.min_set = int("min_set")?,
                    "max_set" => r.max_set = int("max_set")?,
                    "min_run" => r.min_run = int("min_run")?,
                    "set_distinct_suits" => r.set_distinct_suits = flag("set_distinct_suits")?,
                    "jokers_wild" => r.jokers_wild = flag("jokers_wild")?,
                    "wild_ranks" => r.wild_ranks = if v.is_none() { 0 } else { parse_wild_ranks(&v)? },
                    "max_wilds_set" => r.max_wilds_set = limit("max_wilds_set")?,
                    "max_wilds_run" => r.max_wilds_run = limit("max_wilds_run")?,
                    "packs" => r.packs = int("packs")?,
                    "values" => apply_values(&mut r, &v)?,
                    "joker_value" => r.joker_value = int("joker_value")?,
                    "hand_size" => r.hand_size = if v.is_none() { 0 } else { int("hand_size")? },
                    "wild_share" => r.wild_share = WildShare::parse(&v.extract::<String>()?)?,
                    "ace_both_ends" => r.ace_both_ends = flag("ace_both_ends")?,
                    other => return Err(invalid_argument(other, repr(&v), "not a MeldRules field")),
                }
            }
        }
        r.validate()?;
        Ok(PyMeldRules(r))
    }

    /// 'low', 'high', 'high_or_low' or 'round_the_corner'.
    #[getter]
    fn ace(&self) -> &'static str {
        self.0.ace.name()
    }
    #[getter]
    fn min_set(&self) -> u8 {
        self.0.min_set
    }
    #[getter]
    fn max_set(&self) -> u8 {
        self.0.max_set
    }
    #[getter]
    fn min_run(&self) -> u8 {
        self.0.min_run
    }
    #[getter]
    fn set_distinct_suits(&self) -> bool {
        self.0.set_distinct_suits
    }
    #[getter]
    fn jokers_wild(&self) -> bool {
        self.0.jokers_wild
    }
    /// The wild ranks as rank characters, e.g. ('2',) for deuces wild.
    #[getter]
    fn wild_ranks(&self) -> Vec<String> {
        (0..13).filter(|r| self.0.wild_ranks >> r & 1 == 1).map(|r| RANK_CHARS[r].to_string()).collect()
    }
    /// Most wild cards in a set (None: no limit).
    #[getter]
    fn max_wilds_set(&self) -> Option<u8> {
        (self.0.max_wilds_set != UNLIMITED).then_some(self.0.max_wilds_set)
    }
    /// Most wild cards in a run (None: no limit).
    #[getter]
    fn max_wilds_run(&self) -> Option<u8> {
        (self.0.max_wilds_run != UNLIMITED).then_some(self.0.max_wilds_run)
    }
    #[getter]
    fn packs(&self) -> u8 {
        self.0.packs
    }
    /// Deadwood value of each rank, e.g. {'A': 1, '2': 2, ..., 'K': 10}.
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for r in [12usize, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] {
            d.set_item(RANK_CHARS[r].to_string(), self.0.values[r])?;
        }
        Ok(d)
    }
    #[getter]
    fn joker_value(&self) -> u8 {
        self.0.joker_value
    }
    /// Wild cards against natural cards in a meld: 'any', 'not_more_than_naturals' or
    /// 'fewer_than_naturals'.
    #[getter]
    fn wild_share(&self) -> &'static str {
        self.0.wild_share.name()
    }
    /// Cards in a hand between turns (None: not fixed); best_discard wants one more.
    #[getter]
    fn hand_size(&self) -> Option<u8> {
        (self.0.hand_size > 0).then_some(self.0.hand_size)
    }
    /// With the ace high or low, the 14-card run A-2-...-K-A (the ace at both ends, one of
    /// them possibly a wild card) is a run too (Scala 40).
    #[getter]
    fn ace_both_ends(&self) -> bool {
        self.0.ace_both_ends
    }
    /// Deadwood value of one card.
    fn value(&self, card: &Bound<'_, PyAny>) -> PyResult<u32> {
        let cards = extract_cards(card)?;
        match cards.as_slice() {
            [c] => Ok(self.0.value(*c)),
            _ => Err(invalid_argument("card", repr(card), "expected one card")),
        }
    }
    /// Pickles as ``functools.partial(MeldRules, **fields)``.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let me = slf.get();
        let kw = PyDict::new(py);
        kw.set_item("ace", me.ace())?;
        kw.set_item("min_set", me.min_set())?;
        kw.set_item("max_set", me.max_set())?;
        kw.set_item("min_run", me.min_run())?;
        kw.set_item("set_distinct_suits", me.set_distinct_suits())?;
        kw.set_item("jokers_wild", me.jokers_wild())?;
        kw.set_item("wild_ranks", me.wild_ranks())?;
        kw.set_item("max_wilds_set", me.max_wilds_set())?;
        kw.set_item("max_wilds_run", me.max_wilds_run())?;
        kw.set_item("packs", me.packs())?;
        kw.set_item("values", me.values(py)?)?;
        kw.set_item("joker_value", me.joker_value())?;
        kw.set_item("hand_size", me.hand_size())?;
        kw.set_item("wild_share", me.wild_share())?;
        kw.set_item("ace_both_ends", me.ace_both_ends())?;
        let partial = py.import("functools")?.getattr("partial")?;
        let f = partial.call((slf.get_type(),), Some(&kw))?;
        Ok((f, PyTuple::empty(py)))
    }
    fn __repr__(&self) -> String {
        let r = &self.0;
        let preset = MeldRules::presets().into_iter().find(|(_, p)| p == r).map(|(n, _)| n);
        if let Some(name) = preset {
            return format!("MeldRules.{name}()");
        }
        let values: Vec<String> = [12usize, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
            .iter()
            .map(|&i| format!("'{}': {}", RANK_CHARS[i], r.values[i]))
            .collect();
        let opt = |v: Option<u8>| v.map_or("None".to_string(), |x| x.to_string());
        let wild: Vec<String> = self.wild_ranks().iter().map(|w| format!("'{w}'")).collect();
        format!(
            "MeldRules(ace='{}', min_set={}, max_set={}, min_run={}, set_distinct_suits={}, jokers_wild={}, \
             wild_ranks=[{}], max_wilds_set={}, max_wilds_run={}, packs={}, values={{{}}}, joker_value={}, hand_size={}{}{})",
            r.ace.name(),
            r.min_set,
            r.max_set,
            r.min_run,
            if r.set_distinct_suits { "True" } else { "False" },
            if r.jokers_wild { "True" } else { "False" },
            wild.join(", "),
            opt(self.max_wilds_set()),
            opt(self.max_wilds_run()),
            r.packs,
            values.join(", "),
            r.joker_value,
            opt(self.hand_size()),
            if r.wild_share == WildShare::Any { String::new() } else { format!(", wild_share='{}'", r.wild_share.name()) },
            if r.ace_both_ends { ", ace_both_ends=True" } else { "" },
        )
    }
}

fn parse_wild_ranks(obj: &Bound<'_, PyAny>) -> PyResult<u16> {
    let mut mask = 0u16;
    let items: Vec<String> = if let Ok(s) = obj.cast::<PyString>() {
        s.to_str()?.split([' ', ',']).filter(|t| !t.is_empty()).map(str::to_string).collect()
    } else {
        obj.try_iter()
            .map_err(|_| invalid_argument("wild_ranks", repr(obj), "rank characters such as '2' or ['2', 'J']"))?
            .map(|i| i.and_then(|i| i.extract::<String>()))
            .collect::<PyResult<_>>()?
    };
    for t in items {
        mask |= 1 << rank_index("wild_ranks", &t)?;
    }
    Ok(mask)
}

fn apply_values(rules: &mut MeldRules, obj: &Bound<'_, PyAny>) -> PyResult<()> {
    let d = obj.cast::<PyDict>().map_err(|_| invalid_argument("values", repr(obj), "a dict such as {'A': 15}"))?;
    for (k, v) in d.iter() {
        let key: String = k.extract().map_err(|_| invalid_argument("values", repr(&k), "keys are rank characters"))?;
        let val: u8 = v.extract().map_err(|_| invalid_argument("values", repr(&v), "values are ints 0..=100"))?;
        rules.values[rank_index("values", &key)? as usize] = val;
    }
    Ok(())
}

fn gin_rules(py: Python<'_>) -> &'static Py<PyMeldRules> {
    static GIN: PyOnceLock<Py<PyMeldRules>> = PyOnceLock::new();
    GIN.get_or_init(py, || Py::new(py, PyMeldRules(MeldRules::gin())).expect("allocate MeldRules"))
}

/// The rules argument: a MeldRules, or None for gin.
fn rules_of<'a>(py: Python<'_>, rules: Option<&'a Bound<'_, PyMeldRules>>) -> &'a MeldRules {
    match rules {
        Some(r) => &r.get().0,
        None => &gin_rules(py).get().0,
    }
}

// ---- Meld, Arrangement -------------------------------------------------------------------

/// A meld: a set (one rank) or a run (one suit, consecutive), with what each wild card
/// stands for. ``Meld("7h 8h 9h")`` checks the cards under gin rules (or ``rules=``).
///
/// >>> from hoyle.rummy import Meld, MeldRules
/// >>> m = Meld("5h Jk 7h", MeldRules.wrotham())
/// >>> m.kind, [str(c) for c in m.plays_as]
/// ('run', ['5h', '6h', '7h'])
#[pyclass(name = "Meld", module = "hoyle._core", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyMeld(pub Meld);

#[pymethods]
impl PyMeld {
    #[new]
    #[pyo3(signature = (cards, rules = None))]
    fn new(py: Python<'_>, cards: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyMeldRules>>) -> PyResult<Self> {
        let cards = extract_cards(cards)?;
        Ok(PyMeld(rummy::interpret_meld(&cards, rules_of(py, rules))?))
    }
    /// 'set' or 'run'.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind.name()
    }
    /// The physical cards in meld order (runs low to high).
    #[getter]
    fn cards(&self) -> Vec<PyCard> {
        self.0.cards.iter().map(|&c| PyCard(c)).collect()
    }
    /// The standard card each card plays as (a wild: the card it stands for).
    #[getter]
    fn plays_as(&self) -> Vec<PyCard> {
        self.0.plays_as.iter().map(|&c| PyCard(c)).collect()
    }
    /// {wild card: the card it stands for}.
    #[getter]
    fn wilds<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (w, p) in self.0.wilds() {
            d.set_item(PyCard(w), PyCard(p))?;
        }
        Ok(d)
    }
    /// Points of the meld on the table: each card scores the value of the card it plays
    /// as, an ace played low (A-2-3) scores 1 (500 rum).
    ///
    /// >>> from hoyle.rummy import Meld, MeldRules
    /// >>> r = MeldRules.five_hundred()
    /// >>> Meld("Ah 2h 3h", r).points(r), Meld("Qh Kh Ah", r).points(r)
    /// (6, 35)
    #[pyo3(signature = (rules = None))]
    fn points(&self, py: Python<'_>, rules: Option<&Bound<'_, PyMeldRules>>) -> u32 {
        self.0.points(rules_of(py, rules))
    }
    fn __len__(&self) -> usize {
        self.0.len()
    }
    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let t = PyTuple::new(py, self.cards())?;
        Ok(t.try_iter()?.into_any().unbind())
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        let text: Vec<String> = self.0.cards.iter().map(|c| c.to_string()).collect();
        format!("Meld({:?}) # {} {}", text.join(" "), self.0.kind.name(), self.0)
    }
}

/// The outcome of a search: ``melds``, ``deadwood`` cards and ``deadwood_value``; the
/// ``discard`` (best_discard) and ``layoffs`` (lay_off: ``(card, table meld index,
/// plays_as)`` triples).
#[pyclass(name = "Arrangement", module = "hoyle._core", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyArrangement(pub Arrangement);

#[pymethods]
impl PyArrangement {
    #[getter]
    fn melds(&self) -> Vec<PyMeld> {
        self.0.melds.iter().cloned().map(PyMeld).collect()
    }
    #[getter]
    fn deadwood(&self) -> Vec<PyCard> {
        self.0.deadwood.iter().map(|&c| PyCard(c)).collect()
    }
    #[getter]
    fn deadwood_value(&self) -> u32 {
        self.0.deadwood_value
    }
    #[getter]
    fn discard(&self) -> Option<PyCard> {
        self.0.discard.map(PyCard)
    }
    #[getter]
    fn layoffs(&self) -> Vec<(PyCard, usize, PyCard)> {
        self.0.layoffs.iter().map(|l| (PyCard(l.card), l.meld, PyCard(l.plays_as))).collect()
    }
    /// True when every card is melded, laid off or discarded.
    #[getter]
    fn is_gin(&self) -> bool {
        self.0.deadwood.is_empty()
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        format!("<Arrangement {}>", self.0)
    }
}

// ---- functions ---------------------------------------------------------------------------

/// The arrangement of ``hand`` with the least deadwood (exact). Ties: fewer deadwood
/// cards, then the first found by the search (lower cards decided first, melds before
/// deadwood).
///
/// >>> from hoyle import rummy
/// >>> print(rummy.best_melds("7d 7s 7h 8h 9h"))
/// [7h 8h 9h] | deadwood 7d 7s = 14
#[pyfunction]
#[pyo3(signature = (hand, rules = None))]
fn best_melds(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyMeldRules>>,
) -> PyResult<PyArrangement> {
    let cards = extract_cards(hand)?;
    Ok(PyArrangement(rummy::best_melds(&cards, rules_of(py, rules))?))
}

/// The least deadwood value of ``hand``.
///
/// >>> from hoyle import rummy
/// >>> rummy.deadwood("7d 7s 7h 8h 9h")
/// 14
#[pyfunction]
#[pyo3(signature = (hand, rules = None))]
fn deadwood(py: Python<'_>, hand: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyMeldRules>>) -> PyResult<u32> {
    let cards = extract_cards(hand)?;
    Ok(rummy::deadwood(&cards, rules_of(py, rules))?)
}

/// Every meld ``hand`` can form (each distinct meld once).
///
/// >>> from hoyle import rummy, CardSet
/// >>> len(rummy.all_melds(CardSet.standard()))
/// 329
#[pyfunction]
#[pyo3(signature = (hand, rules = None))]
fn all_melds(py: Python<'_>, hand: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyMeldRules>>) -> PyResult<Vec<PyMeld>> {
    let cards = extract_cards(hand)?;
    Ok(rummy::all_melds(&cards, rules_of(py, rules))?.into_iter().map(PyMeld).collect())
}

/// For a hand one card over size (after the draw), the discard and arrangement with the
/// least deadwood, exactly. ``forbid``: a card that may not be discarded (just taken
/// from the discard pile). Ties: the most valuable deadwood card is discarded.
///
/// >>> from hoyle import rummy
/// >>> a = rummy.best_discard("2c 2h 3d 4d 4s 5d 5h 5s 6d 6h 6s")
/// >>> a.deadwood_value
/// 9
#[pyfunction]
#[pyo3(signature = (hand, rules = None, *, forbid = None))]
fn best_discard(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyMeldRules>>,
    forbid: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyArrangement> {
    let cards = extract_cards(hand)?;
    let forbid = match forbid {
        None => None,
        Some(f) => match extract_cards(f)?.as_slice() {
            [c] => Some(*c),
            _ => return Err(invalid_argument("forbid", repr(f), "expected one card")),
        },
    };
    Ok(PyArrangement(rummy::best_discard(&cards, rules_of(py, rules), forbid)?))
}

fn extract_meld(obj: &Bound<'_, PyAny>, rules: &MeldRules) -> PyResult<Meld> {
    if let Ok(m) = obj.cast::<PyMeld>() {
        return Ok(m.get().0.clone());
    }
    Ok(rummy::interpret_meld(&extract_cards(obj)?, rules)?)
}

/// The knocker's opponent: least deadwood of ``hand`` after melding and laying off onto
/// the table ``melds`` (Meld objects or card lists), chosen jointly. Chains count;
/// nothing lays off on deadwood; table melds are never rearranged.
///
/// >>> from hoyle import rummy
/// >>> a = rummy.lay_off("9h 8h Kc", ["5h 6h 7h"])
/// >>> a.deadwood_value, [(str(c), i) for c, i, _ in a.layoffs]
/// (10, [('8h', 0), ('9h', 0)])
#[pyfunction]
#[pyo3(signature = (hand, melds, rules = None))]
fn lay_off(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyMeldRules>>,
) -> PyResult<PyArrangement> {
    let rules = rules_of(py, rules);
    let cards = extract_cards(hand)?;
    if melds.is_instance_of::<PyString>() {
        return Err(invalid_argument("melds", repr(melds), "a list of melds (Meld objects or card lists)"));
    }
    let table: Vec<Meld> = melds
        .try_iter()
        .map_err(|_| invalid_argument("melds", repr(melds), "a list of melds (Meld objects or card lists)"))?
        .map(|m| m.and_then(|m| extract_meld(&m, rules)))
        .collect::<PyResult<_>>()?;
    Ok(PyArrangement(rummy::lay_off(&cards, &table, rules)?))
}

/// Meld exactly ``contract`` ("2 sets + 1 run", or the deal number 1-7 of contract
/// rummy; runs of one contract in different suits) with the least deadwood left; None
/// if the hand cannot. Rules default to contract rummy's.
///
/// >>> from hoyle import rummy
/// >>> rummy.find_contract("2h 3h 4h 5h 6h 7h 9s 9d", "2 runs") is None
/// True
#[pyfunction]
#[pyo3(signature = (hand, contract, rules = None))]
fn find_contract(
    hand: &Bound<'_, PyAny>,
    contract: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyMeldRules>>,
) -> PyResult<Option<PyArrangement>> {
    let cards = extract_cards(hand)?;
    let c: Contract = if let Ok(s) = contract.cast::<PyString>() {
        s.to_str()?.parse()?
    } else if let Ok(n) = contract.extract::<i64>() {
        Contract::deal(u8::try_from(n).map_err(|_| invalid_argument("contract", n, "a deal number is 1..=7"))?)?
    } else {
        return Err(invalid_argument(
            "contract",
            repr(contract),
            "text such as '2 sets + 1 run' or a deal number 1..=7",
        ));
    };
    let default = MeldRules::contract();
    let rules = rules.map(|r| &r.get().0).unwrap_or(&default);
    Ok(rummy::find_contract(&cards, c, rules)?.map(PyArrangement))
}

/// Can ``hand`` go out at once: meld every card, or with ``discard=True`` every card but
/// one, which is discarded (go-rummy rules)?
///
/// >>> from hoyle import rummy
/// >>> rummy.can_go_out("4c 5c 6c 9d 9h 9s Kd", rummy.MeldRules.seven_card(), discard=True)
/// True
#[pyfunction]
#[pyo3(signature = (hand, rules = None, *, discard = false))]
fn can_go_out(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyMeldRules>>,
    discard: bool,
) -> PyResult<bool> {
    let cards = extract_cards(hand)?;
    Ok(rummy::can_go_out(&cards, rules_of(py, rules), discard)?)
}

/// As ``can_go_out``, returning the arrangement (or None).
#[pyfunction]
#[pyo3(signature = (hand, rules = None, *, discard = false))]
fn go_out(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyMeldRules>>,
    discard: bool,
) -> PyResult<Option<PyArrangement>> {
    let cards = extract_cards(hand)?;
    Ok(rummy::go_out(&cards, rules_of(py, rules), discard)?.map(PyArrangement))
}

/// Least deadwood of each hand in a 1-D numpy array of ``CardSet`` masks (``uint64``,
/// or non-negative ``int64``; bits 52.. are jokers). Returns a ``uint32`` array. Runs
/// with the GIL released; ``threads``: None for all cores, 1 for the calling thread.
///
/// >>> import numpy as np
/// >>> from hoyle import rummy, CardSet
/// >>> rummy.deadwood_batch(np.array([CardSet("7d 7s 7h 8h 9h").mask], dtype=np.uint64)).tolist()
/// [14]
#[pyfunction]
#[pyo3(signature = (hands, rules = None, *, threads = None))]
fn deadwood_batch<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyMeldRules>>,
    threads: Option<i64>,
) -> PyResult<Bound<'py, PyArray1<u32>>> {
    let rules = rules_of(py, rules).clone();
    let threads = threads_arg(threads)?;
    let out = with_masks("hands", hands, |masks| detached(py, || rummy::deadwood_batch(masks, &rules, threads)))?;
    Ok(PyArray1::from_vec(py, out))
}

/// The contract of deal ``n`` (1-7) of contract rummy as text, e.g. ``'2 sets + 1 run'``.
#[pyfunction]
fn contract_of_deal(n: u8) -> PyResult<String> {
    Ok(Contract::deal(n)?.to_string())
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMeldRules>()?;
    m.add_class::<PyMeld>()?;
    m.add_class::<PyArrangement>()?;
    m.add_function(wrap_pyfunction!(best_melds, m)?)?;
    m.add_function(wrap_pyfunction!(deadwood, m)?)?;
    m.add_function(wrap_pyfunction!(all_melds, m)?)?;
    m.add_function(wrap_pyfunction!(best_discard, m)?)?;
    m.add_function(wrap_pyfunction!(lay_off, m)?)?;
    m.add_function(wrap_pyfunction!(find_contract, m)?)?;
    m.add_function(wrap_pyfunction!(can_go_out, m)?)?;
    m.add_function(wrap_pyfunction!(go_out, m)?)?;
    m.add_function(wrap_pyfunction!(deadwood_batch, m)?)?;
    m.add_function(wrap_pyfunction!(contract_of_deal, m)?)?;
    register_catalogue(m)?;
    register_knock(m)
}

// ---- the rummy catalogue: opening melds (Kaluki, Rommé, Scala 40) --------------------------

fn points_arg(name: &str, v: i64) -> PyResult<u32> {
    u32::try_from(v).ok().filter(|&x| x <= 10_000).ok_or_else(|| invalid_argument(name, v, "an int in 0..=10000"))
}

/// The disjoint melds of ``hand`` worth the most points, if they are worth ``minimum``
/// or more, else ``None`` - the first meld of Kaluki (51), German Rommé (40) or Scala 40
/// (40). A card scores its value under ``rules``; a wild card the card it stands for,
/// read for the most points; an ace played low (A-2-3) scores ``low_ace``. Ties: fewer
/// wild cards used.
///
///     >>> from hoyle import rummy
///     >>> rules = rummy.MeldRules.basic().replace(values={"A": 11})
///     >>> " | ".join(str(m) for m in rummy.best_opening("Kh Kd Ks 9c Tc Jc 4d", 40, rules))
///     '9c Tc Jc | Kd Kh Ks'
///     >>> print(rummy.best_opening("Kh Kd Ks 9c Tc Jc 4d", 60, rules))
///     None
#[pyfunction]
#[pyo3(signature = (hand, minimum, rules = None, *, low_ace = 1))]
fn best_opening(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    minimum: i64,
    rules: Option<&Bound<'_, PyMeldRules>>,
    low_ace: i64,
) -> PyResult<Option<Vec<PyMeld>>> {
    let cards = extract_cards(hand)?;
    let (minimum, low_ace) = (points_arg("minimum", minimum)?, points_arg("low_ace", low_ace)?);
    let found = rummy::best_opening(&cards, minimum, rules_of(py, rules), low_ace)?;
    Ok(found.map(|o| o.melds.into_iter().map(PyMeld).collect()))
}

/// What the cards of one meld score towards an opening: each card its value, a wild card
/// the card it stands for read for the most points, an ace played low ``low_ace``.
/// Raises ``IllegalMeldError`` if the cards are not one meld.
///
/// >>> from hoyle import rummy
/// >>> rules = rummy.MeldRules.contract()
/// >>> rummy.opening_value("2h 3h Jk", rules, low_ace=15), rummy.opening_value("2h 3h Jk", rules)
/// (20, 9)
#[pyfunction]
#[pyo3(signature = (cards, rules = None, *, low_ace = 1))]
fn opening_value(
    py: Python<'_>,
    cards: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyMeldRules>>,
    low_ace: i64,
) -> PyResult<u32> {
    let cards = extract_cards(cards)?;
    let rules = rules_of(py, rules);
    let low_ace = points_arg("low_ace", low_ace)?;
    let meld = rummy::interpret_meld(&cards, rules)?;
    let best = rummy::best_opening(&cards, 0, rules, low_ace)?;
    let read = rummy::opening_points(&meld, rules, low_ace);
    Ok(best
        .filter(|o| o.melds.iter().map(|m| m.len()).sum::<usize>() == cards.len())
        .map_or(read, |o| o.points.max(read)))
}

/// Indian Rummy: the arrangement of ``hand`` with at least two sequences, one of them
/// pure (no wild card but a wild-rank card in its own place), and the least count of
/// unmatched cards, or ``None`` if the hand holds no such pair of sequences. The first
/// meld is the pure sequence. A valid declaration is one with nothing unmatched. With
/// ``life`` (the house rule "one life of four or more cards": 4), one of the two
/// sequences must hold that many cards or more (0: no such rule).
///
///     >>> from hoyle import rummy
///     >>> rules = rummy.MeldRules.basic().replace(jokers_wild=True, wild_ranks=["2"], values={"2": 0})
///     >>> print(rummy.declaration("3h 4h 5h 7c Jk 9c Kd Ks Kh 6d 7d 2s Qc", rules))
///     [3h 4h 5h] [7c 2s=8c 9c] [Jk=5d 6d 7d] [Kd Kh Ks] | deadwood Qc = 10
///     >>> print(rummy.declaration("3h 4h 5h 7c 8c 9c Kd Ks Kh Td Ts Th Qc", rules, life=4))
///     None
#[pyfunction]
#[pyo3(signature = (hand, rules = None, *, life = 0))]
fn declaration(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyMeldRules>>,
    life: i64,
) -> PyResult<Option<PyArrangement>> {
    let cards = extract_cards(hand)?;
    Ok(rummy::declaration_with_life(&cards, rules_of(py, rules), life_arg(life)?)?.map(PyArrangement))
}

/// Indian Rummy: the count of a losing hand - its unmatched cards under its best
/// declaration, or every card when it has no two sequences including a pure one (and,
/// with ``life``, one of ``life`` cards or more) - at most ``cap``.
///
/// >>> from hoyle import rummy
/// >>> rules = rummy.MeldRules.basic().replace(jokers_wild=True, wild_ranks=["2"], values={"2": 0})
/// >>> rummy.indian_count("3h 4h 5h 7c Jk 9c Kd Ks Kh 6d 7d 2s Qc", rules)
/// 10
/// >>> rummy.indian_count("3h Jk 5h 7c 2s 9c Kd Ks Kh Qd Js 9h 4c", rules)
/// 80
#[pyfunction]
#[pyo3(signature = (hand, rules = None, *, cap = 80, life = 0))]
fn indian_count(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyMeldRules>>,
    cap: i64,
    life: i64,
) -> PyResult<u32> {
    let cards = extract_cards(hand)?;
    let (cap, life) = (points_arg("cap", cap)?, life_arg(life)?);
    Ok(rummy::indian_count_with_life(&cards, rules_of(py, rules), cap, life)?)
}

/// The ``life`` argument: the least length of one life, 0..=13.
fn life_arg(v: i64) -> PyResult<u8> {
    u8::try_from(v)
        .ok()
        .filter(|&x| x <= 13)
        .ok_or_else(|| invalid_argument("life", v, "an int in 0..=13 (cards in a sequence)"))
}

fn register_catalogue(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(best_opening, m)?)?;
    m.add_function(wrap_pyfunction!(opening_value, m)?)?;
    m.add_function(wrap_pyfunction!(declaration, m)?)?;
    m.add_function(wrap_pyfunction!(indian_count, m)?)?;
    Ok(())
}

// ---- gin's knock: the knocker's spreads and the best spread (rust/rummy/knock.rs) ----------

/// Every distinct spread of ``hand`` within the knock ``limit``: each a list of disjoint
/// melds of ``all_melds(hand)`` leaving deadwood of at most ``limit`` (meldable cards may
/// stay as deadwood), in the order of a depth-first walk over ``all_melds``; empty when
/// the hand cannot knock. Gin's ``knock X on N`` spreads spread N of this list. Runs with
/// the GIL released.
///
/// >>> from hoyle import rummy
/// >>> spreads = rummy.knock_spreads("5c 6c 7c 5d 6d 7d 5h 6h 7h Kc", limit=10)
/// >>> print(" | ".join(" ".join(m.kind for m in s) for s in spreads if len(s) == 3))
/// set set set | run run run
#[pyfunction]
#[pyo3(signature = (hand, rules = None, *, limit = 10))]
fn knock_spreads(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyMeldRules>>,
    limit: i64,
) -> PyResult<Vec<Vec<PyMeld>>> {
    let cards = extract_cards(hand)?;
    let (rules, limit) = (rules_of(py, rules), points_arg("limit", limit)?);
    let spreads = detached(py, || rummy::knock_spreads(&cards, rules, limit))?;
    Ok(spreads.into_iter().map(|s| s.into_iter().map(PyMeld).collect()).collect())
}

/// The knocker's best spread of ``hand`` against the ``defender``'s best lay-offs, exactly,
/// and the defender's answer: ``(spread, answer)``, ``answer`` an ``Arrangement`` whose
/// ``layoffs`` index ``spread`` (gin: nothing laid off, the defender's ``best_melds``).
/// With knocker deadwood ``k`` and the defender left with ``d`` the knocker's result is
/// ``d - k``, or ``-(k - d + undercut_bonus)`` when undercut; the best spread has the
/// highest result, ties going to the least ``k``, then to ``best_melds(hand)``'s melds,
/// then to the earlier spread of ``knock_spreads``. Raises ``InvalidHandError`` when the
/// hand cannot knock within ``limit``, ``DuplicateCardError`` when the hands share a card.
/// Runs with the GIL released.
///
/// >>> from hoyle import rummy
/// >>> spread, answer = rummy.best_knock("5c 6c 7c 5d 6d 7d 5h 6h 7h 2s", "5s 7s Kh Qd Jd 9c 9h Ts 2d 3h")
/// >>> [m.kind for m in spread], answer.deadwood_value    # three sets would let 5s 7s lay off
/// (['run', 'run', 'run'], 75)
#[pyfunction]
#[pyo3(signature = (hand, defender, rules = None, *, limit = 10, undercut_bonus = 10))]
fn best_knock(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    defender: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyMeldRules>>,
    limit: i64,
    undercut_bonus: i64,
) -> PyResult<(Vec<PyMeld>, PyArrangement)> {
    let (cards, against) = (extract_cards(hand)?, extract_cards(defender)?);
    let rules = rules_of(py, rules);
    let (limit, bonus) = (points_arg("limit", limit)?, points_arg("undercut_bonus", undercut_bonus)?);
    let knock = detached(py, || rummy::best_knock(&cards, &against, rules, limit, bonus))?;
    Ok((knock.spread.into_iter().map(PyMeld).collect(), PyArrangement(knock.answer)))
}

fn register_knock(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(knock_spreads, m)?)?;
    m.add_function(wrap_pyfunction!(best_knock, m)?)?;
    Ok(())
}
