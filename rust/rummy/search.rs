//! The general exact search: any number of packs, wild cards, lay-offs onto table melds,
//! an optional discard and contract requirements.
//!
//! The hand is a multiset of natural faces plus a count of wild cards (wilds are
//! interchangeable for the meld rules, so only their number matters while searching;
//! the highest-valued wilds are the ones melded, the lowest stay as deadwood). The
//! search takes the lowest natural face still in hand and branches on everything that
//! card can do: every set and run of the hand that contains it (each other position
//! filled by a natural card or a wild - both are tried), every lay-off group onto an
//! unused table meld that contains it, the discard, or deadwood. Every meld holds a
//! natural card, so every arrangement is reached; once the naturals are decided, the
//! leftover wilds are laid off where there is room (always best) and one may be the
//! discard. Branches whose deadwood so far already reaches the best found are cut.
//!
//! Costs compare as `value << 8 | number of deadwood cards`; on a full tie the first
//! arrangement found wins (sets, then runs, then lay-offs, then discard, then deadwood;
//! fewer wilds first).

use super::meld::{card_of, rank_at, set_meld, window_order, Arrangement, LayOff, Meld, MeldKind};
use super::rules::{MeldRules, ACE_ENDS, FULL_WINDOW};
use crate::cards::Card;
use crate::error::{CoreError, CoreResult};

/// A meld on the table that cards may be laid off onto.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Set { rank: u8, size: u8, suits: u8, wilds: u8 },
    Run { suit: u8, window: u32, wilds: u8 },
}

impl Target {
    /// The lay-off target of a meld.
    pub fn of(meld: &Meld, rules: &MeldRules) -> Target {
        let wilds = meld.cards.iter().filter(|c| rules.is_wild(**c)).count() as u8;
        match meld.kind {
            MeldKind::Set => {
                let suits = meld.plays_as.iter().fold(0u8, |acc, c| acc | 1 << c.suit().unwrap_or(0));
                Target::Set { rank: meld.rank(), size: meld.len() as u8, suits, wilds }
            }
            MeldKind::Run => {
                let ranks = meld.plays_as.iter().fold(0u16, |acc, c| acc | 1 << c.rank().unwrap_or(0));
                let mut window = rules.positions(ranks);
                if window.count_ones() as usize != meld.len() {
                    // High-or-low ace: keep the end the run uses.
                    let low = window & !(1 << 13);
                    window = if rules.is_window(low) { low } else { window & !1 };
                }
                Target::Run { suit: meld.suit(), window, wilds }
            }
        }
    }
}

/// What a contract asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ContractSpec {
    pub sets: u8,
    pub runs: u8,
    /// Runs of the contract must be of different suits.
    pub distinct_run_suits: bool,
}

/// Search options.
#[derive(Clone, Debug, Default)]
pub struct SearchOptions {
    /// Exactly one card must be discarded.
    pub discard: bool,
    /// A card that may not be the discard (the card just taken from the discard pile).
    pub forbid: Option<Card>,
    /// Table melds to lay off onto.
    pub targets: Vec<Target>,
    /// Meld exactly this contract (no other melds); the rest is deadwood.
    pub contract: Option<ContractSpec>,
    /// Cache search states (a transposition table): `None` turns it on for hands of more
    /// than [`MEMO_FROM`] natural cards, where the plain search tree grows too large.
    pub memo: Option<bool>,
}

/// Hands with more natural cards than this use the transposition table by default.
pub const MEMO_FROM: usize = 14;
/// The table stops growing at this many states (the search stays exact, only slower).
const MEMO_CAP: usize = 1 << 22;

/// A cached state: its exact completion (cost and the choices after it) or a lower bound.
enum Entry {
    Exact(u32, Vec<Choice>),
    AtLeast(u32),
}

type StateKey = [u64; 5];

#[derive(Clone, Debug)]
pub(crate) enum Choice {
    Set { rank: u8, per_suit: [u8; 4], wilds: u8 },
    Run { suit: u8, window: u32, wild_pos: u32 },
    LaySet { target: u8, per_suit: [u8; 4], wilds: u8 },
    LayRun { target: u8, added: u32, wild_pos: u32 },
    Dead(u8),
    Discard(u8),
    End { laid: u8, discard: bool },
}

