//! `Deck`: an ordered pile of physical cards, top first. Multi-pack decks keep every
//! card distinct through its copy number, so card conservation stays checkable.

use std::collections::HashSet;

use super::card::{Card, JOKER_FACE};
use super::rng::Rng;
use crate::error::{CoreError, CoreResult};

/// The most packs a deck may have (copy numbers 0..=63).
pub const MAX_PACKS: u32 = 64;

#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Deck {
    cards: Vec<Card>,
}

impl Deck {
    /// A deck from cards in order, top first. The same physical card twice is an error.
    pub fn new(cards: Vec<Card>) -> CoreResult<Deck> {
        let mut seen = HashSet::with_capacity(cards.len());
        for &c in &cards {
            if !seen.insert(c) {
                return Err(CoreError::DuplicateCard {
                    card: c.to_string(),
                    reason: "a deck holds each physical card once; number the copies (As#1) for several packs".into(),
                });
            }
        }
        Ok(Deck { cards })
    }

    /// `packs` standard packs then `jokers` jokers, in face order: pack 0's 2c..As, pack
    /// 1's 2c#1..As#1, ..., then Jk, Jk#1, ...
    ///
    /// ```
    /// use _core::cards::Deck;
    /// let d = Deck::standard(2, 2).unwrap();
    /// assert_eq!(d.len(), 106);
    /// assert_eq!(d.cards()[52].to_string(), "2c#1");
    /// ```
    pub fn standard(packs: u32, jokers: u32) -> CoreResult<Deck> {
        Self::from_ranks(packs, jokers, 0)
    }

    /// Packs stripped of every rank below `lowest_rank` (0 = deuce). The short deck
    /// (6 to ace, 36 cards) is `stripped(1, 0, 4)`.
    pub fn stripped(packs: u32, jokers: u32, lowest_rank: u8) -> CoreResult<Deck> {
        if lowest_rank > 12 {
            return Err(CoreError::invalid_argument(
                "lowest_rank",
                lowest_rank,
                "a rank index is 0 (deuce) ..= 12 (ace)",
            ));
        }
        Self::from_ranks(packs, jokers, lowest_rank)
    }

    fn from_ranks(packs: u32, jokers: u32, lowest_rank: u8) -> CoreResult<Deck> {
        if !(1..=MAX_PACKS).contains(&packs) {
            return Err(CoreError::invalid_argument("packs", packs, format!("a deck has 1..={MAX_PACKS} packs")));
        }
        if jokers > MAX_PACKS {
            return Err(CoreError::invalid_argument(
                "jokers",
                jokers,
                format!("a deck has at most {MAX_PACKS} jokers"),
            ));
        }
        let mut cards = Vec::with_capacity(packs as usize * 52 + jokers as usize);
        for pack in 0..packs as u8 {
            for face in 0..JOKER_FACE {
                if face % 13 >= lowest_rank {
                    cards.push(Card::from_face(face, pack)?);
                }
            }
        }
        cards.extend((0..jokers as u8).map(Card::joker));
        Ok(Deck { cards })
    }

    pub fn cards(&self) -> &[Card] {
        &self.cards
    }
    pub fn into_cards(self) -> Vec<Card> {
        self.cards
    }
    pub fn len(&self) -> usize {
        self.cards.len()
    }
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// A shuffled copy: Fisher-Yates with [`Rng`] (see `rng.rs` for the exact algorithm).
    pub fn shuffled(&self, seed: u64, stream: u64) -> Deck {
        let mut cards = self.cards.clone();
        Rng::with_stream(seed, stream).shuffle(&mut cards);
        Deck { cards }
    }

    /// Deal `per_hand` cards to each of `hands` hands, one card at a time in turn from
    /// the top; returns the hands and the rest of the deck.
    ///
    /// ```
    /// use _core::cards::Deck;
    /// let (hands, rest) = Deck::standard(1, 0).unwrap().deal(2, 3).unwrap();
    /// assert_eq!(hands[0].iter().map(|c| c.to_string()).collect::<Vec<_>>(), ["2c", "4c", "6c"]);
    /// assert_eq!(rest.len(), 46);
    /// ```
    pub fn deal(&self, hands: usize, per_hand: usize) -> CoreResult<(Vec<Vec<Card>>, Deck)> {
        let need = hands.checked_mul(per_hand).filter(|&n| n <= self.cards.len()).ok_or_else(|| {
            CoreError::invalid_argument(
                "per_hand",
                per_hand,
                format!("{hands} hands of {per_hand} need more than the {} cards in the deck", self.cards.len()),
            )
        })?;
        let mut out = vec![Vec::with_capacity(per_hand); hands];
        for (i, &c) in self.cards[..need].iter().enumerate() {
            out[i % hands].push(c);
        }
        Ok((out, Deck { cards: self.cards[need..].to_vec() }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(Deck::standard(1, 0).unwrap().len(), 52);
        assert_eq!(Deck::standard(1, 1).unwrap().len(), 53);
        assert_eq!(Deck::standard(2, 2).unwrap().len(), 106);
        assert_eq!(Deck::stripped(1, 0, 4).unwrap().len(), 36);
        assert!(Deck::standard(0, 0).is_err());
        assert!(Deck::standard(65, 0).is_err());
    }

    #[test]
    fn multi_pack_cards_are_distinct() {
        let d = Deck::standard(2, 2).unwrap();
        let set: HashSet<Card> = d.cards().iter().copied().collect();
        assert_eq!(set.len(), 106);
        assert!(Deck::new(vec![Card::new(1, 1), Card::new(1, 1)]).is_err());
    }

    #[test]
    fn shuffled_is_seeded_permutation() {
        let d = Deck::standard(1, 1).unwrap();
        let a = d.shuffled(42, 0);
        assert_eq!(a, d.shuffled(42, 0));
        assert_ne!(a, d.shuffled(43, 0));
        assert_ne!(a, d.shuffled(42, 1));
        let mut sorted = a.clone().into_cards();
        sorted.sort();
        let mut orig = d.into_cards();
        orig.sort();
        assert_eq!(sorted, orig);
    }

    #[test]
    fn deal_refuses_too_many() {
        assert!(Deck::standard(1, 0).unwrap().deal(6, 9).is_err());
        assert!(Deck::standard(1, 0).unwrap().deal(usize::MAX, 2).is_err());
    }
}
