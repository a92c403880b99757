//! Melds, arrangements and meld checking.

use std::fmt;

use super::rules::{AceRule, MeldRules};
use crate::cards::Card;
use crate::error::{CoreError, CoreResult};

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum MeldKind {
    Set,
    Run,
}

impl MeldKind {
    pub fn name(self) -> &'static str {
        match self {
            MeldKind::Set => "set",
            MeldKind::Run => "run",
        }
    }
}

/// A meld: its physical cards and what each plays as. `plays_as[i]` is the standard card
/// (first pack) `cards[i]` is for a natural card, and the one a wild stands for otherwise (a wild in a set
/// stands for the set's rank in a suit no natural card of the set has, lowest first).
/// Cards are in meld order: runs from low to high, sets by suit with wilds last.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Meld {
    pub kind: MeldKind,
    pub cards: Vec<Card>,
    pub plays_as: Vec<Card>,
}

impl Meld {
    pub fn len(&self) -> usize {
        self.cards.len()
    }
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
    /// The wild cards and what each stands for (a wild-rank card standing for itself
    /// is not listed).
    pub fn wilds(&self) -> Vec<(Card, Card)> {
        self.cards
            .iter()
            .zip(&self.plays_as)
            .filter(|(c, p)| c.with_copy(0) != **p || c.is_joker())
            .map(|(c, p)| (*c, *p))
            .collect()
    }
    /// Points of the meld on the table (500 rum scores melded cards): each card scores
    /// the value of the card it plays as, except an ace played low (followed by a deuce
    /// in a run), which scores 1.
    ///
    /// ```
    /// use _core::cards::parse_cards;
    /// use _core::rummy::{interpret_meld, MeldRules};
    /// let rules = MeldRules::five_hundred();
    /// assert_eq!(interpret_meld(&parse_cards("Ah 2h 3h").unwrap(), &rules).unwrap().points(&rules), 6);
    /// assert_eq!(interpret_meld(&parse_cards("Qh Kh Ah").unwrap(), &rules).unwrap().points(&rules), 35);
    /// ```
    pub fn points(&self, rules: &MeldRules) -> u32 {
        let mut total = 0;
        for (i, p) in self.plays_as.iter().enumerate() {
            let low_ace = self.kind == MeldKind::Run
                && p.rank() == Some(12)
                && self.plays_as.get(i + 1).is_some_and(|n| n.rank() == Some(0));
            total += if low_ace { 1 } else { rules.value(*p) };
        }
        total
    }

    /// Rank of a set (0 = deuce .. 12 = ace).
    pub fn rank(&self) -> u8 {
        self.plays_as[0].rank().unwrap_or(0)
    }
    /// Suit of a run.
    pub fn suit(&self) -> u8 {
        self.plays_as[0].suit().unwrap_or(0)
    }
}

impl fmt::Display for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (c, p)) in self.cards.iter().zip(&self.plays_as).enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            if c == p {
                write!(f, "{c}")?;
            } else {
                write!(f, "{c}={p}")?;
            }
        }
        Ok(())
    }
}

/// One card laid off on a meld on the table.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct LayOff {
    pub card: Card,
    /// Index of the table meld it went onto.
    pub meld: usize,
    /// What the card plays as (itself unless wild).
    pub plays_as: Card,
}

/// The result of a search: melds, lay-offs, an optional discard and the deadwood.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Arrangement {
    pub melds: Vec<Meld>,
    /// Unmatched cards, in card order.
    pub deadwood: Vec<Card>,
    pub deadwood_value: u32,
    /// The card discarded (best_discard, can_go_out with a discard).
    pub discard: Option<Card>,
    /// Cards laid off on the table melds (lay_off).
    pub layoffs: Vec<LayOff>,
}

