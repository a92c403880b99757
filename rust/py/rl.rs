//! `hoyle.rl`'s observation encoder and action mask (docs/rl.md, Observations): the
//! per-step work of every reinforcement-learning adapter, done in one call.
//!
//! `ObservationEncoder` reads a game state - its zones' card lists, owners and the seats
//! that see them, the seat to act, the phase, chips, scores and the variant's public
//! numbers - and writes a seat's observation vector, laid out by
//! `hoyle.rl.observation.Layout`, which builds the encoder and resolves each zone's
//! offsets (a Python callback, asked once per zone name, owner and observer). The state
//! is Python objects, so the reading holds the GIL; what is left once it is read (adding
//! a few dozen numbers into the vector) is too small to be worth releasing it.

use std::sync::Mutex;

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use rustc_hash::FxHashMap;

use super::cards::PyCard;
use super::errors::invalid_argument;

/// A zone's offsets for one observer: its card plane, its count entry and its top-card
/// plane, each -1 when the layout has none.
type ZoneSlots = (i64, i64, i64);

/// Zone name -> (owner or -1, observer) -> its slots: looked up by the name as it is
/// (no key to build), filled by the `resolve` callback on first sight.
type SlotTable = FxHashMap<String, FxHashMap<(i64, usize), ZoneSlots>>;

/// Writes observations laid out by `hoyle.rl.observation.Layout` (see the module docs).
#[pyclass(name = "ObservationEncoder", module = "hoyle._core", frozen)]
pub struct PyObservationEncoder {
    size: usize,
    players: usize,
    scalar_at: usize,
    phases: usize,
    phase_index: Py<PyDict>,
    /// Public key -> (offset, length), looked up by each key of `state.public` as it is read.
    public: FxHashMap<String, (usize, usize)>,
    orders: Vec<(Py<PyString>, usize)>,
    resolve: Py<PyAny>,
    inner: Mutex<Inner>,
}

/// What an encoder keeps between calls: the zones' offsets and the sums of one
/// observation (zero between calls; only the entries touched are written and reset).
#[derive(Default)]
struct Inner {
    caches: Caches,
    scratch: Vec<f64>,
    touched: Vec<usize>,
}

/// A public key's offset and length (0 for a number) in the layout.
type PublicSlot = (usize, usize);

/// The most entries a cache by object address keeps (emptied when it reaches it).
const BY_ADDRESS: usize = 4096;

/// What the encoder has learnt of the names it meets, by content and, cheaper to look
/// up, by the address of the string object met (each entry holds its string, so no
/// other object takes the address while it is there).
#[derive(Default)]
struct Caches {
    zone_slots: SlotTable,
    zones_at: FxHashMap<(usize, i64, usize), (Py<PyAny>, ZoneSlots)>,
    public_at: FxHashMap<usize, (Py<PyAny>, Option<PublicSlot>)>,
    /// The public keys (by address) in the order the last dict listed them, with their
    /// slots: a dict with the same keys in the same order is read without a look-up.
    /// Each address is one `public_at` holds (emptied with it).
    public_order: Vec<(usize, Option<PublicSlot>)>,
    /// Likewise for each observer, the zones (name by address, owner) in the order the
    /// last state listed them, with their slots; each address is one `zones_at` holds.
    zone_order: Vec<Vec<(usize, i64, ZoneSlots)>>,
}

/// The numbers of one observation, summed per index (in f64, as `np.bincount` does):
/// `at` is zero outside the indices listed in `touched`.
struct Sums<'a> {
    at: &'a mut [f64],
    touched: &'a mut Vec<usize>,
}

impl Sums<'_> {
    fn entry(&mut self, index: i64) -> PyResult<&mut f64> {
        let size = self.at.len();
        let i = usize::try_from(index)
            .ok()
            .filter(|&i| i < size)
            .ok_or_else(|| invalid_argument("index", index, format!("outside the observation (0..{size})")))?;
        self.touched.push(i);
        Ok(&mut self.at[i])
    }

    fn add(&mut self, index: i64, value: f64) -> PyResult<()> {
        *self.entry(index)? += value;
        Ok(())
    }

    /// Write the sums into `out` (zeroed) as f32, and zero them again.
    fn finish(&mut self, out: &mut [f32]) {
        for &i in self.touched.iter() {
            out[i] = self.at[i] as f32;
        }
        self.discard();
    }

    /// Zero the sums without writing them (after an error).
    fn discard(&mut self) {
        for &i in self.touched.iter() {
            self.at[i] = 0.0;
        }
        self.touched.clear();
    }
}

/// A public value the observation counts: an int, float or bool (not a subclass).
fn number(value: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
    if value.is_exact_instance_of::<PyInt>() {
        // through i64 where it fits: `PyFloat_AsDouble` on an int makes a float object
        return Ok(Some(match value.extract::<i64>() {
            Ok(i) => i as f64,
            Err(_) => value.extract::<f64>()?,
        }));
    }
    if value.is_exact_instance_of::<PyFloat>() {
        return Ok(Some(value.extract::<f64>()?));
    }
    if value.is_exact_instance_of::<PyBool>() {
        return Ok(Some(if value.is_truthy()? { 1.0 } else { 0.0 }));
    }
    Ok(None)
}

