//! The end of a hand's betting: the uncalled bet returned, the main and side pots, a pot
//! split with its odd chips, the showdown order and a pot won uncontested.

use super::{Betting, Conventions, Differs, OddChips};

/// How the live hands rank on one run of the board, by seat (greater is better): `high`
/// for every live seat, `low` None for a seat without a qualifying low (every seat in a
/// game without lows).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunValues {
    pub high: Vec<i64>,
    pub low: Vec<Option<i64>>,
}

/// A pot, or one run's part of it, as awarded: its chips, the high and the low winners
/// in seat order (`low` None when no eligible hand has a low), the run (from 1) when the
/// board was run more than once, and each winner's chips in the order they were awarded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Awarded {
    pub amount: u64,
    pub high: Vec<usize>,
    pub low: Option<Vec<usize>>,
    pub run: Option<usize>,
    pub shares: Vec<(usize, u64)>,
}

/// The part of the largest of `contributions` that nobody matched, and whose it is:
/// `(seat, chips)`, or None when the largest is matched (a tie) or nothing was put in.
///
/// ```
/// use _core::betting::uncalled;
/// assert_eq!(uncalled(&[10, 50, 30]), Some((1, 20)));
/// assert_eq!(uncalled(&[50, 50, 30]), None);
/// ```
pub fn uncalled(contributions: &[u64]) -> Option<(usize, u64)> {
    let (mut top, mut second, mut leader) = (0u64, 0u64, None);
    for (s, &c) in contributions.iter().enumerate() {
        if leader.is_none() || c > top {
            if leader.is_some() {
                second = top;
            }
            top = c;
            leader = Some(s);
        } else if c > second {
            second = c;
        }
    }
    let excess = top - second;
    (excess > 0).then_some((leader?, excess))
}

/// A pot split into `runs` equal parts, one per run of the board: the odd chips one each
/// to the first runs, or all to the first run ([`OddChips::AllToFirst`]).
///
/// ```
/// use _core::betting::{run_shares, Conventions};
/// assert_eq!(run_shares(8, 3, Conventions::CARDROOM), vec![3, 3, 2]);
/// assert_eq!(run_shares(8, 3, Conventions::POKERKIT), vec![4, 2, 2]);
/// ```
pub fn run_shares(amount: u64, runs: usize, conventions: Conventions) -> Vec<u64> {
    if runs == 0 {
        return Vec::new();
    }
    let (share, odd) = (amount / runs as u64, amount % runs as u64);
    (0..runs as u64)
        .map(|i| match conventions.odd_chips {
            OddChips::OneEach => share + u64::from(i < odd),
            OddChips::AllToFirst => share + if i == 0 { odd } else { 0 },
        })
        .collect()
}

/// `seats` in the order of `order` (those it does not name last, as given).
fn in_order(seats: &[usize], order: &[usize]) -> Vec<usize> {
    let mut out: Vec<usize> = order.iter().copied().filter(|s| seats.contains(s)).collect();
    out.extend(seats.iter().copied().filter(|s| !order.contains(s)));
    out
}

impl Betting {
    /// Chips each seat put in as live money (bets and uniform antes, not dead money).
    fn contributions(&self) -> Vec<u64> {
        self.committed.iter().zip(&self.dead).map(|(c, d)| c.saturating_sub(*d)).collect()
    }

    /// Give back the part of the largest contribution nobody matched, to its bettor (even
    /// one who folded since). Returns `(seat, chips)` when there was one.
    pub fn return_uncalled(&mut self) -> Option<(usize, u64)> {
        let (leader, excess) = uncalled(&self.contributions())?;
        self.award(leader, excess);
        self.committed[leader] -= excess;
        Some((leader, excess))
    }

