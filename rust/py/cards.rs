//! Python classes `Card`, `CardSet`, `Deck`, `Rng` and the argument helpers every other
//! binding uses to accept cards (`extract_cards`, `extract_cardset`, `extract_seed`).

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyList, PySlice, PyString, PyTuple, PyType};

use super::args::repr;
use super::errors::invalid_argument;
use pyo3::sync::PyOnceLock;

use crate::cards::{
    parse_cards, parse_plain, Card, CardSet, Deck, Rng, JOKER_FACE, MAX_COPY, RANK_CHARS, STANDARD_MASK, SUIT_CHARS,
    SUIT_SYMBOLS,
};

/// A playing card: rank and suit, or a joker; `copy` tells identical cards of several
/// packs apart.
#[pyclass(name = "Card", module = "hoyle._core", frozen, eq, ord)]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyCard(pub Card);

#[pymethods]
impl PyCard {
    #[new]
    fn new(text: &Bound<'_, PyAny>) -> PyResult<Self> {
        if let Ok(card) = text.cast::<PyCard>() {
            return Ok(*card.get());
        }
        let s = text.cast::<PyString>().map_err(|_| {
            invalid_argument("text", repr(text), "a card is made from text such as 'As', '10h' or 'Jk'")
        })?;
        Ok(PyCard(Card::parse(s.to_str()?)?))
    }

    /// The card with face index `index` (0..=51 as `suit * 13 + rank`, 52 the joker).
    #[staticmethod]
    #[pyo3(signature = (index, copy = 0))]
    fn from_index(index: i64, copy: i64) -> PyResult<Self> {
        let index = u8::try_from(index).map_err(|_| invalid_argument("index", index, "a card index is 0..=52"))?;
        let copy = u8::try_from(copy).map_err(|_| invalid_argument("copy", copy, "a copy number is 0..=63"))?;
        Ok(PyCard(Card::from_face(index, copy)?))
    }

    /// A joker (`copy` numbers several jokers).
    #[staticmethod]
    #[pyo3(signature = (copy = 0))]
    fn joker(copy: i64) -> PyResult<Self> {
        Self::from_index(52, copy)
    }

    /// Rank character `2`..`9`, `T`, `J`, `Q`, `K`, `A`; None for a joker.
    #[getter]
    fn rank(&self) -> Option<char> {
        self.0.rank().map(|r| RANK_CHARS[r as usize])
    }
    /// Rank as a number, 2..14 (ace 14); None for a joker.
    #[getter]
    fn rank_value(&self) -> Option<u8> {
        self.0.rank().map(|r| r + 2)
    }
    /// Suit character `c`, `d`, `h` or `s`; None for a joker.
    #[getter]
    fn suit(&self) -> Option<char> {
        self.0.suit().map(|s| SUIT_CHARS[s as usize])
    }
    /// Face index: `suit * 13 + rank` (2c = 0, As = 51), 52 for a joker.
    #[getter]
    fn index(&self) -> u8 {
        self.0.face()
    }
    #[getter]
    fn copy(&self) -> u8 {
        self.0.copy()
    }
    #[getter]
    fn is_joker(&self) -> bool {
        self.0.is_joker()
    }
    /// The same card from the first pack (copy 0).
    #[getter]
    fn face(&self) -> Self {
        PyCard(self.0.with_copy(0))
    }
    /// The card with a suit symbol: `A♠`, `10♥`, `🃏`.
    fn symbol(&self) -> String {
        match (self.0.rank(), self.0.suit()) {
            (Some(8), Some(s)) => format!("10{}", SUIT_SYMBOLS[s as usize]),
            (Some(r), Some(s)) => format!("{}{}", RANK_CHARS[r as usize], SUIT_SYMBOLS[s as usize]),
            _ => "🃏".to_string(),
        }
    }
    /// The copy and face index packed in one number: distinct cards hash apart and
    /// hashing costs no more than reading the card (variants key dicts by card on every
    /// move).
    fn __hash__(&self) -> u64 {
        u64::from(self.0.copy()) << 6 | u64::from(self.0.face())
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        format!("Card('{}')", self.0)
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, (String,))> {
        Ok((slf.get_type(), (slf.get().0.to_string(),)))
    }
}

