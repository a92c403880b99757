//! `MeldRules`: what counts as a meld and what a card is worth, as plain data.
//!
//! One value of this type is the whole difference between the meld searches of gin,
//! basic, contract, 500 rum, Wrotham and seven-card rummy. Presets follow docs/rules/rummy.md (C0-C5).

use crate::cards::Card;
use crate::error::{CoreError, CoreResult};

/// How the ace sits in runs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum AceRule {
    /// A-2-3 only (gin, basic, seven-card rummy).
    Low,
    /// Q-K-A only.
    High,
    /// A-2-3 or Q-K-A, never K-A-2 (contract rummy, 500 rum).
    HighOrLow,
    /// Runs wrap: K-A-2 is valid too.
    RoundTheCorner,
}

impl AceRule {
    pub fn name(self) -> &'static str {
        match self {
            AceRule::Low => "low",
            AceRule::High => "high",
            AceRule::HighOrLow => "high_or_low",
            AceRule::RoundTheCorner => "round_the_corner",
        }
    }
    pub fn parse(text: &str) -> CoreResult<AceRule> {
        match text.trim().to_ascii_lowercase().replace(['-', ' '], "_").as_str() {
            "low" => Ok(AceRule::Low),
            "high" => Ok(AceRule::High),
            "high_or_low" | "low_or_high" | "both" => Ok(AceRule::HighOrLow),
            "round_the_corner" | "around" | "wrap" => Ok(AceRule::RoundTheCorner),
            _ => Err(CoreError::invalid_argument(
                "ace",
                text,
                "expected 'low', 'high', 'high_or_low' or 'round_the_corner'",
            )),
        }
    }
}

/// No limit on wild cards in a meld.
pub const UNLIMITED: u8 = u8::MAX;

/// How many wild cards a meld may hold against its natural cards (German Rommé: jokers
/// may not outnumber natural cards; Kaluki and Wild Card rummy options: natural cards
/// must outnumber them). Every meld holds at least one natural card in any case.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum WildShare {
    /// No limit beyond `max_wilds_set` / `max_wilds_run`.
    Any,
    /// At most as many wild cards as natural cards (3-3-J-J yes, 3-J-J no).
    NotMoreThanNaturals,
    /// Fewer wild cards than natural cards (3-3-J yes, 3-3-J-J no).
    FewerThanNaturals,
}

impl WildShare {
    pub fn name(self) -> &'static str {
        match self {
            WildShare::Any => "any",
            WildShare::NotMoreThanNaturals => "not_more_than_naturals",
            WildShare::FewerThanNaturals => "fewer_than_naturals",
        }
    }
    pub fn parse(text: &str) -> CoreResult<WildShare> {
        match text.trim().to_ascii_lowercase().replace(['-', ' '], "_").as_str() {
            "any" => Ok(WildShare::Any),
            "not_more_than_naturals" => Ok(WildShare::NotMoreThanNaturals),
            "fewer_than_naturals" => Ok(WildShare::FewerThanNaturals),
            _ => Err(CoreError::invalid_argument(
                "wild_share",
                text,
                "expected 'any', 'not_more_than_naturals' or 'fewer_than_naturals'",
            )),
        }
    }
    /// The most wild cards a meld with `naturals` natural cards may hold.
    ///
    /// ```
    /// use _core::rummy::WildShare;
    /// assert_eq!(WildShare::NotMoreThanNaturals.cap(2), 2);
    /// assert_eq!(WildShare::FewerThanNaturals.cap(2), 1);
    /// ```
    #[inline]
    pub fn cap(self, naturals: u32) -> u32 {
        match self {
            WildShare::Any => u32::MAX,
            WildShare::NotMoreThanNaturals => naturals,
            WildShare::FewerThanNaturals => naturals.saturating_sub(1),
        }
    }
    /// Whether a meld of `naturals` natural and `wilds` wild cards is allowed.
    #[inline]
    pub fn allows(self, naturals: u32, wilds: u32) -> bool {
        wilds <= self.cap(naturals)
    }
}

