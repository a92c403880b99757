//! A hand's betting: the forced bets, each round's turns, what the seat to act may do and
//! what each action changes (docs/rules/poker.md#b2).

use std::fmt;

use crate::error::{CoreError, CoreResult};

use super::POT_FRACTIONS;

/// The betting structure: how much a bet or raise may be.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Structure {
    NoLimit,
    PotLimit,
    FixedLimit,
}

impl Structure {
    /// The structure named as the `structure` option names it.
    ///
    /// ```
    /// use _core::betting::Structure;
    /// assert_eq!(Structure::parse("pot-limit").unwrap(), Structure::PotLimit);
    /// assert!(Structure::parse("spread-limit").is_err());
    /// ```
    pub fn parse(name: &str) -> CoreResult<Structure> {
        match name {
            "no-limit" => Ok(Structure::NoLimit),
            "pot-limit" => Ok(Structure::PotLimit),
            "fixed-limit" => Ok(Structure::FixedLimit),
            _ => {
                Err(CoreError::invalid_argument("structure", name, "a structure is no-limit, pot-limit or fixed-limit"))
            }
        }
    }
}

/// The limits a hand is played under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    pub structure: Structure,
    /// The least bet in no-limit and pot-limit.
    pub min_bet: u64,
    /// The fixed-limit bet of each round (street).
    pub bet_sizes: Vec<u64>,
    /// Fixed limit, the half-bet rule: an all-in of at least half a bet counts as a full one.
    pub half_bet_reopens: bool,
    /// A fold with nothing to call stands (option `fold_when_check="allow"`).
    pub fold_when_check: bool,
}

/// A betting action; a bet or raise names the total it makes the seat's bet this round.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Move {
    Fold,
    Check,
    Call,
    Bet(u64),
    Raise(u64),
}

impl fmt::Display for Move {
    /// The action's text as `hoyle.Action` prints it.
    ///
    /// ```
    /// use _core::betting::Move;
    /// assert_eq!(Move::Raise(10).to_string(), "raise to 10");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Fold => f.write_str("fold"),
            Move::Check => f.write_str("check"),
            Move::Call => f.write_str("call"),
            Move::Bet(to) => write!(f, "bet to {to}"),
            Move::Raise(to) => write!(f, "raise to {to}"),
        }
    }
}

impl Move {
    /// Reads an action's text: `fold`, `check`, `call`, `bet to N`, `raise to N`.
    pub fn parse(text: &str) -> CoreResult<Move> {
        let bad = || {
            CoreError::invalid_argument("action", text, "a betting action is fold, check, call, bet to N or raise to N")
        };
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["fold"] => Ok(Move::Fold),
            ["check"] => Ok(Move::Check),
            ["call"] => Ok(Move::Call),
            [kind @ ("bet" | "raise"), "to", n] => {
                let to: u64 = n.parse().map_err(|_| bad())?;
                Ok(if *kind == "bet" { Move::Bet(to) } else { Move::Raise(to) })
            }
            _ => Err(bad()),
        }
    }
}

/// The chips and turns of one hand's betting. Seats are the table's seats; a seat not
/// dealt in is never live.
#[derive(Clone, Debug)]
pub struct Betting {
    pub limits: Limits,
    pub button: usize,
    /// The seats dealt in, clockwise from the button's left.
    pub order: Vec<usize>,
    pub live: Vec<bool>,
    pub stacks: Vec<u64>,
    /// Chips each seat has put in this hand (antes, blinds, bets).
    pub committed: Vec<u64>,
    /// The dead part of `committed` (a big-blind ante): main-pot money, no bet.
    pub dead: Vec<u64>,
    /// Each seat's bet this round.
    pub bets: Vec<u64>,
    /// The bet a seat matched when it last acted this round (None: not yet).
    pub acted: Vec<Option<u64>>,
    /// The highest bet this round.
    pub to_call: u64,
    /// The last full bet or raise: a raise adds at least this much.
    pub min_raise: u64,
    /// Full bets and raises this round (a blind counts as the bet), for the fixed-limit cap.
    pub raises: u32,
    /// The total of the round's last full bet (fixed limit).
    pub full_to: u64,
    /// The last seat to bet or raise this round.
    pub aggressor: Option<usize>,
    pub street: usize,
    pub to_act: Option<usize>,
    /// `(least, most)` total the seat to act may bet or raise to.
    pub range: Option<(u64, u64)>,
    /// Chips in the middle.
    pub pot: u64,
}

