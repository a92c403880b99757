//! All-in equity of ranges (issue 29): each player holds a [`Range`] (a known hand is a
//! range of one combo), with the board and dead cards removed from every range.
//!
//! The deals are weighted by the product of the players' combo weights, over the deals
//! where no two players share a card. Every result is a weighted mean over deals of the
//! existing equity of known hands ([`super::equity`]):
//!
//! * **exact**: every deal is enumerated; deals equal up to a renaming of the suits
//!   (board and dead cards renamed too) have the same equity, so each class of deals is
//!   computed once, by the exact enumeration of [`super::equity::equity`], weights summed;
//! * **Monte Carlo**: each sample draws a deal (a combo per player, with probability
//!   proportional to its weight, by rejection: a deal with a shared card is drawn again
//!   whole) and a board, in blocks of [`BLOCK`] seeded as in [`super::equity`]: same
//!   seed and sample count, same numbers on any machine and any number of threads.
//!
//! `exact=None` enumerates when the deals times boards times hand evaluations is at
//! most [`EXACT_LIMIT`].

use std::collections::BTreeMap;

use rayon::prelude::*;

use super::batch::with_threads;
use super::equity::{
    binom, equity, validate, work_per_board, EquityRequest, EquityResult, Game, Recorder, Scorer, Tally, Words, BLOCK,
    EXACT_LIMIT,
};
use super::range::Range;
use super::tables::{tables, Hand};
use crate::error::{CoreError, CoreResult};

/// Exact enumeration refuses more deals than this (ask for Monte Carlo instead).
pub const MAX_DEALS: u64 = 20_000_000;

/// The cards a game's deck lacks (short deck: deuces to fives).
fn outside_deck(game: Game) -> u64 {
    if game == Game::ShortDeck {
        (0..4).fold(0, |m, s| m | (0xfu64 << (13 * s)))
    } else {
        0
    }
}

/// The combos of each range left once `dead` is removed, checked non-empty.
fn live_combos(ranges: &[Range], dead: u64) -> CoreResult<Vec<Vec<(u64, f64)>>> {
    ranges
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let live = r.without(dead).combos().to_vec();
            if let [(only, _)] = r.combos() {
                if only & dead != 0 {
                    return Err(CoreError::DuplicateCard {
                        card: crate::cards::CardSet::card_at((only & dead).trailing_zeros()).to_string(),
                        reason: format!("hand {i} repeats a card of the board or the dead cards"),
                    });
                }
            }
            if live.is_empty() {
                return Err(CoreError::invalid_argument(
                    "ranges",
                    format!("range {i} ({})", if r.is_empty() { "empty".to_string() } else { r.to_text() }),
                    "no combo is left once the board and dead cards are removed",
                ));
            }
            Ok(live)
        })
        .collect()
}

/// Visit every deal (one combo per player, no shared card) with its weight.
fn for_each_deal(live: &[Vec<(u64, f64)>], f: &mut impl FnMut(&[u64], f64) -> CoreResult<()>) -> CoreResult<()> {
    fn rec(
        live: &[Vec<(u64, f64)>],
        p: usize,
        used: u64,
        w: f64,
        hands: &mut Vec<u64>,
        f: &mut impl FnMut(&[u64], f64) -> CoreResult<()>,
    ) -> CoreResult<()> {
        if p == live.len() {
            return f(hands, w);
        }
        for &(m, cw) in &live[p] {
            if m & used == 0 {
                hands.push(m);
                rec(live, p + 1, used | m, w * cw, hands, f)?;
                hands.pop();
            }
        }
        Ok(())
    }
    rec(live, 0, 0, 1.0, &mut Vec::with_capacity(live.len()), f)
}

/// One deal with no shared card, if there is any.
fn first_deal(live: &[Vec<(u64, f64)>]) -> Option<Vec<u64>> {
    let mut found = None;
    let _ = for_each_deal(live, &mut |h, _| {
        found = Some(h.to_vec());
        Err(CoreError::InvalidHand(String::new())) // stop at the first
    });
    found
}

/// The 24 orderings of the four suits.
fn suit_permutations() -> Vec<[usize; 4]> {
    let mut v = Vec::with_capacity(24);
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..4 {
                for d in 0..4 {
                    let p = [a, b, c, d];
                    if (0..4).all(|i| (0..4).filter(|&j| p[j] == i).count() == 1) {
                        v.push(p);
                    }
                }
            }
        }
    }
    v
}

fn permute(mask: u64, p: &[usize; 4]) -> u64 {
    (0..4).fold(0, |m, s| m | ((mask >> (13 * s)) & 0x1fff) << (13 * p[s]))
}

/// The smallest renaming of (board, dead, hands...) over the suit permutations.
fn canonical(perms: &[[usize; 4]], masks: &[u64]) -> Vec<u64> {
    let mut best: Vec<u64> = masks.to_vec();
    let mut cur = vec![0u64; masks.len()];
    for p in perms {
        for (c, &m) in cur.iter_mut().zip(masks) {
            *c = permute(m, p);
        }
        if cur < best {
            best.clone_from(&cur);
        }
    }
    best
}

