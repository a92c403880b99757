//! The end of a hand's betting: the uncalled bet returned, the main and side pots, a pot
//! split with its odd chips, the showdown order and a pot won uncontested.

use super::Betting;

impl Betting {
    /// Chips each seat put in as live money (bets and uniform antes, not dead money).
    fn contributions(&self) -> Vec<u64> {
        self.committed.iter().zip(&self.dead).map(|(c, d)| c - d).collect()
    }

    /// Give back the part of the largest contribution nobody matched, to its bettor (even
    /// one who folded since). Returns `(seat, chips)` when there was one.
    pub fn return_uncalled(&mut self) -> Option<(usize, u64)> {
        let (mut top, mut second, mut leader) = (0u64, 0u64, None);
        for (s, c) in self.contributions().into_iter().enumerate() {
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
        let leader = leader?;
        let excess = top - second;
        if excess == 0 {
            return None;
        }
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
        let rest = self.pot - out.iter().map(|(a, _)| a).sum::<u64>();
        match out.last_mut() {
            Some(last) if rest > 0 => last.0 += rest,
            None if rest > 0 => out.push((rest, live)),
            _ => {}
        }
        out
    }

    /// Award `amount` shared by `winners`: the odd chips one at a time to the winners in
    /// order from the button's left.
    pub fn split(&mut self, amount: u64, winners: &[usize]) {
        let mut ordered: Vec<usize> = self.order.iter().copied().filter(|s| winners.contains(s)).collect();
        if winners.len() == 1 {
            ordered = winners.to_vec();
        }
        let count = ordered.len() as u64;
        let (share, odd) = (amount / count, amount % count);
        for (i, &s) in ordered.iter().enumerate() {
            let won = share + u64::from((i as u64) < odd);
            if won > 0 {
                self.award(s, won);
            }
        }
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

    /// Everyone else folded: the last player takes the pot without showing.
    pub fn award_uncontested(&mut self) -> usize {
        let winner = (0..self.seats()).find(|&s| self.live[s]).expect("one live player");
        let pot = self.pot;
        if pot > 0 {
            self.award(winner, pot);
        }
        winner
    }

    /// Award every pot to the best `values` (higher is better) among its eligible seats.
    pub fn settle_high(&mut self, values: &[u32]) {
        for (amount, eligible) in self.pots() {
            let best = eligible.iter().map(|&s| values[s]).max().expect("a pot has players");
            let winners: Vec<usize> = eligible.into_iter().filter(|&s| values[s] == best).collect();
            self.split(amount, &winners);
        }
    }
}