impl Betting {
    /// A hand's betting before the forced bets: `dealt` are the seats dealt in, in seat
    /// order. Errors name the bad value: fewer than two seats dealt in, a seat off the table.
    pub fn new(limits: Limits, stacks: Vec<u64>, button: usize, dealt: &[usize]) -> CoreResult<Betting> {
        let n = stacks.len();
        if dealt.len() < 2 {
            return Err(CoreError::invalid_argument("dealt", dealt.len(), "a hand needs at least two players"));
        }
        if button >= n || dealt.iter().any(|&s| s >= n) {
            return Err(CoreError::invalid_argument("seat", button, format!("the table has seats 0..{n}")));
        }
        if limits.structure == Structure::FixedLimit && limits.bet_sizes.is_empty() {
            return Err(CoreError::invalid_argument("bet_sizes", "[]", "fixed limit needs a bet size per round"));
        }
        let mut live = vec![false; n];
        for &s in dealt {
            live[s] = true;
        }
        let order = (1..=n).map(|k| (button + k) % n).filter(|&s| live[s]).collect();
        Ok(Betting {
            min_raise: limits.min_bet,
            limits,
            button,
            order,
            live,
            stacks,
            committed: vec![0; n],
            dead: vec![0; n],
            bets: vec![0; n],
            acted: vec![None; n],
            to_call: 0,
            raises: 0,
            full_to: 0,
            aggressor: None,
            street: 0,
            to_act: None,
            range: None,
            pot: 0,
        })
    }

    pub fn seats(&self) -> usize {
        self.stacks.len()
    }

    /// Chips from a seat's stack into the pot.
    pub fn commit(&mut self, seat: usize, amount: u64) {
        debug_assert!(amount <= self.stacks[seat]);
        self.stacks[seat] -= amount;
        self.committed[seat] += amount;
        self.pot += amount;
    }

    /// Chips from the pot to a seat's stack.
    pub fn award(&mut self, seat: usize, amount: u64) {
        debug_assert!(amount <= self.pot);
        self.pot -= amount;
        self.stacks[seat] += amount;
    }

    /// The seats in the order they post blinds: left of the button first; heads-up the
    /// button posts the small blind.
    pub fn blind_order(&self) -> Vec<usize> {
        let mut order = self.order.clone();
        if order.len() == 2 {
            order.swap(0, 1);
        }
        order
    }

    /// Post the antes and blinds (each by blind position) and give the turn to the first
    /// player left of the last blind posted. Uniform antes (every player dealt in antes)
    /// are live money; antes from some positions only are dead money in the main pot.
    pub fn post_forced_bets(&mut self, blinds: &[u64], antes: &[u64]) {
        let order = self.blind_order();
        if antes.iter().any(|&a| a > 0) {
            let live_antes = antes.len() >= order.len() && antes[..order.len()].iter().all(|&a| a > 0);
            for (&seat, &ante) in order.iter().zip(antes) {
                let amount = ante.min(self.stacks[seat]);
                if amount > 0 {
                    self.commit(seat, amount);
                    if !live_antes {
                        self.dead[seat] += amount;
                    }
                }
            }
        }
        let mut last_blind = None;
        for (&seat, &blind) in order.iter().zip(blinds) {
            if blind > 0 {
                let amount = blind.min(self.stacks[seat]);
                self.commit(seat, amount);
                self.bets[seat] += amount;
                last_blind = Some(seat);
            }
        }
        let top = blinds.iter().copied().max().unwrap_or(0);
        if top > 0 {
            self.to_call = top;
            self.min_raise = match self.limits.structure {
                Structure::FixedLimit => self.limits.bet_sizes[0],
                _ => self.limits.min_bet.max(top),
            };
            self.raises = 1;
            self.full_to = top;
        }
        let first = match last_blind {
            None => self.order[0],
            Some(seat) => self.next_in_order(seat),
        };
        let who = self.first_to_act(first);
        self.set_turn(who);
    }

