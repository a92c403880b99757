//! Public entry points over cards: validation, wild-card specifications, and the five
//! cards a value uses.

use std::collections::HashSet;

use super::generic::{best_high, best_high_limited, Counts, Rules};
use super::tables::eval_mask;
use super::value::{code_of, describe_high, ranks_of, Category, Kind, LOW_BASE, RANK_NAMES, RANK_SYMBOLS};
use crate::cards::Card;
use crate::error::{CoreError, CoreResult};

/// Which cards besides jokers are wild.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Wild {
    #[default]
    None,
    /// Every card of this rank (0 = deuce .. 12 = ace): "deuces wild".
    Rank(u8),
    /// These faces (0..52, copy ignored): "the other three cards of the turned-up rank",
    /// "the middle table card".
    Cards(Vec<u8>),
}

impl Wild {
    /// Whether this specification names `c` wild (jokers are wild regardless).
    pub fn is_wild(&self, c: Card) -> bool {
        match self {
            Wild::None => false,
            Wild::Rank(r) => c.rank() == Some(*r),
            Wild::Cards(faces) => faces.contains(&c.face()),
        }
    }
}

/// How jokers play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Joker {
    /// Fully wild (the default).
    #[default]
    Wild,
    /// The Pai Gow bug: an ace, or any card that completes a straight, flush or
    /// straight flush.
    Bug,
    /// Only ever an ace (another reading of the Pai Gow rule, an option).
    Ace,
}

/// A hand's value plus the five (or fewer) cards that make it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HandValue {
    pub kind: Kind,
    /// Packed value (see `value.rs`); larger is better within one kind.
    pub value: u32,
    /// The cards used, most significant first (wild cards as themselves).
    pub cards: Vec<Card>,
}

fn sym(r: u8) -> char {
    RANK_SYMBOLS[r as usize]
}

impl HandValue {
    pub fn category(&self) -> Category {
        match self.kind {
            Kind::High | Kind::ShortDeck => self.kind.category(code_of(self.value)),
            Kind::AceToFive | Kind::DeuceToSeven => Kind::High.category(code_of(LOW_BASE - self.value)),
            Kind::Badugi => Category::from_index(9 + code_of(self.value) as u8).unwrap_or(Category::OneCard),
            Kind::PaiGowLow => {
                if code_of(self.value) == 1 {
                    Category::Pair
                } else {
                    Category::HighCard
                }
            }
        }
    }

    /// The hand in a player's words: "Full house, kings over fours", "Royal flush",
    /// "Seven-five low: 7-5-4-3-2".
    pub fn describe(&self) -> String {
        let ranks_text =
            |v: &[Card]| v.iter().filter_map(|c| c.rank()).map(|r| sym(r).to_string()).collect::<Vec<_>>().join("-");
        match self.kind {
            Kind::High | Kind::ShortDeck => describe_high(self.category(), ranks_of(self.value)),
            Kind::AceToFive | Kind::DeuceToSeven => {
                let view = LOW_BASE - self.value;
                let r = ranks_of(view);
                let cat = self.category();
                // Ace-to-five views number ranks ace = 0 .. king = 12.
                let a5 = self.kind == Kind::AceToFive;
                let real = |x: u8| if a5 { (x + 12) % 13 } else { x };
                let name = |x: u8| RANK_NAMES[real(x) as usize];
                // The five ranks that play, from the value (so wild cards show the rank they
                // stand for), most significant first.
                let five: Vec<u8> = match cat {
                    Category::Pair => vec![r[0], r[0], r[1], r[2], r[3]],
                    Category::TwoPair => vec![r[0], r[0], r[1], r[1], r[2]],
                    Category::ThreeOfAKind => vec![r[0], r[0], r[0], r[1], r[2]],
                    Category::FullHouse => vec![r[0], r[0], r[0], r[1], r[1]],
                    Category::FourOfAKind => vec![r[0], r[0], r[0], r[0], r[1]],
                    Category::FiveOfAKind => vec![r[0]; 5],
                    Category::Straight | Category::StraightFlush => (0..5).map(|i| r[0].saturating_sub(i)).collect(),
                    _ => r.to_vec(),
                };
                let text = five.iter().map(|&x| sym(real(x)).to_string()).collect::<Vec<_>>().join("-");
                if cat == Category::HighCard {
                    let mut n = name(r[0]).to_string();
                    n[..1].make_ascii_uppercase();
                    format!("{}-{} low: {}", n, name(r[1]), text)
                } else {
                    format!("{} (for low): {}", cat.name(), text)
                }
            }
            Kind::Badugi => format!("{}: {}", self.category().name(), ranks_text(&self.cards)),
            Kind::PaiGowLow => {
                let r = ranks_of(self.value);
                if code_of(self.value) == 1 {
                    format!("Pair of {}", super::value::RANK_PLURALS[r[0] as usize])
                } else {
                    let mut n = RANK_NAMES[r[0] as usize].to_string();
                    n[..1].make_ascii_uppercase();
                    format!("{}-{}", n, RANK_NAMES[r[1] as usize])
                }
            }
        }
    }
}

