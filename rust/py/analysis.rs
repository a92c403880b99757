//! Python bindings for issue 29's poker analysis: `Range`, the range side of `equity`,
//! and `icm`, re-exported by `hoyle.poker`.

use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::types::{PyString, PyTuple};

use super::args::repr;
use super::cards::{extract_cardset, extract_seed, PyCardSet};
use super::errors::{detached, invalid_argument};
use crate::cards::CardSet;
use crate::poker::icm::icm as run_icm;
use crate::poker::range::Range;

/// A weighted set of hole-card combos in the notation of the common tools.
///
/// ```python
/// >>> r = Range("QQ+,AKs")
/// >>> len(r), str(r)
/// (22, 'QQ+,AKs')
/// >>> Range("[50]KK[/50],AA").size
/// 9.0
/// ```
#[pyclass(name = "Range", module = "hoyle._core", frozen)]
#[derive(Clone)]
pub struct PyRange(pub Range);

/// A range from a `Range` or range text.
pub fn extract_range(obj: &Bound<'_, PyAny>) -> PyResult<Range> {
    if let Ok(r) = obj.cast::<PyRange>() {
        return Ok(r.get().0.clone());
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Range::parse(s.to_str()?)?);
    }
    Err(invalid_argument("range", repr(obj), "a Range or range text such as 'QQ+,AKs'"))
}

/// One player of `equity`: known cards (a mask) or a range.
pub enum Player {
    Known(u64),
    Range(Range),
}

/// A player of `equity`: a `Range`, cards (text, `CardSet`, iterable), or range text
/// (text that is not cards, such as `"QQ+,AKs"`).
pub fn extract_player(obj: &Bound<'_, PyAny>) -> PyResult<Player> {
    if let Ok(r) = obj.cast::<PyRange>() {
        return Ok(Player::Range(r.get().0.clone()));
    }
    match extract_cardset(obj) {
        Ok(cards) => Ok(Player::Known(cards.0)),
        Err(e) => match obj.cast::<PyString>() {
            Ok(s) => Ok(Player::Range(Range::parse(s.to_str()?)?)),
            Err(_) => Err(e),
        },
    }
}

/// The players as ranges when any is a range, else `None`.
pub fn as_ranges(players: Vec<Player>) -> (Vec<u64>, Option<Vec<Range>>) {
    if players.iter().all(|p| matches!(p, Player::Known(_))) {
        let masks = players.into_iter().map(|p| if let Player::Known(m) = p { m } else { 0 }).collect();
        return (masks, None);
    }
    let ranges = players
        .into_iter()
        .map(|p| match p {
            Player::Known(m) => Range::from_combos([(m, 1.0)]).unwrap_or_default(),
            Player::Range(r) => r,
        })
        .collect();
    (Vec::new(), Some(ranges))
}

#[pymethods]
impl PyRange {
    #[new]
    fn new(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyRange(extract_range(text)?))
    }
    /// A range of explicit combos: an iterable of cards, or of `(cards, weight)` pairs.
    #[staticmethod]
    fn from_combos(combos: &Bound<'_, PyAny>) -> PyResult<Self> {
        let mut v = Vec::new();
        for item in combos.try_iter()? {
            let item = item?;
            if let Ok(t) = item.cast::<PyTuple>() {
                if t.len() == 2 {
                    v.push((extract_cardset(&t.get_item(0)?)?.0, t.get_item(1)?.extract::<f64>()?));
                    continue;
                }
            }
            v.push((extract_cardset(&item)?.0, 1.0));
        }
        Ok(PyRange(Range::from_combos(v)?))
    }
    /// The top `percent` of two-card combos by hoyle's preflop ordering (equity
    /// against one random hand; `docs/poker-analysis.md`).
    #[staticmethod]
    fn top(percent: f64) -> PyResult<Self> {
        Ok(PyRange(Range::top(percent)?))
    }
    /// The combos as `(CardSet, weight)` pairs.
    #[getter]
    fn combos(&self) -> Vec<(PyCardSet, f64)> {
        self.0.combos().iter().map(|&(m, w)| (PyCardSet(CardSet(m)), w)).collect()
    }
    /// Sum of the weights (a combo at weight 0.5 counts half).
    #[getter]
    fn size(&self) -> f64 {
        self.0.size()
    }
    /// The size as a percentage of the 1326 two-card combos.
    #[getter]
    fn percent(&self) -> f64 {
        self.0.size() / 1326.0 * 100.0
    }
    /// The weight of a combo (0.0 when the range does not hold it).
    fn weight(&self, cards: &Bound<'_, PyAny>) -> PyResult<f64> {
        Ok(self.0.weight(extract_cardset(cards)?.0))
    }
    /// Card removal: the combos that share no card with `cards` (a board, known hands).
    fn without(&self, cards: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyRange(self.0.without(extract_cardset(cards)?.0)))
    }
    fn __len__(&self) -> usize {
        self.0.len()
    }
    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let list = pyo3::types::PyList::new(py, self.combos())?;
        Ok(list.try_iter()?.into_any().unbind())
    }
    fn __contains__(&self, cards: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.weight(extract_cardset(cards)?.0) > 0.0)
    }
    fn __or__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyRange(self.0.union(&extract_range(other)?)))
    }
    fn __and__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyRange(self.0.intersection(&extract_range(other)?)))
    }
    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyRange(self.0.difference(&extract_range(other)?)))
    }
    fn __ror__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyRange(extract_range(other)?.union(&self.0)))
    }
    fn __rand__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyRange(extract_range(other)?.intersection(&self.0)))
    }
    fn __rsub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyRange(extract_range(other)?.difference(&self.0)))
    }
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(o) = other.cast::<PyRange>() else {
            return Ok(py.NotImplemented());
        };
        let same = self.0 == o.get().0;
        let r = match op {
            CompareOp::Eq => same,
            CompareOp::Ne => !same,
            _ => return Ok(py.NotImplemented()),
        };
        Ok(r.into_pyobject(py)?.to_owned().into_any().unbind())
    }
    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.0.to_text().hash(&mut h);
        h.finish()
    }
    fn __str__(&self) -> String {
        self.0.to_text()
    }
    fn __repr__(&self) -> String {
        let text = self.0.to_text();
        let short: String = text.chars().take(60).collect();
        let more = if short.len() < text.len() { "..." } else { "" };
        format!("<Range '{short}{more}': {} combos>", self.0.len())
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().0.to_text(),)))
    }
}

/// Malmuth-Harville ICM: each player's expected prize from their chip stack.
///
/// `stacks` are chip counts (players with none finish last), `payouts` the prizes for
/// first, second, ... place (at most one per player). Exact for up to 64 players while
/// the sets of players holding the paid places number at most 2^22 (every 10-player
/// table), otherwise Monte Carlo over `samples` finishing orders drawn with `seed`.
///
/// ```python
/// >>> [round(e, 4) for e in icm([5000, 3000, 2000], [50, 30, 20])]
/// [38.3929, 32.75, 28.8571]
/// ```
#[pyfunction]
#[pyo3(signature = (stacks, payouts, *, samples = 1_000_000, seed = None))]
fn icm(
    py: Python<'_>,
    stacks: Vec<f64>,
    payouts: Vec<f64>,
    samples: u64,
    seed: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<f64>> {
    let seed = match seed {
        Some(s) if !s.is_none() => extract_seed("seed", s)?,
        _ => 0,
    };
    Ok(detached(py, || run_icm(&stacks, &payouts, samples, seed))?.0)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRange>()?;
    m.add_function(wrap_pyfunction!(icm, m)?)?;
    Ok(())
}
