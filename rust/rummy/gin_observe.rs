//! A [`GinDeal`] seen through a reinforcement-learning encoding (docs/rl.md): the
//! observation vector and the action mask, written straight from the compiled state in
//! the layout `hoyle.rl` derives for gin - the same numbers its generic encoder writes
//! from the Python state.
//!
//! [`GinLayout`] holds the offsets by field (card planes and counts per zone group, the
//! discard pile's top and order planes, the scalars, the public facts); [`GinSlots`] the
//! catalogue's slot of each action. A layout field the compiled deal does not know is an
//! error at construction, never a silently different vector.

use super::gin_deal::{GinDeal, Legal, Move, Phase};
use crate::error::{CoreError, CoreResult};

/// A zone group of gin's layout, relative to the observer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Group {
    Deck,
    Discard,
    Stock,
    Knock,
    HandSelf,
    HandOther,
    MeldSelf,
    MeldOther,
}

impl Group {
    /// The group of a layout label (`hand:self`, `meld:+1:*`...).
    pub fn parse(label: &str) -> CoreResult<Group> {
        Ok(match label {
            "deck" => Group::Deck,
            "discard" => Group::Discard,
            "stock" => Group::Stock,
            "knock" => Group::Knock,
            "hand:self" => Group::HandSelf,
            "hand:+1" => Group::HandOther,
            "meld:self:*" => Group::MeldSelf,
            "meld:+1:*" => Group::MeldOther,
            _ => return Err(CoreError::invalid_argument("zone group", label, "not a zone of two-player gin")),
        })
    }
}

/// A public fact of gin's state (`state.public`) that the layout may have.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Fact {
    Target,
    Boxes,
    Dealer,
    HandsWon,
    Players,
    Outcome,
    Taken,
    Passes,
    StockOnly,
    MustKnock,
    RetakeCard,
    RetakeBarred,
    Multiplier,
    KnockLimit,
    NextDealer,
    HandWinner,
}

impl Fact {
    pub fn parse(key: &str) -> CoreResult<Fact> {
        Ok(match key {
            "target" => Fact::Target,
            "boxes" => Fact::Boxes,
            "dealer" => Fact::Dealer,
            "hands_won" => Fact::HandsWon,
            "players" => Fact::Players,
            "outcome" => Fact::Outcome,
            "taken" => Fact::Taken,
            "passes" => Fact::Passes,
            "stock_only" => Fact::StockOnly,
            "must_knock" => Fact::MustKnock,
            "retake_card" => Fact::RetakeCard,
            "retake_barred" => Fact::RetakeBarred,
            "multiplier" => Fact::Multiplier,
            "knock_limit" => Fact::KnockLimit,
            "next_dealer" => Fact::NextDealer,
            "hand_winner" => Fact::HandWinner,
            _ => return Err(CoreError::invalid_argument("public key", key, "not a public fact of two-player gin")),
        })
    }
}

/// What a public fact holds now, as the generic encoder reads it: a number, a list of
/// numbers, or nothing it counts (None, text, a dict).
enum Value {
    Number(f32),
    List([f32; 2]),
    Nothing,
}

/// Where each field of the observation lives (see the module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct GinLayout {
    pub size: usize,
    /// Each zone group with its card plane's and count's offsets (None: not in the layout).
    pub groups: Vec<(Group, Option<usize>, Option<usize>)>,
    pub top_discard: Option<usize>,
    pub order_discard: Option<usize>,
    /// The `known` planes (the observer's, then the other seat's, 53 floats each): the
    /// cards each seat took from the discard pile and holds.
    pub known: Option<usize>,
    /// The offset of the `seat` block (then `to_act`, `phase`, `deal`, `pot`, `stacks`,
    /// `committed`, `scores`, laid out as `hoyle.rl.observation.Layout` does).
    pub scalar_at: usize,
    /// How many phases the layout names (the one-hot has one more entry: other).
    pub phases: usize,
    /// Each phase's index in the one-hot (`phases` for a phase the layout does not name).
    pub phase_index: [usize; 4],
    /// Each public fact's offset and length (0: a number).
    pub public: Vec<(Fact, usize, usize)>,
}

