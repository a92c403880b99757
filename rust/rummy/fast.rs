//! The single-pack fast path: a hand without wild cards as a 52-bit mask.
//!
//! Melds are enumerated as bit masks and grouped by their lowest card. The search takes
//! the lowest undecided card and branches on every meld of the hand that starts with it
//! (all its other cards are higher, so they are undecided too) and on leaving it as
//! deadwood - optionally as the discard. Every arrangement of the hand is reached exactly
//! once this way, so the minimum over the search tree is exact; branches whose deadwood
//! so far already reaches the best complete arrangement are cut (deadwood only grows).
//!
//! Costs are compared as `key = value << 8 | number of deadwood cards`, so ties on value
//! go to fewer deadwood cards, then to the first arrangement found (melds before
//! deadwood, lower cards decided first).

use super::rules::MeldRules;

pub(crate) const COL: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;
const PLAIN_MASK: u64 = (1 << 52) - 1;

/// Search tags in the witness path (bits 60.. of a path entry).
pub(crate) const TAG_MELD: u64 = 0;
pub(crate) const TAG_DEAD: u64 = 1 << 60;
pub(crate) const TAG_DISCARD: u64 = 2 << 60;
pub(crate) const TAG_MASK: u64 = 3 << 60;

/// Every meld of a wild-free single-pack hand, as card masks, in `out`.
pub fn plain_melds(hand: u64, rules: &MeldRules, out: &mut Vec<u64>) {
    let hand = hand & PLAIN_MASK;
    let (min_set, max_set) = (rules.min_set as u32, rules.max_set.min(4) as u32);
    if min_set <= 4 {
        let (a, b, c, d) = (hand, hand >> 13, hand >> 26, hand >> 39);
        let candidates = match min_set {
            2 => (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d),
            3 => (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d),
            4 => a & b & c & d,
            _ => a | b | c | d,
        } & 0x1FFF;
        let mut ranks = candidates;
        while ranks != 0 {
            let r = ranks.trailing_zeros();
            ranks &= ranks - 1;
            let m = hand & (COL << r);
            // Subsets of the column, largest first.
            let mut sub = m;
            while sub != 0 {
                let n = sub.count_ones();
                if n >= min_set && n <= max_set {
                    out.push(sub);
                }
                sub = (sub - 1) & m;
            }
        }
    }
    let min_run = rules.min_run as u32;
    for s in 0..4u32 {
        let sm = (hand >> (13 * s) & 0x1FFF) as u16;
        if sm.count_ones() < min_run {
            continue;
        }
        let shift = 13 * s;
        rules.for_each_window(rules.positions(sm), min_run, |w, _, _| {
            out.push((MeldRules::window_ranks(w) as u64) << shift);
        });
    }
}

/// A search path on the stack: one entry per decision, at most one per card.
#[derive(Clone, Copy)]
pub struct Path {
    buf: [u64; 64],
    len: usize,
}

impl Default for Path {
    fn default() -> Self {
        Path { buf: [0; 64], len: 0 }
    }
}

impl Path {
    #[inline]
    fn push(&mut self, x: u64) {
        self.buf[self.len] = x;
        self.len += 1;
    }
    #[inline]
    fn pop(&mut self) {
        self.len -= 1;
    }
    #[inline]
    fn copy_from(&mut self, other: &Path) {
        self.buf[..other.len].copy_from_slice(&other.buf[..other.len]);
        self.len = other.len;
    }
}

impl std::ops::Deref for Path {
    type Target = [u64];
    fn deref(&self) -> &[u64] {
        &self.buf[..self.len]
    }
}

impl std::ops::DerefMut for Path {
    fn deref_mut(&mut self) -> &mut [u64] {
        &mut self.buf[..self.len]
    }
}

/// Melds grouped by lowest card, plus the card keys.
pub struct PlainIndex {
    melds: Vec<u64>,
    start: [u16; 53],
    keys: [u32; 52],
    /// With few melds the search scans them all instead of indexing by lowest card.
    indexed: bool,
}

/// Up to this many melds, no index is built.
const SCAN_MAX: usize = 8;

impl PlainIndex {
    pub fn new(rules: &MeldRules) -> PlainIndex {
        let mut idx = PlainIndex { melds: Vec::with_capacity(64), start: [0; 53], keys: [0; 52], indexed: false };
        idx.set_rules(rules);
        idx
    }

    /// Take the card values of `rules` (before `load`ing a hand under other rules).
    pub fn set_rules(&mut self, rules: &MeldRules) {
        for (f, k) in self.keys.iter_mut().enumerate() {
            *k = (rules.values[f % 13] as u32) << 8 | 1;
        }
    }

