//! A physical playing card: a face (rank and suit, or joker) and a copy number.
//!
//! Face index (the "documented order" every layer shares, also the bit of a
//! [`CardSet`](super::CardSet)): `suit * 13 + rank`, where rank 0 is the deuce and 12 the
//! ace, and suits are clubs 0, diamonds 1, hearts 2, spades 3. So `2c` is 0, `Ac` 12,
//! `2d` 13, `As` 51. Jokers have face 52.
//!
//! The copy number tells identical cards of a multi-pack deck apart (`As` from the first
//! pack is copy 0, from the second pack copy 1); jokers are numbered the same way.
//!
//! Text form: rank `A 2 3 4 5 6 7 8 9 T J Q K` (`10` accepted), suit `c d h s`
//! (`♣ ♦ ♥ ♠` accepted), e.g. `As`, `Td`, `10h`, `7♠`; a joker is `Jk` (`JK`, `Joker`
//! and `🃏` accepted); a copy other than 0 is written after `#`: `As#1`, `Jk#2`.

use std::fmt;

use crate::error::{CoreError, CoreResult};

pub const RANK_CHARS: [char; 13] = ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A'];
pub const SUIT_CHARS: [char; 4] = ['c', 'd', 'h', 's'];
pub const SUIT_SYMBOLS: [char; 4] = ['♣', '♦', '♥', '♠'];
/// Face index of a joker.
pub const JOKER_FACE: u8 = 52;
/// The highest copy number a card may carry (a copy number fits a deck of 64 packs).
pub const MAX_COPY: u8 = 63;

/// A physical card. Ordered by rank (deuce low, ace high), then suit (c < d < h < s),
/// then copy; jokers after every other card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Card {
    face: u8,
    copy: u8,
}

impl Card {
    /// A standard card from rank (0 = deuce .. 12 = ace) and suit (0 = clubs .. 3 = spades).
    ///
    /// ```
    /// use _core::cards::Card;
    /// assert_eq!(Card::new(12, 3).to_string(), "As");
    /// ```
    pub fn new(rank: u8, suit: u8) -> Card {
        assert!(rank < 13 && suit < 4, "rank or suit out of range");
        Card { face: suit * 13 + rank, copy: 0 }
    }

    /// The card at a face index (0..=52, 52 being the joker) with a copy number.
    pub fn from_face(face: u8, copy: u8) -> CoreResult<Card> {
        if face > JOKER_FACE {
            return Err(CoreError::invalid_argument("index", face, "a card index is 0..=52 (52 is the joker)"));
        }
        if copy > MAX_COPY {
            return Err(CoreError::invalid_argument("copy", copy, format!("a copy number is 0..={MAX_COPY}")));
        }
        Ok(Card { face, copy })
    }

    /// The joker with the given copy number.
    pub fn joker(copy: u8) -> Card {
        Card { face: JOKER_FACE, copy }
    }

    /// Same face, another copy number.
    pub fn with_copy(self, copy: u8) -> Card {
        Card { face: self.face, copy }
    }

    pub fn face(self) -> u8 {
        self.face
    }
    pub fn copy(self) -> u8 {
        self.copy
    }
    pub fn is_joker(self) -> bool {
        self.face == JOKER_FACE
    }
    /// Rank 0 (deuce) .. 12 (ace); `None` for a joker.
    pub fn rank(self) -> Option<u8> {
        (!self.is_joker()).then_some(self.face % 13)
    }
    /// Suit 0 (clubs) .. 3 (spades); `None` for a joker.
    pub fn suit(self) -> Option<u8> {
        (!self.is_joker()).then_some(self.face / 13)
    }

    /// The sort key behind `Ord`: rank, then suit, then copy; jokers last.
    pub fn order_key(self) -> (u8, u8, u8) {
        match (self.rank(), self.suit()) {
            (Some(r), Some(s)) => (r, s, self.copy),
            _ => (13, 0, self.copy),
        }
    }