/// One Python object per card value (every face of every copy), made on first use. Cards
/// are immutable values, so decks hand out these shared objects: a game then moves the
/// same objects from deal to deal, and looking a card up in a list or a dict keyed by
/// card usually matches by identity, before any comparison.
static CARD_OBJECTS: PyOnceLock<Vec<Py<PyCard>>> = PyOnceLock::new();

const FACES: usize = JOKER_FACE as usize + 1;

/// Every shared card object, by [`object_index`] (made on first use).
fn card_objects(py: Python<'_>) -> PyResult<&Vec<Py<PyCard>>> {
    CARD_OBJECTS.get_or_try_init(py, || {
        (0..=MAX_COPY)
            .flat_map(|copy| (0..FACES as u8).map(move |face| (face, copy)))
            .map(|(face, copy)| Py::new(py, PyCard(Card::from_face(face, copy)?)))
            .collect::<PyResult<Vec<_>>>()
    })
}

/// Where `card`'s shared object sits in [`card_objects`].
fn object_index(card: Card) -> usize {
    card.copy() as usize * FACES + card.face() as usize
}

/// The shared object of `card`.
pub fn card_object(py: Python<'_>, card: Card) -> PyResult<Py<PyCard>> {
    Ok(card_objects(py)?[object_index(card)].clone_ref(py))
}

/// One item of a card list: a `Card`, a card string or a card index (0..=52, copy 0).
fn extract_item(item: &Bound<'_, PyAny>) -> PyResult<Card> {
    if let Ok(card) = item.cast::<PyCard>() {
        return Ok(card.get().0);
    }
    if let Ok(s) = item.cast::<PyString>() {
        return Ok(Card::parse(s.to_str()?)?);
    }
    if item.is_instance_of::<PyInt>() && !item.is_instance_of::<PyBool>() {
        if let Some(index) = item.extract::<u8>().ok().filter(|&i| i <= JOKER_FACE) {
            return Ok(Card::from_face(index, 0)?);
        }
        return Err(invalid_argument("cards", repr(item), "a card index is 0..=52 (52 is the joker)"));
    }
    Err(invalid_argument("cards", repr(item), "each item must be a Card, a card string or a card index 0..=52"))
}

/// Standard cards of one pack read on the fast path of the evaluators: their mask, how
/// many, and the face indices of the first seven in the order given (the cards that play
/// are picked in that order among equal ranks, as on the general path).
#[derive(Clone, Copy, Debug, Default)]
pub struct PlainCards {
    pub mask: u64,
    pub count: u32,
    pub faces: [u8; 7],
}

impl PlainCards {
    /// Add a face index; false for a joker, a bad index or a card already held.
    #[inline]
    fn push(&mut self, face: u8) -> bool {
        let Some(bit) = 1u64.checked_shl(u32::from(face)).filter(|&b| b & STANDARD_MASK & !self.mask != 0) else {
            return false;
        };
        if let Some(slot) = self.faces.get_mut(self.count as usize) {
            *slot = face;
        }
        self.mask |= bit;
        self.count += 1;
        true
    }
    /// The first seven cards in the order given (all of them for a hand of seven or fewer).
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.faces[..self.count.min(7) as usize].iter().map(|&f| CardSet::card_at(u32::from(f)))
    }
}

/// A list or tuple of `Card`s (first pack) or card indices, as plain cards.
fn plain_list<'py>(items: impl Iterator<Item = Bound<'py, PyAny>>) -> Option<PlainCards> {
    let mut plain = PlainCards::default();
    for item in items {
        let face = if let Ok(card) = item.cast::<PyCard>() {
            let c = card.get().0;
            if c.copy() != 0 {
                return None;
            }
            c.face()
        } else if item.is_exact_instance_of::<PyInt>() {
            u8::try_from(item.extract::<i64>().ok()?).ok()?
        } else {
            return None;
        };
        if !plain.push(face) {
            return None;
        }
    }
    Some(plain)
}

/// `obj` as plain cards when it is plain text (two-byte cards such as `"As Kd"`, see
/// `parse_plain`) or a list or tuple of `Card`s or card indices, of standard cards of
/// one pack, none twice. None for every other input: the general path (`extract_cards`)
/// then gives the cards or the error. No allocation.
pub fn plain_cards(obj: &Bound<'_, PyAny>) -> Option<PlainCards> {
    if let Ok(s) = obj.cast::<PyString>() {
        let mut plain = PlainCards::default();
        let mut ok = true;
        let text = s.to_str().ok()?;
        return (parse_plain(text.as_bytes(), |face| ok &= plain.push(face)) && ok).then_some(plain);
    }
    if let Ok(list) = obj.cast::<PyList>() {
        return plain_list(list.iter());
    }
    if let Ok(tuple) = obj.cast::<PyTuple>() {
        return plain_list(tuple.iter());
    }
    None
}