    /// Load the melds of `hand`.
    pub fn load(&mut self, hand: u64, rules: &MeldRules) {
        self.melds.clear();
        plain_melds(hand, rules, &mut self.melds);
        self.indexed = self.melds.len() > SCAN_MAX;
        if !self.indexed {
            return;
        }
        // Insertion sort by lowest card (stable: sets before runs, larger first).
        let m = &mut self.melds;
        for i in 1..m.len() {
            let x = m[i];
            let k = x.trailing_zeros();
            let mut j = i;
            while j > 0 && m[j - 1].trailing_zeros() > k {
                m[j] = m[j - 1];
                j -= 1;
            }
            m[j] = x;
        }
        let mut idx = 0usize;
        for b in 0..53 {
            while idx < m.len() && (m[idx].trailing_zeros() as usize) < b {
                idx += 1;
            }
            self.start[b] = idx as u16;
        }
    }

    pub fn melds(&self) -> &[u64] {
        &self.melds
    }

    /// The melds that may start with card `c` (all of them when not indexed; the search
    /// also checks that the meld holds `c`).
    #[inline]
    fn range(&self, c: usize) -> (usize, usize) {
        if self.indexed {
            (self.start[c] as usize, self.start[c + 1] as usize)
        } else {
            (0, self.melds.len())
        }
    }

    /// Minimum deadwood key of `rem` (no discard).
    fn dfs(&self, rem: u64, acc: u32, best: &mut u32) {
        if rem == 0 {
            if acc < *best {
                *best = acc;
            }
            return;
        }
        let c = rem.trailing_zeros() as usize;
        let (lo, hi) = self.range(c);
        for &m in &self.melds[lo..hi] {
            if m & !rem == 0 && m >> c & 1 == 1 && acc < *best {
                self.dfs(rem ^ m, acc, best);
            }
        }
        let a = acc + self.keys[c];
        if a < *best {
            self.dfs(rem & (rem - 1), a, best);
        }
    }

    /// Minimum deadwood key with exactly one card discarded (not one in `forbid`).
    ///
    /// Any arrangement of the hand less the discard, plus the discard as deadwood, is an
    /// arrangement of the whole hand; so the best discard is, over all arrangements of
    /// the whole hand, the deadwood less its most valuable card (that may be discarded).
    /// `mx` is the largest key of a discardable deadwood card so far; the search needs no
    /// branch for the discard. Lower bound: `acc - mx` (a discard chosen later is a card
    /// whose key is added to `acc` first).
    fn dfs_discard(&self, rem: u64, acc: u32, mx: u32, forbid: u64, best: &mut u32) {
        if rem == 0 {
            if mx > 0 && acc - mx < *best {
                *best = acc - mx;
            }
            return;
        }
        let c = rem.trailing_zeros() as usize;
        let (lo, hi) = self.range(c);
        for &m in &self.melds[lo..hi] {
            if m & !rem == 0 && m >> c & 1 == 1 && acc - mx < *best {
                self.dfs_discard(rem ^ m, acc, mx, forbid, best);
            }
        }
        let k = self.keys[c];
        let a = acc + k;
        let mx2 = if forbid >> c & 1 == 0 { mx.max(k) } else { mx };
        if a - mx2 < *best {
            self.dfs_discard(rem & (rem - 1), a, mx2, forbid, best);
        }
    }

    /// The search with the witness path (`path` entries: meld mask, or a dead card
    /// bit). With `discard`, the cost is the deadwood less its most valuable discardable
    /// card (see [`dfs_discard`](Self::dfs_discard)); the caller marks that card.
    #[allow(clippy::too_many_arguments)]
    fn dfs_witness(
        &self,
        rem: u64,
        acc: u32,
        mx: u32,
        discard: bool,
        forbid: u64,
        path: &mut Path,
        best: &mut u32,
        best_path: &mut Path,
    ) {
        let bound = acc - mx;
        if bound >= *best {
            return;
        }
        if rem == 0 {
            if !discard {
                *best = acc;
                best_path.copy_from(path);
            } else if mx > 0 {
                *best = acc - mx;
                best_path.copy_from(path);
            }
            return;
        }
        let c = rem.trailing_zeros() as usize;
        let bit = 1u64 << c;
        let (lo, hi) = self.range(c);
        for &m in &self.melds[lo..hi] {
            if m & !rem == 0 && m & bit != 0 {
                path.push(m | TAG_MELD);
                self.dfs_witness(rem ^ m, acc, mx, discard, forbid, path, best, best_path);
                path.pop();
            }
        }
        let k = self.keys[c];
        let mx2 = if discard && forbid & bit == 0 { mx.max(k) } else { mx };
        path.push(bit | TAG_DEAD);
        self.dfs_witness(rem ^ bit, acc + k, mx2, discard, forbid, path, best, best_path);
        path.pop();
    }