/// A chip count, score or number the state keeps (an int, or any number).
fn chips(value: &Bound<'_, PyAny>) -> PyResult<f64> {
    if value.is_exact_instance_of::<PyInt>() {
        if let Ok(i) = value.extract::<i64>() {
            return Ok(i as f64);
        }
    }
    value.extract::<f64>()
}

/// `state.<name>`: one of the public attributes `hoyle.engine.state.State` documents
/// (zones, to_act, phase, deal_number, pot, stacks, committed, scores, public).
fn read<'py>(state: &Bound<'py, PyAny>, name: &Bound<'py, PyString>) -> PyResult<Bound<'py, PyAny>> {
    state.getattr(name)
}

/// `Card`'s type object, read once a call (the check of each card against it is then a
/// pointer comparison).
#[derive(Clone, Copy)]
struct CardType(*mut pyo3::ffi::PyTypeObject);

impl CardType {
    fn of(py: Python<'_>) -> Self {
        CardType(py.get_type::<PyCard>().as_type_ptr())
    }

    /// A card's index in the planes: its face, 0..=51, and 52 for every joker (the joker slot).
    fn slot(self, card: &Bound<'_, PyAny>) -> PyResult<i64> {
        // SAFETY: reading an object's type is always valid; a card of exactly Card's
        // type is a `PyCard` (anything else goes through the checked cast).
        let card = if unsafe { pyo3::ffi::Py_TYPE(card.as_ptr()) } == self.0 {
            unsafe { card.cast_unchecked::<PyCard>() }
        } else {
            card.cast::<PyCard>()?
        };
        Ok(i64::from(card.get().0.face()))
    }
}

impl PyObservationEncoder {
    /// The offsets for `seat` of the `i`-th zone listed: as the last state's `i`-th zone
    /// when it has the same name object and owner, else from `zone_slots_of`.
    #[allow(clippy::too_many_arguments)]
    fn slots_of(
        &self,
        py: Python<'_>,
        caches: &mut Caches,
        i: usize,
        name: &Bound<'_, PyAny>,
        zone: &Bound<'_, PyAny>,
        owner: i64,
        seat: usize,
    ) -> PyResult<ZoneSlots> {
        let key = (name.as_ptr() as usize, owner, seat);
        if let Some(&(at, o, found)) = caches.zone_order.get(seat).and_then(|z| z.get(i)) {
            if at == key.0 && o == owner {
                return Ok(found);
            }
        }
        let found = self.zone_slots_of(py, caches, key, name, zone)?;
        if caches.zone_order.len() <= seat {
            caches.zone_order.resize_with(seat + 1, Vec::new);
        }
        let order = &mut caches.zone_order[seat];
        if i < order.len() {
            order[i] = (key.0, owner, found);
        } else if i == order.len() {
            order.push((key.0, owner, found));
        }
        Ok(found)
    }

    /// A zone's offsets by its name's address, or by its name, or asked of `resolve`.
    fn zone_slots_of(
        &self,
        py: Python<'_>,
        caches: &mut Caches,
        key: (usize, i64, usize),
        name: &Bound<'_, PyAny>,
        zone: &Bound<'_, PyAny>,
    ) -> PyResult<ZoneSlots> {
        let (_, owner, seat) = key;
        if let Some((_, found)) = caches.zones_at.get(&key) {
            return Ok(*found);
        }
        let text = name.cast::<PyString>()?.to_str()?;
        let found = match caches.zone_slots.get(text).and_then(|m| m.get(&(owner, seat))) {
            Some(found) => *found,
            None => {
                let found: ZoneSlots = self.resolve.bind(py).call1((name, zone, seat))?.extract()?;
                caches.zone_slots.entry(text.to_owned()).or_default().insert((owner, seat), found);
                found
            }
        };
        if caches.zones_at.len() >= BY_ADDRESS {
            caches.zones_at.clear();
            caches.zone_order.clear();
        }
        caches.zones_at.insert(key, (name.clone().unbind(), found));
        Ok(found)
    }

    /// A public key's `(offset, length)` in the layout (None: not in it).
    fn public_of(&self, caches: &mut Caches, key: &Bound<'_, PyAny>) -> PyResult<Option<PublicSlot>> {
        let at = key.as_ptr() as usize;
        if let Some((_, found)) = caches.public_at.get(&at) {
            return Ok(*found);
        }
        let found = match key.cast::<PyString>() {
            Ok(text) => self.public.get(text.to_str()?).copied(),
            Err(_) => None,
        };
        if caches.public_at.len() >= BY_ADDRESS {
            caches.public_at.clear();
            caches.public_order.clear();
        }
        caches.public_at.insert(at, (key.clone().unbind(), found));
        Ok(found)
    }