/// Refuse the same physical card twice.
pub fn check_distinct(cards: &[Card], what: &str) -> CoreResult<()> {
    let mut seen = HashSet::with_capacity(cards.len());
    for &c in cards {
        if !seen.insert(c) {
            return Err(CoreError::DuplicateCard {
                card: c.to_string(),
                reason: format!("{what} holds each physical card once"),
            });
        }
    }
    Ok(())
}

fn check_count(cards: &[Card], min: usize, max: usize, what: &str) -> CoreResult<()> {
    if cards.len() < min || cards.len() > max {
        let want = if min == max { format!("{min}") } else { format!("{min} to {max}") };
        return Err(CoreError::InvalidHand(format!(
            "{what} needs {want} cards, got {}{}",
            cards.len(),
            if cards.is_empty() {
                String::new()
            } else {
                format!(" ({})", cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" "))
            }
        )));
    }
    Ok(())
}

/// The most cards a high hand may have (the table-hand game uses ten).
pub const MAX_HAND: usize = 64;

/// Evaluate the best five-card high hand among `cards` (at least five).
///
/// ```
/// use _core::cards::parse_cards;
/// use _core::poker::{evaluate, Joker, Wild};
/// let v = evaluate(&parse_cards("Kh Kd Ks 4c 4s 2d 9h").unwrap(), &Wild::None, Joker::Wild).unwrap();
/// assert_eq!(v.describe(), "Full house, kings over fours");
/// let w = evaluate(&parse_cards("As Ah Ad Ac Jk").unwrap(), &Wild::None, Joker::Wild).unwrap();
/// assert_eq!(w.describe(), "Five of a kind, aces");
/// ```
pub fn evaluate(cards: &[Card], wild: &Wild, joker: Joker) -> CoreResult<HandValue> {
    check_count(cards, 5, MAX_HAND, "a high hand")?;
    check_distinct(cards, "a hand")?;
    let (naturals, wilds): (Vec<Card>, Vec<Card>) = cards.iter().partition(|&&c| !(c.is_joker() || wild.is_wild(c)));
    let single_pack = naturals.iter().all(|c| c.copy() == 0);
    let value = if wilds.is_empty() && single_pack && cards.len() <= 7 {
        let mask = naturals.iter().fold(0u64, |m, c| m | 1 << c.face());
        eval_mask(mask)
    } else {
        let mut counts = Counts::default();
        for c in &naturals {
            counts.add(c.rank().unwrap_or(0), c.suit().unwrap_or(0));
        }
        let jokers = wilds.iter().filter(|c| c.is_joker()).count() as u8;
        let other_wilds = wilds.len() as u8 - jokers;
        match joker {
            Joker::Wild => {
                counts.wild = jokers + other_wilds;
                best_high(&counts, &Rules::HIGH)
            }
            Joker::Ace | Joker::Bug => {
                // Jokers as aces (no suit: an ace of any suit, possibly one held).
                let mut as_aces = counts;
                as_aces.ranks[12] += jokers;
                as_aces.wild = other_wilds;
                let ace_value = best_high(&as_aces, &Rules::HIGH);
                if joker == Joker::Bug && jokers > 0 {
                    let mut free = counts;
                    free.wild = jokers + other_wilds;
                    ace_value.max(best_high_limited(&free, &Rules::HIGH, true))
                } else {
                    ace_value
                }
            }
        }
    };
    Ok(HandValue { kind: Kind::High, value, cards: cards_used(Kind::High, value, &naturals, &wilds) })
}

