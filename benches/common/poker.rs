//! What the two native poker measurements share - `benches/poker.rs` (criterion, wall
//! clock) and `examples/poker_cpu.rs` (CPU time) - so that both time the same hands with
//! the same loops: the 2^20 random seven-card hands, hoyle's plain loop over them and
//! the `rs_poker` peer's. Each loop is its own function (not inlined into the caller),
//! so that its code does not depend on what else the calling benchmark holds in
//! registers.

use std::hint::black_box;

use _core::cards::Rng;
use _core::poker::tables::Tables;

/// Hands per measurement.
pub const N: usize = 1 << 20;

/// `N` random seven-card hands as card indices (0..52 = suit * 13 + rank), seed 2026.
pub fn random_hands() -> Vec<[u8; 7]> {
    let mut rng = Rng::new(2026);
    (0..N)
        .map(|_| {
            let mut deck: Vec<u8> = (0..52).collect();
            for i in 0..7 {
                let j = i + rng.below(52 - i as u64) as usize;
                deck.swap(i, j);
            }
            [deck[0], deck[1], deck[2], deck[3], deck[4], deck[5], deck[6]]
        })
        .collect()
}

/// hoyle's plain loop: every hand's value ([`Tables::value_of_indices`]), summed.
#[inline(never)]
pub fn hoyle_sum(t: &Tables, hands: &[[u8; 7]]) -> u32 {
    hands.iter().fold(0u32, |acc, h| acc.wrapping_add(t.value_of_indices(h)))
}

/// The same hands in `rs_poker` 4's own form (a dev-dependency).
pub fn rs_poker_hands(hands: &[[u8; 7]]) -> Vec<Vec<rs_poker::core::Card>> {
    use rs_poker::core::{Card, Suit, Value};
    hands
        .iter()
        .map(|h| h.iter().map(|&c| Card::new(Value::from_u8(c % 13), Suit::from_u8(c / 13))).collect())
        .collect()
}

/// `rs_poker`'s loop: every hand ranked.
#[inline(never)]
pub fn rs_poker_rank_all(hands: &[Vec<rs_poker::core::Card>]) {
    use rs_poker::core::Rankable;
    for h in hands {
        black_box(h.rank());
    }
}
