//! The compiled gin deal of the reinforcement-learning tables (docs/rl.md, the compiled
//! gin table): `GinKernel`, what one encoding of plain two-player gin needs to play a
//! deal in Rust (the observation layout, the catalogue's slots, the plugin's shared
//! action objects, the scoring options), and `GinDeal`, one hand played with it
//! (`rust/rummy/gin_deal.rs`), observed and masked in one call each
//! (`rust/rummy/gin_observe.rs`). `GinDeal` is subclassable: `hoyle.rl.kernel.KernelTable`
//! adds the Python side (the replayed game, clone, pickling) over these methods, which
//! the adapters call directly on every step.

use std::sync::Mutex;

use numpy::npyffi::flags::{NPY_ARRAY_C_CONTIGUOUS, NPY_ARRAY_OWNDATA, NPY_ARRAY_WRITEABLE};
use numpy::{Element, PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyKeyError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use super::cards::PyCard;
use super::errors::invalid_argument;
use crate::rummy::gin_deal::{GinDeal, Move, NextDealer, Phase, Scoring, Start};
use crate::rummy::gin_observe::{Fact, GinLayout, GinSlots, Group};

/// The position of a move in the kernel's action list: draw discard, draw stock, pass,
/// the 52 discards, the 52 knocks.
fn code(m: Move) -> usize {
    match m {
        Move::DrawDiscard => 0,
        Move::DrawStock => 1,
        Move::Pass => 2,
        Move::Discard(c) => 3 + c as usize,
        Move::Knock(c) => 55 + c as usize,
    }
}

/// The plugin's actions: draw discard, draw stock, pass, the 52 discards, the 52 knocks.
type Actions<'py> =
    (Bound<'py, PyAny>, Bound<'py, PyAny>, Bound<'py, PyAny>, Vec<Bound<'py, PyAny>>, Vec<Bound<'py, PyAny>>);

/// What one encoding of two-player gin needs to play deals in Rust (see the module docs).
#[pyclass(name = "GinKernel", module = "hoyle._core", frozen)]
pub struct PyGinKernel {
    layout: GinLayout,
    slots: GinSlots,
    scoring: Scoring,
    /// The plugin's action object of each move (by `code`) and its text.
    actions: Vec<Py<PyAny>>,
    texts: Vec<Py<PyAny>>,
    /// Observation and mask arrays handed out before, to hand out again once nobody
    /// else holds them (`recycled`).
    kept: Mutex<Kept>,
}

/// The observation arrays and the mask arrays a kernel keeps for reuse.
type Kept = (Vec<Py<PyArray1<f32>>>, Vec<Py<PyArray1<i8>>>);

/// How many arrays of each kind a kernel keeps for reuse.
const KEPT: usize = 4;

/// A zeroed 1-D array of `len` elements: one of `kept` that nobody else holds any more,
/// else a new one (kept in place of the oldest). An observation made and dropped costs
/// two numpy allocations and frees (more than the whole encoding of gin's 303 floats:
/// numpy caches no buffer over 1 KiB); a kept array is reused only when its reference
/// count is `kept`'s own and it has no weak reference - no caller, view, buffer or
/// weak reference can see it change - and it is still an owning, writeable, contiguous
/// array of `len` elements of its type. Measured by `benches/test_bench_rl.py` (the gin
/// encoding share).
fn recycled<'py, T: Element + Copy + Default>(
    py: Python<'py>,
    kept: &mut Vec<Py<PyArray1<T>>>,
    len: usize,
) -> Bound<'py, PyArray1<T>> {
    let dtype = T::get_dtype(py);
    let want = NPY_ARRAY_OWNDATA | NPY_ARRAY_WRITEABLE | NPY_ARRAY_C_CONTIGUOUS;
    for a in kept.iter() {
        let a = a.bind(py);
        // SAFETY: `a` is a live object.
        if unsafe { pyo3::ffi::Py_REFCNT(a.as_ptr()) } != 1 {
            continue;
        }
        // SAFETY: `a` is a live numpy array (its fields are read, not changed).
        let fields = unsafe { &(*a.as_array_ptr()).fields };
        let same = fields.nd == 1
            && fields.flags & want == want
            && fields.base.is_null()
            && fields.weakreflist.is_null()
            // SAFETY: nd == 1: one dimension.
            && unsafe { *fields.dimensions } as usize == len
            && std::ptr::eq(fields.descr.cast(), dtype.as_ptr());
        if same {
            // SAFETY: nothing but `kept` refers to the array (checked above), so this is
            // the only access to its data; it is contiguous and owns `len` elements.
            if let Ok(data) = unsafe { a.as_slice_mut() } {
                data.fill(T::default());
                return a.clone();
            }
        }
    }
    let fresh = PyArray1::<T>::zeros(py, len, false);
    if kept.len() >= KEPT {
        kept.remove(0);
    }
    kept.push(fresh.clone().unbind());
    fresh
}