    /// The slot of the `i`-th key of a public dict: as the last dict's `i`-th key when
    /// it is the same object, else from `public_of`.
    fn public_at(&self, caches: &mut Caches, i: usize, key: &Bound<'_, PyAny>) -> PyResult<Option<PublicSlot>> {
        let at = key.as_ptr() as usize;
        if let Some(&(seen, found)) = caches.public_order.get(i) {
            if seen == at {
                return Ok(found);
            }
        }
        let found = self.public_of(caches, key)?;
        let order = &mut caches.public_order;
        if i < order.len() {
            order[i] = (at, found);
        } else if i == order.len() {
            order.push((at, found));
        }
        Ok(found)
    }

    /// Add `seat`'s observation of `state` to `sums`, then the extra entries.
    fn fill(&self, py: Python<'_>, asked: &Asked<'_, '_>, caches: &mut Caches, sums: &mut Sums<'_>) -> PyResult<()> {
        let (state, seat, extra) = (asked.state, asked.seat, asked.extra);
        let n = self.players;
        if seat >= n {
            return Err(invalid_argument("seat", seat, format!("a seat is 0..{}", n - 1)));
        }
        let card_type = CardType::of(py);
        let zones = read(state, intern!(py, "zones"))?;
        let zones = zones.cast::<PyDict>()?;
        for (i, (name, zone)) in zones.iter().enumerate() {
            let cards = zone.getattr(intern!(py, "cards"))?;
            let cards = cards.cast::<PyList>()?;
            let len = cards.len();
            if len == 0 {
                continue;
            }
            // `Zone.owner_seat`, the public slot behind `Zone.owner` (the property would
            // cost a Python call a zone).
            let owner = zone.getattr(intern!(py, "owner_seat"))?;
            let owner = if owner.is_none() { -1 } else { owner.extract::<i64>()? };
            let (plane, count, top) = self.slots_of(py, caches, i, &name, &zone, owner, seat)?;
            if count < 0 {
                continue;
            }
            sums.add(count, len as f64)?;
            if plane < 0 || !sees(&zone, seat)? {
                continue;
            }
            each_borrowed(cards, |_, card| sums.add(plane + card_type.slot(card)?, 1.0))?;
            if top >= 0 {
                sums.add(top + card_type.slot(&cards.get_item(len - 1)?)?, 1.0)?;
            }
        }
        let (ni, si) = (n as i64, seat as i64);
        let mut at = self.scalar_at as i64;
        sums.add(at + si, 1.0)?;
        let to_act = read(state, intern!(py, "to_act"))?;
        let relative = if to_act.is_none() { ni } else { (to_act.extract::<i64>()? - si).rem_euclid(ni) };
        sums.add(at + ni + relative, 1.0)?;
        let phase = read(state, intern!(py, "phase"))?;
        let phase = match self.phase_index.bind(py).get_item(phase)? {
            Some(i) => i.extract::<i64>()?,
            None => self.phases as i64,
        };
        sums.add(at + 2 * ni + 1 + phase, 1.0)?;
        at += 2 * ni + 2 + self.phases as i64;
        sums.add(at, chips(&read(state, intern!(py, "deal_number"))?)?)?;
        sums.add(at + 1, chips(&read(state, intern!(py, "pot"))?)?)?;
        at += 2;
        for field in [intern!(py, "stacks"), intern!(py, "committed"), intern!(py, "scores")] {
            let values = read(state, field)?;
            let values = values.cast::<PyList>()?;
            if values.len() != n {
                return Err(invalid_argument(field.to_str()?, values.len(), format!("one entry per seat ({n})")));
            }
            for i in 0..n {
                sums.add(at + i as i64, chips(&values.get_item((seat + i) % n)?)?)?;
            }
            at += ni;
        }
        let public = read(state, intern!(py, "public"))?;
        let public = public.cast::<PyDict>()?;
        // One pass over the dict (cheaper than a look-up per key the layout has), reading
        // only numbers and lists of them (no Python code runs).
        each_item_borrowed(public, |i, key, value| {
            let Some((offset, length)) = self.public_at(caches, i, key)? else {
                return Ok(());
            };
            let offset = offset as i64;
            if length == 0 {
                if let Some(x) = number(value)? {
                    sums.add(offset, x)?;
                }
            } else if value.is_exact_instance_of::<PyList>() {
                each_borrowed(value.cast::<PyList>()?, |i, v| {
                    if i < length {
                        if let Some(x) = number(v)? {
                            sums.add(offset + i as i64, x)?;
                        }
                    }
                    Ok(())
                })?;
            }
            Ok(())
        })?;
        // Order planes: 1 / (1 + depth) for each card of a zone the observer sees, from
        // the bottom up, so a card's copy nearer the top replaces one under it.
        for (name, offset) in &self.orders {
            let Some(zone) = zones.get_item(name.bind(py))? else {
                continue;
            };
            let cards = zone.getattr(intern!(py, "cards"))?;
            let cards = cards.cast::<PyList>()?;
            if cards.is_empty() || !sees(&zone, seat)? {
                continue;
            }
            let depth = cards.len();
            each_borrowed(cards, |i, card| {
                *sums.entry(*offset as i64 + card_type.slot(card)?)? = 1.0 / (depth - i) as f64;
                Ok(())
            })?;
        }
        if let Some((idx, val)) = extra {
            if idx.is_exact_instance_of::<PyInt>() {
                // a block: val's entries at idx, idx + 1...
                let start = idx.extract::<i64>()?;
                for (i, v) in val.cast::<PyList>()?.iter().enumerate() {
                    sums.add(start + i as i64, chips(&v)?)?;
                }
                return Ok(());
            }
            let (idx, val) = (idx.cast::<PyList>()?, val.cast::<PyList>()?);
            if idx.len() != val.len() {
                return Err(invalid_argument("val", val.len(), format!("one value per index ({} indices)", idx.len())));
            }
            for (i, v) in idx.iter().zip(val.iter()) {
                sums.add(i.extract::<i64>()?, chips(&v)?)?;
            }
        }
        Ok(())
    }