const PLAYERS: usize = 2;

impl GinLayout {
    /// Check that every offset fits in `size`.
    pub fn validate(&self) -> CoreResult<()> {
        let scalars_end = self.scalar_at + PLAYERS * 5 + 4 + self.phases;
        let mut ends = vec![scalars_end];
        for &(_, plane, count) in &self.groups {
            ends.extend(plane.map(|p| p + 52));
            ends.extend(count.map(|c| c + 1));
        }
        ends.extend(self.top_discard.map(|t| t + 52));
        ends.extend(self.order_discard.map(|t| t + 52));
        ends.extend(self.known.map(|t| t + 53 + 52));
        ends.extend(self.public.iter().map(|&(_, at, len)| at + len.max(1)));
        let end = ends.into_iter().max().unwrap_or(0);
        if end > self.size || self.phase_index.iter().any(|&i| i > self.phases) {
            return Err(CoreError::invalid_argument(
                "layout",
                end,
                format!("a field ends past the size {}", self.size),
            ));
        }
        Ok(())
    }

    fn value(deal: &GinDeal, fact: Fact) -> Value {
        let list = |v: [u32; 2]| Value::List([v[0] as f32, v[1] as f32]);
        let seat = |s: Option<usize>| s.map_or(Value::Nothing, |s| Value::Number(s as f32));
        let players = deal.players();
        match fact {
            Fact::Target => Value::Number(deal.scoring().target as f32),
            Fact::Boxes => list(deal.boxes()),
            Fact::HandsWon => list(deal.hands_won()),
            Fact::Players => list([players[0] as u32, players[1] as u32]),
            Fact::Dealer => Value::Number(players[1] as f32),
            Fact::Passes => Value::Number(f32::from(deal.passes())),
            Fact::StockOnly => Value::Number(if deal.stock_only() { 1.0 } else { 0.0 }),
            Fact::Multiplier => Value::Number(1.0),
            Fact::KnockLimit => Value::Number(deal.scoring().knock_limit as f32),
            Fact::NextDealer => seat(deal.next_dealer()),
            Fact::HandWinner => seat(deal.hand_winner()),
            // None, text or a dict: nothing the encoder counts.
            Fact::Outcome | Fact::Taken | Fact::MustKnock | Fact::RetakeCard | Fact::RetakeBarred => Value::Nothing,
        }
    }

