//! Native bots and whole simulations of compiled hands: no crossing into Python per action.
//!
//! A simulation seeds each game exactly as `hoyle.simulate` does (game `i` of root seed
//! `r` is shuffled from `Rng(r, i).next_u64()` on stream 0, and seat `k`'s bot is seeded
//! `Rng(game_seed, 1 + k).next_u64()`), and the native random bot draws as
//! `hoyle.bots.RandomBot` (a uniform index into the legal actions), so a native run gives
//! the same records as the Python path.

use rayon::prelude::*;

use crate::betting::Move;
use crate::cards::{Deck, Rng};
use crate::error::CoreResult;

use super::flop::{FlopHand, FlopRules};

/// `hoyle.bots.RandomBot`: a uniform choice among the legal actions.
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot { rng: Rng::new(seed) }
    }

    pub fn choose(&mut self, legal: &[Move]) -> Move {
        legal[self.rng.below(legal.len() as u64) as usize]
    }
}

/// One game's outcome: chips won per seat and the number of actions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub won: Vec<i64>,
    pub actions: u32,
}

/// Play one hand from `seed` (the game's seed) between random bots.
pub fn play_random(deck: &Deck, stacks: &[u64], rules: &FlopRules, seed: u64) -> CoreResult<Played> {
    let shuffled = deck.shuffled(seed, 0);
    let mut hand = FlopHand::new(shuffled.cards(), stacks.to_vec(), rules)?;
    let mut bots: Vec<RandomBot> =
        (0..stacks.len()).map(|k| RandomBot::new(Rng::with_stream(seed, 1 + k as u64).next_u64())).collect();
    let mut legal = Vec::with_capacity(8);
    let mut actions = 0;
    while let Some(seat) = hand.betting.to_act {
        hand.betting.legal_moves_into(&mut legal);
        let m = bots[seat].choose(&legal);
        hand.act(m)?;
        actions += 1;
    }
    Ok(Played { won: hand.won(), actions })
}

/// The seed of game `index` of a simulation from `root` (`hoyle.simulate.play.game_seed`).
pub fn game_seed(root: u64, index: u64) -> u64 {
    Rng::with_stream(root, index).next_u64()
}

/// Games `first..first + games` of a simulation from `root`, on `threads` threads (0: all
/// cores); the results do not depend on the thread count.
pub fn simulate_random(
    deck: &Deck,
    stacks: &[u64],
    rules: &FlopRules,
    root: u64,
    first: u64,
    games: u64,
    threads: usize,
) -> CoreResult<Vec<Played>> {
    FlopHand::new(deck.cards(), stacks.to_vec(), rules)?; // the settings' errors before any work
    let play = |i| play_random(deck, stacks, rules, game_seed(root, i));
    if threads == 1 {
        return (first..first + games).map(play).collect(); // no pool for one thread
    }
    let run = || (first..first + games).into_par_iter().map(play).collect::<CoreResult<Vec<Played>>>();
    if threads == 0 {
        return run();
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| crate::error::CoreError::invalid_argument("threads", threads, e))?
        .install(run)
}
