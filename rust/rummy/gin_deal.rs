//! One two-player gin hand played in compiled code (docs/rules/rummy.md#c2), for the
//! reinforcement-learning tables of plain gin (`hoyle.rl.kernel`, docs/rl.md).
//!
//! The Python rules (`hoyle_rummy.gin_table`) stay the reference and the only dealer: a
//! [`GinDeal`] starts from the position just after their deal ([`Start`]) and plays the
//! hand as bitsets - the offer of the up-card, draws, discards, the void at two stock
//! cards, the knock - then scores it and settles the one-deal game. The knock's spread and
//! the defender's lay-offs come from the same searches the Python rules call
//! ([`best_knock`]), with the hands in the same (card) order, so the two agree card for
//! card; a knock's legality is the least deadwood of [`fast_deadwood`].
//!
//! Not played here (the Python table plays them): three or four players, Oklahoma gin,
//! the options `late_pickup`, `retake` and `eleven_card_start`, and more than one deal.
//!
//! ```
//! use _core::rummy::gin_deal::{GinDeal, Move, Phase, Scoring, Start};
//! // Seat 1 deals; seat 0 is offered the up-card first.
//! let mut cards = 0..52u8;
//! let mut take = |n: usize| cards.by_ref().take(n).collect::<Vec<u8>>();
//! let (h0, h1, up, stock) = (take(10), take(10), take(1), take(31));
//! let mut deal = GinDeal::new(Start::fresh([h0, h1], stock, up, 0, 1), Scoring::default()).unwrap();
//! assert_eq!((deal.phase(), deal.to_act()), (Phase::Offer, Some(0)));
//! deal.apply(Move::Pass).unwrap();
//! assert_eq!(deal.to_act(), Some(1));
//! ```

use super::{best_knock, fast_deadwood, MeldRules};
use crate::cards::Card;
use crate::error::{CoreError, CoreResult};

/// The most a card counts (K Q J 10): a discard lowers the least deadwood by at most this.
const MAX_CARD: u32 = 10;
/// A discard that leaves this many stock cards (or fewer) voids the hand.
const VOID_AT: usize = 2;

/// Where the hand is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Phase {
    /// The first up-card: take it or pass (the first player, then the dealer).
    Offer,
    Draw,
    Discard,
    /// Knocked or void: scored and settled.
    Over,
}

impl Phase {
    /// The phase's name in the Python rules (`state.phase`).
    pub fn name(self) -> &'static str {
        match self {
            Phase::Offer => "offer",
            Phase::Draw => "draw",
            Phase::Discard => "discard",
            Phase::Over => "over",
        }
    }

    pub fn parse(text: &str) -> CoreResult<Phase> {
        match text {
            "offer" => Ok(Phase::Offer),
            "draw" => Ok(Phase::Draw),
            "discard" => Ok(Phase::Discard),
            _ => Err(CoreError::invalid_argument("phase", text, "a gin deal starts in offer, draw or discard")),
        }
    }
}

/// One action of the hand (cards by face index, 0..52).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Move {
    DrawStock,
    DrawDiscard,
    Pass,
    Discard(u8),
    Knock(u8),
}

/// The legal actions of the seat to act.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Legal {
    pub draw_stock: bool,
    pub draw_discard: bool,
    pub pass: bool,
    /// `discard X` for each card X of the mask.
    pub discards: u64,
    /// `knock X` for each card X of the mask.
    pub knocks: u64,
}

impl Legal {
    pub fn contains(&self, m: Move) -> bool {
        match m {
            Move::DrawStock => self.draw_stock,
            Move::DrawDiscard => self.draw_discard,
            Move::Pass => self.pass,
            Move::Discard(c) => c < 52 && self.discards >> c & 1 == 1,
            Move::Knock(c) => c < 52 && self.knocks >> c & 1 == 1,
        }
    }