/// Meld rules and card values. Build one with a preset and adjust fields as needed:
///
/// ```
/// use _core::rummy::{AceRule, MeldRules};
/// let rules = MeldRules { ace: AceRule::RoundTheCorner, ..MeldRules::gin() };
/// assert!(rules.validate().is_ok());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct MeldRules {
    pub ace: AceRule,
    /// Smallest and largest set (group of one rank), wild cards included.
    pub min_set: u8,
    pub max_set: u8,
    /// Shortest run, wild cards included (runs are at most 13 long: no rank twice).
    pub min_run: u8,
    /// A set may not hold two cards of one suit (contract rummy with two packs).
    pub set_distinct_suits: bool,
    /// Jokers are wild. When false a hand with a joker is an error.
    pub jokers_wild: bool,
    /// Ranks whose cards are wild (bit 0 = deuce .. bit 12 = ace), e.g. deuces wild.
    /// A wild-rank card is always treated as a wild (it may stand for itself).
    pub wild_ranks: u16,
    /// Most wild cards in one set / one run ([`UNLIMITED`] for no limit). Every meld
    /// holds at least one natural card.
    pub max_wilds_set: u8,
    pub max_wilds_run: u8,
    /// Wild cards against natural cards in one meld.
    pub wild_share: WildShare,
    /// How many copies of one card a hand may hold (number of packs).
    pub packs: u8,
    /// Deadwood value of each rank, index 0 = deuce .. 12 = ace.
    pub values: [u8; 13],
    /// Deadwood value of a joker.
    pub joker_value: u8,
    /// Cards in a hand between turns (0 = not fixed). `best_discard` wants one more.
    pub hand_size: u8,
    /// With the ace high or low, the 14-card run A-2-...-K-A - the ace at both ends, one
    /// of them possibly a wild card - is a run too (Scala 40). See
    /// [`full_window`](Self::full_window).
    pub ace_both_ends: bool,
}

/// The positions of the 14-card run A-2-...-K-A (low ace, deuce..king, high ace).
pub const FULL_WINDOW: u32 = 0x3FFF;
/// The two ace positions of [`FULL_WINDOW`].
pub const ACE_ENDS: u32 = 1 | 1 << 13;

const GIN_VALUES: [u8; 13] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1];
const ACE15_VALUES: [u8; 13] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 15];
const ACE11_VALUES: [u8; 13] = [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11];

impl Default for MeldRules {
    fn default() -> Self {
        MeldRules::gin()
    }
}

impl MeldRules {
    /// Gin rummy (C2): one pack, no jokers, ace low, sets 3-4, runs 3+, ace 1, pictures 10.
    pub fn gin() -> MeldRules {
        MeldRules {
            ace: AceRule::Low,
            min_set: 3,
            max_set: 4,
            min_run: 3,
            set_distinct_suits: false,
            jokers_wild: false,
            wild_ranks: 0,
            max_wilds_set: UNLIMITED,
            max_wilds_run: UNLIMITED,
            wild_share: WildShare::Any,
            packs: 1,
            values: GIN_VALUES,
            joker_value: 0,
            hand_size: 10,
            ace_both_ends: false,
        }
    }
    /// Oklahoma gin (C2): the melds and values of gin.
    pub fn oklahoma() -> MeldRules {
        MeldRules::gin()
    }
    /// Basic (straight) rummy and Block rummy (C1): as gin.
    pub fn basic() -> MeldRules {
        MeldRules { hand_size: 0, ..MeldRules::gin() }
    }
    /// Seven-card rummy (C5): as basic rummy (K high .. A low).
    pub fn seven_card() -> MeldRules {
        MeldRules { hand_size: 7, ..MeldRules::gin() }
    }
    /// Wrotham rummy (C1): basic rummy with three wild jokers (a joker left in hand
    /// counts 15, the usual penalty for a joker).
    pub fn wrotham() -> MeldRules {
        MeldRules { jokers_wild: true, joker_value: 15, hand_size: 7, ..MeldRules::gin() }
    }
    /// Contract rummy (C3): one or two packs with jokers wild, ace high or low (never
    /// K-A-2), sets of 3-4 with no suit twice, ace and joker 15.
    pub fn contract() -> MeldRules {
        MeldRules {
            ace: AceRule::HighOrLow,
            set_distinct_suits: true,
            jokers_wild: true,
            packs: 2,
            values: ACE15_VALUES,
            joker_value: 15,
            hand_size: 0,
            ..MeldRules::gin()
        }
    }
    /// 500 rum (C4): one pack, ace high or low (never K-A-2), ace counts 15 in hand.
    pub fn five_hundred() -> MeldRules {
        MeldRules { ace: AceRule::HighOrLow, values: ACE15_VALUES, hand_size: 0, ..MeldRules::gin() }
    }
    /// Dime rummy (C1): up to four packs with wild jokers; a set is 3+ cards of one rank
    /// (up to every copy in play), runs as basic rummy.
    pub fn dime() -> MeldRules {
        MeldRules { jokers_wild: true, packs: 4, max_set: 16, joker_value: 15, hand_size: 12, ..MeldRules::gin() }
    }

