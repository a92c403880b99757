//! Cards, card sets, decks and the seeded random number generator.

mod card;
mod deck;
mod rng;
mod set;

pub use card::{
    parse_cards, parse_plain, parse_plain_mask, Card, JOKER_FACE, MAX_COPY, RANK_CHARS, SUIT_CHARS, SUIT_SYMBOLS,
};
pub use deck::{Deck, MAX_PACKS};
pub use rng::Rng;
pub use set::{CardSet, CardSetIter, MAX_JOKERS, STANDARD_MASK, SUIT_MASK};
