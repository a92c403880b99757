//! The opening meld (Kaluki, German Rommé, Scala 40): the melds a player lays down from
//! hand in the turn of their first meld must be worth at least a minimum (51, 40...).
//!
//! [`best_opening`] finds, exactly, the disjoint melds of a hand worth the most points
//! (ties: fewer wild cards used, then the first found), and returns them if they reach
//! the minimum. A card scores its value under the rules (`MeldRules::values`); a wild
//! card scores the card it stands for, read for the most points (a joker at the end of a
//! run extends it the more valuable way); an ace played low (followed by a deuce in a
//! run) scores `low_ace`.
//!
//! The search: every candidate meld of the hand (natural cards by face, wild cards as a
//! count, each run reading with its points), indexed by its lowest natural face; then a
//! depth-first packing over the lowest undecided card - use it in a candidate meld that
//! starts there, or keep it - cut when the points so far plus the most the remaining
//! cards could score cannot beat the best found.
//!
//! ```
//! use _core::cards::parse_cards;
//! use _core::rummy::{best_opening, MeldRules};
//! let rules = MeldRules { values: [2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11], ..MeldRules::basic() };
//! let hand = parse_cards("Kh Kd Ks 9c Tc Jc 4d").unwrap();
//! let open = best_opening(&hand, 40, &rules, 1).unwrap().unwrap();
//! assert_eq!(open.points, 59); // K-K-K 30 + 9-T-J 29
//! assert!(best_opening(&hand, 60, &rules, 1).unwrap().is_none());
//! ```

use super::meld::{rank_at, run_meld, set_meld, window_order, Meld, MeldKind};
use super::rules::MeldRules;
use crate::cards::Card;
use crate::error::{CoreError, CoreResult};

/// An opening: its melds and what they are worth.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Opening {
    pub melds: Vec<Meld>,
    pub points: u32,
}

/// The points of a meld as played: each card the value of the card it plays as, an ace
/// followed by a deuce in a run `low_ace`.
pub fn meld_points(meld: &Meld, rules: &MeldRules, low_ace: u32) -> u32 {
    let mut total = 0;
    for (i, p) in meld.plays_as.iter().enumerate() {
        let low = meld.kind == MeldKind::Run
            && p.rank() == Some(12)
            && meld.plays_as.get(i + 1).is_some_and(|n| n.rank() == Some(0));
        total += if low { low_ace } else { rules.value(*p) };
    }
    total
}

/// One candidate meld: natural faces (with repeats for two packs), wilds, points.
#[derive(Clone, Debug)]
struct Candidate {
    faces: Vec<u8>,
    wilds: u8,
    points: u32,
    /// Set: the rank; run: the window (positions) and suit.
    kind: MeldKind,
    rank: u8,
    window: u32,
    suit: u8,
}

struct Packing<'a> {
    counts: [u8; 52],
    wilds_left: u8,
    /// The most any natural face can score / a wild card can score.
    face_max: [u32; 52],
    wild_max: u32,
    remaining_max: u32,
    path: Vec<&'a Candidate>,
    best_key: Option<u64>,
    best_path: Vec<Candidate>,
    used_wilds: u8,
}

fn key(points: u32, wilds: u8) -> u64 {
    (points as u64) << 8 | (255 - wilds as u64)
}

impl<'a> Packing<'a> {
    fn dfs(&mut self, cands: &'a [Vec<Candidate>], points: u32) {
        // The most this branch can still reach (remaining naturals and wilds all melded).
        let bound = key(points + self.remaining_max + self.wild_max * self.wilds_left as u32, self.used_wilds);
        if self.best_key.is_some_and(|b| bound <= b) {
            return;
        }
        let Some(f) = (0..52).find(|&f| self.counts[f] > 0) else {
            let k = key(points, self.used_wilds);
            if self.best_key.is_none_or(|b| k > b) {
                self.best_key = Some(k);
                self.best_path = self.path.iter().map(|c| (*c).clone()).collect();
            }
            return;
        };
        for cand in &cands[f] {
            if cand.wilds > self.wilds_left || !self.fits(cand) {
                continue;
            }
            self.apply(cand, true);
            self.path.push(cand);
            self.dfs(cands, points + cand.points);
            self.path.pop();
            self.apply(cand, false);
        }
        // Keep one copy of this face in hand.
        self.counts[f] -= 1;
        self.remaining_max -= self.face_max[f];
        self.dfs(cands, points);
        self.remaining_max += self.face_max[f];
        self.counts[f] += 1;
    }

