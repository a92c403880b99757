//! `CardSet`: a set of cards from one pack as a 64-bit mask.
//!
//! Bit `i` for `i < 52` is the standard card with face index `i` (`suit * 13 + rank`,
//! see [`Card`]); bits 52..=63 are jokers with copy numbers 0..=11. A set cannot hold a
//! second copy of a standard card (that needs a multi-pack hand, a list of cards).
//! Iteration goes from the lowest bit up: clubs 2..A, diamonds, hearts, spades, jokers.

use std::fmt;
use std::ops::{BitAnd, BitOr, BitXor, Not, Sub};

use super::card::{parse_cards, parse_plain_mask, Card, JOKER_FACE};
use crate::error::{CoreError, CoreResult};

/// Mask of the 52 standard cards.
pub const STANDARD_MASK: u64 = (1 << 52) - 1;
/// Mask of the 13 cards of one suit (clubs), shifted by `13 * suit` for the others.
pub const SUIT_MASK: u64 = (1 << 13) - 1;
/// How many distinct jokers a set can hold.
pub const MAX_JOKERS: u8 = 12;

#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct CardSet(pub u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    /// The 52 standard cards.
    pub const STANDARD: CardSet = CardSet(STANDARD_MASK);

    /// The bit of a card, or an error for a card a set cannot hold.
    ///
    /// ```
    /// use _core::cards::{Card, CardSet};
    /// assert_eq!(CardSet::bit(Card::parse("2c").unwrap()).unwrap(), 0);
    /// assert_eq!(CardSet::bit(Card::parse("Jk#1").unwrap()).unwrap(), 53);
    /// ```
    pub fn bit(card: Card) -> CoreResult<u32> {
        if card.is_joker() {
            if card.copy() < MAX_JOKERS {
                return Ok(JOKER_FACE as u32 + card.copy() as u32);
            }
            return Err(CoreError::invalid_argument(
                "card",
                card,
                format!("a CardSet holds jokers Jk..Jk#{}", MAX_JOKERS - 1),
            ));
        }
        if card.copy() != 0 {
            return Err(CoreError::invalid_argument(
                "card",
                card,
                "a CardSet holds one pack; use a list of cards for several packs",
            ));
        }
        Ok(card.face() as u32)
    }

    /// The card at a bit (0..64).
    pub fn card_at(bit: u32) -> Card {
        debug_assert!(bit < 64);
        if bit < JOKER_FACE as u32 {
            Card::from_face(bit as u8, 0).expect("bit < 52")
        } else {
            Card::joker((bit - JOKER_FACE as u32) as u8)
        }
    }

    /// Build a set from cards; a card given twice is an error.
    pub fn from_cards<I: IntoIterator<Item = Card>>(cards: I) -> CoreResult<CardSet> {
        let mut mask = 0u64;
        for card in cards {
            let bit = 1u64 << Self::bit(card)?;
            if mask & bit != 0 {
                return Err(CoreError::DuplicateCard {
                    card: card.to_string(),
                    reason: "a card set holds each card once".into(),
                });
            }
            mask |= bit;
        }
        Ok(CardSet(mask))
    }

    /// Parse `"As Kd Qh"` (or `"AsKdQh"`).
    ///
    /// ```
    /// use _core::cards::CardSet;
    /// let s = CardSet::parse("As Kd Qh").unwrap();
    /// assert_eq!(s.len(), 3);
    /// assert_eq!(s.to_string(), "Qh Kd As");
    /// ```
    pub fn parse(text: &str) -> CoreResult<CardSet> {
        if let Some((mask, _)) = parse_plain_mask(text.as_bytes()) {
            return Ok(CardSet(mask));
        }
        Self::from_cards(parse_cards(text)?)
    }

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn contains(self, card: Card) -> bool {
        Self::bit(card).is_ok_and(|b| self.0 >> b & 1 == 1)
    }
    pub fn is_subset(self, other: CardSet) -> bool {
        self.0 & !other.0 == 0
    }
    pub fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }
    /// The 13-bit rank mask of one suit (bit 0 = deuce, bit 12 = ace).
    pub fn suit_mask(self, suit: u8) -> u16 {
        (self.0 >> (13 * suit as u32) & SUIT_MASK) as u16
    }
    /// How many cards of each rank (index 0 = deuce .. 12 = ace); jokers not counted.
    pub fn rank_counts(self) -> [u8; 13] {
        let mut counts = [0u8; 13];
        for suit in 0..4 {
            let m = self.suit_mask(suit);
            for (r, c) in counts.iter_mut().enumerate() {
                *c += (m >> r & 1) as u8;
            }
        }
        counts
    }
    /// Ranks present in any suit, as a 13-bit mask.
    pub fn rank_mask(self) -> u16 {
        (0..4).fold(0, |acc, s| acc | self.suit_mask(s))
    }
    /// Number of jokers in the set.
    pub fn jokers(self) -> u32 {
        (self.0 >> JOKER_FACE).count_ones()
    }
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