    /// The seat after `seat` among those dealt in, clockwise.
    fn next_in_order(&self, seat: usize) -> usize {
        let i = self.order.iter().position(|&s| s == seat).expect("a seat dealt in");
        self.order[(i + 1) % self.order.len()]
    }

    /// Start the betting round of `street` (after the first): bets reset, action from the
    /// first live player left of the button.
    pub fn start_round(&mut self, street: usize) {
        self.bets.iter_mut().for_each(|b| *b = 0);
        self.acted.iter_mut().for_each(|a| *a = None);
        self.to_call = 0;
        self.min_raise = self.street_bet(street).unwrap_or(self.limits.min_bet);
        self.raises = 0;
        self.aggressor = None;
        self.full_to = 0;
        self.street = street;
        let who = self.first_to_act((self.button + 1) % self.seats());
        self.set_turn(who);
    }

    /// The fixed-limit bet of `street`, or None in the other structures.
    fn street_bet(&self, street: usize) -> Option<u64> {
        match self.limits.structure {
            Structure::FixedLimit => {
                let sizes = &self.limits.bet_sizes;
                Some(sizes[street.min(sizes.len() - 1)])
            }
            _ => None,
        }
    }

    pub fn live_count(&self) -> usize {
        self.live.iter().filter(|&&l| l).count()
    }

    /// No more betting this hand: at most one live player has chips behind.
    pub fn betting_closed(&self) -> bool {
        (0..self.seats()).filter(|&s| self.live[s] && self.stacks[s] > 0).count() <= 1
    }

    /// The first seat clockwise from `start` with a decision to make this round, or None.
    /// Nobody decides when at most one live player can act and its bet already matches
    /// every other bet (a folded player's bet counts: calling it wins those chips).
    pub fn first_to_act(&self, start: usize) -> Option<usize> {
        let n = self.seats();
        let mut first = None;
        let mut can_act = 0;
        let mut actor = 0;
        for s in (0..n).map(|k| (start + k) % n) {
            if self.live[s] && self.stacks[s] > 0 {
                can_act += 1;
                actor = s;
                if first.is_none() && (self.acted[s].is_none() || self.bets[s] < self.to_call) {
                    first = Some(s);
                }
            }
        }
        match can_act {
            0 => None,
            1 if self.bets[actor] >= self.bets.iter().copied().max().unwrap_or(0) => None,
            _ => first,
        }
    }

    fn set_turn(&mut self, seat: Option<usize>) {
        self.to_act = seat;
        self.range = seat.and_then(|s| self.raise_range(s));
    }

    /// `(least, most)` total `seat` may bet or raise to this round, or None when it may
    /// not: it can only call or fold, a short all-in did not reopen the betting for it,
    /// nobody else could call, or the fixed-limit cap (a bet and three raises) is reached.
    pub fn raise_range(&self, seat: usize) -> Option<(u64, u64)> {
        let all_in = self.bets[seat] + self.stacks[seat];
        if all_in <= self.to_call {
            return None;
        }
        if let Some(acted) = self.acted[seat] {
            if self.to_call - acted < self.min_raise && self.full_to <= acted {
                return None; // a short all-in did not reopen the betting
            }
        }
        let caller = (0..self.seats()).any(|s| s != seat && self.live[s] && self.stacks[s] > 0);
        if !caller {
            return None;
        }
        if let Some(size) = self.street_bet(self.street) {
            if self.raises >= 4 {
                return None;
            }
            // no full bet yet this round (a short all-in bet): complete it
            let full = if self.raises == 0 && self.to_call < size { size } else { self.to_call + size };
            let amount = full.min(all_in);
            return Some((amount, amount));
        }
        let least = if self.to_call > 0 { self.to_call + self.min_raise } else { self.limits.min_bet.max(1) };
        let most = match self.limits.structure {
            Structure::PotLimit => {
                let call = self.to_call - self.bets[seat];
                all_in.min(self.to_call + self.pot + call)
            }
            _ => all_in,
        };
        Some((least.min(most), most))
    }