    /// Kaluki (docs/rules/rummy.md#c7-1): two packs and four jokers (wild, 25 in hand),
    /// the ace high or low, sets of up to eight cards, ace 15. The game builds these rules
    /// from its options; this constructor (not one of the [`presets`](Self::presets))
    /// serves the Rust tests and benches.
    ///
    /// ```
    /// use _core::rummy::MeldRules;
    /// assert!(MeldRules::kaluki().packs == 2 && MeldRules::kaluki().validate().is_ok());
    /// ```
    pub fn kaluki() -> MeldRules {
        MeldRules {
            ace: AceRule::HighOrLow,
            jokers_wild: true,
            packs: 2,
            max_set: 8,
            values: ACE15_VALUES,
            joker_value: 25,
            hand_size: 0,
            ..MeldRules::gin()
        }
    }
    /// German Rommé (docs/rules/rummy.md#c7-10): two packs and jokers (wild, 20 in hand),
    /// the ace high or low, sets of 3-4 in different suits, no meld with more jokers than
    /// natural cards, ace 11. Like [`kaluki`](Self::kaluki), for the Rust tests and benches.
    ///
    /// ```
    /// use _core::rummy::{MeldRules, WildShare};
    /// assert_eq!(MeldRules::romme().wild_share, WildShare::NotMoreThanNaturals);
    /// ```
    pub fn romme() -> MeldRules {
        MeldRules {
            ace: AceRule::HighOrLow,
            jokers_wild: true,
            packs: 2,
            set_distinct_suits: true,
            wild_share: WildShare::NotMoreThanNaturals,
            values: ACE11_VALUES,
            joker_value: 20,
            hand_size: 0,
            ..MeldRules::gin()
        }
    }
    /// Scala 40 (docs/rules/rummy.md#c7-11): two packs and four jolly (wild, 25 in hand),
    /// sets of different suits, the ace high or low and at both ends of the 14-card run
    /// A-2-...-K-A, ace 11. The game itself builds these rules from its options; this
    /// constructor (not one of the [`presets`](Self::presets)) serves the Rust tests and
    /// benches.
    ///
    /// ```
    /// use _core::rummy::MeldRules;
    /// let r = MeldRules::scala40();
    /// assert!(r.ace_both_ends && r.packs == 2 && r.validate().is_ok());
    /// ```
    pub fn scala40() -> MeldRules {
        MeldRules {
            ace: AceRule::HighOrLow,
            jokers_wild: true,
            packs: 2,
            set_distinct_suits: true,
            values: ACE11_VALUES,
            joker_value: 25,
            hand_size: 0,
            ace_both_ends: true,
            ..MeldRules::gin()
        }
    }

    /// Every preset by name, in documentation order.
    pub fn presets() -> Vec<(&'static str, MeldRules)> {
        vec![
            ("gin", MeldRules::gin()),
            ("oklahoma", MeldRules::oklahoma()),
            ("basic", MeldRules::basic()),
            ("seven_card", MeldRules::seven_card()),
            ("wrotham", MeldRules::wrotham()),
            ("contract", MeldRules::contract()),
            ("five_hundred", MeldRules::five_hundred()),
            ("dime", MeldRules::dime()),
        ]
    }

    /// A preset by name (`"gin"`, `"contract"`, ... as in [`presets`](Self::presets)).
    ///
    /// ```
    /// use _core::rummy::MeldRules;
    /// assert_eq!(MeldRules::preset("five_hundred").unwrap(), MeldRules::five_hundred());
    /// assert!(MeldRules::preset("canasta").is_err());
    /// ```
    pub fn preset(name: &str) -> CoreResult<MeldRules> {
        MeldRules::presets().into_iter().find(|(n, _)| *n == name).map(|(_, r)| r).ok_or_else(|| {
            let names: Vec<&str> = MeldRules::presets().iter().map(|(n, _)| *n).collect();
            CoreError::invalid_argument("preset", name, format!("known presets: {}", names.join(", ")))
        })
    }

