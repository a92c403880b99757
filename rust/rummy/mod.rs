//! Rummy meld search (issue 8): the engine under every rummy variant and rummy bot.
//!
//! - [`MeldRules`] (`rules.rs`): what a meld is and what cards are worth, with a preset
//!   per variant of docs/rules/rummy.md.
//! - [`best_melds`], [`deadwood`], [`best_discard`], [`lay_off`], [`find_contract`],
//!   [`go_out`] / [`can_go_out`], [`all_melds`], [`deadwood_batch`], [`best_knock`] /
//!   [`knock_spreads`] (`knock.rs`, gin's knock): exact searches over
//!   a hand given as a slice of [`Card`]s (any number of packs, jokers, wild ranks).
//! - [`fast_deadwood`] and [`PlainIndex`] (`fast.rs`): the single-pack, wild-free bitset
//!   path, for bots that call the search in a loop.
//!
//! ```
//! use _core::cards::parse_cards;
//! use _core::rummy::{best_melds, MeldRules};
//! let hand = parse_cards("7d 7s 7h 8h 9h").unwrap();
//! let arr = best_melds(&hand, &MeldRules::gin()).unwrap();
//! assert_eq!(arr.deadwood_value, 14); // 7h-8h-9h, 7d 7s left (or 7-7-7, 8h 9h left: 17)
//! ```

mod batch;
mod contract;
mod declare;
mod enumerate;
mod fast;
// the compiled two-player gin deal of the RL tables (gin-kernel)
pub mod gin_deal;
pub mod gin_observe;
mod knock;
mod meld;
mod opening;
mod rules;
mod search;

#[cfg(test)]
mod brute;
#[cfg(test)]
mod declare_tests;
#[cfg(test)]
mod full_run_tests;
#[cfg(test)]
mod opening_tests;
#[cfg(test)]
mod tests;

pub use batch::deadwood_batch;
pub use contract::Contract;
pub use declare::{declaration, declaration_with_life, indian_count, indian_count_with_life};
pub use enumerate::all_melds;
pub use fast::{deadwood_with, fast_deadwood, plain_melds, PlainIndex};
pub use knock::{best_knock, knock_spreads, knocker_result, Knock};
pub use meld::{interpret_meld, Arrangement, LayOff, Meld, MeldKind};
pub use opening::{best_opening, meld_points as opening_points, Opening};
pub use rules::{AceRule, MeldRules, WildShare, ACE_ENDS, FULL_WINDOW, UNLIMITED};
pub use search::{search, ContractSpec, SearchOptions, Target};

use crate::cards::Card;
use crate::error::{CoreError, CoreResult};
use fast::{TAG_DEAD, TAG_DISCARD, TAG_MASK};

/// The hand as a 52-bit mask when the bitset path applies (no wild card, no face twice),
/// with the physical card of each face. Validates the rules; a hand for the general
/// path is checked there.
fn plain(hand: &[Card], rules: &MeldRules) -> CoreResult<Option<(u64, [Card; 52])>> {
    rules.validate()?;
    let mut mask = 0u64;
    let mut phys = [Card::new(0, 0); 52];
    for &c in hand {
        if rules.is_wild(c) || c.copy() >= rules.packs {
            rules.check_hand(hand)?;
            return Ok(None);
        }
        let bit = 1u64 << c.face();
        if mask & bit != 0 {
            rules.check_hand(hand)?;
            return Ok(None);
        }
        mask |= bit;
        phys[c.face() as usize] = c;
    }
    Ok(Some((mask, phys)))
}

fn prepare(hand: &[Card], rules: &MeldRules) -> CoreResult<()> {
    rules.validate()?;
    rules.check_hand(hand)
}