    /// `out` (zeroed) becomes `seat`'s observation of `state`.
    fn write(&self, py: Python<'_>, asked: Asked<'_, '_>, out: &mut [f32]) -> PyResult<()> {
        let mut rows = [(asked, out)];
        self.write_rows(py, &mut rows)
    }

    /// Each row's `out` (zeroed) becomes its observation. The encoder's table and sums
    /// are held for the call; a call made while another thread holds them (the
    /// callback or a state's property may run Python, which lets other threads run)
    /// never waits: it works in its own, from an empty table.
    fn write_rows(&self, py: Python<'_>, rows: &mut [(Asked<'_, '_>, &mut [f32])]) -> PyResult<()> {
        let mut own = Inner::default();
        let mut guard = match self.inner.try_lock() {
            Ok(guard) => Some(guard),
            Err(std::sync::TryLockError::WouldBlock) => None,
            Err(std::sync::TryLockError::Poisoned(_)) => {
                return Err(invalid_argument("encoder", "poisoned", "an earlier call panicked"))
            }
        };
        let inner = match guard.as_deref_mut() {
            Some(inner) => inner,
            None => &mut own,
        };
        for (asked, out) in rows.iter_mut() {
            let Inner { caches, scratch, touched } = &mut *inner;
            scratch.resize(self.size, 0.0);
            let mut sums = Sums { at: scratch, touched };
            match self.fill(py, asked, caches, &mut sums) {
                Ok(()) => sums.finish(out),
                Err(e) => {
                    sums.discard();
                    return Err(e);
                }
            }
        }
        Ok(())
    }
}

/// Call `f` with the index and each item of `list`, borrowed (no reference counting).
/// `f` must run no Python code (nothing else may change the list meanwhile).
fn each_borrowed<'py>(
    list: &Bound<'py, PyList>,
    mut f: impl FnMut(usize, &Bound<'py, PyAny>) -> PyResult<()>,
) -> PyResult<()> {
    let py = list.py();
    for i in 0..list.len() {
        // SAFETY: `i` is inside the list, which this thread holds with the GIL and `f`
        // does not change; PyList_GetItem gives a borrowed reference, alive while the
        // list holds it.
        let item = unsafe { pyo3::ffi::PyList_GetItem(list.as_ptr(), i as pyo3::ffi::Py_ssize_t) };
        if item.is_null() {
            return Err(PyErr::fetch(py));
        }
        let item = unsafe { pyo3::Borrowed::from_ptr(py, item) };
        f(i, &item)?;
    }
    Ok(())
}

/// Call `f` with the index, key and value of each item of `dict`, borrowed (no
/// reference counting). `f` must run no Python code (nothing else may change the dict
/// meanwhile).
fn each_item_borrowed<'py>(
    dict: &Bound<'py, PyDict>,
    mut f: impl FnMut(usize, &Bound<'py, PyAny>, &Bound<'py, PyAny>) -> PyResult<()>,
) -> PyResult<()> {
    let py = dict.py();
    let (mut pos, mut i): (pyo3::ffi::Py_ssize_t, usize) = (0, 0);
    let (mut key, mut value) = (std::ptr::null_mut(), std::ptr::null_mut());
    // SAFETY: the dict is held and not changed by `f`; PyDict_Next gives borrowed
    // references, alive while the dict holds them.
    while unsafe { pyo3::ffi::PyDict_Next(dict.as_ptr(), &mut pos, &mut key, &mut value) } != 0 {
        let (k, v) = unsafe { (pyo3::Borrowed::from_ptr(py, key), pyo3::Borrowed::from_ptr(py, value)) };
        f(i, &k, &v)?;
        i += 1;
    }
    Ok(())
}

/// Whether `seat` sees `zone`'s cards (`Zone.seen`: None for everyone).
fn sees(zone: &Bound<'_, PyAny>, seat: usize) -> PyResult<bool> {
    let seen = zone.getattr(intern!(zone.py(), "seen"))?;
    Ok(seen.is_none() || seen.contains(seat)?)
}

/// One observation asked for: the state, the observer and any extra entries.
#[derive(Clone, Copy)]
struct Asked<'a, 'py> {
    state: &'a Bound<'py, PyAny>,
    seat: usize,
    extra: Option<(&'a Bound<'py, PyAny>, &'a Bound<'py, PyAny>)>,
}