    /// Check the fields are coherent.
    pub fn validate(&self) -> CoreResult<()> {
        if self.min_set < 2 {
            return Err(CoreError::invalid_argument("min_set", self.min_set, "a set has at least 2 cards"));
        }
        if self.max_set < self.min_set {
            return Err(CoreError::invalid_argument("max_set", self.max_set, "must be at least min_set"));
        }
        if self.max_set > 32 {
            return Err(CoreError::invalid_argument("max_set", self.max_set, "at most 32"));
        }
        if !(2..=13).contains(&self.min_run) {
            return Err(CoreError::invalid_argument("min_run", self.min_run, "a run is 2..=13 cards long"));
        }
        if self.packs == 0 || self.packs > 8 {
            return Err(CoreError::invalid_argument("packs", self.packs, "1..=8 packs"));
        }
        if self.wild_ranks >> 13 != 0 {
            return Err(CoreError::invalid_argument("wild_ranks", self.wild_ranks, "a 13-bit rank mask"));
        }
        if self.ace_both_ends && self.ace != AceRule::HighOrLow {
            return Err(CoreError::invalid_argument(
                "ace_both_ends",
                "true",
                format!("the A-2-...-K-A run needs the ace high or low, not '{}'", self.ace.name()),
            ));
        }
        if self.values.iter().any(|&v| v > 100) || self.joker_value > 100 {
            return Err(CoreError::invalid_argument("values", format!("{:?}", self.values), "card values are 0..=100"));
        }
        Ok(())
    }

    /// Is this card wild under these rules?
    #[inline]
    pub fn is_wild(&self, card: Card) -> bool {
        match card.rank() {
            None => true,
            Some(r) => self.wild_ranks >> r & 1 == 1,
        }
    }

    /// Deadwood value of a card.
    #[inline]
    pub fn value(&self, card: Card) -> u32 {
        match card.rank() {
            None => self.joker_value as u32,
            Some(r) => self.values[r as usize] as u32,
        }
    }

    /// True when the single-pack bitset fast path applies: no wild cards can occur.
    pub fn is_plain(&self) -> bool {
        !self.jokers_wild && self.wild_ranks == 0
    }

    /// Check a hand's cards against the rules: jokers only where wild, at most `packs`
    /// copies of a card.
    pub fn check_hand(&self, cards: &[Card]) -> CoreResult<()> {
        let mut counts = [0u8; 53];
        for &c in cards {
            if c.is_joker() && !self.jokers_wild {
                return Err(CoreError::InvalidHand(format!(
                    "{c}: these meld rules have no jokers (set jokers_wild to use them)"
                )));
            }
            if !c.is_joker() && c.copy() >= self.packs {
                return Err(CoreError::DuplicateCard {
                    card: c.to_string(),
                    reason: format!("copy {} of a card with {} pack(s) in play", c.copy(), self.packs),
                });
            }
            let f = c.face() as usize;
            counts[f] += 1;
            if f < 52 && counts[f] > self.packs {
                return Err(CoreError::DuplicateCard {
                    card: c.to_string(),
                    reason: format!("more than {} of this card with {} pack(s)", self.packs, self.packs),
                });
            }
        }
        let mut sorted: Vec<Card> = cards.to_vec();
        sorted.sort();
        for w in sorted.windows(2) {
            if w[0] == w[1] {
                return Err(CoreError::DuplicateCard {
                    card: w[0].to_string(),
                    reason: "the same physical card twice".into(),
                });
            }
        }
        Ok(())
    }

    // ---- run geometry -------------------------------------------------------------

    /// Run positions: position 0 is the low ace, 1..=12 deuce..king, 13 the high ace.
    /// Returns the positions' mask for a 13-bit rank mask of one suit.
    #[inline]
    pub fn positions(&self, rank_mask: u16) -> u32 {
        let m = rank_mask as u32;
        let ace = m >> 12 & 1;
        let body = (m & 0xFFF) << 1;
        match self.ace {
            AceRule::Low | AceRule::RoundTheCorner => body | ace,
            AceRule::High => body | ace << 13,
            AceRule::HighOrLow => body | ace | ace << 13,
        }
    }

    /// The rank mask of a window of positions (inverse of [`positions`](Self::positions)).
    #[inline]
    pub fn window_ranks(window: u32) -> u16 {
        ((window >> 1 & 0xFFF) | ((window & 1) | (window >> 13 & 1)) << 12) as u16
    }