/// An arrangement from a fast-path witness.
fn from_path(path: &[u64], key: u32, phys: &[Card; 52], rules: &MeldRules) -> Arrangement {
    let mut arr = Arrangement { melds: Vec::with_capacity(4), ..Default::default() };
    let mut dead = 0u64;
    for &entry in path {
        let tag = entry & TAG_MASK;
        let mask = entry & !TAG_MASK;
        match tag {
            TAG_DEAD => dead |= mask,
            TAG_DISCARD => arr.discard = Some(phys[mask.trailing_zeros() as usize]),
            _ => arr.melds.push(meld_from_mask(mask, phys, rules)),
        }
    }
    // Deadwood in card order (rank, then suit): walk the rank columns.
    arr.deadwood = Vec::with_capacity(dead.count_ones() as usize);
    let mut ranks = (dead | dead >> 13 | dead >> 26 | dead >> 39) & 0x1FFF;
    while ranks != 0 {
        let r = ranks.trailing_zeros();
        ranks &= ranks - 1;
        arr.deadwood.extend(bits(dead & fast::COL << r).map(|b| phys[b as usize]));
    }
    arr.deadwood_value = key >> 8;
    arr
}

/// A fast-path meld from its mask: a set if one rank, else a run.
fn meld_from_mask(mask: u64, phys: &[Card; 52], rules: &MeldRules) -> Meld {
    let first = mask.trailing_zeros();
    let n = mask.count_ones() as usize;
    let mut cards = Vec::with_capacity(n);
    let mut plays_as = Vec::with_capacity(n);
    if mask & (fast::COL << (first % 13)) == mask {
        for b in bits(mask) {
            cards.push(phys[b as usize]);
            plays_as.push(phys[b as usize].with_copy(0));
        }
        return Meld { kind: MeldKind::Set, cards, plays_as };
    }
    let suit = (first / 13) as u8;
    let ranks = (mask >> (13 * suit as u32) & 0x1FFF) as u16;
    let mut window = rules.positions(ranks);
    if window.count_ones() != ranks.count_ones() {
        // High-or-low ace: the run uses one end.
        let low = window & !(1 << 13);
        window = if rules.is_window(low) { low } else { window & !1 };
    }
    let push = |p: u32| {
        let face = Card::new(meld::rank_at(p), suit);
        cards.push(phys[face.face() as usize]);
        plays_as.push(face);
    };
    if rules.ace == AceRule::RoundTheCorner {
        meld::window_order(rules, window).into_iter().for_each(push);
    } else {
        bits(window as u64).for_each(push);
    }
    Meld { kind: MeldKind::Run, cards, plays_as }
}

fn bits(mut m: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros();
            m &= m - 1;
            b
        })
    })
}

/// The arrangement of `hand` with the least deadwood (ties: fewer deadwood cards, then the
/// first found - see the module docs of `search.rs`).
pub fn best_melds(hand: &[Card], rules: &MeldRules) -> CoreResult<Arrangement> {
    if let Some((mask, phys)) = plain(hand, rules)? {
        let (key, path) = fast::with_index(rules, |idx| {
            idx.load(mask, rules);
            idx.witness(mask, false, 0).expect("an arrangement always exists")
        });
        return Ok(from_path(&path, key, &phys, rules));
    }
    Ok(search(hand, rules, &SearchOptions::default())?.expect("an arrangement always exists"))
}

/// The least deadwood value of `hand`.
pub fn deadwood(hand: &[Card], rules: &MeldRules) -> CoreResult<u32> {
    if let Some((mask, _)) = plain(hand, rules)? {
        return Ok(fast_deadwood(mask, rules));
    }
    Ok(search::search_key(hand, rules, &SearchOptions::default())?.expect("an arrangement always exists") >> 8)
}

/// For a hand one card over size (after the draw): the discard and arrangement that leave
/// the least deadwood, exactly (every discard is weighed against every arrangement).
/// `forbid` is a card that may not be discarded (the one just taken from the discard
/// pile). With `rules.hand_size` set, the hand must hold `hand_size + 1` cards.
pub fn best_discard(hand: &[Card], rules: &MeldRules, forbid: Option<Card>) -> CoreResult<Arrangement> {
    let plain_hand = plain(hand, rules)?;
    if rules.hand_size > 0 && hand.len() != rules.hand_size as usize + 1 {
        return Err(CoreError::InvalidHand(format!(
            "best_discard wants {} cards (a hand of {} after the draw), got {}",
            rules.hand_size as usize + 1,
            rules.hand_size,
            hand.len()
        )));
    }
    if hand.is_empty() {
        return Err(CoreError::InvalidHand("best_discard needs at least one card".into()));
    }
    if let Some(f) = forbid {
        if !hand.contains(&f) {
            return Err(CoreError::invalid_argument("forbid", f, "the forbidden discard is not in the hand"));
        }
    }
    let no_choice = || {
        CoreError::InvalidHand(format!(
            "no card can be discarded: {} is the only card",
            forbid.map(|c| c.to_string()).unwrap_or_default()
        ))
    };
    if let Some((mask, phys)) = plain_hand {
        let forbid_mask = forbid.map_or(0, |c| 1u64 << c.face());
        let found = fast::with_index(rules, |idx| {
            idx.load(mask, rules);
            idx.witness(mask, true, forbid_mask)
        });
        let (key, path) = found.ok_or_else(no_choice)?;
        return Ok(from_path(&path, key, &phys, rules));
    }
    let opts = SearchOptions { discard: true, forbid, ..Default::default() };
    search(hand, rules, &opts)?.ok_or_else(no_choice)
}