struct Search<'a> {
    rules: &'a MeldRules,
    opts: &'a SearchOptions,
    keys: [u32; 52],
    /// Wild keys in leaving order (highest value first; the forbidden wild last among
    /// equals), and its index if the forbidden card is a wild.
    wild_keys: Vec<u32>,
    forbid_wild: Option<usize>,
    forbid_face: Option<(u8, u8)>, // face, copies of it in hand
    run_windows: Vec<u32>,
    all_windows: Vec<u32>,
    counts: [u8; 52],
    present: u64,
    wilds_left: u8,
    wilds_used: u8,
    used_targets: u32,
    discard_used: bool,
    sets: u8,
    runs: u8,
    run_suits: u8,
    path: Vec<Choice>,
    best: u32,
    best_path: Vec<Choice>,
    memo: Option<rustc_hash::FxHashMap<StateKey, Entry>>,
}

fn windows(rules: &MeldRules, min_len: u32) -> Vec<u32> {
    rules.run_windows(min_len)
}

/// Next subset of `set` after `sub` in increasing order (`sub == set` is the last).
#[inline]
fn next_subset(sub: u32, set: u32) -> u32 {
    (sub.wrapping_sub(set)) & set
}

impl<'a> Search<'a> {
    fn new(hand: &[Card], rules: &'a MeldRules, opts: &'a SearchOptions) -> Search<'a> {
        let mut keys = [0u32; 52];
        for (f, k) in keys.iter_mut().enumerate() {
            *k = (rules.values[f % 13] as u32) << 8 | 1;
        }
        let mut counts = [0u8; 52];
        let mut wilds: Vec<Card> = Vec::new();
        for &c in hand {
            if rules.is_wild(c) {
                wilds.push(c);
            } else {
                counts[c.face() as usize] += 1;
            }
        }
        let forbid = opts.forbid;
        sort_wilds(&mut wilds, rules, forbid);
        let forbid_wild = forbid.and_then(|f| wilds.iter().position(|&w| w == f));
        let forbid_face = forbid.filter(|f| !rules.is_wild(*f)).map(|f| (f.face(), counts[f.face() as usize]));
        let present = counts.iter().enumerate().fold(0u64, |acc, (i, &n)| acc | ((n > 0) as u64) << i);
        Search {
            rules,
            opts,
            keys,
            wild_keys: wilds.iter().map(|&w| rules.value(w) << 8 | 1).collect(),
            forbid_wild,
            forbid_face,
            run_windows: windows(rules, rules.min_run as u32),
            all_windows: windows(rules, 1),
            counts,
            present,
            wilds_left: wilds.len() as u8,
            wilds_used: 0,
            used_targets: 0,
            discard_used: false,
            sets: 0,
            runs: 0,
            run_suits: 0,
            path: Vec::with_capacity(16),
            best: u32::MAX,
            best_path: Vec::new(),
            memo: None,
        }
    }

    fn enable_memo(&mut self, hand: &[Card]) {
        let naturals = hand.iter().filter(|c| !self.rules.is_wild(**c)).count();
        if self.opts.memo.unwrap_or(naturals > MEMO_FROM) {
            self.memo = Some(rustc_hash::FxHashMap::default());
        }
    }

    #[inline]
    fn take(&mut self, face: usize, n: u8) {
        self.counts[face] -= n;
        if self.counts[face] == 0 {
            self.present &= !(1u64 << face);
        }
    }
    #[inline]
    fn give(&mut self, face: usize, n: u8) {
        self.counts[face] += n;
        if self.counts[face] > 0 {
            self.present |= 1u64 << face;
        }
    }

    fn suit_positions(&self, suit: u8) -> u32 {
        let mut ranks = 0u16;
        for r in 0..13 {
            if self.counts[suit as usize * 13 + r] > 0 {
                ranks |= 1 << r;
            }
        }
        self.rules.positions(ranks)
    }

    fn state_key(&self) -> StateKey {
        let mut k = [0u64; 5];
        for (i, &c) in self.counts.iter().enumerate() {
            k[i / 16] |= (c as u64) << (4 * (i % 16));
        }
        k[3] |= (self.wilds_left as u64) << 16
            | (self.wilds_used as u64) << 24
            | (self.discard_used as u64) << 32
            | (self.sets as u64) << 33
            | (self.runs as u64) << 41
            | (self.run_suits as u64) << 49;
        k[4] = self.used_targets as u64;
        k
    }

    /// Branch-and-bound with an optional transposition table. A state explored with the
    /// bound `best` either improved it - then the subtree's minimum was found exactly - or
    /// showed that its completions cost at least `best - acc`.
    fn dfs(&mut self, acc: u32) {
        if acc >= self.best {
            return;
        }
        if self.memo.is_none() || self.present == 0 {
            self.explore(acc);
            return;
        }
        let key = self.state_key();
        match self.memo.as_ref().and_then(|m| m.get(&key)) {
            Some(Entry::Exact(c, suffix)) => {
                if acc + c < self.best {
                    self.best = acc + c;
                    self.best_path.clone_from(&self.path);
                    self.best_path.extend_from_slice(suffix);
                }
                return;
            }
            Some(Entry::AtLeast(lb)) if acc + lb >= self.best => return,
            _ => {}
        }
        let before = self.best;
        let depth = self.path.len();
        self.explore(acc);
        let entry = if self.best < before {
            Entry::Exact(self.best - acc, self.best_path[depth..].to_vec())
        } else {
            Entry::AtLeast(before.saturating_sub(acc))
        };
        let memo = self.memo.as_mut().expect("memo on");
        if memo.len() < MEMO_CAP || memo.contains_key(&key) {
            memo.insert(key, entry);
        }
    }

    fn explore(&mut self, acc: u32) {
        if self.present == 0 {
            self.finish(acc);
            return;
        }
        let f = self.present.trailing_zeros() as u8;
        let (rank, suit) = (f % 13, f / 13);
        let contract = self.opts.contract;
        let sets_ok = contract.is_none_or(|c| self.sets < c.sets);
        let runs_ok =
            contract.is_none_or(|c| self.runs < c.runs && !(c.distinct_run_suits && self.run_suits >> suit & 1 == 1));
        if sets_ok {
            self.try_sets(f, acc, None);
        }
        if runs_ok {
            self.try_runs(f, acc, None);
        }
        for t in 0..self.opts.targets.len() {
            if self.used_targets >> t & 1 == 0 {
                match self.opts.targets[t] {
                    Target::Set { rank: tr, .. } if tr == rank => self.try_sets(f, acc, Some(t)),
                    Target::Run { suit: ts, .. } if ts == suit => self.try_runs(f, acc, Some(t)),
                    _ => {}
                }
            }
        }
        if self.opts.discard && !self.discard_used && acc < self.best {
            let allowed = match self.forbid_face {
                Some((ff, n)) if ff == f => n >= 2,
                _ => true,
            };
            if allowed {
                self.take(f as usize, 1);
                self.discard_used = true;
                self.path.push(Choice::Discard(f));
                self.dfs(acc);
                self.path.pop();
                self.discard_used = false;
                self.give(f as usize, 1);
            }
        }
        let a = acc + self.keys[f as usize];
        if a < self.best {
            self.take(f as usize, 1);
            self.path.push(Choice::Dead(f));
            self.dfs(a);
            self.path.pop();
            self.give(f as usize, 1);
        }
    }

    /// Sets (or lay-offs onto a set target) containing face `f`.
    fn try_sets(&mut self, f: u8, acc: u32, target: Option<usize>) {
        let rules = self.rules;
        let (rank, s0) = (f % 13, f / 13);
        let distinct = rules.set_distinct_suits;
        let (base_size, base_suits, base_wilds) = match target.map(|t| self.opts.targets[t]) {
            Some(Target::Set { size, suits, wilds, .. }) => (size as u32, suits, wilds as u32),
            _ => (0, 0, 0),
        };
        let max_size = if distinct { (rules.max_set as u32).min(4) } else { rules.max_set as u32 };
        let wild_cap = (rules.max_wilds_set as u32).saturating_sub(base_wilds).min(self.wilds_left as u32);
        // Available copies per suit (only suits >= s0 hold this rank still).
        let mut avail = [0u8; 4];
        for s in s0..4 {
            let n = self.counts[(s * 13 + rank) as usize];
            avail[s as usize] = if distinct {
                if base_suits >> s & 1 == 1 {
                    0
                } else {
                    n.min(1)
                }
            } else {
                n
            };
        }
        if avail[s0 as usize] == 0 {
            return;
        }
        let mut k = [0u8; 4];
        k[s0 as usize] = 1;
        loop {
            let nat: u32 = k.iter().map(|&x| x as u32).sum();
            for w in 0..=wild_cap {
                let size = base_size + nat + w;
                if !rules.wild_share.allows(base_size - base_wilds + nat, base_wilds + w) {
                    continue;
                }
                let ok =
                    if target.is_some() { size <= max_size } else { size >= rules.min_set as u32 && size <= max_size };
                if !ok || acc >= self.best {
                    continue;
                }
                for (s, &n) in k.iter().enumerate() {
                    if n > 0 {
                        self.take(s * 13 + rank as usize, n);
                    }
                }
                self.wilds_left -= w as u8;
                self.wilds_used += w as u8;
                match target {
                    None => {
                        self.sets += 1;
                        self.path.push(Choice::Set { rank, per_suit: k, wilds: w as u8 });
                    }
                    Some(t) => {
                        self.used_targets |= 1 << t;
                        self.path.push(Choice::LaySet { target: t as u8, per_suit: k, wilds: w as u8 });
                    }
                }
                self.dfs(acc);
                self.path.pop();
                match target {
                    None => self.sets -= 1,
                    Some(t) => self.used_targets &= !(1 << t),
                }
                self.wilds_left += w as u8;
                self.wilds_used -= w as u8;
                for (s, &n) in k.iter().enumerate() {
                    if n > 0 {
                        self.give(s * 13 + rank as usize, n);
                    }
                }
            }
            // Next combination (mixed radix over suits s0..4, k[s0] >= 1).
            let mut s = s0 as usize;
            loop {
                if s == 4 {
                    return;
                }
                let lo = if s == s0 as usize { 1 } else { 0 };
                if k[s] < avail[s] {
                    k[s] += 1;
                    break;
                }
                k[s] = lo;
                s += 1;
            }
        }
    }

    /// Runs (or lay-offs onto a run target) containing face `f`.
    fn try_runs(&mut self, f: u8, acc: u32, target: Option<usize>) {
        let rules = self.rules;
        let (rank, suit) = (f % 13, f / 13);
        let nat = self.suit_positions(suit);
        let fp = rules.positions(1 << rank);
        let (base, base_wilds) = match target.map(|t| self.opts.targets[t]) {
            Some(Target::Run { window, wilds, .. }) => (window, wilds as u32),
            _ => (0, 0),
        };
        let budget = (rules.max_wilds_run as u32).saturating_sub(base_wilds).min(self.wilds_left as u32);
        let count = if target.is_some() { self.all_windows.len() } else { self.run_windows.len() };
        for i in 0..count {
            let w = if target.is_some() { self.all_windows[i] } else { self.run_windows[i] };
            if w & base != base || w == base {
                continue;
            }
            let added = w & !base;
            let mut fpos = added & fp;
            if fpos == 0 {
                continue;
            }
            // The 14-card run: both ace positions are one face. Face `f` itself plays the
            // low ace; the high one is natural only with a second copy (a natural ace at
            // one end only plays the low end: the other reading is the same cards).
            let both_aces = w == FULL_WINDOW && added & ACE_ENDS == ACE_ENDS;
            let aces_held = self.counts[suit as usize * 13 + 12] as u32;
            if both_aces && fpos == ACE_ENDS {
                fpos = 1;
            }
            let req = added & !nat;
            if req.count_ones() > budget {
                continue;
            }
            let opt = added & nat & !fpos;
            let mut sub = 0u32;
            loop {
                let wild_pos = req | sub;
                let naturals = base.count_ones() - base_wilds + (added & !wild_pos).count_ones();
                let ace_ok = !both_aces
                    || ((added & !wild_pos & ACE_ENDS).count_ones() <= aces_held
                        && !(wild_pos & 1 == 1 && wild_pos >> 13 & 1 == 0));
                if ace_ok
                    && wild_pos.count_ones() <= budget
                    && rules.wild_share.allows(naturals, base_wilds + wild_pos.count_ones())
                    && acc < self.best
                {
                    self.apply_run(suit, added & !wild_pos, wild_pos, target, w, acc);
                }
                if sub == opt {
                    break;
                }
                sub = next_subset(sub, opt);
            }
        }
    }

    fn apply_run(&mut self, suit: u8, nat_pos: u32, wild_pos: u32, target: Option<usize>, window: u32, acc: u32) {
        let faces = |mut m: u32| {
            let mut v = [0u8; 14];
            let mut n = 0;
            while m != 0 {
                let p = m.trailing_zeros();
                m &= m - 1;
                v[n] = suit * 13 + rank_at(p);
                n += 1;
            }
            (v, n)
        };
        let (fs, n) = faces(nat_pos);
        for &face in &fs[..n] {
            self.take(face as usize, 1);
        }
        let w = wild_pos.count_ones() as u8;
        self.wilds_left -= w;
        self.wilds_used += w;
        match target {
            None => {
                let prev_suits = self.run_suits;
                self.runs += 1;
                self.run_suits |= 1 << suit;
                self.path.push(Choice::Run { suit, window, wild_pos });
                self.dfs(acc);
                self.path.pop();
                self.runs -= 1;
                self.run_suits = prev_suits;
            }
            Some(t) => {
                self.used_targets |= 1 << t;
                self.path.push(Choice::LayRun { target: t as u8, added: nat_pos | wild_pos, wild_pos });
                self.dfs(acc);
                self.path.pop();
                self.used_targets &= !(1 << t);
            }
        }
        self.wilds_left += w;
        self.wilds_used -= w;
        for &face in &fs[..n] {
            self.give(face as usize, 1);
        }
    }

    /// Room for wild cards on an unused target.
    fn wild_room(&self, t: &Target) -> u32 {
        let rules = self.rules;
        match *t {
            Target::Set { size, wilds, .. } => {
                let max = if rules.set_distinct_suits { (rules.max_set as u32).min(4) } else { rules.max_set as u32 };
                let share = rules.wild_share.cap(size as u32 - wilds as u32).saturating_sub(wilds as u32);
                max.saturating_sub(size as u32)
                    .min((rules.max_wilds_set as u32).saturating_sub(wilds as u32))
                    .min(share)
            }
            Target::Run { window, wilds, .. } => {
                let share = rules.wild_share.cap(window.count_ones() - wilds as u32).saturating_sub(wilds as u32);
                let longest = if rules.full_window().is_some() { 14u32 } else { 13 };
                longest
                    .saturating_sub(window.count_ones())
                    .min((rules.max_wilds_run as u32).saturating_sub(wilds as u32))
                    .min(share)
            }
        }
    }

    /// Deadwood key of the wilds that stay, when `leave` wilds leave the hand, one of
    /// them as the discard if `discard`. `None` if that is impossible.
    fn wild_dead(&self, leave: usize, discard: bool) -> Option<u32> {
        let n = self.wild_keys.len();
        if leave > n {
            return None;
        }
        let total: u32 = self.wild_keys.iter().sum();
        let out: u32 = self.wild_keys[..leave].iter().sum();
        if discard && leave == 1 && self.forbid_wild == Some(0) {
            // Only the discard leaves and the top wild may not be discarded.
            return (n >= 2).then(|| total - self.wild_keys[1]);
        }
        Some(total - out)
    }

    fn finish(&mut self, acc: u32) {
        if let Some(c) = self.opts.contract {
            if self.sets != c.sets || self.runs != c.runs {
                return;
            }
        }
        let w = self.wilds_left as u32;
        let need_d = self.opts.discard && !self.discard_used;
        if need_d && w == 0 {
            return;
        }
        let room: u32 = (0..self.opts.targets.len())
            .filter(|t| self.used_targets >> t & 1 == 0)
            .map(|t| self.wild_room(&self.opts.targets[t]))
            .sum();
        let leave_end = w.min(room + need_d as u32);
        let Some(dead) = self.wild_dead(self.wilds_used as usize + leave_end as usize, need_d) else {
            return;
        };
        let total = acc + dead;
        if total < self.best {
            self.best = total;
            self.best_path.clone_from(&self.path);
            self.best_path.push(Choice::End { laid: (leave_end - need_d as u32) as u8, discard: need_d });
        }
    }
}