    #[inline]
    fn sum_keys(&self, hand: u64) -> u32 {
        let mut m = hand & PLAIN_MASK;
        let mut total = 0;
        while m != 0 {
            total += self.keys[m.trailing_zeros() as usize];
            m &= m - 1;
        }
        total
    }

    /// Minimum deadwood key of the loaded hand.
    pub fn min_key(&self, hand: u64) -> u32 {
        if self.melds.is_empty() {
            return self.sum_keys(hand);
        }
        let mut best = u32::MAX;
        self.dfs(hand, 0, &mut best);
        best
    }

    /// Minimum key after discarding one card not in `forbid` (`u32::MAX` if none can go).
    pub fn min_key_discard(&self, hand: u64, forbid: u64) -> u32 {
        if self.melds.is_empty() {
            // Everything is deadwood: discard the most valuable card allowed.
            let mut m = hand & PLAIN_MASK & !forbid;
            let mut top = 0;
            while m != 0 {
                top = top.max(self.keys[m.trailing_zeros() as usize]);
                m &= m - 1;
            }
            return if top == 0 { u32::MAX } else { self.sum_keys(hand) - top };
        }
        let mut best = u32::MAX;
        self.dfs_discard(hand, 0, 0, forbid, &mut best);
        best
    }

    /// The best arrangement's key and path.
    /// With `discard`, the discard is the highest-keyed dead card not in `forbid`, the
    /// lowest such card on a tie; it is tagged [`TAG_DISCARD`] in the path.
    pub fn witness(&self, hand: u64, discard: bool, forbid: u64) -> Option<(u32, Path)> {
        let mut best = u32::MAX;
        let mut path = Path::default();
        let mut best_path = Path::default();
        self.dfs_witness(hand, 0, 0, discard, forbid, &mut path, &mut best, &mut best_path);
        if best == u32::MAX {
            return None;
        }
        if discard {
            let mut pick: Option<(u32, usize)> = None;
            for (i, &e) in best_path.iter().enumerate() {
                if e & TAG_MASK == TAG_DEAD && e & forbid == 0 {
                    let k = self.keys[(e & !TAG_MASK).trailing_zeros() as usize];
                    let c = (e & !TAG_MASK).trailing_zeros();
                    let better = match pick {
                        None => true,
                        Some((pk, pi)) => k > pk || k == pk && c < (best_path[pi] & !TAG_MASK).trailing_zeros(),
                    };
                    if better {
                        pick = Some((k, i));
                    }
                }
            }
            let (_, i) = pick.expect("the search found a discardable card");
            best_path[i] = (best_path[i] & !TAG_MASK) | TAG_DISCARD;
        }
        Some((best, best_path))
    }
}

/// Minimum deadwood value of a wild-free single-pack hand (`hand` a 52-bit mask).
///
/// ```
/// use _core::cards::CardSet;
/// use _core::rummy::{fast_deadwood, MeldRules};
/// let hand = CardSet::parse("7d 7s 7h 8h 9h Kc").unwrap();
/// assert_eq!(fast_deadwood(hand.0, &MeldRules::gin()), 24); // 7h-8h-9h run, 7d 7s Kc left
/// ```
pub fn fast_deadwood(hand: u64, rules: &MeldRules) -> u32 {
    with_index(rules, |idx| deadwood_with(idx, hand, rules))
}

thread_local! {
    static INDEX: std::cell::RefCell<Option<PlainIndex>> = const { std::cell::RefCell::new(None) };
}

/// Run `f` with this thread's reusable index, set to `rules`' values (no allocation
/// after the first call on a thread).
pub(crate) fn with_index<R>(rules: &MeldRules, f: impl FnOnce(&mut PlainIndex) -> R) -> R {
    INDEX.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => {
            let idx = slot.get_or_insert_with(|| PlainIndex::new(rules));
            idx.set_rules(rules);
            f(idx)
        }
        Err(_) => f(&mut PlainIndex::new(rules)),
    })
}

/// As [`fast_deadwood`], reusing an index's buffers (batch loops).
#[inline]
pub fn deadwood_with(idx: &mut PlainIndex, hand: u64, rules: &MeldRules) -> u32 {
    idx.load(hand, rules);
    idx.min_key(hand & PLAIN_MASK) >> 8
}