fn pair<'a, 'py>(
    idx: &'a Option<Bound<'py, PyAny>>,
    val: &'a Option<Bound<'py, PyAny>>,
) -> PyResult<Option<(&'a Bound<'py, PyAny>, &'a Bound<'py, PyAny>)>> {
    match (idx, val) {
        (Some(i), Some(v)) => Ok(Some((i, v))),
        (None, None) => Ok(None),
        _ => Err(invalid_argument("idx, val", "one of them", "give both extra lists or neither")),
    }
}

#[pymethods]
impl PyObservationEncoder {
    /// `size` floats for `players` seats; the scalar block starts at `scalar_at`;
    /// `phase_index` maps each phase to its entry (any other phase: `phases`);
    /// `public` lists `(key, offset, length)` of the public numbers (length 0 for a
    /// number); `orders` lists `(zone name, offset)` of the order planes (a zone's
    /// cards at `1 / (1 + depth)`); `resolve(name, zone, seat)` gives a zone's
    /// `(plane, count, top)` offsets for an observer (-1 where the layout has none).
    #[new]
    #[pyo3(signature = (size, players, scalar_at, phase_index, public, orders, resolve))]
    fn new(
        size: usize,
        players: usize,
        scalar_at: usize,
        phase_index: Bound<'_, PyDict>,
        public: Vec<(Bound<'_, PyString>, usize, usize)>,
        orders: Vec<(Bound<'_, PyString>, usize)>,
        resolve: Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        if players == 0 {
            return Err(invalid_argument("players", players, "at least one seat"));
        }
        if !resolve.is_callable() {
            return Err(invalid_argument("resolve", "not callable", "a function (name, zone, seat)"));
        }
        Ok(PyObservationEncoder {
            size,
            players,
            scalar_at,
            phases: phase_index.len(),
            phase_index: phase_index.unbind(),
            public: public
                .into_iter()
                .map(|(k, o, l)| Ok((k.to_str()?.to_owned(), (o, l))))
                .collect::<PyResult<_>>()?,
            orders: orders.into_iter().map(|(k, o)| (k.unbind(), o)).collect(),
            resolve: resolve.unbind(),
            inner: Mutex::new(Inner::default()),
        })
    }

    /// The observation of `seat`, a new float32 array; `idx` and `val` (lists) add
    /// extra entries (a variant's features), or `idx` an int: `val`'s entries at
    /// `idx`, `idx + 1`...
    #[pyo3(signature = (state, seat, idx = None, val = None))]
    fn encode<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, PyAny>,
        seat: usize,
        idx: Option<Bound<'py, PyAny>>,
        val: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let out = PyArray1::<f32>::zeros(py, self.size, false);
        // SAFETY: the array was made just above and is contiguous; nothing else holds it
        // yet, so this is the only reference to its data (numpy's borrow tracking, which
        // `readwrite` goes through, would cost more than the whole encoding).
        let slice = unsafe { out.as_slice_mut() }.map_err(|e| invalid_argument("out", self.size, e.to_string()))?;
        self.write(py, Asked { state, seat, extra: pair(&idx, &val)? }, slice)?;
        Ok(out)
    }

    /// As `encode`, written into `out` (a contiguous float32 array of the layout's size).
    #[pyo3(signature = (state, seat, out, idx = None, val = None))]
    fn encode_into<'py>(
        &self,
        py: Python<'py>,
        state: &Bound<'py, PyAny>,
        seat: usize,
        out: &Bound<'py, PyAny>,
        idx: Option<Bound<'py, PyAny>>,
        val: Option<Bound<'py, PyAny>>,
    ) -> PyResult<()> {
        let array = out
            .cast::<PyArray1<f32>>()
            .map_err(|_| invalid_argument("out", "not a 1-D float32 array", "a float32 array of the layout's size"))?;
        if array.len() != self.size {
            return Err(invalid_argument("out", array.len(), format!("{} floats", self.size)));
        }
        let mut view = array.try_readwrite().map_err(|e| invalid_argument("out", "busy", e.to_string()))?;
        let slice = view.as_slice_mut().map_err(|e| invalid_argument("out", "not contiguous", e.to_string()))?;
        let extra = pair(&idx, &val)?;
        slice.fill(0.0);
        self.write(py, Asked { state, seat, extra }, slice)
    }

