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

/// How the rules decide where the cardroom and PokerKit 0.7 differ (the `conventions`
/// option): one value per profile, [`Conventions::CARDROOM`] and [`Conventions::POKERKIT`];
/// the rules read its fields, never the profile's name.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Conventions {
    /// The option's value naming the profile.
    pub name: &'static str,
    /// Who may raise again: the cardroom's full raise (a raise adds at least the last full
    /// bet or raise, a short all-in reopens nothing) or PokerKit's largest increment (the
    /// round's increment starts at 0; all-ins since a seat acted reopen once they add up to it).
    pub reopening: Reopening,
    /// A player who has not acted is asked even when nobody else can act (PokerKit's
    /// redundant check); the cardroom skips a decision with nothing to decide.
    pub asks_lone_player: bool,
    /// Where the odd chips of a pot split among tied winners, or among the runs of a board
    /// run more than once, go.
    pub odd_chips: OddChips,
    /// Before the pots are split, the hands that win nothing are left out of every pot
    /// and neighbouring pots with the same players merge (PokerKit).
    pub merges_pots: bool,
}

/// The odd-chip rule of a [`Conventions`] profile.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OddChips {
    /// One at a time, to the winners in odd-chip order (the first run first).
    OneEach,
    /// All of them to the first winner from the button's left (the first run), when there
    /// is more than one.
    AllToFirst,
}

/// The re-opening rule of a [`Conventions`] profile.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reopening {
    FullRaise,
    LargestIncrement,
}

impl Conventions {
    pub const CARDROOM: Conventions = Conventions {
        name: "cardroom",
        reopening: Reopening::FullRaise,
        asks_lone_player: false,
        odd_chips: OddChips::OneEach,
        merges_pots: false,
    };
    pub const POKERKIT: Conventions = Conventions {
        name: "pokerkit",
        reopening: Reopening::LargestIncrement,
        asks_lone_player: true,
        odd_chips: OddChips::AllToFirst,
        merges_pots: true,
    };

    /// The profile the `conventions` option names.
    ///
    /// ```
    /// use _core::betting::Conventions;
    /// assert_eq!(Conventions::parse("pokerkit").unwrap(), Conventions::POKERKIT);
    /// assert!(Conventions::parse("casino").is_err());
    /// ```
    pub fn parse(name: &str) -> CoreResult<Conventions> {
        match name {
            "cardroom" => Ok(Conventions::CARDROOM),
            "pokerkit" => Ok(Conventions::POKERKIT),
            _ => Err(CoreError::invalid_argument("conventions", name, "the conventions are cardroom or pokerkit")),
        }
    }
}

/// A seat's action taken out of turn (`procedure="cardroom"`), as the turn sees it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Frozen {
    No,
    /// An action waiting to be resolved at the seat's turn.
    Pending,
    /// Deemed a call, short of chips: the seat calls or folds, no raise.
    DeemedCall,
}

/// A PokerKit convention that differs from the cardroom's and decided something
/// (`public["pokerkit_rules"]` records each once, in these words).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Differs {
    LonePlayerChecks,
    ReopenedByShortAllIns,
    BlindsSetNoIncrement,
    OddChipsToFirstWinner,
    OddChipsToFirstRun,
    MergedPots,
}

impl Differs {
    pub fn text(self) -> &'static str {
        match self {
            Differs::LonePlayerChecks => "a player who has not acted checks though nobody else can act",
            Differs::ReopenedByShortAllIns => {
                "a player who checked or called may raise after an all-in short of a full raise"
            }
            Differs::BlindsSetNoIncrement => "blinds and straddles do not set the raise increment",
            Differs::OddChipsToFirstWinner => "the odd chips of a split pot all go to the first winner",
            Differs::OddChipsToFirstRun => "the odd chips of a pot run more than once all go to the first run",
            Differs::MergedPots => "pots with the same winners are merged before they are split",
        }
    }
}

/// The round's facts PokerKit's re-opening rule reads ([`Reopening::LargestIncrement`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Increments {
    /// The largest bet or raise increment of the round so far.
    pub raise: u64,
    /// A raise short of a cardroom full raise reopened the betting this round.
    pub reopened: bool,
    /// Who has acted since the last full raise.
    pub acted: Vec<bool>,
    /// The all-ins' increments since the last full raise.
    pub short: Vec<u64>,
    /// The largest blind posted.
    pub top_blind: u64,
}

