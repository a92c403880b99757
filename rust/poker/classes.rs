//! Equity broken down by hand class (issue 29): for each player and each final hand
//! category (high card .. straight flush), the share of the weighted deals and boards on
//! which the player ends with that category, and the wins, ties and pot share taken with
//! it - the hand-strength breakdown an equity tool shows on a flop. Summed over the
//! classes, `win`, `tie` and `equity` are the player's totals.
//!
//! Counted over the same deals and boards as [`super::range_equity`]: exact enumeration
//! of the suit-renamed deal classes (each deal's boards walked by the generic scorer) or
//! the same seeded Monte Carlo. In the split games a player's class is that of their high
//! hand.

use rayon::prelude::*;

use super::batch::with_threads;
use super::equity::{
    high_shares, split_shares, validate, walk_boards, EquityRequest, EquityResult, Game, Recorder, Scorer, Tally, SHARE,
};
use super::range::Range;
use super::range_equity::{deal_classes, prepare, sample};
use super::tables::{tables, Hand};
use crate::error::CoreResult;

/// High card .. straight flush (five of a kind needs wild cards, which equity never deals).
pub const CLASSES: usize = 9;

/// The category (`Category` number) of a high value of this game.
fn class_of(value: u32, game: Game) -> usize {
    let code = (value >> 20) as usize;
    // Short deck orders a flush above a full house: codes 5 and 6 swapped.
    let code = match (game, code) {
        (Game::ShortDeck, 5) => 6,
        (Game::ShortDeck, 6) => 5,
        _ => code,
    };
    code.min(CLASSES - 1)
}

/// Per player and class: boards, wins, ties and pot shares (1/5040ths), with the totals.
#[derive(Clone)]
pub(crate) struct ClassTally {
    game: Game,
    total: Tally,
    boards: Vec<[u64; CLASSES]>,
    win: Vec<[u64; CLASSES]>,
    tie: Vec<[u64; CLASSES]>,
    share: Vec<[u64; CLASSES]>,
}

impl ClassTally {
    pub(crate) fn new(n: usize, game: Game) -> ClassTally {
        let z = vec![[0u64; CLASSES]; n];
        ClassTally { game, total: Tally::new(n), boards: z.clone(), win: z.clone(), tie: z.clone(), share: z }
    }
    fn count(&mut self, high: &[u32], shares: &[u64]) {
        self.total.count(shares);
        for (p, (&v, &s)) in high.iter().zip(shares).enumerate() {
            let c = class_of(v, self.game);
            self.boards[p][c] += 1;
            self.win[p][c] += (s == SHARE) as u64;
            self.tie[p][c] += (s > 0 && s < SHARE) as u64;
            self.share[p][c] += s;
        }
    }
}

impl Recorder for ClassTally {
    fn record(&mut self, values: &[u32]) {
        let mut shares = [0u64; 10];
        high_shares(values, &mut shares);
        self.count(values, &shares[..values.len()]);
    }
    fn record_split(&mut self, high: &[u32], low: &[u32]) {
        let mut shares = [0u64; 10];
        split_shares(high, low, &mut shares);
        self.count(high, &shares[..high.len()]);
    }
    fn merge(mut self, o: &Self) -> Self {
        self.total = self.total.merge(&o.total);
        for p in 0..self.boards.len() {
            for c in 0..CLASSES {
                self.boards[p][c] += o.boards[p][c];
                self.win[p][c] += o.win[p][c];
                self.tie[p][c] += o.tie[p][c];
                self.share[p][c] += o.share[p][c];
            }
        }
        self
    }
}

/// One player's figures for one class, as shares of all (weighted) deals and boards.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ClassShare {
    /// How often the player ends with this class.
    pub share: f64,
    /// How often they win the whole pot with it.
    pub win: f64,
    /// How often they take part of the pot with it.
    pub tie: f64,
    /// The pot share they take with it.
    pub equity: f64,
}

/// Equity with its breakdown: `classes[p][c]` for player `p` and category `c`.
#[derive(Clone, Debug, PartialEq)]
pub struct ClassResult {
    pub equity: EquityResult,
    pub classes: Vec<[ClassShare; CLASSES]>,
}