    fn fits(&self, cand: &Candidate) -> bool {
        let mut need = [0u8; 52];
        cand.faces.iter().all(|&f| {
            need[f as usize] += 1;
            need[f as usize] <= self.counts[f as usize]
        })
    }

    fn apply(&mut self, cand: &Candidate, take: bool) {
        for &f in &cand.faces {
            if take {
                self.counts[f as usize] -= 1;
                self.remaining_max -= self.face_max[f as usize];
            } else {
                self.counts[f as usize] += 1;
                self.remaining_max += self.face_max[f as usize];
            }
        }
        if take {
            self.wilds_left -= cand.wilds;
            self.used_wilds += cand.wilds;
        } else {
            self.wilds_left += cand.wilds;
            self.used_wilds -= cand.wilds;
        }
    }
}

/// The value of run position `p` (0 low ace .. 13 high ace) at index `i` of a run whose
/// next position is `next`.
fn position_value(rules: &MeldRules, p: u32, next: Option<u32>, low_ace: u32) -> u32 {
    let r = rank_at(p);
    if r == 12 && next.is_some_and(|n| rank_at(n) == 0) {
        low_ace
    } else {
        rules.values[r as usize] as u32
    }
}

/// Every subset of `0..n` (as a bit mask) with at most `k` members, smallest first.
fn subsets_up_to(n: u32, k: u32) -> impl Iterator<Item = u32> {
    (0..=k.min(n)).flat_map(move |size| {
        let mut next = Some((1u32 << size) - 1);
        std::iter::from_fn(move || {
            let sub = next?;
            if size == 0 {
                next = None;
                return Some(0);
            }
            if sub >= 1 << n {
                return None;
            }
            // Gosper's hack: the next mask with as many bits.
            let c = sub & sub.wrapping_neg();
            let r = sub + c;
            next = Some((((r ^ sub) >> 2) / c) | r);
            Some(sub)
        })
    })
}

fn candidates(counts: &[u8; 52], wilds: u8, rules: &MeldRules, low_ace: u32) -> Vec<Candidate> {
    let mut out = Vec::new();
    let distinct = rules.set_distinct_suits;
    let max_set = if distinct { (rules.max_set as u32).min(4) } else { rules.max_set as u32 };
    for rank in 0..13u8 {
        let avail: Vec<u8> =
            (0..4).map(|s| counts[(s * 13 + rank) as usize]).map(|n| if distinct { n.min(1) } else { n }).collect();
        let mut k = [0u8; 4];
        loop {
            let nat: u32 = k.iter().map(|&x| x as u32).sum();
            if nat > 0 {
                let cap = (wilds as u32).min(rules.max_wilds_set as u32).min(rules.wild_share.cap(nat));
                for w in 0..=cap {
                    let size = nat + w;
                    if size >= rules.min_set as u32 && size <= max_set {
                        let faces: Vec<u8> =
                            (0..4u8).flat_map(|s| std::iter::repeat_n(s * 13 + rank, k[s as usize] as usize)).collect();
                        out.push(Candidate {
                            faces,
                            wilds: w as u8,
                            points: size * rules.values[rank as usize] as u32,
                            kind: MeldKind::Set,
                            rank,
                            window: 0,
                            suit: 0,
                        });
                    }
                }
            }
            // Next per-suit combination.
            let mut s = 0;
            while s < 4 && k[s] == avail[s] {
                k[s] = 0;
                s += 1;
            }
            if s == 4 {
                break;
            }
            k[s] += 1;
        }
    }
    let windows = rules.run_windows(rules.min_run as u32);
    for suit in 0..4u8 {
        for &w in &windows {
            let order = window_order(rules, w);
            // The 14-card run's high ace needs a second copy of the ace.
            let copy = |p: u32| (w == super::rules::FULL_WINDOW && p == 13) as u8;
            let present: Vec<bool> =
                order.iter().map(|&p| counts[(suit * 13 + rank_at(p)) as usize] > copy(p)).collect();
            let missing = present.iter().filter(|&&x| !x).count() as u32;
            let len = order.len() as u32;
            let budget = (wilds as u32).min(rules.max_wilds_run as u32);
            if missing == len || missing > budget {
                continue;
            }
            let points: u32 =
                (0..order.len()).map(|i| position_value(rules, order[i], order.get(i + 1).copied(), low_ace)).sum();
            // Which present positions are played by a wild instead (to free the natural).
            let idx: Vec<usize> = (0..order.len()).filter(|&i| present[i]).collect();
            for sub in subsets_up_to(idx.len() as u32, (budget - missing).min(idx.len() as u32 - 1)) {
                let w_used = missing + sub.count_ones();
                if !rules.wild_share.allows(len - w_used, w_used) {
                    continue;
                }
                let faces: Vec<u8> = idx
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| sub >> j & 1 == 0)
                    .map(|(_, &i)| suit * 13 + rank_at(order[i]))
                    .collect();
                out.push(Candidate {
                    faces,
                    wilds: w_used as u8,
                    points,
                    kind: MeldKind::Run,
                    rank: 0,
                    window: w,
                    suit,
                });
            }
        }
    }
    out
}

