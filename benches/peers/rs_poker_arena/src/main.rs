//! rs_poker's arena playing heads-up hold'em between its random agents, as its own
//! benches do (`benches/arena.rs` of rs_poker): `rs_poker_arena_bench HANDS PLAYERS`
//! prints the hands played and the CPU seconds they took.

use std::time::Instant;

use rs_poker::arena::agent::RandomAgent;
use rs_poker::arena::{Agent, GameState, HoldemSimulationBuilder};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let hands: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let players: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(2);
    let mut rng = rand::rng();
    let start = Instant::now();
    let mut pot = 0.0f32;
    for _ in 0..hands {
        let state = GameState::new_starting(vec![200.0; players], 2.0, 1.0, 0.0, 0);
        let agents: Vec<Box<dyn Agent>> =
            (0..players).map(|_| -> Box<dyn Agent> { Box::new(RandomAgent::new(vec![0.15], vec![0.5])) }).collect();
        let mut sim = HoldemSimulationBuilder::default().game_state(state).agents(agents).build().unwrap();
        sim.run(&mut rng);
        pot += sim.game_state.total_pot;
    }
    let seconds = start.elapsed().as_secs_f64();
    println!("{hands} {seconds} {}", pot / hands as f32);
}