fn offset(value: i64) -> Option<usize> {
    usize::try_from(value).ok()
}

#[pymethods]
impl PyGinKernel {
    /// The layout: `size` floats; `groups` lists `(zone group, plane offset, count
    /// offset)` (-1: none); `tops` and `orders` the top-card and order planes `(zone,
    /// offset)`; `known` the offset of the `known` planes (the cards each seat took from
    /// the discard pile and holds, the observer's first; None: not in the layout); the
    /// scalars start at `scalar_at`; `phases` names the phase one-hot's
    /// entries; `public` lists `(key, offset, length)`. The catalogue: `slots` is
    /// `(size, draw discard, draw stock, pass, first discard, first knock)`; `actions`
    /// `(draw discard, draw stock, pass, 52 discards, 52 knocks)`, the plugin's objects.
    /// `scoring`: gin_bonus, undercut_bonus, box_bonus, game_bonus, target, shutout and
    /// dealer, the options' values. A field, key or option the compiled deal does not
    /// know is an `InvalidArgumentError` naming it.
    #[new]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (size, groups, tops, orders, scalar_at, phases, public, slots, actions, scoring, known=None))]
    fn new(
        py: Python<'_>,
        size: usize,
        groups: Vec<(String, i64, i64)>,
        tops: Vec<(String, usize)>,
        orders: Vec<(String, usize)>,
        scalar_at: usize,
        phases: Vec<String>,
        public: Vec<(String, usize, usize)>,
        slots: (usize, usize, usize, usize, usize, usize),
        actions: Actions<'_>,
        scoring: Bound<'_, PyDict>,
        known: Option<usize>,
    ) -> PyResult<Self> {
        let mut top_discard = None;
        for (zone, at) in tops {
            if zone != "discard" {
                return Err(invalid_argument("top", zone, "gin's layout has the discard pile's top only"));
            }
            top_discard = Some(at);
        }
        let mut order_discard = None;
        for (zone, at) in orders {
            if zone != "discard" {
                return Err(invalid_argument("order plane", zone, "gin's layout orders the discard pile only"));
            }
            order_discard = Some(at);
        }
        let index = |name: &str| phases.iter().position(|p| p == name).unwrap_or(phases.len());
        let layout = GinLayout {
            size,
            groups: groups
                .iter()
                .map(|(label, plane, count)| Ok((Group::parse(label)?, offset(*plane), offset(*count))))
                .collect::<PyResult<_>>()?,
            top_discard,
            order_discard,
            known,
            scalar_at,
            phases: phases.len(),
            phase_index: [Phase::Offer, Phase::Draw, Phase::Discard, Phase::Over].map(|p| index(p.name())),
            public: public.iter().map(|(key, at, len)| Ok((Fact::parse(key)?, *at, *len))).collect::<PyResult<_>>()?,
        };
        layout.validate()?;
        let (n, draw_discard, draw_stock, pass, discard, knock) = slots;
        let slots = GinSlots { size: n, draw_discard, draw_stock, pass, discard, knock };
        slots.validate()?;
        let (a_discard, a_stock, a_pass, discards, knocks) = actions;
        if discards.len() != 52 || knocks.len() != 52 {
            return Err(invalid_argument("actions", discards.len().min(knocks.len()), "52 discards and 52 knocks"));
        }
        let actions: Vec<Py<PyAny>> =
            [a_discard, a_stock, a_pass].into_iter().chain(discards).chain(knocks).map(Bound::unbind).collect();
        let texts = actions
            .iter()
            .map(|a| Ok(a.bind(py).getattr(intern!(py, "text"))?.unbind()))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(PyGinKernel {
            layout,
            slots,
            scoring: read_scoring(&scoring)?,
            actions,
            texts,
            kept: Mutex::new((Vec::new(), Vec::new())),
        })
    }

