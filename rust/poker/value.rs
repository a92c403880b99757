//! The value encoding shared by every hand type.
//!
//! A value is a `u32`; **a larger value is always the better hand**, whatever the hand
//! type (lows are stored inverted). Layout: bits 20..24 hold the category's *ordering
//! code* (its place in that hand type's ranking), bits 0..20 hold five 4-bit rank
//! nibbles, most significant first, giving the tie-break ranks in the order the rules
//! compare them (rank 0 = deuce .. 12 = ace). Unused nibbles are zero. For example the
//! full house kings over fours is `6 << 20 | 11 << 16 | 2 << 12`.
//!
//! Low hands (ace-to-five, deuce-to-seven) store `LOW_BASE - v` where `v` is the value of
//! the same five cards read as a high hand (ace low for ace-to-five), so the best low
//! has the largest value too. Badugi and the Pai Gow two-card hand have their own codes
//! (see `lows.rs`).

/// Categories of a poker hand, from worst to best in standard high poker. The numeric
/// value is the standard ordering code; short-deck swaps flush and full house (see
/// [`Kind::code`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Category {
    HighCard = 0,
    Pair = 1,
    TwoPair = 2,
    ThreeOfAKind = 3,
    Straight = 4,
    Flush = 5,
    FullHouse = 6,
    FourOfAKind = 7,
    StraightFlush = 8,
    FiveOfAKind = 9,
    /// Badugi: a hand of one to four cards of different suits and ranks.
    OneCard = 10,
    TwoCard = 11,
    ThreeCard = 12,
    FourCard = 13,
}

impl Category {
    pub const ALL: [Category; 14] = [
        Category::HighCard,
        Category::Pair,
        Category::TwoPair,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::FourOfAKind,
        Category::StraightFlush,
        Category::FiveOfAKind,
        Category::OneCard,
        Category::TwoCard,
        Category::ThreeCard,
        Category::FourCard,
    ];
    pub fn from_index(i: u8) -> Option<Category> {
        Self::ALL.get(i as usize).copied()
    }
    /// Words a player uses: "Full house".
    pub fn name(self) -> &'static str {
        match self {
            Category::HighCard => "High card",
            Category::Pair => "Pair",
            Category::TwoPair => "Two pair",
            Category::ThreeOfAKind => "Three of a kind",
            Category::Straight => "Straight",
            Category::Flush => "Flush",
            Category::FullHouse => "Full house",
            Category::FourOfAKind => "Four of a kind",
            Category::StraightFlush => "Straight flush",
            Category::FiveOfAKind => "Five of a kind",
            Category::OneCard => "One-card hand",
            Category::TwoCard => "Two-card hand",
            Category::ThreeCard => "Three-card hand",
            Category::FourCard => "Badugi",
        }
    }
}

/// Which ranking a value belongs to. Values of different kinds are not comparable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Kind {
    /// Standard high poker (with or without wild cards: five of a kind on top).
    High = 0,
    /// Short-deck (6-A) high: flush beats full house, A-6-7-8-9 is the lowest straight.
    ShortDeck = 1,
    /// Ace-to-five low (razz, and the low half of hi-lo games).
    AceToFive = 2,
    /// Deuce-to-seven low (Kansas City lowball).
    DeuceToSeven = 3,
    /// Badugi.
    Badugi = 4,
    /// The Pai Gow two-card hand.
    PaiGowLow = 5,
}

impl Kind {
    pub const ALL: [Kind; 6] =
        [Kind::High, Kind::ShortDeck, Kind::AceToFive, Kind::DeuceToSeven, Kind::Badugi, Kind::PaiGowLow];
    pub fn from_index(i: u8) -> Option<Kind> {
        Self::ALL.get(i as usize).copied()
    }
    pub fn name(self) -> &'static str {
        match self {
            Kind::High => "high",
            Kind::ShortDeck => "short-deck",
            Kind::AceToFive => "ace-to-five",
            Kind::DeuceToSeven => "deuce-to-seven",
            Kind::Badugi => "badugi",
            Kind::PaiGowLow => "pai-gow-low",
        }
    }
    /// Ordering code of a category in this kind's ranking.
    pub fn code(self, c: Category) -> u32 {
        match (self, c) {
            (Kind::ShortDeck, Category::Flush) => 6,
            (Kind::ShortDeck, Category::FullHouse) => 5,
            _ => c as u32,
        }
    }
    /// The category with ordering code `code` (inverse of [`Kind::code`]).
    pub fn category(self, code: u32) -> Category {
        match (self, code) {
            (Kind::ShortDeck, 6) => Category::Flush,
            (Kind::ShortDeck, 5) => Category::FullHouse,
            _ => Category::from_index(code as u8).unwrap_or(Category::HighCard),
        }
    }
}