/// Cards from a string (`"As Kd"`), a `CardSet`, a `Card`, or an iterable of cards,
/// card strings or card indices (0..=52, the index of `Card.index`).
pub fn extract_cards(obj: &Bound<'_, PyAny>) -> PyResult<Vec<Card>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(parse_cards(s.to_str()?)?);
    }
    if let Ok(set) = obj.cast::<PyCardSet>() {
        return Ok(set.get().0.iter().collect());
    }
    if let Ok(card) = obj.cast::<PyCard>() {
        return Ok(vec![card.get().0]);
    }
    if let Ok(deck) = obj.cast::<PyDeck>() {
        return Ok(deck.get().0.cards().to_vec());
    }
    let iter = obj.try_iter().map_err(|_| {
        invalid_argument("cards", repr(obj), "expected a string such as 'As Kd', a CardSet or an iterable of cards")
    })?;
    let mut out = Vec::with_capacity(obj.len().unwrap_or(0));
    for item in iter {
        out.push(extract_item(&item?)?);
    }
    Ok(out)
}

/// A single-pack set from anything `extract_cards` takes (duplicates are an error).
pub fn extract_cardset(obj: &Bound<'_, PyAny>) -> PyResult<CardSet> {
    if let Ok(set) = obj.cast::<PyCardSet>() {
        return Ok(set.get().0);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        // `CardSet::parse` reads plain text in one pass and falls back for the rest.
        return Ok(CardSet::parse(s.to_str()?)?);
    }
    if let Some(plain) = plain_cards(obj) {
        return Ok(CardSet(plain.mask));
    }
    Ok(CardSet::from_cards(extract_cards(obj)?)?)
}

/// A seed: a Python int in 0..2**64.
pub fn extract_seed(name: &str, obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    if obj.is_instance_of::<PyBool>() {
        return Err(invalid_argument(name, repr(obj), "a seed is an int in 0..2**64"));
    }
    obj.extract::<u64>().map_err(|_| invalid_argument(name, repr(obj), "a seed is an int in 0..2**64"))
}

/// A set of cards from one pack (jokers allowed, each at most once), as a 64-bit mask.
#[pyclass(name = "CardSet", module = "hoyle._core", frozen)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyCardSet(pub CardSet);