    /// The observation's size and the catalogue's.
    #[getter]
    fn sizes(&self) -> (usize, usize) {
        (self.layout.size, self.slots.size)
    }
}

fn read_scoring(d: &Bound<'_, PyDict>) -> PyResult<Scoring> {
    let mut s = Scoring::default();
    for (key, value) in d.iter() {
        let key: String = key.extract()?;
        let number = || -> PyResult<u32> {
            value.extract::<u32>().map_err(|_| invalid_argument(&key, &value, "a whole number of points, at least 0"))
        };
        match key.as_str() {
            "gin_bonus" => s.gin_bonus = number()?,
            "undercut_bonus" => s.undercut_bonus = number()?,
            "box_bonus" => s.box_bonus = number()?,
            "game_bonus" => s.game_bonus = number()?,
            "target" => s.target = number()?,
            "knock_limit" => s.knock_limit = number()?,
            "shutout" => {
                s.double_total = match value.extract::<String>()?.as_str() {
                    "double-bonus" => false,
                    "double-total" => true,
                    other => return Err(invalid_argument("shutout", other, "double-bonus or double-total")),
                }
            }
            "dealer" => {
                s.next_dealer = match value.extract::<String>()?.as_str() {
                    "loser" => NextDealer::Loser,
                    "winner" => NextDealer::Winner,
                    "alternate" => NextDealer::Alternate,
                    other => return Err(invalid_argument("dealer", other, "loser, winner or alternate")),
                }
            }
            _ => return Err(invalid_argument("scoring", key, "not an option the compiled gin deal plays")),
        }
    }
    Ok(s)
}