    /// The main pot and the side pots as `(chips, eligible seats)`, layered by the live
    /// players' contributions; dead money goes to the main pot; chips above every live
    /// player's contribution (folded players') go to the last pot.
    pub fn pots(&self) -> Vec<(u64, Vec<usize>)> {
        let live: Vec<usize> = (0..self.seats()).filter(|&s| self.live[s]).collect();
        let committed = self.contributions();
        let dead: u64 = self.dead.iter().sum();
        let mut levels: Vec<u64> = live.iter().map(|&s| committed[s]).collect();
        levels.sort_unstable();
        levels.dedup();
        let mut out: Vec<(u64, Vec<usize>)> = Vec::new();
        let mut prev = 0;
        for level in levels {
            let amount: u64 = committed.iter().filter(|&&c| c > prev).map(|&c| c.min(level) - prev).sum();
            let eligible: Vec<usize> = live.iter().copied().filter(|&s| committed[s] >= level).collect();
            if amount > 0 || (dead > 0 && out.is_empty()) {
                out.push((amount, eligible));
            }
            prev = level;
        }
        if let Some(main) = out.first_mut() {
            main.0 += dead;
        }
        let rest = self.pot.saturating_sub(out.iter().map(|(a, _)| a).sum::<u64>());
        match out.last_mut() {
            Some(last) if rest > 0 => last.0 += rest,
            None if rest > 0 => out.push((rest, live)),
            _ => {}
        }
        out
    }

    /// Award `amount` shared by `winners` from the button's left (the odd chips one at a
    /// time from there).
    pub fn split(&mut self, amount: u64, winners: &[usize]) -> Vec<(usize, u64)> {
        let order = self.order.clone();
        self.split_in(amount, winners, &order)
    }

    /// Award `amount` shared equally by `winners`, the odd chips one at a time to them in
    /// the order of `odd_order` (seats it does not name last); under
    /// [`OddChips::AllToFirst`] more than one odd chip all go to the first winner from the
    /// button's left. Returns each winner's chips in the order awarded.
    pub fn split_in(&mut self, amount: u64, winners: &[usize], odd_order: &[usize]) -> Vec<(usize, u64)> {
        if winners.is_empty() {
            return Vec::new();
        }
        let ordered = if winners.len() == 1 { winners.to_vec() } else { in_order(winners, odd_order) };
        let count = ordered.len() as u64;
        let (share, odd) = (amount / count, amount % count);
        let first = if odd > 1 && self.conventions.odd_chips == OddChips::AllToFirst {
            self.differ(Differs::OddChipsToFirstWinner);
            in_order(winners, &self.order).first().copied()
        } else {
            None
        };
        let mut shares = Vec::with_capacity(ordered.len());
        for (i, &s) in ordered.iter().enumerate() {
            let won = match first {
                Some(f) => share + if s == f { odd } else { 0 },
                None => share + u64::from((i as u64) < odd),
            };
            if won > 0 {
                self.award(s, won);
                shares.push((s, won));
            }
        }
        shares
    }