    /// How many actions there are.
    pub fn len(&self) -> usize {
        (self.draw_stock as usize)
            + (self.draw_discard as usize)
            + (self.pass as usize)
            + self.discards.count_ones() as usize
            + self.knocks.count_ones() as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Who deals the next hand (option `dealer`): recorded as `next_dealer`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NextDealer {
    Loser,
    Winner,
    Alternate,
}

/// The scoring and settlement options of the hand (gin's defaults by `Default`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Scoring {
    pub gin_bonus: u32,
    pub undercut_bonus: u32,
    pub box_bonus: u32,
    pub game_bonus: u32,
    /// The points that win the game (the game bonus only once reached).
    pub target: u32,
    /// Option `shutout="double-total"` (else the game bonus doubles).
    pub double_total: bool,
    pub next_dealer: NextDealer,
    pub knock_limit: u32,
}

impl Default for Scoring {
    fn default() -> Self {
        Scoring {
            gin_bonus: 20,
            undercut_bonus: 10,
            box_bonus: 20,
            game_bonus: 100,
            target: 100,
            double_total: false,
            next_dealer: NextDealer::Loser,
            knock_limit: 10,
        }
    }
}

/// How a knocked hand ended (the Python rules' `outcome`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Outcome {
    pub knocker: usize,
    pub knocker_deadwood: u32,
    pub defender_deadwood: u32,
    pub gin: bool,
    pub undercut: bool,
}

/// The position a deal starts from (cards by face index; piles bottom to top).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    /// Each seat's hand, by seat.
    pub hands: [Vec<u8>; 2],
    pub stock: Vec<u8>,
    pub discard: Vec<u8>,
    /// The first player (offered the up-card first) and the dealer.
    pub first: usize,
    pub dealer: usize,
    pub phase: Phase,
    pub to_act: usize,
    pub passes: u8,
    pub stock_only: bool,
    /// The card just taken from the discard pile this turn.
    pub taken: Option<u8>,
    /// The cards each seat took from the discard pile earlier and still holds (what the
    /// other seat knows of its hand; the card just taken is added to it).
    pub known: [Vec<u8>; 2],
}

impl Start {
    /// The position just after a deal: the up-card offered to `first`.
    pub fn fresh(hands: [Vec<u8>; 2], stock: Vec<u8>, discard: Vec<u8>, first: usize, dealer: usize) -> Start {
        Start {
            hands,
            stock,
            discard,
            first,
            dealer,
            phase: Phase::Offer,
            to_act: first,
            passes: 0,
            stock_only: false,
            taken: None,
            known: [Vec::new(), Vec::new()],
        }
    }
}

/// One two-player gin hand (see the module docs). Seats are 0 and 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GinDeal {
    scoring: Scoring,
    hands: [u64; 2],
    stock: Vec<u8>,
    discard: Vec<u8>,
    first: usize,
    dealer: usize,
    phase: Phase,
    to_act: Option<usize>,
    passes: u8,
    stock_only: bool,
    taken: Option<u8>,
    /// The card a knocker put face down.
    knocked: Option<u8>,
    /// The cards in each seat's melds on the table (after a knock: the knocker's spread
    /// with the defender's lay-offs on it, and the defender's own melds).
    melds: [u64; 2],
    /// Whether each hand has been shown (both, after a knock).
    revealed: [bool; 2],
    /// The cards each seat took from the discard pile and still holds (face down
    /// included: the knock card stays known, the opponent did not see which it was).
    known: [u64; 2],
    outcome: Option<Outcome>,
    scores: [i64; 2],
    boxes: [u32; 2],
    hands_won: [u32; 2],
    next_dealer: Option<usize>,
    hand_winner: Option<usize>,
    settlement: Option<[i64; 2]>,
    legal: Legal,
}

fn bit(card: u8) -> u64 {
    1u64 << card
}

