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
    let mut out = Vec::with_capacity(text.len() / 2);
    if parse_plain(text.as_bytes(), |face| out.push(Card { face, copy: 0 })) {
        return Ok(out);
    }
    parse_general(text)
}

/// Byte classes of the plain text form, one table lookup per byte: a rank byte holds its
/// rank (0..=12), a suit byte `SUIT_BYTE | suit`, a separator `SEP_BYTE`; every other
/// byte (`1` of `10`, `#`, the first byte of a suit symbol or of `🃏`, a bad character)
/// is `OTHER_BYTE`, which sends the text to the general parser. No byte is both a rank
/// and a suit (`c d h s` are not ranks), so one table serves both positions.
const SUIT_BYTE: u8 = 0x20;
const SEP_BYTE: u8 = 0x40;
const OTHER_BYTE: u8 = 0x80;
static BYTE_CLASS: [u8; 256] = byte_classes();

const fn byte_classes() -> [u8; 256] {
    let mut t = [OTHER_BYTE; 256];
    let ranks = *b"23456789TJQKA";
    let mut r = 0;
    while r < 13 {
        t[ranks[r] as usize] = r as u8;
        t[ranks[r].to_ascii_lowercase() as usize] = r as u8;
        r += 1;
    }
    let suits = *b"cdhs";
    let mut s = 0;
    while s < 4 {
        t[suits[s] as usize] = SUIT_BYTE | s as u8;
        t[suits[s].to_ascii_uppercase() as usize] = SUIT_BYTE | s as u8;
        s += 1;
    }
    let seps = *b" ,\t\n\r";
    let mut k = 0;
    while k < seps.len() {
        t[seps[k] as usize] = SEP_BYTE;
        k += 1;
    }
    t
}

/// The fast path of [`parse_cards`]: one pass over the bytes of text written only with
/// two-byte ASCII cards (`As`, `td`, `7H`), separated as `parse_cards` allows or written
/// together. Calls `f` with each card's face index in order and returns true; returns
/// false (after calling `f` for some prefix) on anything else - `10`, jokers, suit
/// symbols, copy numbers or a mistake - which the general parser then reads again, so
/// errors keep their token and position. Accepts exactly a subset of what the general
/// parser accepts, with the same cards (checked against it in the tests).
#[inline]
pub fn parse_plain(text: &[u8], mut f: impl FnMut(u8)) -> bool {
    let mut i = 0;
    while i < text.len() {
        let rank = BYTE_CLASS[text[i] as usize];
        if rank == SEP_BYTE {
            i += 1;
            continue;
        }
        // A rank byte must be followed by a suit byte (`get` also covers the end).
        let suit = text.get(i + 1).map_or(OTHER_BYTE, |&b| BYTE_CLASS[b as usize]);
        if rank >= 13 || suit & !3 != SUIT_BYTE {
            return false;
        }
        f((suit & 3) * 13 + rank);
        i += 2;
    }
    true
}

/// The cards of plain text (see [`parse_plain`]) as a mask of face indices and a count,
/// or `None` when the text is not plain or names a card twice (the general parser then
/// gives the cards or the error).
#[inline]
pub fn parse_plain_mask(text: &[u8]) -> Option<(u64, u32)> {
    let (mut mask, mut n, mut repeated) = (0u64, 0u32, false);
    let plain = parse_plain(text, |face| {
        let bit = 1u64 << face;
        repeated |= mask & bit != 0;
        mask |= bit;
        n += 1;
    });
    (plain && !repeated).then_some((mask, n))
}

/// The general parser: every spelling, and the errors with their token and position.
fn parse_general(text: &str) -> CoreResult<Vec<Card>> {
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
    use proptest::prelude::*;

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

    /// Texts made of the pieces the parsers treat differently: plain cards, every other
    /// spelling, separators and mistakes.
    fn pieces() -> impl Strategy<Value = String> {
        // Plain cards and separators weigh most, so that many texts take the fast path.
        let piece = prop_oneof![
            12 => "[2-9TJQKAtjqka][cdhsCDHS]",
            1 => Just("10h".to_string()),
            1 => Just("Jk".to_string()),
            1 => Just("joker".to_string()),
            1 => Just("7♠".to_string()),
            1 => Just("#1".to_string()),
            1 => Just("🃏".to_string()),
            6 => "[ ,\t\n\r]{1,2}",
            1 => "[0-9A-Za-z#]",
        ];
        proptest::collection::vec(piece, 0..12).prop_map(|v| v.concat())
    }

    proptest! {
        /// The plain fast path accepts a subset of what the general parser accepts, with
        /// the same cards; wherever it declines, the general parser's answer (cards or an
        /// error naming token and position) is what `parse_cards` returns.
        #[test]
        fn plain_path_agrees_with_the_general_parser(text in pieces()) {
            let general = parse_general(&text);
            let mut faces = Vec::new();
            if parse_plain(text.as_bytes(), |f| faces.push(f)) {
                let cards = general.as_ref().expect("plain text parses");
                prop_assert_eq!(cards.iter().map(|c| c.face()).collect::<Vec<_>>(), faces);
                prop_assert!(cards.iter().all(|c| c.copy() == 0));
            }
            prop_assert_eq!(format!("{:?}", parse_cards(&text)), format!("{:?}", general));
            match parse_plain_mask(text.as_bytes()) {
                Some((mask, n)) => {
                    let cards = parse_general(&text).expect("plain text parses");
                    prop_assert_eq!(n as usize, cards.len());
                    prop_assert_eq!(mask, cards.iter().fold(0u64, |m, c| m | 1 << c.face()));
                    prop_assert_eq!(mask.count_ones(), n, "no card twice");
                }
                None => {
                    let plain = parse_plain(text.as_bytes(), |_| ());
                    let distinct = general.as_ref().map(|c| {
                        c.iter().map(|c| c.face()).collect::<std::collections::BTreeSet<_>>().len() == c.len()
                    });
                    prop_assert!(!plain || distinct == Ok(false), "declined plain text without a repeat");
                }
            }
        }
    }

    #[test]
    fn plain_path_every_card_and_separator() {
        for face in 0..52u8 {
            let c = Card::from_face(face, 0).unwrap();
            for text in [c.to_string(), c.to_string().to_ascii_lowercase(), c.to_string().to_ascii_uppercase()] {
                let mut got = Vec::new();
                assert!(parse_plain(text.as_bytes(), |f| got.push(f)), "{text}");
                assert_eq!(got, [face], "{text}");
            }
        }
        assert_eq!(parse_plain_mask(b" As,\tKd\r\nQhJc"), Some((1 << 51 | 1 << 24 | 1 << 36 | 1 << 9, 4)));
        assert_eq!(parse_plain_mask(b""), Some((0, 0)));
        for declined in ["As As", "10h", "Jk", "As#1", "7♠", "A", "As K", "Ax", "💥"] {
            assert_eq!(parse_plain_mask(declined.as_bytes()), None, "{declined}");
        }
    }

    #[test]
    fn order_is_rank_then_suit_jokers_last() {
        let mut cards = parse_cards("Jk As 2s 2c Ac Kd").unwrap();
        cards.sort();
        let text: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
        assert_eq!(text, ["2c", "2s", "Kd", "Ac", "As", "Jk"]);
    }
}