    /// The live players in the order they show: the last aggressor of the final round,
    /// else the first live player left of the button; then clockwise.
    pub fn showdown_order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = self.order.iter().copied().filter(|&s| self.live[s]).collect();
        if let Some(i) = self.aggressor.and_then(|a| order.iter().position(|&s| s == a)) {
            order.rotate_left(i);
        }
        order
    }

    /// The one player left in the hand, or None when more or none are.
    pub fn lone_player(&self) -> Option<usize> {
        let mut live = (0..self.live.len()).filter(|&s| self.live[s]);
        match (live.next(), live.next()) {
            (Some(s), None) => Some(s),
            _ => None,
        }
    }

    /// Everyone else folded: the last player takes the pot without showing.
    pub fn award_uncontested(&mut self) -> usize {
        let winner = self.lone_player().expect("one live player");
        let pot = self.pot;
        if pot > 0 {
            self.award(winner, pot);
        }
        winner
    }

    /// Award every pot to the best `values` (higher is better) among its eligible seats.
    pub fn settle_high(&mut self, values: &[u32]) {
        let run = RunValues { high: values.iter().map(|&v| i64::from(v)).collect(), low: vec![None; values.len()] };
        let order = self.order.clone();
        self.settle_runs(&[run], &order, &order);
    }

    /// Award every pot at a showdown where the board was run `runs.len()` times: each pot,
    /// main and side pots alike, is split into parts by [`run_shares`], and each part goes
    /// to its run's best hands as [`Betting::award_pot`] awards a whole pot. `high_odd`
    /// and `low_odd` order tied winners for the odd chips. PokerKit's conventions first
    /// merge the pots ([`Conventions::merges_pots`]). Returns the pots as awarded.
    pub fn settle_runs(&mut self, runs: &[RunValues], high_odd: &[usize], low_odd: &[usize]) -> Vec<Awarded> {
        let mut layers = self.pots();
        let several = runs.len() > 1;
        if self.conventions.merges_pots {
            layers = self.merge_pots(layers, runs);
        }
        let count = runs.len() as u64;
        if several && self.conventions.odd_chips == OddChips::AllToFirst && layers.iter().any(|(a, _)| a % count > 1) {
            self.differ(Differs::OddChipsToFirstRun);
        }
        let mut out = Vec::with_capacity(layers.len() * runs.len());
        for (r, run) in runs.iter().enumerate() {
            for (amount, eligible) in &layers {
                let part = if several { run_shares(*amount, runs.len(), self.conventions)[r] } else { *amount };
                let mut awarded = self.award_pot(part, eligible, run, high_odd, low_odd);
                awarded.run = several.then_some(r + 1);
                out.push(awarded);
            }
        }
        out
    }

    /// Award one pot to the best high hands among `eligible`; when some eligible hand has
    /// a low, half of it (rounded down) to the best lows, the high half taking the odd chip.
    pub fn award_pot(
        &mut self,
        amount: u64,
        eligible: &[usize],
        run: &RunValues,
        high_odd: &[usize],
        low_odd: &[usize],
    ) -> Awarded {
        let best = eligible.iter().map(|&s| run.high[s]).max();
        let high: Vec<usize> = eligible.iter().copied().filter(|&s| Some(run.high[s]) == best).collect();
        let best_low = eligible.iter().filter_map(|&s| run.low[s]).max();
        let Some(best_low) = best_low else {
            let shares = self.split_in(amount, &high, high_odd);
            return Awarded { amount, high, low: None, run: None, shares };
        };
        let low: Vec<usize> = eligible.iter().copied().filter(|&s| run.low[s] == Some(best_low)).collect();
        let low_half = amount / 2;
        let mut shares = self.split_in(amount - low_half, &high, high_odd);
        shares.extend(self.split_in(low_half, &low, low_odd));
        Awarded { amount, high, low: Some(low), run: None, shares }
    }

    /// PokerKit forms the pots after leaving out every hand that wins nothing (on any
    /// run): each pot's players are the hands that win part of it, and neighbouring pots
    /// with the same players merge, so their chips split as one, odd chips included (the
    /// rule is recorded when that changes the odd chips of some run).
    fn merge_pots(&mut self, layers: Vec<(u64, Vec<usize>)>, runs: &[RunValues]) -> Vec<(u64, Vec<usize>)> {
        let mut wins = vec![false; self.seats()];
        for run in runs {
            for (_, eligible) in &layers {
                let best = eligible.iter().map(|&s| run.high[s]).max();
                let best_low = eligible.iter().filter_map(|&s| run.low[s]).max();
                for &s in eligible {
                    wins[s] |= Some(run.high[s]) == best || (best_low.is_some() && run.low[s] == best_low);
                }
            }
        }
        let apart: Vec<(u64, Vec<usize>)> =
            layers.into_iter().map(|(a, e)| (a, e.into_iter().filter(|&s| wins[s]).collect())).collect();
        let mut merged: Vec<(u64, Vec<usize>)> = Vec::with_capacity(apart.len());
        for (amount, players) in &apart {
            match merged.last_mut() {
                Some((total, same)) if same == players => *total += amount,
                _ => merged.push((*amount, players.clone())),
            }
        }
        let odd = |pots: &[(u64, Vec<usize>)], r: usize| -> u64 {
            pots.iter().map(|(a, e)| run_shares(*a, runs.len(), self.conventions)[r] % e.len().max(1) as u64).sum()
        };
        if (0..runs.len()).any(|r| odd(&apart, r) != odd(&merged, r)) {
            self.differ(Differs::MergedPots);
        }
        merged
    }
}