impl ClassTally {
    /// Boards counted (each board puts every player in exactly one class).
    fn counted(&self) -> u64 {
        self.boards.first().map_or(0, |b| b.iter().sum())
    }
}

/// The weighted mean of (deal weight, tally) pairs; the totals are the sums over the
/// classes. `sampled`: the Monte Carlo tally, whose standard errors are kept.
fn combine(parts: &[(f64, ClassTally)], n: usize, sampled: Option<&Tally>, boards: u64) -> ClassResult {
    let total: f64 = parts.iter().map(|(w, t)| w * t.counted() as f64).sum();
    let mean = |f: &dyn Fn(&ClassTally) -> u64| parts.iter().map(|(w, t)| w * f(t) as f64).sum::<f64>() / total;
    let classes: Vec<[ClassShare; CLASSES]> = (0..n)
        .map(|p| {
            std::array::from_fn(|c| ClassShare {
                share: mean(&|t| t.boards[p][c]),
                win: mean(&|t| t.win[p][c]),
                tie: mean(&|t| t.tie[p][c]),
                equity: mean(&|t| t.share[p][c]) / SHARE as f64,
            })
        })
        .collect();
    let sum = |f: fn(&ClassShare) -> f64| -> Vec<f64> { classes.iter().map(|row| row.iter().map(f).sum()).collect() };
    let equity = match sampled {
        Some(t) => t.result(false),
        None => EquityResult {
            win: sum(|c| c.win),
            tie: sum(|c| c.tie),
            equity: sum(|c| c.equity),
            std_error: vec![0.0; n],
            boards,
            exact: true,
        },
    };
    ClassResult { equity, classes }
}

/// Equity of ranges broken down by hand class; the request as for
/// [`super::range_equity::range_equity`].
///
/// ```
/// use _core::poker::classes::range_classes;
/// use _core::poker::equity::{EquityRequest, Game};
/// use _core::poker::range::Range;
/// let m = |s: &str| _core::cards::CardSet::parse(s).unwrap().0;
/// let req = EquityRequest { game: Game::Holdem, hands: vec![], board: m("Kh 7c 2d 2s 9h"), dead: 0,
///     samples: 0, seed: 0, exact: Some(true), threads: 1 };
/// let r = range_classes(&[Range::parse("AA").unwrap(), Range::parse("KK").unwrap()], &req).unwrap();
/// assert_eq!(r.classes[1][6].share, 1.0); // kings full every time
/// ```
pub fn range_classes(ranges: &[Range], req: &EquityRequest) -> CoreResult<ClassResult> {
    let setup = prepare(ranges, req)?;
    let n = ranges.len();
    let empty = ClassTally::new(n, req.game);
    if !setup.exact {
        let t = with_threads(req.threads, || sample(&setup.live, req, setup.missing, &empty));
        let total = t.total.clone();
        return Ok(combine(&[(1.0, t)], n, Some(&total), 0));
    }
    let (classes, deals) = deal_classes(&setup.live, req)?;
    let one = |(k, w): &(Vec<u64>, f64)| -> CoreResult<(f64, ClassTally)> {
        let deal = EquityRequest { hands: k[2..].to_vec(), board: k[0], dead: k[1], ..req.clone() };
        let (rest, missing) = validate(&deal)?;
        let t = tables();
        let known: Vec<usize> = (0..52).filter(|&c| deal.board >> c & 1 == 1).collect();
        let board = known.iter().fold(Hand::EMPTY, |h, &c| h.add(t, c));
        let scorer = Scorer::new(req.game, &deal.hands);
        Ok((*w, walk_boards(&scorer, &rest, missing, board, &known, 1, &empty)))
    };
    let parts: Vec<(f64, ClassTally)> = with_threads(req.threads, || {
        if req.threads == 1 {
            classes.iter().map(one).collect::<CoreResult<_>>()
        } else {
            classes.par_iter().map(one).collect::<CoreResult<_>>()
        }
    })?;
    let per_deal = parts.first().map_or(0, |p| p.1.counted());
    Ok(combine(&parts, n, None, per_deal * deals))
}