    /// Row `i` of `out` (a contiguous `(len(states), size)` float32 array) becomes the
    /// observation of `seats[i]` in `states[i]`; `extras`, when given, holds each row's
    /// `(idx, val)` lists.
    #[pyo3(signature = (states, seats, out, extras = None))]
    fn encode_batch<'py>(
        &self,
        py: Python<'py>,
        states: &Bound<'py, PyAny>,
        seats: Vec<usize>,
        out: &Bound<'py, PyAny>,
        extras: Option<Bound<'py, PyAny>>,
    ) -> PyResult<()> {
        let states = states.cast::<PyList>()?;
        let rows = states.len();
        if seats.len() != rows {
            return Err(invalid_argument("seats", seats.len(), format!("one seat per state ({rows})")));
        }
        let extras = match &extras {
            Some(e) => {
                let e = e.cast::<PyList>()?;
                if e.len() != rows {
                    return Err(invalid_argument("extras", e.len(), format!("one (idx, val) per state ({rows})")));
                }
                Some(e.clone())
            }
            None => None,
        };
        let array = out
            .cast::<PyArray2<f32>>()
            .map_err(|_| invalid_argument("out", "not a 2-D float32 array", "a (states, size) float32 array"))?;
        if array.shape() != [rows, self.size] {
            return Err(invalid_argument(
                "out",
                format!("{:?}", array.shape()),
                format!("shape ({rows}, {})", self.size),
            ));
        }
        let mut view = array.try_readwrite().map_err(|e| invalid_argument("out", "busy", e.to_string()))?;
        let slice = view.as_slice_mut().map_err(|e| invalid_argument("out", "not contiguous", e.to_string()))?;
        slice.fill(0.0);
        let mut items = Vec::with_capacity(rows);
        for i in 0..rows {
            let state = states.get_item(i)?;
            let extra = match &extras {
                Some(e) => {
                    let item = e.get_item(i)?;
                    let item = item.cast::<PyTuple>()?;
                    Some((item.get_item(0)?, item.get_item(1)?))
                }
                None => None,
            };
            items.push((state, extra));
        }
        let mut asked: Vec<(Asked<'_, '_>, &mut [f32])> = items
            .iter()
            .zip(seats)
            .zip(slice.chunks_mut(self.size.max(1)))
            .map(|(((state, extra), seat), row)| {
                (Asked { state, seat, extra: extra.as_ref().map(|(i, v)| (i, v)) }, row)
            })
            .collect();
        self.write_rows(py, &mut asked)
    }

    /// The layout's size (floats per observation).
    #[getter]
    fn size(&self) -> usize {
        self.size
    }
}

/// An int8 mask of `size` entries: 1 at each of `slots` (an iterable of ints).
///
/// >>> from hoyle._core import action_mask
/// >>> action_mask(5, [0, 3]).tolist()
/// [1, 0, 0, 1, 0]
#[pyfunction]
fn action_mask<'py>(py: Python<'py>, size: usize, slots: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyArray1<i8>>> {
    let mut mask = vec![0i8; size];
    for slot in slots.try_iter()? {
        let slot = slot?.extract::<i64>()?;
        match usize::try_from(slot).ok().and_then(|i| mask.get_mut(i)) {
            Some(m) => *m = 1,
            None => return Err(invalid_argument("slots", slot, format!("a slot is 0..{size}"))),
        }
    }
    Ok(PyArray1::from_vec(py, mask))
}

/// `SlotIndex.mask`'s answer: the mask, the groups left to the caller (if any), the
/// slots marked and the remembered bet slots (if any).
type Masked<'py> = (Bound<'py, PyArray1<i8>>, Option<Bound<'py, PyDict>>, usize, Option<Bound<'py, PyDict>>);

/// `SlotIndex.learn`'s code for an action whose slot depends on the others listed (a
/// bet or a choice); a code below it: an action the catalogue has no slot for.
const GROUPED: i64 = -1;

/// An action object's address -> the action (held, so the address stays its own), its
/// code and, for a grouped action, its group (the catalogue's template).
type Learnt = FxHashMap<usize, (Py<PyAny>, i64, Option<Py<PyAny>>)>;

/// What `hoyle.rl.catalogue.Catalogue` has learnt of each action object it was listed: its
/// slot, or `GROUPED`, or below (none). Variants hand out the same action objects turn
/// after turn, so a decision maps its listed actions to slots here, without a Python
/// step per action. Each entry holds its action, so no other object takes its address
/// while it is there; the index empties when it reaches `limit` entries.
///
/// >>> from hoyle._core import SlotIndex
/// >>> from hoyle import Action
/// >>> index, stock, fold = SlotIndex(), Action("draw", source="stock"), Action("fold")
/// >>> index.map([stock]) is None  # not learnt yet
/// True
/// >>> index.learn(stock, 0); index.learn(fold, -2); index.map([stock, fold])
/// ({0: Action('draw stock')}, {})
#[pyclass(name = "SlotIndex", module = "hoyle._core", frozen)]
pub struct PySlotIndex {
    limit: usize,
    known: Mutex<Learnt>,
    bets: Mutex<BetMemo>,
}

/// What the bet slots of a decision are computed from (`Catalogue._bet_slots`): the
/// listed actions of the group (by address), the pot, the seat and `public`'s
/// `structure`, `range` and `bets` (None, or not a string / list of ints: no memo).
#[derive(PartialEq, Eq, Hash)]
struct BetKey {
    listed: Vec<usize>,
    pot: i64,
    seat: i64,
    structure: Option<String>,
    range: Option<Vec<i64>>,
    bets: Option<Vec<i64>>,
}

/// A group's slots and their actions, with the listed actions held (so no other
/// object takes one of their addresses while the entry is there).
type BetSlots = (Vec<Py<PyAny>>, Vec<(i64, Py<PyAny>)>);

/// The bet slots remembered (`SlotIndex.remember`), by what they are computed from.
type BetMemo = FxHashMap<BetKey, BetSlots>;