    /// Parse exactly one card (surrounding whitespace allowed).
    ///
    /// ```
    /// use _core::cards::Card;
    /// assert_eq!(Card::parse("10h").unwrap(), Card::parse("Th").unwrap());
    /// assert!(Card::parse("Xx").is_err());
    /// ```
    pub fn parse(text: &str) -> CoreResult<Card> {
        let cards = parse_cards(text)?;
        match cards.len() {
            1 => Ok(cards[0]),
            0 => Err(CoreError::InvalidCard {
                token: text.to_string(),
                position: 0,
                reason: "empty text where one card was expected".into(),
            }),
            n => Err(CoreError::InvalidCard {
                token: text.trim().to_string(),
                position: 0,
                reason: format!("{n} cards where one was expected"),
            }),
        }
    }
}

impl PartialOrd for Card {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Card {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.order_key().cmp(&other.order_key())
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank(), self.suit()) {
            (Some(r), Some(s)) => write!(f, "{}{}", RANK_CHARS[r as usize], SUIT_CHARS[s as usize])?,
            _ => f.write_str("Jk")?,
        }
        if self.copy != 0 {
            write!(f, "#{}", self.copy)?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Card {
    type Err = CoreError;
    fn from_str(s: &str) -> CoreResult<Card> {
        Card::parse(s)
    }
}

fn rank_of(c: char) -> Option<u8> {
    match c.to_ascii_uppercase() {
        'A' => Some(12),
        'K' => Some(11),
        'Q' => Some(10),
        'J' => Some(9),
        'T' => Some(8),
        d @ '2'..='9' => Some(d as u8 - b'2'),
        _ => None,
    }
}

fn suit_of(c: char) -> Option<u8> {
    match c {
        'c' | 'C' | '♣' | '♧' => Some(0),
        'd' | 'D' | '♦' | '♢' => Some(1),
        'h' | 'H' | '♥' | '♡' => Some(2),
        's' | 'S' | '♠' | '♤' => Some(3),
        _ => None,
    }
}

const SEPARATORS: [char; 5] = [' ', ',', '\t', '\n', '\r'];

/// Parse a list of cards: separated by whitespace or commas, or written together
/// (`"AsKd"`, as hand histories do). Errors name the bad token and its character offset.
///
/// ```
/// use _core::cards::parse_cards;
/// let cards = parse_cards("As, 10h 7♠Jk").unwrap();
/// assert_eq!(cards.iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["As", "Th", "7s", "Jk"]);
/// ```
pub fn parse_cards(text: &str) -> CoreResult<Vec<Card>> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::with_capacity(chars.len() / 2);
    let mut i = 0;
    while i < chars.len() {
        if SEPARATORS.contains(&chars[i]) {
            i += 1;
            continue;
        }
        let start = i;
        let token_end = chars[start..].iter().position(|c| SEPARATORS.contains(c)).map_or(chars.len(), |p| start + p);
        let bad = |reason: &str| CoreError::InvalidCard {
            token: chars[start..token_end].iter().take(40).collect(),
            position: start,
            reason: reason.to_string(),
        };
        let (card, next) = parse_one(&chars, start).map_err(|reason| bad(&reason))?;
        out.push(card);
        i = next;
    }
    Ok(out)
}

/// Parse one card starting at `i`; returns the card and the index after it.
fn parse_one(chars: &[char], i: usize) -> Result<(Card, usize), String> {
    let rest = |k: usize| chars.get(i + k).copied();
    // Jokers: "Jk", "JK", "Joker", "🃏".
    if rest(0) == Some('🃏') {
        return parse_copy(chars, i + 1, Card::joker(0));
    }
    if matches!(rest(0), Some('J' | 'j')) && matches!(rest(1), Some('k' | 'K' | 'o' | 'O')) {
        let word: String = chars[i..chars.len().min(i + 5)].iter().collect::<String>().to_ascii_lowercase();
        if word.starts_with("joker") {
            return parse_copy(chars, i + 5, Card::joker(0));
        }
        if matches!(rest(1), Some('k' | 'K')) {
            return parse_copy(chars, i + 2, Card::joker(0));
        }
        return Err("unknown card; a joker is written Jk or Joker".into());
    }
    let (rank, after_rank) = if rest(0) == Some('1') && rest(1) == Some('0') {
        (8, i + 2)
    } else {
        match rest(0).and_then(rank_of) {
            Some(r) => (r, i + 1),
            None => return Err(format!("{:?} is not a rank (A 2-9 T/10 J Q K) or a joker", rest(0).unwrap_or(' '))),
        }
    };
    let suit = match chars.get(after_rank) {
        None => return Err("missing suit (c d h s or ♣ ♦ ♥ ♠)".into()),
        Some(&c) => match suit_of(c) {
            Some(s) => s,
            None if SEPARATORS.contains(&c) => return Err("missing suit (c d h s or ♣ ♦ ♥ ♠)".into()),
            None => return Err(format!("{c:?} is not a suit (c d h s or ♣ ♦ ♥ ♠)")),
        },
    };
    parse_copy(chars, after_rank + 1, Card::new(rank, suit))
}

/// An optional `#n` copy suffix.
fn parse_copy(chars: &[char], i: usize, card: Card) -> Result<(Card, usize), String> {
    if chars.get(i) != Some(&'#') {
        return Ok((card, i));
    }
    let digits: String = chars[i + 1..].iter().take_while(|c| c.is_ascii_digit()).collect();
    if digits.is_empty() {
        return Err("'#' must be followed by a copy number".into());
    }
    match digits.parse::<u8>() {
        Ok(n) if n <= MAX_COPY => Ok((card.with_copy(n), i + 1 + digits.len())),
        _ => Err(format!("copy number {digits} is out of range 0..={MAX_COPY}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips() {
        for face in 0..=JOKER_FACE {
            for copy in [0, 1, 5, MAX_COPY] {
                let c = Card::from_face(face, copy).unwrap();
                assert_eq!(Card::parse(&c.to_string()).unwrap(), c);
            }
        }
    }

    #[test]
    fn face_index_layout() {
        assert_eq!(Card::parse("2c").unwrap().face(), 0);
        assert_eq!(Card::parse("Ac").unwrap().face(), 12);
        assert_eq!(Card::parse("2d").unwrap().face(), 13);
        assert_eq!(Card::parse("As").unwrap().face(), 51);
        assert_eq!(Card::parse("Jk").unwrap().face(), 52);
    }

    #[test]
    fn alternative_spellings() {
        let th = Card::parse("Th").unwrap();
        assert_eq!(Card::parse("10h").unwrap(), th);
        assert_eq!(Card::parse("10♥").unwrap(), th);
        assert_eq!(Card::parse("tH").unwrap(), th);
        for j in ["Jk", "JK", "Joker", "JOKER", "🃏"] {
            assert!(Card::parse(j).unwrap().is_joker(), "{j}");
        }
        assert_eq!(Card::parse("Jk#2").unwrap(), Card::joker(2));
    }

    #[test]
    fn errors_name_token_and_position() {
        match parse_cards("As Kd 1x Qh") {
            Err(CoreError::InvalidCard { token, position, .. }) => {
                assert_eq!(token, "1x");
                assert_eq!(position, 6);
            }
            other => panic!("{other:?}"),
        }
        for bad in ["A", "Ax", "Zs", "11h", "As#", "As#999", "Jx", "💥", "10"] {
            assert!(parse_cards(bad).is_err(), "{bad}");
        }
        assert!(Card::parse("").is_err());
        assert!(Card::parse("As Kd").is_err());
    }

    #[test]
    fn concatenated_cards() {
        let cards = parse_cards("AsKd10cJk").unwrap();
        let text: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
        assert_eq!(text, ["As", "Kd", "Tc", "Jk"]);
    }

    #[test]
    fn order_is_rank_then_suit_jokers_last() {
        let mut cards = parse_cards("Jk As 2s 2c Ac Kd").unwrap();
        cards.sort();
        let text: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
        assert_eq!(text, ["2c", "2s", "Kd", "Ac", "As", "Jk"]);
    }
}