/// Pack an ordering code and up to five tie-break ranks.
#[inline]
pub const fn pack(code: u32, ranks: [u8; 5]) -> u32 {
    code << 20
        | (ranks[0] as u32) << 16
        | (ranks[1] as u32) << 12
        | (ranks[2] as u32) << 8
        | (ranks[3] as u32) << 4
        | ranks[4] as u32
}

/// Ordering code of a packed value.
#[inline]
pub const fn code_of(v: u32) -> u32 {
    v >> 20
}

/// The five rank nibbles of a packed value.
pub fn ranks_of(v: u32) -> [u8; 5] {
    [(v >> 16 & 15) as u8, (v >> 12 & 15) as u8, (v >> 8 & 15) as u8, (v >> 4 & 15) as u8, (v & 15) as u8]
}

/// Low values are stored as `LOW_BASE - high_value` so that larger is better.
pub const LOW_BASE: u32 = 0x00FF_FFFF;

pub const RANK_NAMES: [&str; 13] =
    ["deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"];
pub const RANK_PLURALS: [&str; 13] = [
    "deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings",
    "aces",
];
pub const RANK_SYMBOLS: [char; 13] = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];

fn cap(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn join_names(ranks: &[u8]) -> String {
    ranks.iter().map(|&r| RANK_NAMES[r as usize]).collect::<Vec<_>>().join("-")
}

/// Describe a high-hand category and its tie-break ranks in a player's words.
pub fn describe_high(cat: Category, r: [u8; 5]) -> String {
    let n = |i: usize| RANK_NAMES[r[i] as usize];
    let p = |i: usize| RANK_PLURALS[r[i] as usize];
    match cat {
        Category::HighCard => format!("{} high, {}", cap(n(0)), join_names(&r[1..5])),
        Category::Pair => format!("Pair of {}, {} kickers", p(0), join_names(&r[1..4])),
        Category::TwoPair => format!("Two pair, {} and {}, {} kicker", p(0), p(1), n(2)),
        Category::ThreeOfAKind => format!("Three of a kind, {}, {} kickers", p(0), join_names(&r[1..3])),
        Category::Straight => format!("Straight, {} high", n(0)),
        Category::Flush => format!("Flush, {}", join_names(&r)),
        Category::FullHouse => format!("Full house, {} over {}", p(0), p(1)),
        Category::FourOfAKind => format!("Four of a kind, {}, {} kicker", p(0), n(1)),
        Category::StraightFlush if r[0] == 12 => "Royal flush".to_string(),
        Category::StraightFlush => format!("Straight flush, {} high", n(0)),
        Category::FiveOfAKind => format!("Five of a kind, {}", p(0)),
        _ => cat.name().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_orders_by_code_then_ranks() {
        assert!(pack(1, [0, 12, 11, 10, 0]) > pack(0, [12, 11, 10, 9, 7]));
        assert!(pack(2, [12, 7, 10, 0, 0]) > pack(2, [12, 7, 9, 0, 0]));
        assert_eq!(ranks_of(pack(6, [11, 2, 0, 0, 0])), [11, 2, 0, 0, 0]);
        assert_eq!(code_of(pack(6, [11, 2, 0, 0, 0])), 6);
    }

    #[test]
    fn words() {
        assert_eq!(describe_high(Category::FullHouse, [11, 2, 0, 0, 0]), "Full house, kings over fours");
        assert_eq!(describe_high(Category::TwoPair, [12, 7, 10, 0, 0]), "Two pair, aces and nines, queen kicker");
        assert_eq!(describe_high(Category::StraightFlush, [12, 0, 0, 0, 0]), "Royal flush");
    }
}
