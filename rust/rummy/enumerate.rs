//! `all_melds`: every meld a hand can form.

use super::fast::plain_melds;
use super::meld::{card_of, rank_at, set_meld, window_order, Meld, MeldKind};
use super::rules::MeldRules;
use crate::cards::Card;
use crate::error::CoreResult;

/// Every meld the cards of `hand` can form, each distinct meld once: sets by rank, then
/// runs by suit and window. With several copies of a card the lowest copies are used
/// (a meld is listed once by the cards it plays as). Wild cards (highest value first)
/// fill the positions of a run that no natural card holds and may be added to sets, up
/// to the rules' limits; every meld holds at least one natural card.
///
/// ```
/// use _core::cards::CardSet;
/// use _core::rummy::{all_melds, MeldRules};
/// let pack: Vec<_> = CardSet::STANDARD.iter().collect();
/// assert_eq!(all_melds(&pack, &MeldRules::gin()).unwrap().len(), 329);
/// ```
pub fn all_melds(hand: &[Card], rules: &MeldRules) -> CoreResult<Vec<Meld>> {
    rules.validate()?;
    rules.check_hand(hand)?;
    let mut pools: Vec<Vec<Card>> = vec![Vec::new(); 52];
    let mut wilds: Vec<Card> = Vec::new();
    for &c in hand {
        if rules.is_wild(c) {
            wilds.push(c);
        } else {
            pools[c.face() as usize].push(c);
        }
    }
    for p in pools.iter_mut() {
        p.sort_by_key(|c| c.copy());
    }
    wilds.sort_by_key(|&c| (std::cmp::Reverse(rules.value(c)), c));
    let mut out = Vec::new();
    if wilds.is_empty() && pools.iter().all(|p| p.len() <= 1) {
        let mask = pools.iter().enumerate().fold(0u64, |acc, (f, p)| acc | ((!p.is_empty()) as u64) << f);
        let mut masks = Vec::new();
        plain_melds(mask, rules, &mut masks);
        for m in masks {
            let cards: Vec<Card> = (0..52).filter(|f| m >> f & 1 == 1).map(|f| pools[f][0]).collect();
            out.push(super::meld::interpret_meld(&cards, rules)?);
        }
        return Ok(out);
    }
    let w_total = wilds.len() as u32;
    let distinct = rules.set_distinct_suits;
    let max_set = if distinct { (rules.max_set as u32).min(4) } else { rules.max_set as u32 };
    for rank in 0..13u8 {
        let mut avail = [0u8; 4];
        for s in 0..4u8 {
            let n = pools[(s * 13 + rank) as usize].len() as u8;
            avail[s as usize] = if distinct { n.min(1) } else { n };
        }
        if avail.iter().all(|&a| a == 0) {
            continue;
        }
        let mut k = [0u8; 4];
        loop {
            let nat: u32 = k.iter().map(|&x| x as u32).sum();
            if nat > 0 {
                for w in 0..=w_total.min(rules.max_wilds_set as u32).min(rules.wild_share.cap(nat)) {
                    let size = nat + w;
                    if size >= rules.min_set as u32 && size <= max_set {
                        let mut naturals = Vec::new();
                        let mut suits = 0u8;
                        for s in 0..4usize {
                            naturals.extend_from_slice(&pools[s * 13 + rank as usize][..k[s] as usize]);
                            if k[s] > 0 {
                                suits |= 1 << s;
                            }
                        }
                        out.push(set_meld(naturals, &wilds[..w as usize], rank, suits));
                    }
                }
            }
            let mut s = 0;
            loop {
                if s == 4 {
                    break;
                }
                if k[s] < avail[s] {
                    k[s] += 1;
                    break;
                }
                k[s] = 0;
                s += 1;
            }
            if s == 4 {
                break;
            }
        }
    }
    let windows = rules.run_windows(rules.min_run as u32);
    for suit in 0..4u8 {
        for &w in &windows {
            let order = window_order(rules, w);
            // The copy of its face each position takes (the 14-card run's two aces: the
            // first and the second copy).
            let copy: Vec<usize> =
                order.iter().map(|&p| (w == super::rules::FULL_WINDOW && p == 13) as usize).collect();
            let face_at = |i: usize| (suit * 13 + rank_at(order[i])) as usize;
            let missing = (0..order.len()).filter(|&i| pools[face_at(i)].len() <= copy[i]).count() as u32;
            if missing as usize == order.len()
                || missing > w_total.min(rules.max_wilds_run as u32)
                || !rules.wild_share.allows(order.len() as u32 - missing, missing)
            {
                continue;
            }
            let mut wi = wilds.iter();
            let mut cards = Vec::new();
            let mut plays = Vec::new();
            for (i, &p) in order.iter().enumerate() {
                let face = card_of(rank_at(p), suit);
                match pools[face.face() as usize].get(copy[i]) {
                    Some(&c) => cards.push(c),
                    None => cards.push(*wi.next().unwrap()),
                }
                plays.push(face);
            }
            out.push(Meld { kind: MeldKind::Run, cards, plays_as: plays });
        }
    }
    Ok(out)
}