/// Iterates a set from the lowest bit up.
pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(CardSet::card_at(bit))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}
impl ExactSizeIterator for CardSetIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, o: CardSet) -> CardSet {
        CardSet(self.0 | o.0)
    }
}
impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, o: CardSet) -> CardSet {
        CardSet(self.0 & o.0)
    }
}
impl BitXor for CardSet {
    type Output = CardSet;
    fn bitxor(self, o: CardSet) -> CardSet {
        CardSet(self.0 ^ o.0)
    }
}
impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, o: CardSet) -> CardSet {
        CardSet(self.0 & !o.0)
    }
}
/// Complement within the 52 standard cards.
impl Not for CardSet {
    type Output = CardSet;
    fn not(self) -> CardSet {
        CardSet(!self.0 & STANDARD_MASK)
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut cards: Vec<Card> = self.iter().collect();
        cards.sort();
        for (i, c) in cards.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::BTreeSet;

    #[test]
    fn helpers() {
        let s = CardSet::parse("As Ah Ac 2s Kd Jk").unwrap();
        assert_eq!(s.len(), 6);
        assert_eq!(s.jokers(), 1);
        assert_eq!(s.suit_mask(3), 1 << 12 | 1);
        assert_eq!(s.rank_counts()[12], 3);
        assert_eq!(s.rank_counts()[0], 1);
        assert_eq!(s.rank_mask(), 1 << 12 | 1 << 11 | 1);
        assert!(s.contains(Card::parse("Kd").unwrap()));
        assert!(!s.contains(Card::parse("Kd#1").unwrap()));
    }

    #[test]
    fn refuses_duplicates_and_second_copies() {
        assert!(matches!(CardSet::parse("As As"), Err(CoreError::DuplicateCard { .. })));
        assert!(matches!(CardSet::parse("As#1"), Err(CoreError::InvalidArgument { .. })));
        assert!(CardSet::parse("Jk Jk#1 Jk#11").is_ok());
        assert!(CardSet::parse("Jk#12").is_err());
    }

    #[test]
    fn complement_stays_in_the_pack() {
        assert_eq!(!CardSet::EMPTY, CardSet::STANDARD);
        assert_eq!((!CardSet::parse("Jk").unwrap()).len(), 52);
    }

    proptest! {
        #[test]
        fn algebra_matches_btreeset(a in any::<u64>(), b in any::<u64>()) {
            let (x, y) = (CardSet(a), CardSet(b));
            let sx: BTreeSet<u32> = (0..64).filter(|i| a >> i & 1 == 1).collect();
            let sy: BTreeSet<u32> = (0..64).filter(|i| b >> i & 1 == 1).collect();
            let bits = |s: CardSet| s.iter().map(|c| CardSet::bit(c).unwrap()).collect::<BTreeSet<u32>>();
            prop_assert_eq!(bits(x | y), &sx | &sy);
            prop_assert_eq!(bits(x & y), &sx & &sy);
            prop_assert_eq!(bits(x - y), &sx - &sy);
            prop_assert_eq!(bits(x ^ y), &sx ^ &sy);
            prop_assert_eq!(x.len() as usize, sx.len());
            prop_assert_eq!(CardSet::parse(&x.to_string()).unwrap(), x);
        }
    }
}
