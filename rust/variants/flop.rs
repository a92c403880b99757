//! A hold'em hand played whole in Rust: the deal, the four betting rounds of the betting
//! machine (`rust/betting/`), the board, the showdown with the evaluator and the
//! settlement. It is the compiled form of the poker plugin's `texas-holdem` under the
//! options `hoyle_poker.compiled.compiled_rules` accepts, and deals a fixed deck as the
//! plugin does (docs/poker-games.md, "The compiled hand"): each seat's hole cards in turn
//! from the button's left, then a burn before the flop, the turn and the river.

use crate::betting::{Betting, Limits, Move};
use crate::cards::Card;
use crate::error::{CoreError, CoreResult};
use crate::poker::tables::eval_mask;

/// Board cards dealt on each street (preflop, flop, turn, river).
const BOARD_CARDS: [usize; 4] = [0, 3, 1, 1];
/// The streets' names as the plugin's `state.phase` names them.
pub const STREETS: [&str; 4] = ["preflop", "flop", "turn", "river"];

/// How a hand's forced bets and limits are set.
#[derive(Clone, Debug)]
pub struct FlopRules {
    pub limits: Limits,
    /// Blinds by blind position (small blind, big blind, straddle...).
    pub blinds: Vec<u64>,
    /// Antes by blind position (empty: none).
    pub antes: Vec<u64>,
    pub hole_cards: usize,
}

/// One hand of a flop game.
#[derive(Clone, Debug)]
pub struct FlopHand {
    pub betting: Betting,
    /// The cards still to deal, the next one last.
    stock: Vec<Card>,
    pub holes: Vec<Vec<Card>>,
    pub board: Vec<Card>,
    pub start: Vec<u64>,
    pub over: bool,
    /// `(seat, chips)` of the uncalled bet returned, if any.
    pub uncalled: Option<(usize, u64)>,
    /// How the hand ended: "folds" or "showdown".
    pub end: Option<&'static str>,
}

impl FlopHand {
    /// Seat a hand (every seat with chips is dealt in; the button on the last of them),
    /// post the forced bets and deal from `deck`, its first card dealt first. Errors name
    /// the bad value: fewer than two players with chips, a deck too small for the deal.
    pub fn new(deck: &[Card], stacks: Vec<u64>, rules: &FlopRules) -> CoreResult<FlopHand> {
        let dealt: Vec<usize> = (0..stacks.len()).filter(|&s| stacks[s] > 0).collect();
        if dealt.len() < 2 {
            return Err(CoreError::invalid_argument(
                "stacks",
                dealt.len(),
                "a hand needs at least two players with chips",
            ));
        }
        let need = rules.hole_cards * dealt.len() + 8;
        if need > deck.len() {
            return Err(CoreError::invalid_argument(
                "deck",
                deck.len(),
                format!("{} players with {} hole cards each need {need} cards", dealt.len(), rules.hole_cards),
            ));
        }
        let button = *dealt.last().expect("two seats");
        let n = stacks.len();
        let mut betting = Betting::new(rules.limits.clone(), stacks.clone(), button, &dealt)?;
        betting.post_forced_bets(&rules.blinds, &rules.antes);
        let mut stock: Vec<Card> = deck.to_vec();
        stock.reverse();
        let mut holes = vec![Vec::new(); n];
        for &s in &betting.order {
            for _ in 0..rules.hole_cards {
                holes[s].push(stock.pop().expect("checked size"));
            }
        }
        let mut hand = FlopHand {
            betting,
            stock,
            holes,
            board: Vec::with_capacity(5),
            start: stacks,
            over: false,
            uncalled: None,
            end: None,
        };
        if hand.betting.to_act.is_none() {
            hand.next_street();
        }
        Ok(hand)
    }

    pub fn street(&self) -> usize {
        self.betting.street
    }

    /// Play `m` for the seat to act, or say why it may not.
    pub fn act(&mut self, m: Move) -> CoreResult<()> {
        let seat = self.betting.to_act.ok_or_else(|| CoreError::invalid_argument("action", m, "the hand is over"))?;
        if let Some(why) = self.betting.refusal(seat, m) {
            return Err(CoreError::invalid_argument("action", m, why));
        }
        if self.betting.apply(m) {
            self.next_street();
        }
        Ok(())
    }

    /// The round is over: open the next street (skipping any where nobody can act), or
    /// show down; a hand won uncontested ends at once.
    fn next_street(&mut self) {
        loop {
            if self.betting.live_count() == 1 {
                self.uncalled = self.betting.return_uncalled();
                self.betting.award_uncontested();
                self.finish("folds");
                return;
            }
            let street = self.betting.street + 1;
            if street == STREETS.len() {
                self.showdown();
                return;
            }
            self.stock.pop(); // the burn
            for _ in 0..BOARD_CARDS[street] {
                let card = self.stock.pop().expect("checked size");
                self.board.push(card);
            }
            self.betting.start_round(street);
            if self.betting.to_act.is_some() {
                return;
            }
        }
    }

    fn showdown(&mut self) {
        self.uncalled = self.betting.return_uncalled();
        let board = mask(&self.board);
        let values: Vec<u32> = self
            .holes
            .iter()
            .enumerate()
            .map(|(s, h)| if self.betting.live[s] { eval_mask(board | mask(h)) } else { 0 })
            .collect();
        self.betting.settle_high(&values);
        self.finish("showdown");
    }

    fn finish(&mut self, end: &'static str) {
        self.over = true;
        self.end = Some(end);
        self.betting.to_act = None;
        self.betting.range = None;
    }

    /// Chips won (or lost) by each seat.
    pub fn won(&self) -> Vec<i64> {
        self.betting.stacks.iter().zip(&self.start).map(|(&now, &was)| now as i64 - was as i64).collect()
    }
}

fn mask(cards: &[Card]) -> u64 {
    cards.iter().fold(0, |m, c| m | 1u64 << c.face())
}