    /// `out` (zeroed, `size` long) becomes `seat`'s observation of `deal`.
    pub fn write(&self, deal: &GinDeal, seat: usize, out: &mut [f32]) -> CoreResult<()> {
        if seat >= PLAYERS {
            return Err(CoreError::invalid_argument("seat", seat, "a seat is 0..1"));
        }
        if out.len() != self.size {
            return Err(CoreError::invalid_argument("out", out.len(), format!("{} floats", self.size)));
        }
        let other = 1 - seat;
        let pile = deal.discard_pile();
        for &(group, plane, count) in &self.groups {
            // (cards as a mask, how many, whether the observer sees them)
            let (cards, n, seen) = match group {
                Group::Deck => (0, 0, false),
                Group::Discard => (0, pile.len(), true),
                Group::Stock => (0, deal.stock().len(), false),
                Group::Knock => (0, usize::from(deal.knocked().is_some()), false),
                Group::HandSelf => (deal.hand(seat), deal.hand(seat).count_ones() as usize, true),
                Group::HandOther => (deal.hand(other), deal.hand(other).count_ones() as usize, deal.revealed(other)),
                Group::MeldSelf => (deal.melds(seat), deal.melds(seat).count_ones() as usize, true),
                Group::MeldOther => (deal.melds(other), deal.melds(other).count_ones() as usize, true),
            };
            if let Some(c) = count {
                out[c] += n as f32;
            }
            if let (Some(p), true) = (plane, seen) {
                if group == Group::Discard {
                    pile.iter().for_each(|&c| out[p + c as usize] += 1.0);
                } else {
                    let mut m = cards;
                    while m != 0 {
                        out[p + m.trailing_zeros() as usize] += 1.0;
                        m &= m - 1;
                    }
                }
            }
        }
        if let (Some(t), Some(&top)) = (self.top_discard, pile.last()) {
            out[t + top as usize] += 1.0;
        }
        let at = self.scalar_at;
        out[at + seat] = 1.0;
        let to_act = deal.to_act().map_or(PLAYERS, |s| (s + PLAYERS - seat) % PLAYERS);
        out[at + PLAYERS + to_act] = 1.0;
        let phase = match deal.phase() {
            Phase::Offer => 0,
            Phase::Draw => 1,
            Phase::Discard => 2,
            Phase::Over => 3,
        };
        out[at + 2 * PLAYERS + 1 + self.phase_index[phase]] = 1.0;
        // deal 0, pot 0, stacks and chips committed 0: then the scores, observer first.
        let scores_at = at + 2 * PLAYERS + 2 + self.phases + 2 + 2 * PLAYERS;
        let scores = deal.scores();
        for i in 0..PLAYERS {
            out[scores_at + i] = scores[(seat + i) % PLAYERS] as f32;
        }
        for &(fact, offset, length) in &self.public {
            match (Self::value(deal, fact), length) {
                (Value::Number(x), 0) => out[offset] = x,
                (Value::List(v), n) if n > 0 => {
                    for (i, x) in v.iter().take(n).enumerate() {
                        out[offset + i] = *x;
                    }
                }
                _ => {}
            }
        }
        if let Some(o) = self.order_discard {
            let depth = pile.len();
            for (i, &c) in pile.iter().enumerate() {
                out[o + c as usize] = (1.0 / (depth - i) as f64) as f32;
            }
        }
        if let Some(k) = self.known {
            for (plane, s) in [seat, other].into_iter().enumerate() {
                let mut m = deal.known(s);
                while m != 0 {
                    out[k + 53 * plane + m.trailing_zeros() as usize] = 1.0;
                    m &= m - 1;
                }
            }
        }
        Ok(())
    }
}

/// The catalogue's slot of each action (its template's first slot; a card's slot is
/// the template's first plus the card's index).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GinSlots {
    pub size: usize,
    pub draw_discard: usize,
    pub draw_stock: usize,
    pub pass: usize,
    pub discard: usize,
    pub knock: usize,
}

impl GinSlots {
    pub fn validate(&self) -> CoreResult<()> {
        let ends = [self.draw_discard + 1, self.draw_stock + 1, self.pass + 1, self.discard + 52, self.knock + 52];
        match ends.iter().max() {
            Some(&end) if end > self.size => {
                Err(CoreError::invalid_argument("slots", end, format!("a slot past the catalogue's {}", self.size)))
            }
            _ => Ok(()),
        }
    }

    pub fn slot(&self, m: Move) -> usize {
        match m {
            Move::DrawDiscard => self.draw_discard,
            Move::DrawStock => self.draw_stock,
            Move::Pass => self.pass,
            Move::Discard(c) => self.discard + c as usize,
            Move::Knock(c) => self.knock + c as usize,
        }
    }

    /// The action a slot stands for (None: no gin action).
    pub fn action(&self, slot: usize) -> Option<Move> {
        if slot == self.draw_discard {
            Some(Move::DrawDiscard)
        } else if slot == self.draw_stock {
            Some(Move::DrawStock)
        } else if slot == self.pass {
            Some(Move::Pass)
        } else if (self.discard..self.discard + 52).contains(&slot) {
            Some(Move::Discard((slot - self.discard) as u8))
        } else if (self.knock..self.knock + 52).contains(&slot) {
            Some(Move::Knock((slot - self.knock) as u8))
        } else {
            None
        }
    }

