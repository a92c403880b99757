//! Indian Rummy declarations: a hand is shown as melds with at least two sequences (runs),
//! one of them pure - no wild card, except a wild-rank card in its own natural place.
//!
//! [`declaration`] finds, exactly, the arrangement of a hand that meets that condition
//! with the least count of unmatched cards (ties: the first found), or says that none
//! exists. The count of a losing hand follows from it ([`indian_count`]): its unmatched
//! cards, or every card when the hand has no two sequences including a pure one, capped.
//!
//! The search: every pure sequence P of the hand (its runs with wild cards treated as
//! natural cards, printed jokers left out), then every run Q of the rest (wild cards
//! allowed), then the least deadwood of what is left, by the exact meld search. Every
//! arrangement with two sequences, one pure, holds such a P and Q, so the minimum is
//! exact.
//!
//! ```
//! use _core::cards::parse_cards;
//! use _core::rummy::{declaration, MeldRules};
//! let rules = MeldRules { jokers_wild: true, joker_value: 0, hand_size: 0, ..MeldRules::basic() };
//! let hand = parse_cards("3h 4h 5h 7c Jk 9c Kd Ks Kh 2s 2d 2c Ah").unwrap();
//! let d = declaration(&hand, &rules).unwrap().unwrap();
//! assert_eq!(d.deadwood_value, 1); // 3-4-5h pure, 7c-Jk-9c, K-K-K, 2-2-2; the Ah left
//! ```

use super::enumerate::all_melds;
use super::meld::{Arrangement, MeldKind};
use super::rules::MeldRules;
use super::{best_melds, deadwood};
use crate::cards::Card;
use crate::error::CoreResult;

fn without(hand: &[Card], used: &[Card]) -> Vec<Card> {
    let mut rest = hand.to_vec();
    for c in used {
        if let Some(i) = rest.iter().position(|h| h == c) {
            rest.remove(i);
        }
    }
    rest
}

/// The arrangement of `hand` with two sequences, one pure, and the least deadwood; `None`
/// if the hand holds no such pair of sequences. The arrangement's first meld is the pure
/// sequence, the second the other sequence.
pub fn declaration(hand: &[Card], rules: &MeldRules) -> CoreResult<Option<Arrangement>> {
    rules.validate()?;
    rules.check_hand(hand)?;
    let natural = MeldRules { jokers_wild: false, wild_ranks: 0, ..rules.clone() };
    let no_jokers: Vec<Card> = hand.iter().copied().filter(|c| !c.is_joker()).collect();
    let mut best: Option<(u32, Vec<super::meld::Meld>, Arrangement)> = None;
    for pure in all_melds(&no_jokers, &natural)?.into_iter().filter(|m| m.kind == MeldKind::Run) {
        let rest = without(hand, &pure.cards);
        for other in all_melds(&rest, rules)?.into_iter().filter(|m| m.kind == MeldKind::Run) {
            let left = without(&rest, &other.cards);
            let value = deadwood(&left, rules)?;
            if best.as_ref().map_or(true, |(b, _, _)| value < *b) {
                let arr = best_melds(&left, rules)?;
                // The pure sequence as read under the game's rules (its wild-rank cards
                // standing for themselves).
                let pure_read = super::meld::Meld { kind: MeldKind::Run, ..pure.clone() };
                best = Some((value, vec![pure_read, other], arr));
                if value == 0 {
                    break;
                }
            }
        }
        if best.as_ref().is_some_and(|(b, _, _)| *b == 0) {
            break;
        }
    }
    Ok(best.map(|(_, mut melds, arr)| {
        melds.extend(arr.melds);
        Arrangement { melds, deadwood: arr.deadwood, deadwood_value: arr.deadwood_value, ..Default::default() }
    }))
}

/// The count of a losing Indian Rummy hand: the unmatched cards of its best declaration,
/// or the value of every card when it has no two sequences including a pure one; at most
/// `cap` (80).
pub fn indian_count(hand: &[Card], rules: &MeldRules, cap: u32) -> CoreResult<u32> {
    let count = match declaration(hand, rules)? {
        Some(arr) => arr.deadwood_value,
        None => hand.iter().map(|&c| rules.value(c)).sum(),
    };
    Ok(count.min(cap))
}