/// The least deadwood of the knocker's opponent: their `hand` after melding and laying
/// off onto the knocker's `table` melds, chosen jointly (chains count; nothing lays off
/// on deadwood; table melds are never rearranged). `layoffs[i].meld` indexes `table`.
pub fn lay_off(hand: &[Card], table: &[Meld], rules: &MeldRules) -> CoreResult<Arrangement> {
    prepare(hand, rules)?;
    let mut all: Vec<Card> = hand.to_vec();
    let mut targets = Vec::with_capacity(table.len());
    for m in table {
        let checked = check_table_meld(m, rules)?;
        all.extend_from_slice(&m.cards);
        targets.push(Target::of(&checked, rules));
    }
    rules.check_hand(&all)?;
    let opts = SearchOptions { targets, ..Default::default() };
    Ok(search(hand, rules, &opts)?.expect("an arrangement always exists"))
}

/// A table meld as given, checked: legal under the rules, and its wilds' stand-ins (if
/// given) consistent.
fn check_table_meld(m: &Meld, rules: &MeldRules) -> CoreResult<Meld> {
    let read = interpret_meld(&m.cards, rules)?;
    if m.plays_as.len() == m.cards.len() && m.plays_as != read.plays_as {
        // The caller said what the wilds stand for: check that reading.
        let naturals_ok = m.cards.iter().zip(&m.plays_as).all(|(c, p)| rules.is_wild(*c) || c.with_copy(0) == *p);
        let faces: Vec<Card> = m.plays_as.clone();
        let as_naturals = MeldRules { jokers_wild: false, wild_ranks: 0, packs: rules.packs.max(2), ..rules.clone() };
        let legal = interpret_meld(&faces.iter().map(|c| c.with_copy(0)).collect::<Vec<_>>(), &as_naturals);
        if !naturals_ok || legal.is_err() {
            return Err(CoreError::IllegalMeld(format!("{m}: the wild cards' stand-ins do not make a meld")));
        }
        return Ok(Meld { kind: legal?.kind, cards: m.cards.clone(), plays_as: m.plays_as.clone() });
    }
    Ok(read)
}

/// Meld exactly `contract` (its runs of different suits) with the least deadwood left;
/// `None` if the hand cannot meet it.
pub fn find_contract(hand: &[Card], contract: Contract, rules: &MeldRules) -> CoreResult<Option<Arrangement>> {
    prepare(hand, rules)?;
    let opts = SearchOptions { contract: Some(contract.spec()), ..Default::default() };
    search(hand, rules, &opts)
}

/// An arrangement melding every card at once - or, with `discard`, every card but one
/// which is discarded - or `None` (go-rummy rules: seven-card rummy, Wrotham deals 4-6).
pub fn go_out(hand: &[Card], rules: &MeldRules, discard: bool) -> CoreResult<Option<Arrangement>> {
    let all = best_melds(hand, rules)?;
    if all.deadwood.is_empty() {
        return Ok(Some(all));
    }
    if discard && !hand.is_empty() {
        let saved = MeldRules { hand_size: 0, ..rules.clone() };
        let arr = best_discard(hand, &saved, None)?;
        if arr.deadwood.is_empty() {
            return Ok(Some(arr));
        }
    }
    Ok(None)
}

/// Can `hand` go out at once? See [`go_out`].
pub fn can_go_out(hand: &[Card], rules: &MeldRules, discard: bool) -> CoreResult<bool> {
    Ok(go_out(hand, rules, discard)?.is_some())
}