/// Wilds in leaving order: highest value first, then card order; the forbidden card last
/// among equal values.
fn sort_wilds(wilds: &mut [Card], rules: &MeldRules, forbid: Option<Card>) {
    wilds.sort_by_key(|&c| (std::cmp::Reverse(rules.value(c)), Some(c) == forbid, c));
}

/// Run the general search. `None` when no arrangement meets the options (a contract
/// that cannot be met, a discard that cannot be made).
pub fn search(hand: &[Card], rules: &MeldRules, opts: &SearchOptions) -> CoreResult<Option<Arrangement>> {
    rules.check_hand(hand)?;
    if opts.targets.len() > 32 {
        return Err(CoreError::invalid_argument("melds", opts.targets.len(), "at most 32 table melds"));
    }
    if hand.len() > 255 {
        return Err(CoreError::InvalidHand(format!("{} cards: at most 255", hand.len())));
    }
    let mut s = Search::new(hand, rules, opts);
    s.enable_memo(hand);
    s.dfs(0);
    if s.best == u32::MAX {
        return Ok(None);
    }
    Ok(Some(rebuild(hand, rules, opts, &s)))
}

/// The search's minimum key only.
pub fn search_key(hand: &[Card], rules: &MeldRules, opts: &SearchOptions) -> CoreResult<Option<u32>> {
    rules.check_hand(hand)?;
    let mut s = Search::new(hand, rules, opts);
    s.enable_memo(hand);
    s.dfs(0);
    Ok((s.best != u32::MAX).then_some(s.best))
}