/// Equity of ranges (`req.hands` is ignored; the other fields mean what they mean for
/// [`equity`]).
///
/// ```
/// use _core::poker::equity::{EquityRequest, Game};
/// use _core::poker::range::Range;
/// use _core::poker::range_equity::range_equity;
/// let req = EquityRequest { game: Game::Holdem, hands: vec![], board: 0, dead: 0, samples: 0, seed: 0,
///     exact: Some(true), threads: 1 };
/// let r = range_equity(&[Range::parse("AhKh").unwrap(), Range::parse("QsQd").unwrap()], &req).unwrap();
/// assert!((r.equity[0] - 0.46214).abs() < 1e-5);
/// ```
pub fn range_equity(ranges: &[Range], req: &EquityRequest) -> CoreResult<EquityResult> {
    let setup = prepare(ranges, req)?;
    let n = ranges.len();
    if setup.exact {
        return with_threads(req.threads, || enumerate(&setup.live, req));
    }
    Ok(with_threads(req.threads, || sample(&setup.live, req, setup.missing, &Tally::new(n))).finish().result(false))
}

/// What range equity and its breakdown by hand class share: each range's live combos,
/// the board cards missing, and whether to enumerate.
pub(crate) struct Setup {
    pub live: Vec<Vec<(u64, f64)>>,
    pub missing: usize,
    pub exact: bool,
}

/// Check the request and decide exact or Monte Carlo (see [`range_equity`]).
pub(crate) fn prepare(ranges: &[Range], req: &EquityRequest) -> CoreResult<Setup> {
    let live = live_combos(ranges, req.board | req.dead | outside_deck(req.game))?;
    let Some(first) = first_deal(&live) else {
        return Err(CoreError::invalid_argument(
            "ranges",
            ranges.iter().map(|r| r.to_text()).collect::<Vec<_>>().join(" vs "),
            "every deal gives two players a card in common",
        ));
    };
    // Board, dead cards, player count and the hole-card count of every combo: the
    // checks of the known-hand equity, on one deal and then on each combo's size.
    let probe = EquityRequest { hands: first.clone(), ..req.clone() };
    let (rest, missing) = validate(&probe)?;
    for (i, combos) in live.iter().enumerate() {
        for &(m, _) in combos {
            let mut one = first.clone();
            one[i] = m;
            if m.count_ones() != first[i].count_ones() {
                validate(&EquityRequest { hands: one, ..probe.clone() })?;
            }
        }
    }
    let deals = live.iter().fold(1u64, |a, c| a.saturating_mul(c.len() as u64));
    let boards = binom(rest.len() as u64, missing as u64);
    let cost = deals.saturating_mul(boards).saturating_mul(work_per_board(req.game, &first));
    let exact = req.exact.unwrap_or(cost <= EXACT_LIMIT);
    if exact && deals > MAX_DEALS {
        return Err(CoreError::invalid_argument(
            "exact",
            "True",
            format!("{deals} deals is too many to enumerate (at most {MAX_DEALS}); use Monte Carlo"),
        ));
    }
    if !exact && req.samples == 0 {
        return Err(CoreError::invalid_argument("samples", 0, "Monte Carlo needs at least one sample"));
    }
    Ok(Setup { live, missing, exact })
}

/// A class of suit-renamed deals: (board, dead, hands...) and the summed weight of its deals.
pub(crate) type DealClass = (Vec<u64>, f64);

/// Every deal's class of suit-renamed deals, and the number of deals.
pub(crate) fn deal_classes(live: &[Vec<(u64, f64)>], req: &EquityRequest) -> CoreResult<(Vec<DealClass>, u64)> {
    let perms = suit_permutations();
    let mut classes: BTreeMap<Vec<u64>, f64> = BTreeMap::new();
    let mut deals = 0u64;
    let mut masks = vec![req.board, req.dead];
    for_each_deal(live, &mut |hands, w| {
        masks.truncate(2);
        masks.extend_from_slice(hands);
        *classes.entry(canonical(&perms, &masks)).or_insert(0.0) += w;
        deals += 1;
        Ok(())
    })?;
    Ok((classes.into_iter().collect(), deals))
}