/// `[7h 8h 9h] | deadwood 7d 7s = 14`; lay-offs as `lay off 8h>0 9h>0` (card >
/// table meld index), then `discard Kd`.
impl fmt::Display for Arrangement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = Vec::new();
        if !self.melds.is_empty() {
            parts.push(self.melds.iter().map(|m| format!("[{m}]")).collect::<Vec<_>>().join(" "));
        }
        if !self.layoffs.is_empty() {
            let lays: Vec<String> = self
                .layoffs
                .iter()
                .map(|l| {
                    if l.card.with_copy(0) == l.plays_as {
                        format!("{}>{}", l.card, l.meld)
                    } else {
                        format!("{}={}>{}", l.card, l.plays_as, l.meld)
                    }
                })
                .collect();
            parts.push(format!("lay off {}", lays.join(" ")));
        }
        let dead: Vec<String> = self.deadwood.iter().map(|c| c.to_string()).collect();
        if dead.is_empty() {
            parts.push(format!("deadwood {}", self.deadwood_value));
        } else {
            parts.push(format!("deadwood {} = {}", dead.join(" "), self.deadwood_value));
        }
        if let Some(d) = self.discard {
            parts.push(format!("discard {d}"));
        }
        f.write_str(&parts.join(" | "))
    }
}

/// The card of `rank` (0..13) and `suit`.
#[inline]
pub(crate) fn card_of(rank: u8, suit: u8) -> Card {
    Card::new(rank, suit)
}

/// The rank (0 = deuce .. 12 = ace) at run position `p` (0 low ace, 1..=12, 13 high ace).
#[inline]
pub(crate) fn rank_at(p: u32) -> u8 {
    if p == 0 || p == 13 {
        12
    } else {
        (p - 1) as u8
    }
}

/// The positions of a window in run order (low to high; a wrapping window starts at its
/// first position after the gap).
pub(crate) fn window_order(rules: &MeldRules, window: u32) -> Vec<u32> {
    let n = window.count_ones();
    if rules.ace == AceRule::RoundTheCorner && window & 0x1FFF != 0x1FFF {
        // Start = a position whose predecessor on the circle is empty; then every
        // position of the mask round the circle (a lay-off's mask may have a gap: 3h and
        // 7h added to 4h 5h 6h).
        let start = (0..13).find(|&p| window >> p & 1 == 1 && window >> ((p + 12) % 13) & 1 == 0).unwrap_or(0);
        return (0..13).map(|k| (start + k) % 13).filter(|&p| window >> p & 1 == 1).collect();
    }
    let mut out = Vec::with_capacity(n as usize);
    let mut w = window;
    while w != 0 {
        out.push(w.trailing_zeros());
        w &= w - 1;
    }
    out
}