/// Evaluate the best five-card short-deck (6 to ace) hand: flush beats full house and
/// A-6-7-8-9 is the lowest straight. Cards below six are an error.
pub fn evaluate_short_deck(cards: &[Card]) -> CoreResult<HandValue> {
    check_count(cards, 5, MAX_HAND, "a short-deck hand")?;
    check_distinct(cards, "a hand")?;
    let mut counts = Counts::default();
    let mut wilds = Vec::new();
    let mut naturals = Vec::new();
    for &c in cards {
        match (c.rank(), c.suit()) {
            (Some(r), Some(s)) => {
                if r < 4 {
                    return Err(CoreError::InvalidHand(format!("{c} is not in the short deck (six to ace)")));
                }
                counts.add(r, s);
                naturals.push(c);
            }
            _ => {
                counts.wild += 1;
                wilds.push(c);
            }
        }
    }
    let value = best_high(&counts, &Rules::SHORT_DECK);
    Ok(HandValue { kind: Kind::ShortDeck, value, cards: cards_used(Kind::ShortDeck, value, &naturals, &wilds) })
}

/// Straight ranks from the top down for a straight topped by `top` under `kind`.
fn straight_ranks(kind: Kind, top: u8) -> [u8; 5] {
    let lowest_top = if kind == Kind::ShortDeck { 7 } else { 3 };
    if top == lowest_top {
        [top, top - 1, top - 2, top - 3, 12]
    } else {
        [top, top - 1, top - 2, top - 3, top - 4]
    }
}

/// Choose the physical cards behind a high value: natural cards first, wild cards for
/// what is missing. Slots are (rank, required suit).
pub fn cards_used(kind: Kind, value: u32, naturals: &[Card], wilds: &[Card]) -> Vec<Card> {
    let cat = kind.category(code_of(value));
    let r = ranks_of(value);
    let ranks: Vec<u8> = match cat {
        Category::FiveOfAKind => vec![r[0]; 5],
        Category::StraightFlush | Category::Straight => straight_ranks(kind, r[0]).to_vec(),
        Category::FourOfAKind => vec![r[0], r[0], r[0], r[0], r[1]],
        Category::FullHouse => vec![r[0], r[0], r[0], r[1], r[1]],
        Category::Flush | Category::HighCard => r.to_vec(),
        Category::ThreeOfAKind => vec![r[0], r[0], r[0], r[1], r[2]],
        Category::TwoPair => vec![r[0], r[0], r[1], r[1], r[2]],
        Category::Pair => vec![r[0], r[0], r[1], r[2], r[3]],
        _ => vec![],
    };
    let suited = matches!(cat, Category::StraightFlush | Category::Flush);
    let fill = |suit: Option<u8>| -> Option<Vec<Card>> {
        let mut used = vec![false; naturals.len()];
        let mut w = 0;
        let mut out = Vec::with_capacity(5);
        for &rank in &ranks {
            let found = naturals
                .iter()
                .enumerate()
                .find(|(i, c)| !used[*i] && c.rank() == Some(rank) && (suit.is_none() || c.suit() == suit));
            match found {
                Some((i, &c)) => {
                    used[i] = true;
                    out.push(c);
                }
                None if w < wilds.len() => {
                    out.push(wilds[w]);
                    w += 1;
                }
                None => return None,
            }
        }
        Some(out)
    };
    if suited {
        (0..4).find_map(|s| fill(Some(s))).unwrap_or_default()
    } else {
        fill(None).unwrap_or_default()
    }
}
