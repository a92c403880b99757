//! Deadwood of many single-pack hands at once.

use rayon::prelude::*;

use super::fast::{deadwood_with, PlainIndex};
use super::rules::MeldRules;
use super::search::{search_key, SearchOptions};
use crate::cards::CardSet;
use crate::error::{CoreError, CoreResult};

const CHUNK: usize = 4096;

fn one(idx: &mut PlainIndex, mask: u64, rules: &MeldRules, i: usize) -> CoreResult<u32> {
    let jokers = mask >> 52;
    if jokers == 0 && mask & wild_mask(rules) == 0 {
        return Ok(deadwood_with(idx, mask, rules));
    }
    if jokers != 0 && !rules.jokers_wild {
        return Err(CoreError::invalid_argument(
            "hands",
            format!("hands[{i}] = {mask:#x}"),
            "holds a joker (bits 52..) but these meld rules have no jokers",
        ));
    }
    let cards: Vec<_> = CardSet(mask).iter().collect();
    Ok(search_key(&cards, rules, &SearchOptions::default())?.expect("an arrangement always exists") >> 8)
}

fn wild_mask(rules: &MeldRules) -> u64 {
    let mut m = 0u64;
    for s in 0..4 {
        m |= (rules.wild_ranks as u64) << (13 * s);
    }
    m
}

/// Least deadwood of each hand, a 64-bit [`CardSet`] mask (bits 52.. are jokers). Hands
/// without wild cards take the bitset path. `threads`: 1 runs on the calling thread, 0
/// uses rayon's global pool (all cores), n > 1 a pool of n threads.
///
/// ```
/// use _core::cards::CardSet;
/// use _core::rummy::{deadwood_batch, MeldRules};
/// let hands = [CardSet::parse("7d 7s 7h 8h 9h").unwrap().0, CardSet::parse("Kc Qd").unwrap().0];
/// assert_eq!(deadwood_batch(&hands, &MeldRules::gin(), 1).unwrap(), vec![14, 20]);
/// ```
pub fn deadwood_batch(hands: &[u64], rules: &MeldRules, threads: usize) -> CoreResult<Vec<u32>> {
    rules.validate()?;
    if threads > 1024 {
        return Err(CoreError::invalid_argument("threads", threads, "at most 1024"));
    }
    let mut out = vec![0u32; hands.len()];
    let work = |(ci, (chunk, dst)): (usize, (&[u64], &mut [u32]))| -> CoreResult<()> {
        let mut idx = PlainIndex::new(rules);
        for (j, (&m, d)) in chunk.iter().zip(dst.iter_mut()).enumerate() {
            *d = one(&mut idx, m, rules, ci * CHUNK + j)?;
        }
        Ok(())
    };
    let chunks = hands.chunks(CHUNK).zip(out.chunks_mut(CHUNK)).enumerate();
    match threads {
        1 => chunks.into_iter().try_for_each(work)?,
        0 => chunks.collect::<Vec<_>>().into_par_iter().map(work).collect::<CoreResult<()>>()?,
        n => {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|e| CoreError::invalid_argument("threads", n, e))?;
            let chunks: Vec<_> = chunks.collect();
            pool.install(|| chunks.into_par_iter().map(work).collect::<CoreResult<()>>())?
        }
    }
    Ok(out)
}
