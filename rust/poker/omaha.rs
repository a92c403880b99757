//! Omaha: exactly two of the hole cards (four, five or six) and exactly three of the
//! board. High, and the eight-or-better low of Omaha hi-lo.

use super::hand::{check_distinct, HandValue};
use super::lows::{a5_view, for_each_subset, qualifies_eight};
use super::tables::{tables, Hand, Tables};
use super::value::{Kind, LOW_BASE};
use crate::cards::Card;
use crate::error::{CoreError, CoreResult};

fn check(hole: &[Card], board: &[Card]) -> CoreResult<()> {
    if !(2..=6).contains(&hole.len()) {
        return Err(CoreError::InvalidHand(format!(
            "Omaha needs 4, 5 or 6 hole cards (at least 2), got {}",
            hole.len()
        )));
    }
    if !(3..=5).contains(&board.len()) {
        return Err(CoreError::InvalidHand(format!("an Omaha board has 3 to 5 cards, got {}", board.len())));
    }
    let all: Vec<Card> = hole.iter().chain(board).copied().collect();
    check_distinct(&all, "hole cards and board together")?;
    if let Some(c) = all.iter().find(|c| c.is_joker() || c.copy() != 0) {
        return Err(CoreError::InvalidHand(format!("Omaha is played with one standard pack, got {c}")));
    }
    Ok(())
}

/// Partial hands of every `k`-subset of `cards` (face indices).
pub fn subset_hands(t: &Tables, faces: &[usize], k: usize) -> Vec<Hand> {
    let mut out = Vec::new();
    for_each_subset(faces.len(), k, &mut |idx| {
        out.push(idx.iter().fold(Hand::EMPTY, |h, &i| h.add(t, faces[i])));
    });
    out
}

/// Best value over every hole pair joined with every board triple.
#[inline]
pub fn best_of(t: &Tables, pairs: &[Hand], triples: &[Hand]) -> u32 {
    let mut best = 0;
    for &p in pairs {
        for &b in triples {
            best = best.max(p.join(b).value(t));
        }
    }
    best
}

/// The best Omaha high hand.
///
/// ```
/// use _core::cards::parse_cards;
/// use _core::poker::omaha::evaluate_omaha;
/// // Four spades in the hand and one on the board is no flush: two from the hand only.
/// let v = evaluate_omaha(&parse_cards("As Ks Qs Js").unwrap(), &parse_cards("Ts 2c 3d 8h 4h").unwrap()).unwrap();
/// assert_eq!(v.describe(), "Ace high, king-ten-eight-four");
/// ```
pub fn evaluate_omaha(hole: &[Card], board: &[Card]) -> CoreResult<HandValue> {
    check(hole, board)?;
    let t = tables();
    let mut best = (0u32, Vec::new());
    for_each_subset(hole.len(), 2, &mut |hi| {
        for_each_subset(board.len(), 3, &mut |bi| {
            let cards: Vec<Card> = hi.iter().map(|&i| hole[i]).chain(bi.iter().map(|&i| board[i])).collect();
            let h = cards.iter().fold(Hand::EMPTY, |h, c| h.add(t, c.face() as usize));
            let v = h.value(t);
            if v > best.0 {
                best = (v, cards);
            }
        });
    });
    let cards = super::hand::cards_used(Kind::High, best.0, &best.1, &[]);
    Ok(HandValue { kind: Kind::High, value: best.0, cards })
}

/// The Omaha hi-lo low: eight or better with two hole and three board cards, or `None`.
pub fn evaluate_omaha_low(hole: &[Card], board: &[Card]) -> CoreResult<Option<HandValue>> {
    check(hole, board)?;
    let mut best: Option<(u32, Vec<Card>)> = None;
    for_each_subset(hole.len(), 2, &mut |hi| {
        for_each_subset(board.len(), 3, &mut |bi| {
            let cards: Vec<Card> = hi.iter().map(|&i| hole[i]).chain(bi.iter().map(|&i| board[i])).collect();
            let view = a5_view(cards.iter().filter_map(|c| c.rank()));
            let value = LOW_BASE - view;
            if qualifies_eight(value) && best.as_ref().is_none_or(|b| value > b.0) {
                best = Some((value, cards));
            }
        });
    });
    Ok(best.map(|(value, mut cards)| {
        cards.sort_by_key(|c| std::cmp::Reverse((c.rank().unwrap_or(0) + 1) % 13));
        HandValue { kind: Kind::AceToFive, value, cards }
    }))
}