    /// The concrete choices of the seat to act, written into `out` (cleared first): fold
    /// when facing a bet, check or call, then the least bet or raise, the pot fractions
    /// between, and the most (fixed limit: the one size).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        let Some(seat) = self.to_act else { return };
        let facing = self.to_call > self.bets[seat];
        if facing {
            out.extend([Move::Fold, Move::Call]);
        } else {
            out.push(Move::Check);
        }
        let Some((least, most)) = self.range else { return };
        let sized = |to| if self.to_call > 0 { Move::Raise(to) } else { Move::Bet(to) };
        out.push(sized(least));
        if self.limits.structure != Structure::FixedLimit {
            let pot_after_call = self.pot - self.bets[seat] + self.to_call;
            let mut last = least;
            for (a, b) in POT_FRACTIONS {
                let size = self.to_call + pot_after_call * a / b;
                if last < size && size < most {
                    out.push(sized(size));
                    last = size;
                }
            }
        }
        if most != least {
            out.push(sized(most));
        }
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(8);
        self.legal_moves_into(&mut out);
        out
    }

    /// Why `seat` may not make `m` now, in the Python engine's words; None when it may.
    pub fn refusal(&self, seat: usize, m: Move) -> Option<String> {
        let Some(to_act) = self.to_act else { return Some("the betting is over".into()) };
        if seat != to_act {
            return Some(format!("it is not seat {seat}'s turn (seat {to_act} is to act)"));
        }
        let owed = self.to_call - self.bets[seat];
        match m {
            Move::Check if owed > 0 => Some(format!("cannot check: {owed} to call")),
            Move::Call if owed == 0 => Some("nothing to call: check".into()),
            Move::Fold if owed == 0 && !self.limits.fold_when_check => {
                Some("cannot fold with nothing to call: check (option fold_when_check='allow' allows it)".into())
            }
            Move::Fold | Move::Check | Move::Call => None,
            Move::Bet(to) | Move::Raise(to) => self.sizing_refusal(m, to),
        }
    }

    fn sizing_refusal(&self, m: Move, to: u64) -> Option<String> {
        let kind = if matches!(m, Move::Bet(_)) { "bet" } else { "raise" };
        let Some((least, most)) = self.range else {
            return Some("betting is not open to this player (no raise allowed)".into());
        };
        match m {
            Move::Bet(_) if self.to_call > 0 => {
                Some(format!("there is a bet of {} already: raise instead", self.to_call))
            }
            Move::Raise(_) if self.to_call == 0 => Some("there is nothing to raise: bet instead".into()),
            _ if !(least..=most).contains(&to) => {
                Some(format!("{kind} to {to} is outside the legal range {least}..{most}"))
            }
            _ => None,
        }
    }

    /// Carry out `m` by the seat to act (checked by [`Betting::refusal`] first). Returns
    /// true when the betting round is over (nobody is then to act).
    pub fn apply(&mut self, m: Move) -> bool {
        let seat = self.to_act.expect("a seat to act");
        match m {
            Move::Fold => self.live[seat] = false,
            Move::Check | Move::Call => {
                let amount = (self.to_call - self.bets[seat]).min(self.stacks[seat]);
                self.commit(seat, amount);
                self.bets[seat] += amount;
                self.acted[seat] = Some(self.to_call);
            }
            Move::Bet(to) | Move::Raise(to) => {
                self.commit(seat, to - self.bets[seat]);
                self.bet(seat, to);
            }
        }
        self.advance(seat)
    }

    /// `seat` has put its bet up to `to`: a full bet or raise counts for the cap and
    /// reopens the betting; a short all-in does neither.
    fn bet(&mut self, seat: usize, to: u64) {
        let increment = to - self.to_call;
        self.bets[seat] = to;
        if let Some(size) = self.street_bet(self.street) {
            let wager = if self.raises == 0 { to } else { increment };
            if wager >= size || (2 * wager >= size && self.limits.half_bet_reopens) {
                self.raises += 1;
                self.full_to = to;
            }
        } else if increment >= self.min_raise {
            self.min_raise = increment;
            self.raises += 1;
        }
        self.to_call = to;
        self.acted[seat] = Some(to);
        self.aggressor = Some(seat);
    }

    /// Pass the turn on from `seat`; true when the round is over.
    fn advance(&mut self, seat: usize) -> bool {
        let who = if self.live_count() <= 1 { None } else { self.first_to_act((seat + 1) % self.seats()) };
        self.set_turn(who);
        who.is_none()
    }
}