/// `public[key]` as the memo reads it: Ok(None) when absent or None, Err(()) when it is
/// neither that nor what `read` accepts (then the group is not remembered).
fn memo_value<T>(
    public: Option<&Bound<'_, PyDict>>,
    key: &Bound<'_, PyString>,
    read: impl Fn(&Bound<'_, PyAny>) -> Option<T>,
) -> PyResult<Result<Option<T>, ()>> {
    let Some(value) = public.map(|p| p.get_item(key)).transpose()?.flatten() else {
        return Ok(Ok(None));
    };
    if value.is_none() {
        return Ok(Ok(None));
    }
    Ok(read(&value).map(Some).ok_or(()))
}

fn int_list(value: &Bound<'_, PyAny>) -> Option<Vec<i64>> {
    let list = value.cast_exact::<PyList>().ok()?;
    list.iter().map(|v| if v.is_exact_instance_of::<PyInt>() { v.extract::<i64>().ok() } else { None }).collect()
}

fn bet_key(
    py: Python<'_>,
    listed: &[Bound<'_, PyAny>],
    public: Option<&Bound<'_, PyAny>>,
    pot: i64,
    seat: i64,
) -> PyResult<Option<BetKey>> {
    let public = public.and_then(|p| p.cast::<PyDict>().ok());
    let text = |v: &Bound<'_, PyAny>| v.cast_exact::<PyString>().ok()?.to_str().ok().map(str::to_owned);
    let structure = memo_value(public, intern!(py, "structure"), text)?;
    let range = memo_value(public, intern!(py, "range"), int_list)?;
    let bets = memo_value(public, intern!(py, "bets"), int_list)?;
    let (Ok(structure), Ok(range), Ok(bets)) = (structure, range, bets) else {
        return Ok(None);
    };
    let listed = listed.iter().map(|a| a.as_ptr() as usize).collect();
    Ok(Some(BetKey { listed, pot, seat, structure, range, bets }))
}

impl PySlotIndex {
    fn lock(&self) -> PyResult<std::sync::MutexGuard<'_, Learnt>> {
        self.known.lock().map_err(|_| invalid_argument("index", "poisoned", "an earlier call panicked"))
    }

    fn lock_bets(&self) -> PyResult<std::sync::MutexGuard<'_, BetMemo>> {
        self.bets.lock().map_err(|_| invalid_argument("index", "poisoned", "an earlier call panicked"))
    }
}

#[pymethods]
impl PySlotIndex {
    /// An empty index that holds at most `limit` actions.
    #[new]
    #[pyo3(signature = (limit = 4096))]
    fn new(limit: usize) -> PyResult<Self> {
        if limit == 0 {
            return Err(invalid_argument("limit", limit, "at least one action"));
        }
        Ok(PySlotIndex { limit, known: Mutex::new(FxHashMap::default()), bets: Mutex::new(FxHashMap::default()) })
    }

    /// Remember `action`'s slot (-1: it depends on the others listed of its `group`;
    /// below: no slot).
    #[pyo3(signature = (action, slot, group = None))]
    fn learn(&self, action: Bound<'_, PyAny>, slot: i64, group: Option<Bound<'_, PyAny>>) -> PyResult<()> {
        if slot == GROUPED && group.is_none() {
            return Err(invalid_argument("group", "None", "a grouped action (slot -1) needs its group"));
        }
        let mut known = self.lock()?;
        if known.len() >= self.limit {
            known.clear();
        }
        known.insert(action.as_ptr() as usize, (action.unbind(), slot, group.map(Bound::unbind)));
        Ok(())
    }