#[pymethods]
impl PyCardSet {
    #[new]
    #[pyo3(signature = (cards = None))]
    fn new(cards: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        match cards {
            None => Ok(PyCardSet(CardSet::EMPTY)),
            Some(obj) if obj.is_exact_instance_of::<PyString>() => Ok(PyCardSet(extract_cardset(obj)?)),
            Some(obj) if obj.is_instance_of::<PyInt>() => Err(invalid_argument(
                "cards",
                repr(obj),
                "use CardSet.from_mask(mask) to build a set from an integer mask",
            )),
            Some(obj) => Ok(PyCardSet(extract_cardset(obj)?)),
        }
    }
    /// The set whose bit `i` is the card with index `i` (jokers at bits 52..63).
    #[staticmethod]
    fn from_mask(mask: &Bound<'_, PyAny>) -> PyResult<Self> {
        mask.extract::<u64>()
            .map(|m| PyCardSet(CardSet(m)))
            .map_err(|_| invalid_argument("mask", repr(mask), "a mask is an int in 0..2**64"))
    }
    /// The 52 standard cards.
    #[staticmethod]
    fn standard() -> Self {
        PyCardSet(CardSet::STANDARD)
    }
    #[getter]
    fn mask(&self) -> u64 {
        self.0 .0
    }
    fn __int__(&self) -> u64 {
        self.0 .0
    }
    fn __len__(&self) -> usize {
        self.0.len() as usize
    }
    fn __bool__(&self) -> bool {
        !self.0.is_empty()
    }
    fn __contains__(&self, card: &Bound<'_, PyAny>) -> PyResult<bool> {
        let cards = extract_cards(card)?;
        Ok(!cards.is_empty() && cards.iter().all(|&c| self.0.contains(c)))
    }
    fn __iter__(&self) -> PyCardIter {
        PyCardIter { cards: self.0.iter().collect(), next: 0 }
    }
    fn __or__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCardSet(self.0 | extract_cardset(other)?))
    }
    fn __ror__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.__or__(other)
    }
    fn __and__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCardSet(self.0 & extract_cardset(other)?))
    }
    fn __rand__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.__and__(other)
    }
    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCardSet(self.0 - extract_cardset(other)?))
    }
    fn __rsub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCardSet(extract_cardset(other)? - self.0))
    }
    fn __xor__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyCardSet(self.0 ^ extract_cardset(other)?))
    }
    fn __rxor__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.__xor__(other)
    }
    /// The standard cards not in the set (jokers dropped).
    fn __invert__(&self) -> Self {
        PyCardSet(!self.0)
    }
    fn issubset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.is_subset(extract_cardset(other)?))
    }
    fn issuperset(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(extract_cardset(other)?.is_subset(self.0))
    }
    fn isdisjoint(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.0.is_disjoint(extract_cardset(other)?))
    }
    /// `==` and `!=` compare contents; `<=`, `<`, `>=`, `>` are subset tests, as for
    /// frozenset. Comparing with something that is not a set of cards is NotImplemented.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: pyo3::basic::CompareOp) -> PyResult<Py<PyAny>> {
        use pyo3::basic::CompareOp::*;
        let py = other.py();
        let Ok(o) = extract_cardset(other) else {
            return Ok(py.NotImplemented());
        };
        let a = self.0;
        let r = match op {
            Eq => a == o,
            Ne => a != o,
            Le => a.is_subset(o),
            Lt => a.is_subset(o) && a != o,
            Ge => o.is_subset(a),
            Gt => o.is_subset(a) && a != o,
        };
        Ok(pyo3::types::PyBool::new(py, r).to_owned().into_any().unbind())
    }
    fn __hash__(&self) -> u64 {
        // Python truncates to Py_hash_t; mix so that nearby masks spread.
        self.0 .0.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 1
    }
    /// The 13-bit rank mask of one suit (`'c'`, `'d'`, `'h'`, `'s'` or 0..3): bit 0 is
    /// the deuce, bit 12 the ace.
    fn suit_mask(&self, suit: &Bound<'_, PyAny>) -> PyResult<u16> {
        let s = if let Ok(i) = suit.extract::<u8>() {
            Some(i).filter(|&i| i < 4)
        } else if let Ok(text) = suit.extract::<String>() {
            let mut ch = text.chars();
            match (ch.next(), ch.next()) {
                (Some(c), None) => {
                    SUIT_CHARS.iter().chain(SUIT_SYMBOLS.iter()).position(|&x| x == c).map(|p| (p % 4) as u8)
                }
                _ => None,
            }
        } else {
            None
        };
        s.map(|s| self.0.suit_mask(s))
            .ok_or_else(|| invalid_argument("suit", repr(suit), "a suit is 'c', 'd', 'h', 's' or 0..3"))
    }
    /// How many cards of each rank: a list of 13 counts, deuce first, ace last.
    fn rank_counts(&self) -> Vec<u32> {
        self.0.rank_counts().iter().map(|&c| c as u32).collect()
    }
    /// Ranks present in any suit as a 13-bit mask (bit 0 = deuce).
    fn rank_mask(&self) -> u16 {
        self.0.rank_mask()
    }
    /// Number of jokers in the set.
    #[getter]
    fn jokers(&self) -> u32 {
        self.0.jokers()
    }
    /// The cards sorted by rank then suit (the `Card` order).
    fn sorted(&self) -> Vec<PyCard> {
        let mut v: Vec<Card> = self.0.iter().collect();
        v.sort();
        v.into_iter().map(PyCard).collect()
    }
    fn __str__(&self) -> String {
        self.0.to_string()
    }
    fn __repr__(&self) -> String {
        format!("CardSet('{}')", self.0)
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u64,))> {
        Ok((slf.get_type().getattr("from_mask")?, (slf.get().0 .0,)))
    }
}

#[pyclass(module = "hoyle._core")]
pub struct PyCardIter {
    cards: Vec<Card>,
    next: usize,
}