fn faces(cards: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<u8>> {
    let mut out = Vec::new();
    for card in cards.try_iter()? {
        let card = card?;
        let card = card.cast::<PyCard>().map_err(|_| invalid_argument(what, &card, "a Card"))?;
        let c = card.get().0;
        if c.is_joker() || c.copy() != 0 {
            return Err(invalid_argument(what, c, "one pack's cards, no jokers"));
        }
        out.push(c.face());
    }
    Ok(out)
}

/// One gin hand played in Rust with a `GinKernel` (see the module docs).
#[pyclass(name = "GinDeal", module = "hoyle._core", subclass)]
pub struct PyGinDeal {
    kernel: Py<PyGinKernel>,
    deal: GinDeal,
    /// The slots taken, in order.
    taken: Vec<u16>,
}

impl PyGinDeal {
    fn kernel<'a>(&'a self, py: Python<'a>) -> &'a PyGinKernel {
        self.kernel.bind(py).get()
    }

    /// The legal move at `slot`, if any.
    fn legal_move(&self, py: Python<'_>, slot: i64) -> Option<Move> {
        let m = self.kernel(py).slots.action(usize::try_from(slot).ok()?)?;
        self.deal.legal().contains(m).then_some(m)
    }

    /// The move an action object stands for: one of the kernel's own objects, or an
    /// equal action (None: no action the compiled deal plays).
    fn move_of(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<Option<Move>> {
        let kernel = self.kernel(py);
        let slots = &kernel.slots;
        for slot in slots.legal(&self.deal.legal()) {
            let m = slots.action(slot).expect("a legal slot");
            if kernel.actions[code(m)].as_ptr() == action.as_ptr() {
                return Ok(Some(m));
            }
        }
        if !action.getattr(intern!(py, "amount"))?.is_none() || !action.getattr(intern!(py, "target"))?.is_none() {
            return Ok(None);
        }
        let kind: String = action.getattr(intern!(py, "kind"))?.extract()?;
        let source: Option<String> = action.getattr(intern!(py, "source"))?.extract()?;
        let cards = faces(&action.getattr(intern!(py, "cards"))?, "action")?;
        Ok(match (kind.as_str(), source.as_deref(), cards.as_slice()) {
            ("draw", Some("stock"), []) => Some(Move::DrawStock),
            ("draw", Some("discard"), []) => Some(Move::DrawDiscard),
            ("pass", None, []) => Some(Move::Pass),
            ("discard", None, [c]) => Some(Move::Discard(*c)),
            ("knock", None, [c]) => Some(Move::Knock(*c)),
            _ => None,
        })
    }

    fn apply(&mut self, py: Python<'_>, m: Move) -> PyResult<()> {
        self.deal.apply(m)?;
        self.taken.push(self.kernel(py).slots.slot(m) as u16);
        Ok(())
    }

    fn not_legal(&self, py: Python<'_>, slot: &Bound<'_, PyAny>) -> PyErr {
        let legal = self.kernel(py).slots.legal(&self.deal.legal());
        if legal.is_empty() {
            invalid_argument("slot", slot, "the game is over")
        } else {
            let mut sorted = legal;
            sorted.sort_unstable();
            invalid_argument("slot", slot, format!("not legal now (legal: {sorted:?})"))
        }
    }
}

#[pymethods]
impl PyGinDeal {
    /// A deal from the position just after the Python rules' deal: each seat's hand
    /// (`hands[seat]`), the stock and the discard pile bottom to top, the first player
    /// and the dealer, the phase, the seat to act, the up-card's passes, whether only
    /// the stock may be drawn, the card just taken from the pile (or None), and the
    /// cards each seat took from the pile earlier and still holds (`known[seat]`).
    #[new]
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (kernel, hands, stock, discard, first, dealer, phase, to_act, passes, stock_only, taken, known=None))]
    fn new(
        kernel: Py<PyGinKernel>,
        hands: (Bound<'_, PyAny>, Bound<'_, PyAny>),
        stock: Bound<'_, PyAny>,
        discard: Bound<'_, PyAny>,
        first: usize,
        dealer: usize,
        phase: &str,
        to_act: usize,
        passes: u8,
        stock_only: bool,
        taken: Option<Bound<'_, PyAny>>,
        known: Option<(Bound<'_, PyAny>, Bound<'_, PyAny>)>,
    ) -> PyResult<Self> {
        let taken = match taken {
            None => None,
            Some(card) => Some(faces(PyTuple::new(card.py(), [card])?.as_any(), "taken")?[0]),
        };
        let start = Start {
            hands: [faces(&hands.0, "hand 0")?, faces(&hands.1, "hand 1")?],
            stock: faces(&stock, "stock")?,
            discard: faces(&discard, "discard")?,
            first,
            dealer,
            phase: Phase::parse(phase)?,
            to_act,
            passes,
            stock_only,
            taken,
            known: match known {
                None => [Vec::new(), Vec::new()],
                Some((k0, k1)) => [faces(&k0, "known 0")?, faces(&k1, "known 1")?],
            },
        };
        let scoring = kernel.get().scoring;
        Ok(PyGinDeal { kernel, deal: GinDeal::new(start, scoring)?, taken: Vec::new() })
    }

    /// The seat deciding now (None once the hand is over).
    #[getter]
    fn seat(&self) -> Option<usize> {
        self.deal.to_act()
    }

    #[getter]
    fn over(&self) -> bool {
        self.deal.phase() == Phase::Over
    }

    /// Never: every position of the hand has a legal action until it is over.
    #[getter]
    fn stuck(&self) -> bool {
        false
    }

    /// Gin has no reaction phase: no seat is waiting to be asked.
    #[getter]
    fn pending<'py>(&self, py: Python<'py>) -> Bound<'py, PyList> {
        PyList::empty(py)
    }

    #[getter]
    fn reacting(&self) -> bool {
        false
    }

    /// The phase's name (`offer`, `draw`, `discard`, `over`).
    #[getter]
    fn phase(&self) -> &'static str {
        self.deal.phase().name()
    }

    /// The slots taken so far, in order.
    #[getter]
    fn taken_slots(&self) -> Vec<u16> {
        self.taken.clone()
    }

    /// `seat`'s observation, a float32 array in the encoding's layout that nobody else
    /// holds (a new one, or one handed out before and dropped since: see `recycled`).
    fn observe<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let kernel = self.kernel(py);
        let layout = &kernel.layout;
        let out = match kernel.kept.try_lock() {
            Ok(mut kept) => recycled(py, &mut kept.0, layout.size),
            Err(_) => PyArray1::<f32>::zeros(py, layout.size, false),
        };
        // SAFETY: nothing else holds the array (new, or recycled: see `recycled`); it is
        // contiguous.
        let slice = unsafe { out.as_slice_mut() }.map_err(|e| invalid_argument("out", layout.size, e.to_string()))?;
        layout.write(&self.deal, seat, slice)?;
        Ok(out)
    }

    /// The PettingZoo observation dict of `seat`: `{"observation": observe(seat),
    /// "action_mask": mask_for(seat)}`, new arrays, in one call.
    fn observation<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        out.set_item(intern!(py, "observation"), self.observe(py, seat)?)?;
        out.set_item(intern!(py, "action_mask"), self.mask_for(py, Some(seat)))?;
        Ok(out)
    }

    /// As `observe`, written into `out` (a contiguous float32 array of the layout's size).
    fn observe_into(&self, py: Python<'_>, seat: usize, out: &Bound<'_, PyAny>) -> PyResult<()> {
        let array = out
            .cast::<PyArray1<f32>>()
            .map_err(|_| invalid_argument("out", "not a 1-D float32 array", "a float32 array of the layout's size"))?;
        let mut view = array.try_readwrite().map_err(|e| invalid_argument("out", "busy", e.to_string()))?;
        let slice = view.as_slice_mut().map_err(|e| invalid_argument("out", "not contiguous", e.to_string()))?;
        slice.fill(0.0);
        self.kernel(py).layout.write(&self.deal, seat, slice)?;
        Ok(())
    }

    /// The legal slots of the seat deciding, int8 0/1 (all zero once over): an array
    /// nobody else holds, as `observe`'s.
    fn mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i8>> {
        self.mask_for(py, self.deal.to_act())
    }

    /// `mask` for the seat deciding, all zero for any other seat.
    fn mask_for<'py>(&self, py: Python<'py>, seat: Option<usize>) -> Bound<'py, PyArray1<i8>> {
        let kernel = self.kernel(py);
        let slots = &kernel.slots;
        let out = match kernel.kept.try_lock() {
            Ok(mut kept) => recycled(py, &mut kept.1, slots.size),
            Err(_) => PyArray1::<i8>::zeros(py, slots.size, false),
        };
        if seat.is_some() && seat == self.deal.to_act() {
            // SAFETY: as in `observe`.
            if let Ok(slice) = unsafe { out.as_slice_mut() } {
                slots.mask(&self.deal.legal(), slice);
            }
        }
        out
    }

    /// The legal slots now, ascending.
    fn legal_slots(&self, py: Python<'_>) -> Vec<usize> {
        let mut out = self.kernel(py).slots.legal(&self.deal.legal());
        out.sort_unstable();
        out
    }

    /// Each legal slot and its action.
    fn slots<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let kernel = self.kernel(py);
        let out = PyDict::new(py);
        for slot in self.legal_slots(py) {
            let m = kernel.slots.action(slot).expect("a legal slot");
            out.set_item(slot, kernel.actions[code(m)].bind(py))?;
        }
        Ok(out)
    }

    /// What a legal slot does (the plugin's shared action object); KeyError when the
    /// slot is not legal now.
    fn action_at<'py>(&self, py: Python<'py>, slot: Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let m = slot.extract::<i64>().ok().and_then(|s| self.legal_move(py, s));
        match m {
            Some(m) => Ok(self.kernel(py).actions[code(m)].bind(py).clone()),
            None => Err(PyKeyError::new_err(slot.unbind())),
        }
    }

    /// Take the slot for the deciding seat; returns the action taken. A slot that is
    /// not legal raises InvalidArgumentError and changes nothing.
    fn step<'py>(&mut self, py: Python<'py>, slot: Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let m = slot.extract::<i64>().ok().and_then(|s| self.legal_move(py, s));
        let Some(m) = m else { return Err(self.not_legal(py, &slot)) };
        self.apply(py, m)?;
        Ok(self.kernel(py).actions[code(m)].bind(py).clone())
    }

    /// Take a legal action (the kernel's own object or an equal action) for the
    /// deciding seat; anything else raises InvalidArgumentError and changes nothing.
    fn take(&mut self, py: Python<'_>, action: Bound<'_, PyAny>) -> PyResult<()> {
        if self.deal.to_act().is_none() {
            return Err(invalid_argument("action", &action, "the game is over"));
        }
        match self.move_of(py, &action)? {
            Some(m) if self.deal.legal().contains(m) => self.apply(py, m),
            Some(_) => Err(invalid_argument("action", &action, "not legal now")),
            None => Err(invalid_argument(
                "action",
                &action,
                "not an action the compiled gin table plays (compiled=False plays every action)",
            )),
        }
    }

    /// What a step reports: the action's text and exact amount.
    fn info<'py>(&self, py: Python<'py>, action: Option<Bound<'py, PyAny>>) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        let key = intern!(py, "action");
        let amount = intern!(py, "amount");
        let Some(action) = action else {
            out.set_item(key, py.None())?;
            out.set_item(amount, py.None())?;
            return Ok(out);
        };
        let kernel = self.kernel(py);
        let own = self.move_of_own(py, &action);
        match own {
            Some(i) => {
                out.set_item(key, kernel.texts[i].bind(py))?;
                out.set_item(amount, py.None())?;
            }
            None => {
                out.set_item(key, action.getattr(intern!(py, "text"))?)?;
                out.set_item(amount, action.getattr(amount)?)?;
            }
        }
        Ok(out)
    }

    /// Each seat's reward at the end: the settlement, or with ``mode="win-loss"`` +1
    /// for the winner and -1 for the loser (0 all round on a tie). Zeros before.
    #[pyo3(signature = (mode = "settlement"))]
    fn rewards(&self, mode: &str) -> PyResult<Vec<f64>> {
        let Some(settle) = self.deal.settlement() else { return Ok(vec![0.0; 2]) };
        match mode {
            "settlement" => Ok(settle.iter().map(|&x| x as f64).collect()),
            "win-loss" => {
                let winners = self.deal.winners();
                Ok(if winners.len() == 2 {
                    vec![0.0; 2]
                } else {
                    (0..2).map(|s| if winners.contains(&s) { 1.0 } else { -1.0 }).collect()
                })
            }
            _ => Err(invalid_argument("mode", mode, "settlement or win-loss")),
        }
    }

    /// The game's settlement (None before the end).
    #[getter]
    fn settlement(&self) -> Option<[i64; 2]> {
        self.deal.settlement()
    }

    /// Become a copy of `other`'s deal (the same kernel).
    fn copy_from(&mut self, other: PyRef<'_, PyGinDeal>) -> PyResult<()> {
        if !other.kernel.is(&self.kernel) {
            return Err(invalid_argument("other", "another kernel", "a deal of the same encoding"));
        }
        self.deal = other.deal.clone();
        self.taken = other.taken.clone();
        Ok(())
    }

    /// Nothing is cached between calls: each observation and mask is made anew.
    fn forget(&self) {}

    /// As `forget`.
    fn unmap(&self) {}
}

impl PyGinDeal {
    /// The kernel's move index of an action object that is one of the kernel's own.
    /// (The last action taken is looked at first: `info` follows `take`.)
    fn move_of_own(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> Option<usize> {
        let kernel = self.kernel(py);
        let last = self.taken.last().and_then(|&s| kernel.slots.action(s as usize)).map(code);
        if let Some(i) = last.filter(|&i| kernel.actions[i].as_ptr() == action.as_ptr()) {
            return Some(i);
        }
        kernel.actions.iter().position(|a| a.as_ptr() == action.as_ptr())
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGinKernel>()?;
    m.add_class::<PyGinDeal>()?;
    Ok(())
}
