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
use super::meld::{Arrangement, Meld, MeldKind};
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
    declaration_with_life(hand, rules, 0)
}

/// The count of a losing Indian Rummy hand: the unmatched cards of its best declaration,
/// or the value of every card when it has no two sequences including a pure one; at most
/// `cap` (80).
pub fn indian_count(hand: &[Card], rules: &MeldRules, cap: u32) -> CoreResult<u32> {
    indian_count_with_life(hand, rules, cap, 0)
}

/// [`declaration`] where one life - one of the two sequences the declaration needs - must
/// hold `life` cards or more (Indian Rummy's house rule "one life of four or more cards":
/// `life` 4; 0 or anything up to the shortest run: no such rule). The arrangement's
/// first meld is the pure sequence, the second the other sequence; when neither is long
/// enough, a third, long sequence follows them.
///
/// The search: as [`declaration`], and when neither P nor Q is long enough, every run L of
/// `life` cards or more of what is left, then the least deadwood of the rest. An
/// arrangement meeting the rule holds two sequences, one pure, and a sequence of `life`
/// or more cards; that long one is P, Q or a third run, so every such arrangement is
/// reached.
///
/// ```
/// use _core::cards::parse_cards;
/// use _core::rummy::{declaration_with_life, MeldRules};
/// let rules = MeldRules { jokers_wild: true, joker_value: 0, hand_size: 0, ..MeldRules::basic() };
/// let short = parse_cards("3h 4h 5h 7c Jk 9c Kd Ks Kh 2s 2d 2c Ah").unwrap();
/// assert!(declaration_with_life(&short, &rules, 4).unwrap().is_none()); // no run of four
/// let long = parse_cards("3h 4h 5h 6h 7c Jk 9c Kd Ks Kh 2s 2d 2c").unwrap();
/// assert_eq!(declaration_with_life(&long, &rules, 4).unwrap().unwrap().deadwood_value, 0);
/// ```
pub fn declaration_with_life(hand: &[Card], rules: &MeldRules, life: u8) -> CoreResult<Option<Arrangement>> {
    rules.validate()?;
    rules.check_hand(hand)?;
    if life > 13 {
        return Err(crate::error::CoreError::invalid_argument("life", life, "a sequence holds at most 13 cards"));
    }
    let long = |m: &Meld| m.len() >= life as usize;
    let natural = MeldRules { jokers_wild: false, wild_ranks: 0, ..rules.clone() };
    let no_jokers: Vec<Card> = hand.iter().copied().filter(|c| !c.is_joker()).collect();
    let runs_of = |cards: &[Card]| -> CoreResult<Vec<Meld>> {
        Ok(all_melds(cards, rules)?.into_iter().filter(|m| m.kind == MeldKind::Run).collect())
    };
    let mut best: Option<(u32, Vec<Meld>, Arrangement)> = None;
    'outer: for pure in all_melds(&no_jokers, &natural)?.into_iter().filter(|m| m.kind == MeldKind::Run) {
        let rest = without(hand, &pure.cards);
        // The pure sequence as read under the game's rules (its wild-rank cards standing
        // for themselves).
        let pure = Meld { kind: MeldKind::Run, ..pure };
        for other in runs_of(&rest)? {
            let left = without(&rest, &other.cards);
            let thirds: Vec<Option<Meld>> = if long(&pure) || long(&other) {
                vec![None]
            } else {
                runs_of(&left)?.into_iter().filter(|m| long(m)).map(Some).collect()
            };
            for third in thirds {
                let left = third.as_ref().map_or_else(|| left.clone(), |t| without(&left, &t.cards));
                let value = deadwood(&left, rules)?;
                if best.as_ref().is_none_or(|(b, _, _)| value < *b) {
                    let arr = best_melds(&left, rules)?;
                    let melds = [Some(pure.clone()), Some(other.clone()), third].into_iter().flatten().collect();
                    best = Some((value, melds, arr));
                    if value == 0 {
                        break 'outer;
                    }
                }
            }
        }
    }
    Ok(best.map(|(_, mut melds, arr)| {
        melds.extend(arr.melds);
        Arrangement { melds, deadwood: arr.deadwood, deadwood_value: arr.deadwood_value, ..Default::default() }
    }))
}

/// [`indian_count`] under the "one life of `life` cards or more" rule
/// ([`declaration_with_life`]): without such a declaration every card counts.
pub fn indian_count_with_life(hand: &[Card], rules: &MeldRules, cap: u32, life: u8) -> CoreResult<u32> {
    let count = match declaration_with_life(hand, rules, life)? {
        Some(arr) => arr.deadwood_value,
        None => hand.iter().map(|&c| rules.value(c)).sum(),
    };
    Ok(count.min(cap))
}