/// The cards of a mask in card order (rank, deuce low, then suit): the order the Python
/// rules keep hands in, so the searches see the same hand.
pub fn ordered(mask: u64) -> Vec<Card> {
    let mut out = Vec::with_capacity(mask.count_ones() as usize);
    for rank in 0..13u8 {
        for suit in 0..4u8 {
            if mask >> (suit * 13 + rank) & 1 == 1 {
                out.push(Card::new(rank, suit));
            }
        }
    }
    out
}

/// The error of a draw from an empty pile (a position `GinDeal::new` refuses).
fn empty(pile: &str) -> CoreError {
    CoreError::invalid_argument("action", pile, "a draw from an empty pile")
}

fn mask_of(cards: impl IntoIterator<Item = Card>) -> u64 {
    cards.into_iter().fold(0, |m, c| m | bit(c.face()))
}

/// The deadwood points of the cards of a mask.
fn points(mask: u64, rules: &MeldRules) -> u32 {
    ordered(mask).into_iter().map(|c| rules.value(c)).sum()
}

impl GinDeal {
    /// Start from `start`; an error names a card dealt twice, a card that is no card, a
    /// seat that is no seat, or a hand of the wrong size.
    pub fn new(start: Start, scoring: Scoring) -> CoreResult<GinDeal> {
        let mut seen = 0u64;
        let mut add = |cards: &[u8], what: &str| -> CoreResult<u64> {
            let mut mask = 0;
            for &c in cards {
                if c >= 52 {
                    return Err(CoreError::invalid_argument(what, c, "a card index is 0..51 (one pack, no jokers)"));
                }
                if seen & bit(c) != 0 {
                    return Err(CoreError::invalid_argument(what, c, "the card is dealt twice"));
                }
                seen |= bit(c);
                mask |= bit(c);
            }
            Ok(mask)
        };
        let hands = [add(&start.hands[0], "hand 0")?, add(&start.hands[1], "hand 1")?];
        add(&start.stock, "stock")?;
        add(&start.discard, "discard")?;
        if start.first > 1 || start.dealer > 1 || start.first == start.dealer {
            return Err(CoreError::invalid_argument(
                "players",
                format!("{} {}", start.first, start.dealer),
                "two different seats of 0 and 1",
            ));
        }
        if start.to_act > 1 {
            return Err(CoreError::invalid_argument("to_act", start.to_act, "seat 0 or 1"));
        }
        for (seat, mask) in hands.iter().enumerate() {
            let want = if start.phase == Phase::Discard && seat == start.to_act { 11 } else { 10 };
            if mask.count_ones() != want {
                return Err(CoreError::invalid_argument(
                    "hand",
                    mask.count_ones(),
                    format!("seat {seat} holds {want} cards in this phase"),
                ));
            }
        }
        // A hand in play has more than two stock cards (a discard down to two voids it),
        // and the up-card to offer: without them a draw would have no card to take.
        if start.stock.len() <= VOID_AT {
            return Err(CoreError::invalid_argument(
                "stock",
                start.stock.len(),
                format!("a hand in play has more than {VOID_AT} stock cards"),
            ));
        }
        if start.phase == Phase::Offer && start.discard.is_empty() {
            return Err(CoreError::invalid_argument("discard", 0, "the offer needs the up-card on the pile"));
        }
        if let Some(t) = start.taken {
            if start.phase != Phase::Discard || hands[start.to_act] & bit(t.min(63)) == 0 {
                return Err(CoreError::invalid_argument("taken", t, "not a card the seat to act just took"));
            }
        }
        let mut deal = GinDeal {
            scoring,
            hands,
            stock: start.stock,
            discard: start.discard,
            first: start.first,
            dealer: start.dealer,
            phase: start.phase,
            to_act: Some(start.to_act),
            passes: start.passes,
            stock_only: start.stock_only,
            taken: start.taken,
            knocked: None,
            melds: [0; 2],
            revealed: [false; 2],
            known: [0; 2],
            outcome: None,
            scores: [0; 2],
            boxes: [0; 2],
            hands_won: [0; 2],
            next_dealer: None,
            hand_winner: None,
            settlement: None,
            legal: Legal::default(),
        };
        for (seat, cards) in start.known.iter().enumerate() {
            let known = cards.iter().fold(0u64, |m, &c| m | bit(c.min(63)));
            if known & !hands[seat] != 0 {
                return Err(CoreError::invalid_argument("known", seat, "a known card is not in the seat's hand"));
            }
            deal.known[seat] = known;
        }
        if let Some(t) = deal.taken {
            deal.known[start.to_act] |= bit(t); // just taken from the pile, in sight of all
        }
        deal.legal = deal.find_legal();
        Ok(deal)
    }

    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The seat to act (None once the hand is over).
    pub fn to_act(&self) -> Option<usize> {
        self.to_act
    }
    pub fn legal(&self) -> Legal {
        self.legal
    }
    pub fn hand(&self, seat: usize) -> u64 {
        self.hands[seat]
    }
    pub fn stock(&self) -> &[u8] {
        &self.stock
    }
    pub fn discard_pile(&self) -> &[u8] {
        &self.discard
    }
    pub fn melds(&self, seat: usize) -> u64 {
        self.melds[seat]
    }
    pub fn knocked(&self) -> Option<u8> {
        self.knocked
    }
    pub fn revealed(&self, seat: usize) -> bool {
        self.revealed[seat]
    }
    /// The cards `seat` took from the discard pile and has not since discarded or melded.
    pub fn known(&self, seat: usize) -> u64 {
        self.known[seat]
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    pub fn scores(&self) -> [i64; 2] {
        self.scores
    }
    pub fn boxes(&self) -> [u32; 2] {
        self.boxes
    }
    pub fn hands_won(&self) -> [u32; 2] {
        self.hands_won
    }
    /// (first player, dealer).
    pub fn players(&self) -> [usize; 2] {
        [self.first, self.dealer]
    }
    pub fn passes(&self) -> u8 {
        self.passes
    }
    pub fn stock_only(&self) -> bool {
        self.stock_only
    }
    pub fn taken(&self) -> Option<u8> {
        self.taken
    }
    pub fn next_dealer(&self) -> Option<usize> {
        self.next_dealer
    }
    pub fn hand_winner(&self) -> Option<usize> {
        self.hand_winner
    }
    pub fn scoring(&self) -> &Scoring {
        &self.scoring
    }
    /// The game's settlement (zero-sum), once the hand is over.
    pub fn settlement(&self) -> Option<[i64; 2]> {
        self.settlement
    }

    fn find_legal(&self) -> Legal {
        let Some(seat) = self.to_act else { return Legal::default() };
        match self.phase {
            Phase::Over => Legal::default(),
            Phase::Offer => Legal { draw_discard: true, pass: true, ..Legal::default() },
            Phase::Draw => Legal {
                draw_stock: true,
                draw_discard: !self.stock_only && !self.discard.is_empty(),
                ..Legal::default()
            },
            Phase::Discard => {
                let rules = MeldRules::gin();
                let hand = self.hands[seat];
                let allowed = hand & !self.taken.map_or(0, bit);
                let limit = self.scoring.knock_limit;
                let mut knocks = 0;
                // No discard lowers the least deadwood by more than a card's count.
                if fast_deadwood(hand, &rules) <= limit + MAX_CARD {
                    let mut rest = allowed;
                    while rest != 0 {
                        let b = rest & rest.wrapping_neg();
                        rest &= rest - 1;
                        if fast_deadwood(hand & !b, &rules) <= limit {
                            knocks |= b;
                        }
                    }
                }
                Legal { discards: allowed, knocks, ..Legal::default() }
            }
        }
    }

    /// Take the seat to act's action; an action that is not legal now is an error and
    /// changes nothing.
    pub fn apply(&mut self, m: Move) -> CoreResult<()> {
        let Some(seat) = self.to_act.filter(|_| self.legal.contains(m)) else {
            return Err(CoreError::invalid_argument(
                "action",
                format!("{m:?}"),
                if self.phase == Phase::Over { "the hand is over" } else { "not legal now" },
            ));
        };
        let other = 1 - seat;
        match m {
            Move::Pass => {
                self.passes += 1;
                if self.passes == 2 {
                    self.stock_only = true;
                    self.phase = Phase::Draw;
                }
                self.to_act = Some(other);
            }
            Move::DrawStock => {
                // (never empty: a hand in play keeps more than two stock cards, see new)
                let Some(card) = self.stock.pop() else { return Err(empty("stock")) };
                self.hands[seat] |= bit(card);
                self.taken = None;
                self.stock_only = false;
                self.phase = Phase::Discard;
            }
            Move::DrawDiscard => {
                // (never empty: the offer has the up-card, a draw is offered with a pile)
                let Some(card) = self.discard.pop() else { return Err(empty("discard pile")) };
                self.hands[seat] |= bit(card);
                self.known[seat] |= bit(card);
                self.taken = Some(card);
                self.phase = Phase::Discard;
            }
            Move::Discard(card) => {
                self.hands[seat] &= !bit(card);
                self.known[seat] &= !bit(card);
                self.discard.push(card);
                self.taken = None;
                if self.stock.len() <= VOID_AT {
                    self.finish(None);
                } else {
                    self.phase = Phase::Draw;
                    self.to_act = Some(other);
                }
            }
            Move::Knock(card) => self.spread(seat, card)?,
        }
        self.legal = self.find_legal();
        Ok(())
    }

    /// The knocker puts `card` face down and spreads the best spread against the
    /// defender's best lay-offs (`best_knock`, asked before anything changes); the
    /// defender lays off (not on gin) and melds; the hand is over.
    fn spread(&mut self, knocker: usize, card: u8) -> CoreResult<()> {
        let rules = MeldRules::gin();
        let defender = 1 - knocker;
        let knock = best_knock(
            &ordered(self.hands[knocker] & !bit(card)),
            &ordered(self.hands[defender]),
            &rules,
            self.scoring.knock_limit,
            self.scoring.undercut_bonus,
        )?;
        self.hands[knocker] &= !bit(card);
        self.knocked = Some(card);
        let spread = knock.spread.iter().fold(0, |m, meld| m | mask_of(meld.cards.iter().copied()));
        let laid = mask_of(knock.answer.layoffs.iter().map(|l| l.card));
        let own = knock.answer.melds.iter().fold(0, |m, meld| m | mask_of(meld.cards.iter().copied()));
        self.hands[knocker] &= !spread;
        self.hands[defender] &= !(laid | own);
        self.known[knocker] &= self.hands[knocker] | bit(card);
        self.known[defender] &= self.hands[defender];
        self.melds = [0; 2];
        self.melds[knocker] = spread | laid;
        self.melds[defender] = own;
        self.revealed = [true; 2];
        let knocker_deadwood = points(self.hands[knocker], &rules);
        let defender_deadwood = knock.answer.deadwood_value;
        let gin = knocker_deadwood == 0;
        self.finish(Some(Outcome {
            knocker,
            knocker_deadwood,
            defender_deadwood,
            gin,
            undercut: !gin && defender_deadwood <= knocker_deadwood,
        }));
        Ok(())
    }

    /// The hand is over: score it (none for a void hand), then settle the one-deal game
    /// as the two-player seating does.
    fn finish(&mut self, outcome: Option<Outcome>) {
        self.phase = Phase::Over;
        self.to_act = None;
        self.outcome = outcome;
        let s = self.scoring;
        match outcome {
            None => self.next_dealer = Some(self.dealer),
            Some(out) => {
                let (winner, points) = if out.gin {
                    (out.knocker, s.gin_bonus + out.defender_deadwood)
                } else if out.undercut {
                    (1 - out.knocker, out.knocker_deadwood - out.defender_deadwood + s.undercut_bonus)
                } else {
                    (out.knocker, out.defender_deadwood - out.knocker_deadwood)
                };
                self.scores[winner] += i64::from(points);
                self.boxes[winner] += 1;
                self.hands_won[winner] += 1;
                self.hand_winner = Some(winner);
                self.next_dealer = Some(match s.next_dealer {
                    NextDealer::Loser => 1 - winner,
                    NextDealer::Winner => winner,
                    NextDealer::Alternate => 1 - self.dealer,
                });
            }
        }
        self.settlement = Some(self.settle());
    }

    /// Each loser settles with the winner: score and boxes, plus the game bonus (doubled,
    /// or the whole total doubled, against a loser at 0) only once the target is reached.
    fn settle(&self) -> [i64; 2] {
        let s = self.scoring;
        let winner = if self.scores[1] > self.scores[0] { 1 } else { 0 };
        let loser = 1 - winner;
        let reached = self.scores[winner] >= i64::from(s.target);
        let shutout = self.scores[loser] == 0;
        let (box_bonus, game_bonus) = (i64::from(s.box_bonus), i64::from(s.game_bonus));
        let mut win_total = self.scores[winner] + i64::from(self.boxes[winner]) * box_bonus;
        if reached && shutout && s.double_total {
            win_total = 2 * (win_total + game_bonus);
        } else if reached {
            win_total += game_bonus * if shutout { 2 } else { 1 };
        }
        let lose_total = self.scores[loser] + i64::from(self.boxes[loser]) * box_bonus;
        let mut out = [0; 2];
        out[winner] = win_total - lose_total;
        out[loser] = lose_total - win_total;
        out
    }

    /// The seats with the best settlement (both on a tie), once the hand is over.
    pub fn winners(&self) -> Vec<usize> {
        match self.settlement {
            None => Vec::new(),
            Some(s) => (0..2).filter(|&i| s[i] == s[0].max(s[1])).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn faces(text: &str) -> Vec<u8> {
        parse_cards(text).unwrap().iter().map(|c| c.face()).collect()
    }

    /// A deal of the given hands and up-card; the stock is every other card (its top the
    /// last of `top`, which lists the next cards drawn, first drawn first).
    fn deal(h0: &str, h1: &str, up: &str, top: &str, scoring: Scoring) -> GinDeal {
        let hands = [faces(h0), faces(h1)];
        let (up, top) = (faces(up), faces(top));
        let used: u64 = hands.iter().chain([&up, &top]).flatten().fold(0, |m, &c| m | bit(c));
        let mut stock: Vec<u8> = (0..52).filter(|&c| used & bit(c) == 0).collect();
        stock.extend(top.iter().rev());
        GinDeal::new(Start::fresh(hands, stock, up, 0, 1), scoring).unwrap()
    }

    const GIN_HAND: &str = "2c 3c 4c 5d 6d 7d 9h 9s 9d Kc";
    const OTHER: &str = "Ah 2h 3d 5s 7c 8h Jd Qs Ks Th";

    #[test]
    fn offer_passes_then_stock_only() {
        let mut d = deal(GIN_HAND, OTHER, "Qc", "Jc", Scoring::default());
        assert_eq!(d.legal(), Legal { draw_discard: true, pass: true, ..Legal::default() });
        d.apply(Move::Pass).unwrap();
        assert_eq!((d.phase(), d.to_act()), (Phase::Offer, Some(1)));
        d.apply(Move::Pass).unwrap();
        assert_eq!((d.phase(), d.to_act(), d.stock_only()), (Phase::Draw, Some(0), true));
        assert_eq!(d.legal(), Legal { draw_stock: true, ..Legal::default() });
        assert!(d.apply(Move::DrawDiscard).is_err());
        d.apply(Move::DrawStock).unwrap();
        assert!(!d.stock_only());
        assert_eq!(d.phase(), Phase::Discard);
    }

    #[test]
    fn the_card_taken_from_the_pile_cannot_be_discarded() {
        let mut d = deal(GIN_HAND, OTHER, "Qc", "Jc", Scoring::default());
        d.apply(Move::DrawDiscard).unwrap();
        let qc = faces("Qc")[0];
        assert_eq!(d.taken(), Some(qc));
        assert!(!d.legal().contains(Move::Discard(qc)));
        assert!(!d.legal().contains(Move::Knock(qc)));
        let before = d.clone();
        assert!(d.apply(Move::Discard(qc)).is_err());
        assert_eq!(d, before, "a refused action changes nothing");
        assert_eq!(d.legal().discards.count_ones(), 10);
    }

    #[test]
    fn knock_only_at_ten_or_less() {
        // 2c3c4c 5d6d7d 9h9s9d melded, Kc (10) and the card drawn left.
        let mut d = deal(GIN_HAND, OTHER, "Qc", "Jc", Scoring::default());
        d.apply(Move::Pass).unwrap();
        d.apply(Move::Pass).unwrap();
        d.apply(Move::DrawStock).unwrap(); // Jc
        let legal = d.legal();
        // Discarding Kc leaves Jc (10), discarding Jc leaves Kc (10): both knock; any
        // meld card's discard leaves 20 or more.
        assert_eq!(legal.knocks, bit(faces("Kc")[0]) | bit(faces("Jc")[0]));
        let low = Scoring { knock_limit: 9, ..Scoring::default() };
        let mut strict = deal(GIN_HAND, OTHER, "Qc", "Jc", low);
        strict.apply(Move::Pass).unwrap();
        strict.apply(Move::Pass).unwrap();
        strict.apply(Move::DrawStock).unwrap();
        assert_eq!(strict.legal().knocks, 0);
    }

    #[test]
    fn void_at_two_stock_cards() {
        let mut d = deal(GIN_HAND, OTHER, "Qc", "", Scoring::default());
        d.apply(Move::Pass).unwrap();
        d.apply(Move::Pass).unwrap();
        while d.phase() != Phase::Over {
            assert!(d.stock().len() > VOID_AT);
            d.apply(Move::DrawStock).unwrap();
            let card = d.hand(d.to_act().unwrap()).trailing_zeros() as u8;
            d.apply(Move::Discard(card)).unwrap();
        }
        assert_eq!(d.stock().len(), VOID_AT);
        assert_eq!(d.outcome(), None);
        assert_eq!(d.settlement(), Some([0, 0]));
        assert_eq!(d.next_dealer(), Some(1)); // the same dealer again
        assert_eq!(d.winners(), vec![0, 1]);
        assert!(d.legal().is_empty() && d.apply(Move::DrawStock).is_err());
    }

    #[test]
    fn gin_scores_the_bonus_and_the_count() {
        let mut d = deal(GIN_HAND, OTHER, "Qc", "8d", Scoring::default());
        d.apply(Move::Pass).unwrap();
        d.apply(Move::Pass).unwrap();
        d.apply(Move::DrawStock).unwrap(); // 8d: 5d-8d, Kc to go
        d.apply(Move::Knock(faces("Kc")[0])).unwrap();
        let out = d.outcome().unwrap();
        assert!(out.gin && !out.undercut);
        // OTHER: A-2-3 is no meld in hearts (3d), so all deadwood:
        // 1+2+3+5+7+8+10+10+10+10 = 66.
        assert_eq!(out.defender_deadwood, 66);
        assert_eq!(d.scores(), [86, 0]);
        // Box 20; the target (100) not reached: no game bonus.
        assert_eq!(d.settlement(), Some([106, -106]));
        assert_eq!(d.hand(0), 0);
        assert_eq!(d.melds(0).count_ones(), 10);
        assert_eq!((d.hand_winner(), d.next_dealer()), (Some(0), Some(1)));
        assert_eq!(d.knocked(), Some(faces("Kc")[0]));
    }

    #[test]
    fn the_game_bonus_only_once_the_target_is_reached() {
        let play = |s: Scoring| {
            let mut d = deal(GIN_HAND, OTHER, "Qc", "8d", s);
            d.apply(Move::Pass).unwrap();
            d.apply(Move::Pass).unwrap();
            d.apply(Move::DrawStock).unwrap();
            d.apply(Move::Knock(faces("Kc")[0])).unwrap();
            d.settlement().unwrap()[0]
        };
        let mut s = Scoring { target: 86, ..Scoring::default() };
        // 86 points and a box (20), the game bonus doubled against a loser at 0.
        assert_eq!(play(s), 86 + 20 + 200);
        s.double_total = true;
        assert_eq!(play(s), 2 * (86 + 20 + 100));
        s.target = 87;
        assert_eq!(play(s), 86 + 20);
        assert_eq!(play(Scoring { gin_bonus: 25, box_bonus: 25, ..Scoring::default() }), 91 + 25);
    }

    #[test]
    fn undercut_scores_for_the_defender() {
        // The knocker keeps 10 (Kc) after melding; the defender holds gin-like melds.
        let knocker = "2c 3c 4c 5d 6d 7d 9h 9s 9d Kc";
        let defender = "Ah 2h 3h 4s 5s 6s 8c 8h 8s Ad";
        let mut d = deal(knocker, defender, "Qs", "Jh", Scoring::default());
        d.apply(Move::Pass).unwrap();
        d.apply(Move::Pass).unwrap();
        d.apply(Move::DrawStock).unwrap(); // Jh
        d.apply(Move::Knock(faces("Jh")[0])).unwrap(); // Kc left: 10
        let out = d.outcome().unwrap();
        assert_eq!((out.knocker_deadwood, out.defender_deadwood), (10, 1));
        assert!(out.undercut);
        assert_eq!(d.scores(), [0, 10 - 1 + 10]);
        assert_eq!(d.hand_winner(), Some(1));
        assert_eq!(d.next_dealer(), Some(0)); // the loser deals
                                              // Box 20; 19 < 100: no game bonus.
        assert_eq!(d.settlement(), Some([-39, 39]));
    }

    #[test]
    fn bad_starts_are_refused() {
        let hands = [faces(GIN_HAND), faces(GIN_HAND)];
        assert!(GinDeal::new(Start::fresh(hands, vec![], vec![], 0, 1), Scoring::default()).is_err());
        let hands = [faces(GIN_HAND), faces(OTHER)];
        assert!(GinDeal::new(Start::fresh(hands.clone(), vec![60], vec![], 0, 1), Scoring::default()).is_err());
        assert!(GinDeal::new(Start::fresh(hands, vec![], vec![], 1, 1), Scoring::default()).is_err());
    }

    #[test]
    fn a_start_without_cards_to_draw_is_refused() {
        let hands = [faces(GIN_HAND), faces(OTHER)];
        let used = hands.iter().flatten().fold(0u64, |m, &c| m | bit(c));
        let rest: Vec<u8> = (0..52).filter(|&c| used & bit(c) == 0).collect();
        let draw = |stock: &[u8], discard: &[u8], phase: Phase| Start {
            phase,
            ..Start::fresh(hands.clone(), stock.to_vec(), discard.to_vec(), 0, 1)
        };
        let error = |start: Start| GinDeal::new(start, Scoring::default()).unwrap_err().to_string();
        // two stock cards: the hand would have been void at the last discard
        assert!(error(draw(&rest[..2], &rest[2..], Phase::Draw)).contains("stock"));
        // the offer with no up-card on the pile
        assert!(error(draw(&rest[..31], &[], Phase::Offer)).contains("discard"));
        // three stock cards and a pile: a hand in play, and the draw takes the top card
        let mut d = GinDeal::new(draw(&rest[..3], &rest[3..], Phase::Draw), Scoring::default()).unwrap();
        d.apply(Move::DrawStock).unwrap();
        assert_eq!(d.stock(), &rest[..2]);
        assert_ne!(d.hand(0) & bit(rest[2]), 0);
    }
}