    /// `legal` (a list of actions) mapped: a dict of each slot and the first action
    /// listed for it, and a dict of each group and its actions (in the order listed)
    /// whose slots depend on the others; None when an action has not been learnt (the
    /// caller maps and learns them).
    fn map<'py>(
        &self,
        py: Python<'py>,
        legal: &Bound<'py, PyList>,
    ) -> PyResult<Option<(Bound<'py, PyDict>, Bound<'py, PyDict>)>> {
        let out = PyDict::new(py);
        let grouped = PyDict::new(py);
        let known = self.lock()?;
        for action in legal.iter() {
            match known.get(&(action.as_ptr() as usize)) {
                None => return Ok(None),
                Some((_, slot, _)) if *slot >= 0 => {
                    let slot = slot.into_pyobject(py)?;
                    if !out.contains(&slot)? {
                        out.set_item(slot, &action)?;
                    }
                }
                Some((_, GROUPED, Some(group))) => match grouped.get_item(group.bind(py))? {
                    Some(acts) => acts.cast::<PyList>()?.append(&action)?,
                    None => grouped.set_item(group.bind(py), PyList::new(py, [&action])?)?,
                },
                Some(_) => {}
            }
        }
        Ok(Some((out, grouped)))
    }

    /// `legal` (a list of actions) as an int8 mask of `size` slots: 1 at each learnt
    /// slot and at each remembered bet slot (`remember`, for the same `public`, `pot`
    /// and `seat`); the groups whose slots depend on the others and are not remembered,
    /// each with its actions in the order listed (None when there are none); the number
    /// of slots marked; and the remembered bet slots with their actions (None when
    /// there are none). None when an action has not been learnt (the caller maps and
    /// learns them). The slot map and the mask in one call.
    ///
    /// >>> from hoyle._core import SlotIndex
    /// >>> from hoyle import Action
    /// >>> index, stock = SlotIndex(), Action("draw", source="stock")
    /// >>> index.learn(stock, 2); mask, grouped, marked, bets = index.mask([stock, stock], 4)
    /// >>> mask.tolist(), grouped, marked, bets
    /// ([0, 0, 1, 0], None, 1, None)
    #[pyo3(signature = (legal, size, public = None, pot = 0, seat = 0))]
    fn mask<'py>(
        &self,
        py: Python<'py>,
        legal: &Bound<'py, PyList>,
        size: usize,
        public: Option<&Bound<'py, PyAny>>,
        pot: i64,
        seat: i64,
    ) -> PyResult<Option<Masked<'py>>> {
        let out = PyArray1::<i8>::zeros(py, size, false);
        // SAFETY: the array was made just above and is contiguous; nothing else holds it.
        let mask = unsafe { out.as_slice_mut() }.map_err(|e| invalid_argument("size", size, e.to_string()))?;
        let mut marked = 0;
        let mut mark = |slot: i64, mask: &mut [i8]| match usize::try_from(slot).ok().and_then(|i| mask.get_mut(i)) {
            Some(m) => {
                marked += usize::from(*m == 0);
                *m = 1;
                Ok(())
            }
            None => Err(invalid_argument("size", size, format!("slot {slot} is outside the mask"))),
        };
        // each group (by equality, in the order first listed) and its actions
        let mut groups: Vec<(Bound<'py, PyAny>, Vec<Bound<'py, PyAny>>)> = Vec::new();
        {
            let known = self.lock()?;
            for action in legal.iter() {
                match known.get(&(action.as_ptr() as usize)) {
                    None => return Ok(None),
                    Some((_, slot, _)) if *slot >= 0 => mark(*slot, mask)?,
                    Some((_, GROUPED, Some(group))) => {
                        let group = group.bind(py);
                        let mut found = None;
                        for (i, (g, _)) in groups.iter().enumerate() {
                            if g.is(group) || g.eq(group)? {
                                found = Some(i);
                                break;
                            }
                        }
                        match found {
                            Some(i) => groups[i].1.push(action),
                            None => groups.push((group.clone(), vec![action])),
                        }
                    }
                    Some(_) => {}
                }
            }
        }
        if groups.is_empty() {
            return Ok(Some((out, None, marked, None)));
        }
        let mut grouped: Option<Bound<'py, PyDict>> = None;
        let mut remembered: Option<Bound<'py, PyDict>> = None;
        let memo = self.lock_bets()?;
        for (group, acts) in groups {
            let hit =
                if memo.is_empty() { None } else { bet_key(py, &acts, public, pot, seat)?.and_then(|k| memo.get(&k)) };
            match hit {
                Some((_, slots)) => {
                    let found = remembered.get_or_insert_with(|| PyDict::new(py));
                    for (slot, action) in slots {
                        mark(*slot, mask)?;
                        found.set_item(slot, action.bind(py))?;
                    }
                }
                None => grouped.get_or_insert_with(|| PyDict::new(py)).set_item(group, PyList::new(py, acts)?)?,
            }
        }
        Ok(Some((out, grouped, marked, remembered)))
    }

    /// Remember the bet slots of `listed` (one group's actions, in the order listed) for
    /// `public`, `pot` and `seat`: `slots` lists each slot and its action. Nothing is
    /// kept when `public`'s `structure`, `range` or `bets` is not None, a string (the
    /// structure) or a list of ints.
    #[pyo3(signature = (listed, public, pot, seat, slots))]
    fn remember(
        &self,
        listed: Vec<Bound<'_, PyAny>>,
        public: Option<&Bound<'_, PyAny>>,
        pot: i64,
        seat: i64,
        slots: Vec<(i64, Bound<'_, PyAny>)>,
    ) -> PyResult<bool> {
        if listed.is_empty() {
            return Ok(false);
        }
        let Some(key) = bet_key(listed[0].py(), &listed, public, pot, seat)? else {
            return Ok(false);
        };
        let mut memo = self.lock_bets()?;
        if memo.len() >= self.limit {
            memo.clear();
        }
        let held = listed.into_iter().map(Bound::unbind).collect();
        memo.insert(key, (held, slots.into_iter().map(|(s, a)| (s, a.unbind())).collect()));
        Ok(true)
    }

    /// The first action of `legal` learnt with `slot` (None: none is; an action not
    /// learnt is passed over).
    fn action<'py>(&self, legal: &Bound<'py, PyList>, slot: i64) -> PyResult<Option<Bound<'py, PyAny>>> {
        if slot < 0 {
            return Ok(None);
        }
        let known = self.lock()?;
        Ok(legal.iter().find(|a| known.get(&(a.as_ptr() as usize)).is_some_and(|(_, s, _)| *s == slot)))
    }

    /// The actions remembered.
    fn __len__(&self) -> PyResult<usize> {
        Ok(self.lock()?.len())
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyObservationEncoder>()?;
    m.add_class::<PySlotIndex>()?;
    m.add_function(wrap_pyfunction!(action_mask, m)?)?;
    Ok(())
}