/// The disjoint melds of `hand` worth the most points, if they are worth `minimum` or
/// more (see the module docs); `None` otherwise. `low_ace` is what an ace played low
/// (A-2-3) scores.
pub fn best_opening(hand: &[Card], minimum: u32, rules: &MeldRules, low_ace: u32) -> CoreResult<Option<Opening>> {
    rules.validate()?;
    rules.check_hand(hand)?;
    if low_ace > 100 {
        return Err(CoreError::invalid_argument("low_ace", low_ace, "card values are 0..=100"));
    }
    let mut counts = [0u8; 52];
    let mut pools: Vec<Vec<Card>> = vec![Vec::new(); 52];
    let mut wild_cards: Vec<Card> = Vec::new();
    for &c in hand {
        if rules.is_wild(c) {
            wild_cards.push(c);
        } else {
            counts[c.face() as usize] += 1;
            pools[c.face() as usize].push(c);
        }
    }
    wild_cards.sort();
    let wilds = wild_cards.len().min(255) as u8;
    let all = candidates(&counts, wilds, rules, low_ace);
    let mut by_face: Vec<Vec<Candidate>> = vec![Vec::new(); 52];
    for c in all {
        let f = *c.faces.iter().min().expect("a meld holds a natural card") as usize;
        by_face[f].push(c);
    }
    // Most points first, so that good packings are found early.
    for list in &mut by_face {
        list.sort_by_key(|c| std::cmp::Reverse(c.points));
    }
    let top = rules.values.iter().map(|&v| v as u32).max().unwrap_or(0).max(low_ace);
    let mut face_max = [0u32; 52];
    for (f, m) in face_max.iter_mut().enumerate() {
        let r = f % 13;
        *m = if r == 12 { (rules.values[12] as u32).max(low_ace) } else { rules.values[r] as u32 };
    }
    let remaining_max = (0..52).map(|f| face_max[f] * counts[f] as u32).sum();
    let cands = std::mem::take(&mut by_face);
    let mut p = Packing {
        counts,
        wilds_left: wilds,
        face_max,
        wild_max: top,
        remaining_max,
        path: Vec::new(),
        best_key: None,
        best_path: Vec::new(),
        used_wilds: 0,
    };
    p.dfs(&cands, 0);
    let chosen = p.best_path;
    let points: u32 = chosen.iter().map(|c| c.points).sum();
    if points < minimum || chosen.is_empty() {
        return Ok(None);
    }
    let mut wi = wild_cards.into_iter();
    let mut melds = Vec::with_capacity(chosen.len());
    for c in &chosen {
        let naturals: Vec<Card> = c.faces.iter().map(|&f| pools[f as usize].remove(0)).collect();
        let ws: Vec<Card> = (0..c.wilds).map(|_| wi.next().expect("enough wild cards")).collect();
        let meld = match c.kind {
            MeldKind::Set => {
                let suits = naturals.iter().fold(0u8, |acc, n| acc | 1 << n.suit().unwrap_or(0));
                set_meld(naturals, &ws, c.rank, suits)
            }
            MeldKind::Run => run_meld(rules, c.window, c.suit, &naturals, &ws),
        };
        debug_assert_eq!(meld_points(&meld, rules, low_ace), c.points);
        melds.push(meld);
    }
    Ok(Some(Opening { melds, points }))
}