/// Check that `cards` form one meld under `rules`, and say what each wild stands for.
/// Among several readings the natural one is chosen: a set before a run, and for runs
/// the lowest window (wilds extend upward first).
///
/// ```
/// use _core::cards::parse_cards;
/// use _core::rummy::{interpret_meld, MeldKind, MeldRules};
/// let m = interpret_meld(&parse_cards("7h 8h 9h").unwrap(), &MeldRules::gin()).unwrap();
/// assert_eq!(m.kind, MeldKind::Run);
/// assert!(interpret_meld(&parse_cards("Qh Kh Ah").unwrap(), &MeldRules::gin()).is_err());
/// ```
pub fn interpret_meld(cards: &[Card], rules: &MeldRules) -> CoreResult<Meld> {
    let bad = |why: &str| {
        let text: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
        CoreError::IllegalMeld(format!("{}: {why}", text.join(" ")))
    };
    rules.check_hand(cards)?;
    let (wilds, naturals): (Vec<Card>, Vec<Card>) = cards.iter().partition(|c| rules.is_wild(**c));
    if naturals.is_empty() {
        return Err(bad("a meld needs at least one natural card"));
    }
    let n = cards.len() as u32;
    let w = wilds.len() as u32;
    // A set?
    let rank = naturals[0].rank().unwrap();
    if naturals.iter().all(|c| c.rank() == Some(rank))
        && n >= rules.min_set as u32
        && n <= rules.max_set as u32
        && w <= rules.max_wilds_set as u32
        && rules.wild_share.allows(n - w, w)
    {
        let mut suits = 0u8;
        let mut dup = false;
        for c in &naturals {
            let s = c.suit().unwrap();
            dup |= suits >> s & 1 == 1;
            suits |= 1 << s;
        }
        if !(rules.set_distinct_suits && (dup || n > 4)) {
            let mut nat = naturals.clone();
            nat.sort_by_key(|c| (c.suit(), c.copy()));
            return Ok(set_meld(nat, &wilds, rank, suits));
        }
    }
    // A run?
    let suit = naturals[0].suit().unwrap();
    if naturals.iter().any(|c| c.suit() != Some(suit)) {
        return Err(bad("neither a set (one rank) nor a run (one suit)"));
    }
    let longest = if rules.full_window().is_some() { 14 } else { 13 };
    if n < rules.min_run as u32 || n > longest || w > rules.max_wilds_run as u32 || !rules.wild_share.allows(n - w, w) {
        return Err(bad("wrong size or too many wild cards for a set or a run"));
    }
    let mut rank_mask = 0u16;
    let mut aces = 0;
    for c in &naturals {
        let r = c.rank().unwrap();
        aces += (r == 12) as u32;
        // Only the 14-card run A-2-...-K-A holds a rank (the ace) twice.
        if rank_mask >> r & 1 == 1 && !(n == 14 && r == 12 && aces == 2) {
            return Err(bad("a run cannot hold a rank twice"));
        }
        rank_mask |= 1 << r;
    }
    let mut found = if n == 14 { rules.full_window() } else { None };
    rules.for_each_window(rules.positions(0x1FFF), n, |win, _, len| {
        if found.is_none() && len == n && covers(win, rank_mask) {
            found = Some(win);
        }
    });
    let Some(win) = found else {
        return Err(bad(match rules.ace {
            AceRule::Low => "not consecutive (aces are low: A-2-3, never Q-K-A)",
            AceRule::High => "not consecutive (aces are high: Q-K-A, never A-2-3)",
            AceRule::HighOrLow => "not consecutive (ace high or low, never K-A-2)",
            AceRule::RoundTheCorner => "not consecutive",
        }));
    };
    Ok(run_meld(rules, win, suit, &naturals, &wilds))
}

/// Does window `win` hold every natural rank?
fn covers(win: u32, rank_mask: u16) -> bool {
    rank_mask & !MeldRules::window_ranks(win) == 0
}

pub(crate) fn set_meld(naturals: Vec<Card>, wilds: &[Card], rank: u8, suits: u8) -> Meld {
    let mut plays_as: Vec<Card> = naturals.iter().map(|c| c.with_copy(0)).collect();
    let mut used = suits;
    for _ in wilds {
        let s = (0..4).find(|&s| used >> s & 1 == 0).unwrap_or(0);
        used |= 1 << s;
        plays_as.push(card_of(rank, s));
    }
    let mut cards = naturals;
    cards.extend_from_slice(wilds);
    Meld { kind: MeldKind::Set, cards, plays_as }
}

/// A run in `window` of `suit`: naturals at their positions, wilds filling the rest in
/// order.
pub(crate) fn run_meld(rules: &MeldRules, window: u32, suit: u8, naturals: &[Card], wilds: &[Card]) -> Meld {
    let mut cards = Vec::new();
    let mut plays_as = Vec::new();
    let mut wi = wilds.iter();
    // Each natural card plays once (the 14-card run holds the ace at both ends).
    let mut used = 0u32;
    for p in window_order(rules, window) {
        let r = rank_at(p);
        let face = card_of(r, suit);
        match (0..naturals.len()).find(|&i| used >> i & 1 == 0 && naturals[i].rank() == Some(r)) {
            Some(i) => {
                used |= 1 << i;
                cards.push(naturals[i]);
            }
            None => cards.push(*wi.next().expect("enough wilds for the window")),
        }
        plays_as.push(face);
    }
    Meld { kind: MeldKind::Run, cards, plays_as }
}