#[pymethods]
impl PyCardIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }
    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Py<PyCard>>> {
        let c = self.cards.get(self.next).copied();
        self.next += 1;
        c.map(|c| card_object(py, c)).transpose()
    }
}

/// An ordered pile of physical cards, top (index 0) first.
#[pyclass(name = "Deck", module = "hoyle._core", frozen, eq, hash, sequence)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyDeck(pub Deck);

fn to_u32(name: &str, v: i64, reason: &str) -> PyResult<u32> {
    u32::try_from(v).map_err(|_| invalid_argument(name, v, reason))
}

#[pymethods]
impl PyDeck {
    #[new]
    fn new(cards: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyDeck(Deck::new(extract_cards(cards)?)?))
    }
    /// `packs` 52-card packs and `jokers` jokers, in order (2c..As of each pack, then
    /// the jokers); copies of the same card are numbered (`As#1`).
    #[staticmethod]
    #[pyo3(signature = (packs = 1, jokers = 0))]
    fn standard(packs: i64, jokers: i64) -> PyResult<Self> {
        let packs = to_u32("packs", packs, "a deck has 1..=64 packs")?;
        let jokers = to_u32("jokers", jokers, "a deck has 0..=64 jokers")?;
        Ok(PyDeck(Deck::standard(packs, jokers)?))
    }
    /// Packs without the ranks below `lowest` (`"6"` gives the 36-card short deck).
    #[staticmethod]
    #[pyo3(signature = (lowest, packs = 1, jokers = 0))]
    fn stripped(lowest: &str, packs: i64, jokers: i64) -> PyResult<Self> {
        let rank = match lowest {
            "10" => Some(8),
            s if s.chars().count() == 1 => {
                let c = s.chars().next().unwrap().to_ascii_uppercase();
                RANK_CHARS.iter().position(|&r| r == c).map(|p| p as u8)
            }
            _ => None,
        }
        .ok_or_else(|| invalid_argument("lowest", lowest, "a rank is one of 2-9 T J Q K A"))?;
        let packs = to_u32("packs", packs, "a deck has 1..=64 packs")?;
        let jokers = to_u32("jokers", jokers, "a deck has 0..=64 jokers")?;
        Ok(PyDeck(Deck::stripped(packs, jokers, rank)?))
    }
    /// A shuffled copy. Same seed, same order, on every platform (ChaCha8 + Fisher-Yates,
    /// see the `Rng` docs). `stream` picks an independent stream of the same seed.
    #[pyo3(signature = (seed, stream = None))]
    fn shuffled(&self, seed: &Bound<'_, PyAny>, stream: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let seed = extract_seed("seed", seed)?;
        let stream = stream.map_or(Ok(0), |s| extract_seed("stream", s))?;
        Ok(PyDeck(self.0.shuffled(seed, stream)))
    }
    /// Deal `cards` cards to each of `hands` hands, one at a time in turn from the top.
    /// Returns `(hands, rest_of_deck)`.
    fn deal(&self, hands: i64, cards: i64) -> PyResult<(Vec<Vec<PyCard>>, PyDeck)> {
        let h = usize::try_from(hands)
            .ok()
            .filter(|&h| h > 0)
            .ok_or_else(|| invalid_argument("hands", hands, "at least one hand"))?;
        let c = usize::try_from(cards).map_err(|_| invalid_argument("cards", cards, "a card count is not negative"))?;
        let (dealt, rest) = self.0.deal(h, c)?;
        Ok((dealt.into_iter().map(|v| v.into_iter().map(PyCard).collect()).collect(), PyDeck(rest)))
    }
    /// The cards as a list, top first (the shared card objects: the same card is the
    /// same object in every deck).
    #[getter]
    ///
    /// The list is built straight from the shared objects, looked up once for the deck
    /// (every deal of `benches/test_bench_poker_games.py` reads a whole deck).
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let all = card_objects(py)?;
        PyList::new(py, self.0.cards().iter().map(|&c| all[object_index(c)].bind(py)))
    }
    fn __len__(&self) -> usize {
        self.0.len()
    }
    fn __getitem__<'py>(&self, py: Python<'py>, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            let ind = slice.indices(self.0.len() as isize)?;
            let mut out = Vec::new();
            let mut i = ind.start;
            for _ in 0..ind.slicelength {
                out.push(self.0.cards()[i as usize]);
                i += ind.step;
            }
            return Ok(Bound::new(py, PyDeck(Deck::new(out)?))?.into_any());
        }
        let i: isize = index.extract().map_err(|_| invalid_argument("index", repr(index), "an int or a slice"))?;
        let n = self.0.len() as isize;
        let j = if i < 0 { i + n } else { i };
        if !(0..n).contains(&j) {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!("deck index {i} out of range for {n} cards")));
        }
        Ok(card_object(py, self.0.cards()[j as usize])?.into_bound(py).into_any())
    }
    fn __iter__(&self) -> PyCardIter {
        PyCardIter { cards: self.0.cards().to_vec(), next: 0 }
    }
    fn __contains__(&self, card: &Bound<'_, PyAny>) -> PyResult<bool> {
        let cards = extract_cards(card)?;
        Ok(cards.len() == 1 && self.0.cards().contains(&cards[0]))
    }
    fn __str__(&self) -> String {
        self.0.cards().iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
    }
    fn __repr__(&self) -> String {
        let n = self.0.len();
        let head: Vec<String> = self.0.cards().iter().take(6).map(|c| c.to_string()).collect();
        format!("<Deck of {n} cards: {}{}>", head.join(" "), if n > 6 { " ..." } else { "" })
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, (String,))> {
        Ok((slf.get_type(), (slf.get().__str__(),)))
    }
}