    /// Every run window (as a position mask) whose positions are all in `pos`, of length
    /// `min_len` or more (and at most 13). With round-the-corner runs a window may wrap;
    /// it is then returned as the rank-position mask folded onto 0..13. `emit(window,
    /// start, len)` is called once per distinct card set.
    #[inline]
    pub fn for_each_window(&self, pos: u32, min_len: u32, mut emit: impl FnMut(u32, u32, u32)) {
        let min_len = min_len.max(1);
        if self.ace == AceRule::RoundTheCorner {
            let full = pos & 0x1FFF;
            if full == 0x1FFF {
                // Every start gives a distinct wrap window of length < 13; the full suit once.
                for start in 0..13u32 {
                    for len in min_len..13 {
                        emit(rot_window(start, len), start, len);
                    }
                }
                if min_len <= 13 {
                    emit(0x1FFF, 0, 13);
                }
                return;
            }
            let doubled = full | full << 13;
            let mut starts = consecutive(doubled, min_len) & 0x1FFF;
            while starts != 0 {
                let s = starts.trailing_zeros();
                starts &= starts - 1;
                let mut len = min_len;
                while len < 13 && doubled >> (s + len - 1) & 1 == 1 {
                    emit(rot_window(s, len), s, len);
                    len += 1;
                }
            }
            return;
        }
        let mut starts = consecutive(pos, min_len);
        while starts != 0 {
            let s = starts.trailing_zeros();
            starts &= starts - 1;
            let mut len = min_len;
            while len <= 13 && s + len <= 14 && pos >> (s + len - 1) & 1 == 1 {
                emit(((1u32 << len) - 1) << s, s, len);
                len += 1;
            }
        }
    }

    /// The 14-card run's window ([`FULL_WINDOW`]) when the rules allow it (`ace_both_ends`
    /// with the ace high or low). [`for_each_window`](Self::for_each_window) never yields
    /// it: its two ace positions are one face, so a search must find that face twice (or
    /// a wild card) to fill it.
    #[inline]
    pub fn full_window(&self) -> Option<u32> {
        (self.ace_both_ends && self.ace == AceRule::HighOrLow).then_some(FULL_WINDOW)
    }

    /// Every run window of `min_len` or more positions of a whole suit (as
    /// [`for_each_window`](Self::for_each_window) over all positions), then the 14-card
    /// run's window where the rules allow it.
    pub fn run_windows(&self, min_len: u32) -> Vec<u32> {
        let mut out = Vec::new();
        self.for_each_window(self.positions(0x1FFF), min_len, |w, _, _| out.push(w));
        out.extend(self.full_window().filter(|_| min_len <= 14));
        out
    }

    /// Is a set of positions (cards of one suit) a valid run window?
    pub fn is_window(&self, window: u32) -> bool {
        let n = window.count_ones();
        if n == 0 || n > 13 {
            return false;
        }
        if self.ace == AceRule::RoundTheCorner {
            let w = window & 0x1FFF;
            if w == 0x1FFF {
                return true;
            }
            // Contiguous on a circle of 13: exactly one gap run.
            let rotations = (0..13).any(|s| rot_window(s, n) == w);
            return rotations;
        }
        let s = window.trailing_zeros();
        window == ((1u32 << n) - 1) << s
    }
}

/// Positions p such that p .. p+len-1 are all in `m`.
#[inline]
fn consecutive(m: u32, len: u32) -> u32 {
    let mut acc = m;
    for k in 1..len {
        acc &= m >> k;
    }
    acc
}

/// A window of `len` positions starting at `start` on the circle of 13 (positions 0..13).
#[inline]
pub(crate) fn rot_window(start: u32, len: u32) -> u32 {
    let w = ((1u64 << len) - 1) << start;
    ((w | w >> 13) & 0x1FFF) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count_windows(rules: &MeldRules, pos: u32, min_len: u32) -> usize {
        let mut n = 0;
        rules.for_each_window(pos, min_len, |_, _, _| n += 1);
        n
    }

    #[test]
    fn windows_of_a_full_suit() {
        // Independent counts: a line of n positions has n-L+1 windows of length L.
        let line = |n: usize| (3..=13.min(n)).map(|l| n - l + 1).sum::<usize>();
        let full = 0x1FFFu16;
        let low = MeldRules::gin();
        assert_eq!(count_windows(&low, low.positions(full), 3), line(13));
        let hl = MeldRules { ace: AceRule::HighOrLow, ..MeldRules::gin() };
        // 14 positions but no window of 14 (the ace twice).
        assert_eq!(count_windows(&hl, hl.positions(full), 3), line(14));
        let rtc = MeldRules { ace: AceRule::RoundTheCorner, ..MeldRules::gin() };
        assert_eq!(count_windows(&rtc, rtc.positions(full), 3), 13 * 10 + 1);
    }

    #[test]
    fn validate_rejects_nonsense() {
        assert!(MeldRules { max_set: 2, ..MeldRules::gin() }.validate().is_err());
        assert!(MeldRules { packs: 0, ..MeldRules::gin() }.validate().is_err());
        assert!(MeldRules { min_run: 14, ..MeldRules::gin() }.validate().is_err());
        for (_, r) in MeldRules::presets() {
            r.validate().unwrap();
        }
    }
}