/// Physical cards from the best path.
fn rebuild(hand: &[Card], rules: &MeldRules, opts: &SearchOptions, s: &Search<'_>) -> Arrangement {
    let forbid = opts.forbid;
    let mut pools: Vec<Vec<Card>> = vec![Vec::new(); 52];
    let mut wilds: Vec<Card> = Vec::new();
    for &c in hand {
        if rules.is_wild(c) {
            wilds.push(c);
        } else {
            pools[c.face() as usize].push(c);
        }
    }
    for p in pools.iter_mut() {
        // The forbidden copy first, so that melds and deadwood use it before a discard.
        p.sort_by_key(|&c| (Some(c) != forbid, c.copy()));
    }
    sort_wilds(&mut wilds, rules, forbid);
    // Which wilds leave the hand, and which of them is the discard.
    let end = s.best_path.last();
    let (laid_end, wild_discard) = match end {
        Some(Choice::End { laid, discard }) => (*laid as usize, *discard),
        _ => (0, false),
    };
    let melded: usize = s
        .best_path
        .iter()
        .map(|c| match c {
            Choice::Set { wilds, .. } | Choice::LaySet { wilds, .. } => *wilds as usize,
            Choice::Run { wild_pos, .. } | Choice::LayRun { wild_pos, .. } => wild_pos.count_ones() as usize,
            _ => 0,
        })
        .sum();
    let leave = melded + laid_end + wild_discard as usize;
    let mut leaving: Vec<Card> = wilds[..leave].to_vec();
    let mut staying: Vec<Card> = wilds[leave..].to_vec();
    let mut discard_wild = None;
    if wild_discard {
        // The discard: the last leaving wild that is not forbidden.
        match leaving.iter().rposition(|&c| Some(c) != forbid) {
            Some(i) => discard_wild = Some(leaving.remove(i)),
            None => {
                // Only the forbidden wild would leave: discard the next one instead.
                let i = staying.iter().position(|&c| Some(c) != forbid).expect("checked by the search");
                discard_wild = Some(staying.remove(i));
                staying.append(&mut leaving);
            }
        }
    }
    let mut wild_iter = leaving.into_iter();
    fn take_from(pools: &mut [Vec<Card>], face: usize) -> Card {
        pools[face].remove(0)
    }
    let mut arr = Arrangement::default();
    let mut deadwood: Vec<Card> = Vec::new();
    for choice in &s.best_path {
        match choice {
            Choice::Set { rank, per_suit, wilds: w } => {
                let mut nat = Vec::new();
                let mut suits = 0u8;
                for (su, &k) in per_suit.iter().enumerate() {
                    for _ in 0..k {
                        nat.push(take_from(&mut pools, su * 13 + *rank as usize));
                        suits |= 1 << su;
                    }
                }
                let ws: Vec<Card> = (0..*w).map(|_| wild_iter.next().unwrap()).collect();
                arr.melds.push(set_meld(nat, &ws, *rank, suits));
            }
            Choice::Run { suit, window, wild_pos } => {
                let mut cards = Vec::new();
                let mut plays = Vec::new();
                for p in window_order(rules, *window) {
                    let face = card_of(rank_at(p), *suit);
                    if wild_pos >> p & 1 == 1 {
                        cards.push(wild_iter.next().unwrap());
                    } else {
                        cards.push(take_from(&mut pools, face.face() as usize));
                    }
                    plays.push(face);
                }
                arr.melds.push(Meld { kind: MeldKind::Run, cards, plays_as: plays });
            }
            Choice::LaySet { target, per_suit, wilds: w } => {
                let Target::Set { rank, suits, .. } = opts.targets[*target as usize] else { unreachable!() };
                let mut used = suits;
                for (su, &k) in per_suit.iter().enumerate() {
                    for _ in 0..k {
                        let c = take_from(&mut pools, su * 13 + rank as usize);
                        used |= 1 << su;
                        arr.layoffs.push(LayOff { card: c, meld: *target as usize, plays_as: c.with_copy(0) });
                    }
                }
                for _ in 0..*w {
                    let s = (0..4).find(|&s| used >> s & 1 == 0).unwrap_or(0);
                    used |= 1 << s;
                    let c = wild_iter.next().unwrap();
                    arr.layoffs.push(LayOff { card: c, meld: *target as usize, plays_as: card_of(rank, s) });
                }
            }
            Choice::LayRun { target, added, wild_pos } => {
                let Target::Run { suit, .. } = opts.targets[*target as usize] else { unreachable!() };
                for p in window_order(rules, *added) {
                    let face = card_of(rank_at(p), suit);
                    let c = if wild_pos >> p & 1 == 1 {
                        wild_iter.next().unwrap()
                    } else {
                        take_from(&mut pools, face.face() as usize)
                    };
                    arr.layoffs.push(LayOff { card: c, meld: *target as usize, plays_as: face });
                }
            }
            Choice::Dead(f) => deadwood.push(take_from(&mut pools, *f as usize)),
            Choice::Discard(f) => {
                let pool = &mut pools[*f as usize];
                let i = pool.iter().position(|&c| Some(c) != forbid).unwrap_or(0);
                arr.discard = Some(pool.remove(i));
            }
            Choice::End { .. } => {}
        }
    }
    // Leftover wilds laid off on unused targets, in target order.
    let mut laid = laid_end;
    for (t, target) in opts.targets.iter().enumerate() {
        if laid == 0 {
            break;
        }
        if s.best_path.iter().any(
            |c| matches!(c, Choice::LaySet { target, .. } | Choice::LayRun { target, .. } if *target as usize == t),
        ) {
            continue;
        }
        let room = s.wild_room(target) as usize;
        let mut placed: Vec<Card> = Vec::new();
        for _ in 0..room.min(laid) {
            placed.push(wild_iter.next().unwrap());
        }
        laid -= placed.len();
        match *target {
            Target::Set { rank, suits, .. } => {
                let mut used = suits;
                for c in placed {
                    let s = (0..4).find(|&s| used >> s & 1 == 0).unwrap_or(0);
                    used |= 1 << s;
                    arr.layoffs.push(LayOff { card: c, meld: t, plays_as: card_of(rank, s) });
                }
            }
            Target::Run { suit, window, .. } => {
                // Extend upward first, then downward.
                let mut w = window;
                for c in placed {
                    let next = extend(rules, w);
                    let p = (next & !w).trailing_zeros();
                    w = next;
                    arr.layoffs.push(LayOff { card: c, meld: t, plays_as: card_of(rank_at(p), suit) });
                }
            }
        }
    }
    if let Some(d) = discard_wild {
        arr.discard = Some(d);
    }
    deadwood.extend(staying);
    deadwood.sort();
    arr.deadwood_value = deadwood.iter().map(|&c| rules.value(c)).sum();
    arr.deadwood = deadwood;
    debug_assert_eq!(arr.deadwood_value, s.best >> 8);
    arr
}

/// A run window grown by one position (upward if possible, else downward).
fn extend(rules: &MeldRules, w: u32) -> u32 {
    if let Some(full) = rules.full_window().filter(|f| w.count_ones() == 13 && w & f == w) {
        return full;
    }
    let mut best = None;
    rules.for_each_window(rules.positions(0x1FFF), w.count_ones() + 1, |cand, _, len| {
        if best.is_none() && len == w.count_ones() + 1 && cand & w == w {
            best = Some(cand);
        }
    });
    // Prefer upward: the candidate whose new position is above the window's top.
    let mut up = None;
    rules.for_each_window(rules.positions(0x1FFF), w.count_ones() + 1, |cand, _, len| {
        if up.is_none() && len == w.count_ones() + 1 && cand & w == w && (cand & !w) > w {
            up = Some(cand);
        }
    });
    up.or(best).unwrap_or(w)
}