/// The seeded random number generator behind every shuffle (ChaCha8; see the README's
/// determinism section). The same `(seed, stream)` gives the same numbers everywhere.
#[pyclass(name = "Rng", module = "hoyle._core")]
#[derive(Clone)]
pub struct PyRng(Rng);

#[pymethods]
impl PyRng {
    #[new]
    #[pyo3(signature = (seed, stream = None))]
    fn new(seed: &Bound<'_, PyAny>, stream: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let stream = stream.map_or(Ok(0), |s| extract_seed("stream", s))?;
        Ok(PyRng(Rng::with_stream(extract_seed("seed", seed)?, stream)))
    }
    #[getter]
    fn seed(&self) -> u64 {
        self.0.seed_and_stream().0
    }
    #[getter]
    fn stream(&self) -> u64 {
        self.0.seed_and_stream().1
    }
    fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
    /// A uniform integer in `0..n`.
    fn below(&mut self, n: i64) -> PyResult<u64> {
        let n = u64::try_from(n)
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| invalid_argument("n", n, "below(n) needs n >= 1"))?;
        Ok(self.0.below(n))
    }
    /// A uniform float in [0, 1).
    fn random(&mut self) -> f64 {
        self.0.random()
    }
    /// Shuffle a list in place (Fisher-Yates, as `Deck.shuffled`).
    fn shuffle(&mut self, items: &Bound<'_, PyList>) -> PyResult<()> {
        for i in (1..items.len()).rev() {
            let j = self.0.below(i as u64 + 1) as usize;
            if i != j {
                let a = items.get_item(i)?;
                let b = items.get_item(j)?;
                items.set_item(i, b)?;
                items.set_item(j, a)?;
            }
        }
        Ok(())
    }
    /// A uniformly chosen item of a non-empty sequence.
    fn choice<'py>(&mut self, items: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let n = items.len()?;
        if n == 0 {
            return Err(invalid_argument("items", "[]", "choice() needs a non-empty sequence"));
        }
        items.get_item(self.0.below(n as u64))
    }
    fn __copy__(&self) -> Self {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (u64, u64, u128))> {
        let r = slf.borrow();
        let (seed, stream) = r.0.seed_and_stream();
        Ok((slf.py().import("hoyle._core")?.getattr("_restore_rng")?, (seed, stream, r.0.word_pos())))
    }
    fn __repr__(&self) -> String {
        let (seed, stream) = self.0.seed_and_stream();
        format!("Rng(seed={seed}, stream={stream})")
    }
}

/// Rebuild an `Rng` at a saved stream position (pickle support).
#[pyfunction]
fn _restore_rng(seed: u64, stream: u64, word_pos: u128) -> PyRng {
    let mut rng = Rng::with_stream(seed, stream);
    rng.set_word_pos(word_pos);
    PyRng(rng)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyCard>()?;
    m.add_class::<PyCardSet>()?;
    m.add_class::<PyDeck>()?;
    m.add_class::<PyRng>()?;
    m.add_function(wrap_pyfunction!(_restore_rng, m)?)?;
    Ok(())
}