/// Every deal, each class of suit-renamed deals once.
fn enumerate(live: &[Vec<(u64, f64)>], req: &EquityRequest) -> CoreResult<EquityResult> {
    let (classes, deals) = deal_classes(live, req)?;
    let one = |(k, w): &(Vec<u64>, f64)| -> CoreResult<(EquityResult, f64)> {
        let r = equity(&EquityRequest {
            hands: k[2..].to_vec(),
            board: k[0],
            dead: k[1],
            exact: Some(true),
            threads: 1,
            ..req.clone()
        })?;
        Ok((r, *w))
    };
    let parts: Vec<(EquityResult, f64)> = if req.threads == 1 {
        classes.iter().map(one).collect::<CoreResult<_>>()?
    } else {
        classes.par_iter().map(one).collect::<CoreResult<_>>()?
    };
    let n = live.len();
    let total: f64 = parts.iter().map(|p| p.1).sum();
    let mean = |f: &dyn Fn(&EquityResult) -> &Vec<f64>| -> Vec<f64> {
        (0..n).map(|i| parts.iter().map(|(r, w)| f(r)[i] * w).sum::<f64>() / total).collect()
    };
    let per_deal = parts.first().map_or(0, |p| p.0.boards);
    Ok(EquityResult {
        win: mean(&|r| &r.win),
        tie: mean(&|r| &r.tie),
        equity: mean(&|r| &r.equity),
        std_error: vec![0.0; n],
        boards: per_deal * deals,
        exact: true,
    })
}

/// Each player's combos for drawing: masks, hold'em partial hands and acceptance
/// thresholds (weight over the range's largest weight, in 1/2^32).
struct Drawer {
    masks: Vec<u64>,
    holes: Vec<Hand>,
    accept: Vec<u64>,
}

impl Drawer {
    fn new(combos: &[(u64, f64)]) -> Drawer {
        let t = tables();
        let top = combos.iter().map(|c| c.1).fold(0.0, f64::max);
        Drawer {
            masks: combos.iter().map(|c| c.0).collect(),
            holes: combos.iter().map(|c| Hand::from_mask(t, c.0)).collect(),
            accept: combos.iter().map(|c| ((c.1 / top) * 4_294_967_296.0) as u64).collect(),
        }
    }
    /// A combo index, drawn with probability proportional to its weight.
    #[inline(always)]
    fn draw(&self, rng: &mut Words) -> usize {
        loop {
            let i = rng.below(self.masks.len() as u32) as usize;
            let a = self.accept[i];
            if a >= 1 << 32 || (rng.next32() as u64) < a {
                return i;
            }
        }
    }
}

/// Monte Carlo over deals and boards, each sample counted into a copy of `empty`.
pub(crate) fn sample<R: Recorder>(live: &[Vec<(u64, f64)>], req: &EquityRequest, missing: usize, empty: &R) -> R {
    let t = tables();
    let n = live.len();
    let drawers: Vec<Drawer> = live.iter().map(|c| Drawer::new(c)).collect();
    let known: Vec<usize> = (0..52).filter(|&c| req.board >> c & 1 == 1).collect();
    let board = known.iter().fold(Hand::EMPTY, |h, &c| h.add(t, c));
    let out = req.board | req.dead | outside_deck(req.game);
    let deck0: Vec<u8> = (0..52u8).filter(|&c| out >> c & 1 == 0).collect();
    let blocks = req.samples.div_ceil(BLOCK);
    let holdem = req.game == Game::Holdem;
    let task = |b: u64| {
        let mut rng = Words::for_block(req.seed, b);
        let count = BLOCK.min(req.samples - b * BLOCK);
        let mut tally = empty.clone();
        let mut deck = deck0.clone();
        let len = deck.len();
        let mut pick = [0usize; 10];
        let mut hands = vec![0u64; n];
        let mut values = vec![0u32; n];
        let mut lows = vec![0u32; n];
        let mut cards = [0usize; 5];
        cards[..known.len()].copy_from_slice(&known);
        for _ in 0..count {
            // A deal: redrawn whole while two players share a card.
            let used = 'deal: loop {
                let mut used = 0u64;
                for (p, d) in drawers.iter().enumerate() {
                    let i = d.draw(&mut rng);
                    if d.masks[i] & used != 0 {
                        continue 'deal;
                    }
                    used |= d.masks[i];
                    pick[p] = i;
                }
                break used;
            };
            // The board: a partial Fisher-Yates shuffle skipping the dealt hole cards.
            let mut h = board;
            for j in 0..missing {
                let k = loop {
                    let k = j + rng.below((len - j) as u32) as usize;
                    if used >> deck[k] & 1 == 0 {
                        break k;
                    }
                };
                deck.swap(j, k);
                let c = deck[j] as usize;
                cards[known.len() + j] = c;
                h = h.add(t, c);
            }
            if holdem {
                for p in 0..n {
                    let hole = drawers[p].holes[pick[p]];
                    values[p] = t.value_branchless(h.key + hole.key, h.mask | hole.mask);
                }
                tally.record(&values);
            } else {
                for p in 0..n {
                    hands[p] = drawers[p].masks[pick[p]];
                }
                Scorer::new(req.game, &hands).tally(h, &cards, &mut values, &mut lows, &mut tally);
            }
        }
        tally
    };
    let parts: Vec<R> = if req.threads == 1 {
        (0..blocks).map(task).collect()
    } else {
        (0..blocks).into_par_iter().map(task).collect()
    };
    parts.iter().fold(empty.clone(), |a, b| a.merge(b))
}