/// What a check, call, fold, bet or raise by the seat to act may be, in the Python
/// engine's words: `Defer` leaves it to the list of legal actions.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    Ok,
    Defer,
    Refuse(String),
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
    /// Chips in the middle (as the players in turn see it: without chips frozen out of turn).
    pub pot: u64,
    pub conventions: Conventions,
    /// Actions taken out of turn, waiting for their seats' turns.
    pub frozen: Vec<Frozen>,
    /// A second, bigger fixed-limit bet size offered until the round's first full bet
    /// (stud: an open pair on fourth street).
    pub alt_bet: Option<u64>,
    /// The round's first full bet cleared `alt_bet` (the key is written back).
    pub alt_bet_cleared: bool,
    /// Stud's bring-in was posted this hand (PokerKit completes it on third street).
    pub bring_in: bool,
    /// PokerKit's facts for its re-opening rule.
    pub increments: Increments,
    /// The PokerKit conventions that decided something in the last call, in order.
    pub differs: Vec<Differs>,
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
            conventions: Conventions::CARDROOM,
            frozen: vec![Frozen::No; n],
            alt_bet: None,
            alt_bet_cleared: false,
            bring_in: false,
            increments: Increments { acted: vec![false; n], ..Increments::default() },
            differs: Vec::new(),
        })
    }

    pub fn seats(&self) -> usize {
        self.stacks.len()
    }

    /// Chips from a seat's stack into the pot.
    pub fn commit(&mut self, seat: usize, amount: u64) {
        let amount = amount.min(self.stacks[seat]);
        self.stacks[seat] -= amount;
        self.committed[seat] += amount;
        self.pot += amount;
    }

    /// Chips from the pot to a seat's stack.
    pub fn award(&mut self, seat: usize, amount: u64) {
        let amount = amount.min(self.pot);
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
    /// A seat can act with chips behind or with an action frozen out of turn (then it acts
    /// at once to have it resolved). Nobody decides when at most one live player can act
    /// and its bet already matches every other bet (a folded player's bet counts: calling
    /// it wins those chips), unless the conventions ask a lone player who has not acted.
    pub fn first_to_act(&mut self, start: usize) -> Option<usize> {
        let n = self.seats();
        let mut first = None;
        let mut can_act = 0;
        let mut actor = 0;
        for s in (0..n).map(|k| (start + k) % n) {
            if !self.live[s] {
                continue;
            }
            let frozen = self.frozen[s] != Frozen::No;
            if self.stacks[s] > 0 {
                can_act += 1;
                actor = s;
                if first.is_none() && (self.acted[s].is_none() || self.bets[s] < self.to_call || frozen) {
                    first = Some(s);
                }
            } else if frozen {
                can_act += 1;
                actor = s;
                if first.is_none() {
                    first = Some(s);
                }
            }
        }
        if can_act > 1 {
            return first;
        }
        let top = self.bets.iter().copied().max().unwrap_or(0);
        if self.conventions.asks_lone_player {
            if can_act == 1 && self.acted[actor].is_none() && self.bets[actor] >= top {
                self.differ(Differs::LonePlayerChecks);
            }
            return first;
        }
        match can_act {
            0 => None,
            _ if self.bets[actor] >= top => None,
            _ => first,
        }
    }

    pub(super) fn differ(&mut self, rule: Differs) {
        if !self.differs.contains(&rule) {
            self.differs.push(rule);
        }
    }

    /// Give the turn to `seat` (None: the round is over); a seat with an action frozen out
    /// of turn may not raise.
    pub fn set_turn(&mut self, seat: Option<usize>) {
        self.to_act = seat;
        self.range = match seat {
            Some(s) if self.frozen[s] == Frozen::No => self.raise_range(s),
            _ => None,
        };
    }

    /// The least bet of the round: the fixed-limit bet size, else the minimum bet.
    fn street_min(&self) -> u64 {
        self.street_bet(self.street).unwrap_or(self.limits.min_bet)
    }

    /// `(least, most)` total `seat` may bet or raise to this round, or None when it may
    /// not: it can only call or fold, a short all-in did not reopen the betting for it,
    /// nobody else could call, or the fixed-limit cap (a bet and three raises) is reached.
    pub fn raise_range(&self, seat: usize) -> Option<(u64, u64)> {
        let all_in = self.bets[seat] + self.stacks[seat];
        if all_in <= self.to_call {
            return None;
        }
        if self.conventions.reopening == Reopening::LargestIncrement {
            return self.increment_range(seat, all_in);
        }
        if let Some(acted) = self.acted[seat] {
            if self.to_call.saturating_sub(acted) < self.min_raise && self.full_to <= acted {
                return None; // a short all-in did not reopen the betting (a completion does)
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
            // no full bet yet this round (a bring-in or a short all-in bet): complete it
            let full = if self.raises == 0 && self.to_call < size { size } else { self.to_call + size };
            let amount = full.min(all_in);
            if let Some(alt) = self.alt_bet.filter(|&a| a > 0 && self.raises == 0) {
                // a choice of two bet sizes until the first full bet
                let bigger = if self.to_call < size { alt } else { self.to_call + alt };
                return Some((amount, bigger.min(all_in)));
            }
            return Some((amount, amount));
        }
        let least = if self.to_call > 0 { self.to_call + self.min_raise } else { self.limits.min_bet.max(1) };
        let most = match self.limits.structure {
            Structure::PotLimit => {
                let call = self.to_call.saturating_sub(self.bets[seat]);
                all_in.min(self.to_call + self.pot + call)
            }
            _ => all_in,
        };
        Some((least.min(most), most))
    }

    /// PokerKit's range: the least raise adds the round's largest increment; a seat may
    /// not raise when its call is less than it, nor after acting when the all-ins since
    /// add up to less; nobody raises unless someone else could call more.
    fn increment_range(&self, seat: usize, all_in: u64) -> Option<(u64, u64)> {
        let inc = &self.increments;
        let (bet, to_call) = (self.bets[seat], self.to_call);
        let fixed = self.limits.structure == Structure::FixedLimit;
        if to_call.saturating_sub(bet) < inc.raise {
            return None; // a short all-in cannot be raised
        }
        if fixed && self.raises >= 4 {
            return None;
        }
        if !inc.short.is_empty() && inc.short.iter().sum::<u64>() < inc.raise && inc.acted[seat] {
            return None; // acted, and the all-ins since add up to less than a full raise
        }
        let caller = (0..self.seats()).any(|s| s != seat && self.live[s] && self.stacks[s] + self.bets[s] > to_call);
        if !caller {
            return None;
        }
        let completing = fixed && self.bring_in && self.street == 0 && self.raises == 0;
        let least = (inc.raise.max(self.street_min()) + if completing { 0 } else { to_call }).min(all_in);
        match self.limits.structure {
            Structure::FixedLimit => Some((least, least)),
            Structure::PotLimit => Some((least, all_in.min(least.max((2 * to_call + self.pot).saturating_sub(bet))))),
            Structure::NoLimit => Some((least, all_in)),
        }
    }

    /// The concrete choices of the seat to act, written into `out` (cleared first): fold
    /// when facing a bet, check or call, then the least bet or raise, the pot fractions
    /// between, and the most (fixed limit: the one size, or stud's two). A seat with an
    /// action frozen out of turn (deemed a call) may call or fold.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        let Some(seat) = self.to_act else { return };
        if self.frozen[seat] != Frozen::No {
            out.extend([Move::Fold, Move::Call]);
            return;
        }
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
            let pot_after_call = self.pot.saturating_sub(self.bets[seat]) + self.to_call;
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

    /// The verdict on an action of the seat to act (`hoyle_poker.betting.check_action`'s
    /// rules for an action in turn): `kind` its word, `amount` its total, `plain` whether
    /// it names no cards, source or target. A check facing a bet, or a fold with nothing
    /// to call (unless the option allows it), is refused; a bet or raise must be of a
    /// legal size; any other action is left to the list of legal actions.
    pub fn verdict(&self, seat: usize, kind: &str, amount: Option<i128>, plain: bool) -> Verdict {
        let owed = self.to_call.saturating_sub(self.bets[seat]);
        let sized = matches!(kind, "bet" | "raise");
        if !sized || !plain {
            return match kind {
                "check" if owed > 0 => Verdict::Refuse(format!("cannot check: {owed} to call")),
                "fold" if owed == 0 && self.limits.fold_when_check && plain => Verdict::Ok,
                "fold" if owed == 0 => Verdict::Refuse(
                    "cannot fold with nothing to call: check (option fold_when_check='allow' allows it)".into(),
                ),
                _ => Verdict::Defer,
            };
        }
        let Some((least, most)) = self.range else {
            return Verdict::Refuse("betting is not open to this player (no raise allowed)".into());
        };
        if kind == "bet" && self.to_call > 0 {
            return Verdict::Refuse(format!("there is a bet of {} already: raise instead", self.to_call));
        }
        if kind == "raise" && self.to_call == 0 {
            return Verdict::Refuse("there is nothing to raise: bet instead".into());
        }
        let Some(to) = amount else {
            return Verdict::Refuse(format!("say how much: {kind} to an amount from {least} to {most}"));
        };
        if !(i128::from(least)..=i128::from(most)).contains(&to) {
            return Verdict::Refuse(format!("{kind} to {to} is outside the legal range {least}..{most}"));
        }
        if self.limits.structure == Structure::FixedLimit && to != i128::from(least) && to != i128::from(most) {
            let sizes = if least == most { least.to_string() } else { format!("{least} or {most}") };
            return Verdict::Refuse(format!("fixed limit: {kind} to {sizes}"));
        }
        Verdict::Ok
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
        let Some(seat) = self.to_act else { return true };
        self.act(seat, m);
        self.advance(seat)
    }

    /// `m` by `seat` (the seat to act, or one whose action out of turn stands): the chips
    /// go in and the round's facts change; returns the chips put in. A bet or raise
    /// beyond the seat's stack puts in what it has.
    pub fn act(&mut self, seat: usize, m: Move) -> u64 {
        self.frozen[seat] = Frozen::No;
        match m {
            Move::Fold => {
                self.live[seat] = false;
                0
            }
            Move::Check | Move::Call => {
                let amount = self.to_call.saturating_sub(self.bets[seat]).min(self.stacks[seat]);
                self.commit(seat, amount);
                self.bets[seat] += amount;
                self.acted[seat] = Some(self.to_call);
                if self.conventions.reopening == Reopening::LargestIncrement {
                    self.increments.acted[seat] = true;
                }
                amount
            }
            Move::Bet(to) | Move::Raise(to) => {
                let amount = to.saturating_sub(self.bets[seat]).min(self.stacks[seat]);
                self.commit(seat, amount);
                self.bet(seat, self.bets[seat] + amount);
                amount
            }
        }
    }

    /// `seat` has put its bet up to `to` (the chips are in): a full bet or raise counts
    /// for the cap and reopens the betting; a short all-in does neither. Fixed limit, a
    /// bet of the bigger size (`alt_bet`) makes it the round's bet size.
    pub fn bet(&mut self, seat: usize, to: u64) {
        let increment = to.saturating_sub(self.to_call);
        self.bets[seat] = to;
        if self.conventions.reopening == Reopening::LargestIncrement {
            self.increment_bet(seat, increment);
        } else if let Some(mut size) = self.street_bet(self.street) {
            if let Some(alt) = self.alt_bet.filter(|&a| a > 0 && to > size) {
                // the bigger size was chosen: the round's bet from now on
                let street = self.street.min(self.limits.bet_sizes.len() - 1);
                self.limits.bet_sizes[street] = alt;
                self.min_raise = alt;
                size = alt;
            }
            let wager = if self.raises == 0 { to } else { increment };
            if wager >= size || (2 * wager >= size && self.limits.half_bet_reopens) {
                // a full bet or raise, the completion, or an all-in of at least half a
                // bet under the half-bet rule
                self.raises += 1;
                self.full_to = to;
                self.alt_bet = None;
                self.alt_bet_cleared = true;
            }
        } else if increment >= self.min_raise {
            self.min_raise = increment;
            self.raises += 1;
        }
        self.to_call = to;
        self.acted[seat] = Some(to);
        self.aggressor = Some(seat);
    }

    /// A bet under PokerKit's re-opening rule: an increment reaching the round's largest
    /// is full and lets everyone raise again; all-ins short of it add up.
    fn increment_bet(&mut self, seat: usize, increment: u64) {
        if self.acted[seat].is_some() && self.increments.reopened {
            self.differ(Differs::ReopenedByShortAllIns);
        }
        let top_blind = self.increments.top_blind;
        if self.street == 0 && self.limits.structure != Structure::FixedLimit && increment < top_blind {
            self.differ(Differs::BlindsSetNoIncrement);
        }
        let street_min = self.street_min();
        let inc = &mut self.increments;
        if increment >= inc.raise {
            if increment < street_min.max(self.min_raise) || (self.street == 0 && increment < top_blind) {
                inc.reopened = true; // short of a cardroom full raise, yet it reopens
            }
            inc.acted.iter_mut().for_each(|a| *a = false);
        }
        inc.acted[seat] = true;
        inc.raise = inc.raise.max(increment);
        self.raises += 1;
        if self.stacks[seat] > 0 {
            inc.short.clear();
        } else {
            inc.short.push(increment);
            if inc.short.iter().sum::<u64>() >= inc.raise {
                inc.short.clear();
            }
        }
        self.min_raise = inc.raise.max(street_min);
    }

    /// Pass the turn on from `seat`; true when the round is over. A seat whose action
    /// out of turn waits ([`Frozen::Pending`]) gets the turn, with no range, to have it
    /// resolved.
    pub fn advance(&mut self, seat: usize) -> bool {
        let who = if self.live_count() <= 1 { None } else { self.first_to_act((seat + 1) % self.seats()) };
        self.set_turn(who);
        who.is_none()
    }
}