    /// Each legal action's slot, in the order: draws, pass, discards, knocks.
    pub fn legal(&self, legal: &Legal) -> Vec<usize> {
        let mut out = Vec::with_capacity(legal.len());
        for (on, slot) in
            [(legal.draw_discard, self.draw_discard), (legal.draw_stock, self.draw_stock), (legal.pass, self.pass)]
        {
            if on {
                out.push(slot);
            }
        }
        for (mask, base) in [(legal.discards, self.discard), (legal.knocks, self.knock)] {
            let mut m = mask;
            while m != 0 {
                out.push(base + m.trailing_zeros() as usize);
                m &= m - 1;
            }
        }
        out
    }

    /// `out` (zeroed, `size` long): 1 at each legal slot.
    pub fn mask(&self, legal: &Legal, out: &mut [i8]) {
        for slot in self.legal(legal) {
            out[slot] = 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rummy::gin_deal::{Scoring, Start};

    fn layout() -> GinLayout {
        GinLayout {
            size: 300,
            groups: vec![
                (Group::Discard, Some(0), Some(200)),
                (Group::HandSelf, Some(52), Some(201)),
                (Group::HandOther, Some(104), Some(202)),
                (Group::Stock, None, Some(203)),
            ],
            top_discard: Some(156),
            order_discard: Some(240),
            known: None,
            scalar_at: 208,
            phases: 4,
            phase_index: [0, 2, 1, 3],
            public: vec![(Fact::Passes, 230, 0), (Fact::Players, 231, 2), (Fact::Taken, 233, 0)],
        }
    }

    fn start() -> GinDeal {
        let cards: Vec<u8> = (0..52).collect();
        let hands = [cards[0..10].to_vec(), cards[10..20].to_vec()];
        GinDeal::new(Start::fresh(hands, cards[21..].to_vec(), vec![20], 1, 0), Scoring::default()).unwrap()
    }

    #[test]
    fn hidden_cards_add_nothing_and_counts_are_public() {
        let (l, d) = (layout(), start());
        let mut out = vec![0.0; l.size];
        l.write(&d, 0, &mut out).unwrap();
        assert_eq!(out[52..62], [1.0; 10]);
        assert!(out[104..156].iter().all(|&x| x == 0.0), "the other hand is hidden");
        assert_eq!((out[200], out[201], out[202], out[203]), (1.0, 10.0, 10.0, 31.0));
        assert_eq!((out[20], out[156 + 20], out[240 + 20]), (1.0, 1.0, 1.0));
        // seat 0, seat 1 to act (relative +1), phase offer (index 0)
        assert_eq!((out[208], out[211], out[213]), (1.0, 1.0, 1.0));
        assert_eq!((out[231], out[232]), (1.0, 0.0));
        assert_eq!(out.iter().filter(|&&x| x != 0.0).count(), 10 + 4 + 3 + 3 + 1);
    }

    #[test]
    fn a_field_past_the_size_is_refused() {
        let mut l = layout();
        l.size = 250;
        assert!(l.validate().is_err());
        assert!(Group::parse("meld:*").is_err() && Fact::parse("bets").is_err());
    }

    #[test]
    fn the_mask_marks_the_legal_slots() {
        let slots = GinSlots { size: 107, draw_discard: 0, draw_stock: 1, pass: 2, discard: 3, knock: 55 };
        let d = start();
        let mut out = vec![0i8; 107];
        slots.mask(&d.legal(), &mut out);
        assert_eq!(slots.legal(&d.legal()), vec![0, 2]);
        assert_eq!(out.iter().map(|&x| x as usize).sum::<usize>(), 2);
        assert_eq!(slots.action(3 + 51), Some(Move::Discard(51)));
        assert_eq!(slots.action(107), None);
    }
}
