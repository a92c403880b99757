//! The betting machine's rules from docs/rules/poker.md#b2, each on a hand set up by hand
//! (the lockstep test in the poker plugin checks the rest against the Python engine).

use super::*;

fn limits(structure: Structure) -> Limits {
    Limits { structure, min_bet: 2, bet_sizes: vec![2, 2, 4, 4], half_bet_reopens: false, fold_when_check: false }
}

fn hand(structure: Structure, stacks: &[u64]) -> Betting {
    let dealt: Vec<usize> = (0..stacks.len()).collect();
    let mut b = Betting::new(limits(structure), stacks.to_vec(), stacks.len() - 1, &dealt).unwrap();
    b.post_forced_bets(&[1, 2], &[]);
    b
}

#[test]
fn heads_up_the_button_posts_the_small_blind_and_acts_first() {
    let b = hand(Structure::NoLimit, &[100, 100]);
    assert_eq!(b.button, 1);
    assert_eq!(b.bets, vec![2, 1]);
    assert_eq!(b.to_act, Some(1));
    assert_eq!(b.range, Some((4, 100)));
}

#[test]
fn three_handed_the_first_to_act_sits_left_of_the_big_blind() {
    let b = hand(Structure::NoLimit, &[100, 100, 100]);
    assert_eq!(b.bets, vec![1, 2, 0]);
    assert_eq!(b.to_act, Some(2));
    assert_eq!(b.legal_moves()[..2], [Move::Fold, Move::Call]);
}

#[test]
fn a_raise_adds_at_least_the_last_full_raise() {
    let mut b = hand(Structure::NoLimit, &[100, 100, 100]);
    b.apply(Move::Raise(10)); // a raise of 8
    assert_eq!(b.range, Some((18, 100)));
}

#[test]
fn a_short_all_in_does_not_reopen_the_betting() {
    // seat 2 raises to 10, seat 0 goes all in for 14 (a raise of 4, short of 8), seat 1
    // folds: seat 2 may only call or fold
    let mut b = hand(Structure::NoLimit, &[14, 100, 100]);
    b.apply(Move::Raise(10));
    b.apply(Move::Raise(14));
    b.apply(Move::Fold);
    assert_eq!(b.to_act, Some(2));
    assert_eq!(b.range, None);
    assert_eq!(b.legal_moves(), vec![Move::Fold, Move::Call]);
}

#[test]
fn pot_limit_raises_to_the_pot_after_the_call() {
    let b = hand(Structure::PotLimit, &[100, 100, 100]);
    // pot 3, call 2: the raise is to 2 + 3 + 2 = 7
    assert_eq!(b.range, Some((4, 7)));
}

#[test]
fn fixed_limit_caps_at_a_bet_and_three_raises() {
    let mut b = hand(Structure::FixedLimit, &[100, 100, 100]);
    for to in [4, 6, 8] {
        assert_eq!(b.range, Some((to, to)));
        b.apply(Move::Raise(to));
    }
    assert_eq!(b.range, None);
}

#[test]
fn the_uncalled_bet_returns_and_side_pots_layer_by_contribution() {
    let mut b = hand(Structure::NoLimit, &[10, 50, 100]);
    b.apply(Move::Raise(50)); // seat 2
    b.apply(Move::Call); // seat 0, all in for 10
    b.apply(Move::Call); // seat 1, all in for 50
    assert_eq!(b.return_uncalled(), None);
    assert_eq!(b.pots(), vec![(30, vec![0, 1, 2]), (80, vec![1, 2])]);
    let mut c = hand(Structure::NoLimit, &[10, 50, 100]);
    c.apply(Move::Raise(80));
    c.apply(Move::Call);
    c.apply(Move::Call);
    assert_eq!(c.return_uncalled(), Some((2, 30)));
}

#[test]
fn odd_chips_go_first_to_the_winner_left_of_the_button() {
    let mut b = hand(Structure::NoLimit, &[100, 100, 100]);
    b.pot = 5;
    b.split(5, &[2, 1]);
    // button 2: seat 0 then 1 then 2 from its left; seat 1 gets the odd chip
    assert_eq!(b.stacks, vec![99, 101, 102]);
}

#[test]
fn the_last_aggressor_shows_first() {
    let mut b = hand(Structure::NoLimit, &[100, 100, 100]);
    b.apply(Move::Call);
    b.apply(Move::Raise(6)); // seat 0
    assert_eq!(b.showdown_order(), vec![0, 1, 2]);
    b.aggressor = None;
    assert_eq!(b.showdown_order(), vec![0, 1, 2]);
    b.aggressor = Some(2);
    assert_eq!(b.showdown_order(), vec![2, 0, 1]);
}

#[test]
fn nobody_decides_when_one_player_has_matched_the_rest() {
    // heads-up, the big blind all in for 1 (no more than the small blind)
    let dealt = [0, 1];
    let mut b = Betting::new(limits(Structure::NoLimit), vec![1, 100], 1, &dealt).unwrap();
    b.post_forced_bets(&[1, 2], &[]);
    assert_eq!(b.to_act, None);
}

#[test]
fn moves_read_and_print_as_actions() {
    for text in ["fold", "check", "call", "bet to 4", "raise to 10"] {
        assert_eq!(Move::parse(text).unwrap().to_string(), text);
    }
    assert!(Move::parse("raise 10").is_err());
    assert!(Move::parse("bet to -1").is_err());
}

#[test]
fn refusals_name_the_rule() {
    let b = hand(Structure::NoLimit, &[100, 100, 100]);
    assert!(b.refusal(0, Move::Call).unwrap().contains("not seat 0's turn"));
    assert!(b.refusal(2, Move::Check).unwrap().contains("cannot check"));
    assert!(b.refusal(2, Move::Bet(6)).unwrap().contains("raise instead"));
    assert!(b.refusal(2, Move::Raise(3)).unwrap().contains("outside the legal range 4..100"));
    assert_eq!(b.refusal(2, Move::Raise(4)), None);
}

#[test]
fn the_verdict_refuses_in_the_python_engines_words() {
    let b = hand(Structure::FixedLimit, &[100, 100, 100]);
    // seat 2 faces the big blind of 2: the raise is to 4 exactly
    assert_eq!(b.verdict(2, "check", None, true), Verdict::Refuse("cannot check: 2 to call".into()));
    assert_eq!(
        b.verdict(2, "bet", Some(4), true),
        Verdict::Refuse("there is a bet of 2 already: raise instead".into())
    );
    assert_eq!(
        b.verdict(2, "raise", Some(-1), true),
        Verdict::Refuse("raise to -1 is outside the legal range 4..4".into())
    );
    assert_eq!(b.verdict(2, "raise", Some(4), true), Verdict::Ok);
    assert_eq!(b.verdict(2, "call", None, true), Verdict::Defer);
}

#[test]
fn pokerkit_conventions_ask_a_lone_player_who_has_not_acted() {
    // heads-up, the big blind all in for 1: the cardroom skips the small blind's decision,
    // PokerKit asks it (and records the rule)
    let mut b = hand(Structure::NoLimit, &[1, 100]);
    assert_eq!(b.to_act, None);
    b.conventions = Conventions::POKERKIT;
    assert_eq!(b.first_to_act(1), Some(1));
    assert_eq!(b.differs, vec![Differs::LonePlayerChecks]);
}

#[test]
fn a_seat_with_an_action_out_of_turn_gets_the_turn_without_a_range() {
    let mut b = hand(Structure::NoLimit, &[100, 100, 100]);
    b.frozen[0] = Frozen::Pending;
    b.apply(Move::Call); // seat 2 calls: seat 0 (frozen) is next
    assert_eq!(b.to_act, Some(0));
    assert_eq!(b.range, None);
    assert_eq!(b.legal_moves(), vec![Move::Fold, Move::Call]);
}

#[test]
fn pokerkit_raises_add_the_largest_increment_and_blinds_set_none() {
    let mut b = hand(Structure::NoLimit, &[100, 100, 100]);
    b.conventions = Conventions::POKERKIT;
    b.increments = Increments { acted: vec![false; 3], top_blind: 2, ..Increments::default() };
    b.min_raise = 2;
    assert_eq!(b.raise_range(2), Some((4, 100))); // increment 0: the least raise is the minimum bet on top
    b.apply(Move::Raise(3)); // an increment of 1, short of the big blind
    assert_eq!(b.differs, vec![Differs::BlindsSetNoIncrement]);
    assert_eq!(b.increments.raise, 1);
    assert_eq!(b.raise_range(0), Some((5, 100)));
}

/// A hand where each seat has put `chips` in (all in or not), button on the last seat.
fn put_in(chips: &[u64]) -> Betting {
    let dealt: Vec<usize> = (0..chips.len()).collect();
    let mut b = Betting::new(limits(Structure::NoLimit), chips.to_vec(), chips.len() - 1, &dealt).unwrap();
    for (s, &c) in chips.iter().enumerate() {
        b.commit(s, c);
    }
    b
}

fn high_only(high: &[i64]) -> RunValues {
    RunValues { high: high.to_vec(), low: vec![None; high.len()] }
}

#[test]
fn three_all_ins_of_different_sizes_make_a_main_pot_and_two_side_pots() {
    // seats 0-2 all in for 10, 30 and 60; seat 3 bet 100: 40 of it is uncalled
    let mut b = put_in(&[10, 30, 60, 100]);
    assert_eq!(b.return_uncalled(), Some((3, 40)));
    assert_eq!(b.stacks, vec![0, 0, 0, 40]);
    // main 4 x 10, side 3 x 20, side 2 x 30
    assert_eq!(b.pots(), vec![(40, vec![0, 1, 2, 3]), (60, vec![1, 2, 3]), (60, vec![2, 3])]);
    // the shortest stack has the best hand, seat 2 the second best, seat 3 the worst
    let pots = b.settle_runs(&[high_only(&[9, 1, 5, 3])], &[0, 1, 2, 3], &[0, 1, 2, 3]);
    assert_eq!(pots.iter().map(|p| p.high.clone()).collect::<Vec<_>>(), vec![vec![0], vec![2], vec![2]]);
    assert_eq!(b.stacks, vec![40, 0, 120, 40]);
    assert_eq!(b.pot, 0);
}

#[test]
fn a_folded_players_chips_stay_in_the_pots_they_reach() {
    // seat 1 put in 25 and folded: its chips go into the pots of 10 and 40
    let mut b = put_in(&[10, 25, 40]);
    b.live[1] = false;
    assert_eq!(b.return_uncalled(), Some((2, 15)));
    assert_eq!(b.pots(), vec![(30, vec![0, 2]), (30, vec![2])]);
}

#[test]
fn the_uncalled_bet_returns_to_its_bettor_even_after_a_fold() {
    assert_eq!(uncalled(&[4, 20, 4]), Some((1, 16)));
    assert_eq!(uncalled(&[20, 20, 4]), None); // matched
    assert_eq!(uncalled(&[0, 0]), None);
    let mut b = put_in(&[4, 20, 4]);
    b.live[1] = false;
    assert_eq!(b.return_uncalled(), Some((1, 16)));
    assert_eq!((b.stacks[1], b.committed[1], b.pot), (16, 4, 12));
}

#[test]
fn the_odd_chip_goes_to_the_first_winner_left_of_the_button() {
    // button on seat 1 of four: the order from its left is 2, 3, 0, 1
    let dealt = [0, 1, 2, 3];
    let mut b = Betting::new(limits(Structure::NoLimit), vec![0; 4], 1, &dealt).unwrap();
    assert_eq!(b.order, vec![2, 3, 0, 1]);
    b.pot = 11;
    // seats 0 and 3 tie: seat 3 sits first from the button's left
    assert_eq!(b.split(5, &[0, 3]), vec![(3, 3), (0, 2)]);
    // three winners, two odd chips: one each to seats 2 and 0, none to seat 1
    assert_eq!(b.split(5, &[0, 1, 2]), vec![(2, 2), (0, 2), (1, 1)]);
    // another odd-chip order (stud's high card): seat 0 first
    assert_eq!(b.split_in(1, &[3, 0], &[0, 3]), vec![(0, 1)]);
}

#[test]
fn a_high_low_split_gives_the_odd_chip_to_the_high_half() {
    // a pot of 11 among seats 0-2 (button 2): high half 6, low half 5
    let mut b = put_in(&[4, 4, 3]);
    let run = RunValues { high: vec![5, 8, 8], low: vec![Some(2), Some(2), None] };
    let order = b.order.clone();
    let pot = b.award_pot(11, &[0, 1, 2], &run, &order, &order);
    // seats 1 and 2 tie high (3 each); seats 0 and 1 tie low: 5 chips, the odd one to seat 0
    assert_eq!(pot.high, vec![1, 2]);
    assert_eq!(pot.low, Some(vec![0, 1]));
    assert_eq!(pot.shares, vec![(1, 3), (2, 3), (0, 3), (1, 2)]);
    assert_eq!(b.stacks, vec![3, 5, 3]);
    // one high winner: the high half is the larger one
    let mut c = put_in(&[4, 4, 3]);
    let run = RunValues { high: vec![9, 8, 8], low: vec![None, Some(1), None] };
    assert_eq!(c.award_pot(11, &[0, 1, 2], &run, &order, &order).shares, vec![(0, 6), (1, 5)]);
}

#[test]
fn with_no_qualifying_low_the_high_hand_takes_the_whole_pot() {
    let mut b = put_in(&[5, 5]);
    let run = RunValues { high: vec![1, 2], low: vec![None, None] };
    let pots = b.settle_runs(&[run], &[0, 1], &[0, 1]);
    assert_eq!((pots[0].low.clone(), b.stacks.clone()), (None, vec![0, 10]));
}

#[test]
fn a_pot_run_twice_splits_in_halves_the_odd_chip_to_the_first_run() {
    // 21 chips: run 1 (11 chips) to seat 0, run 2 (10 chips) to seat 1
    let mut b = put_in(&[7, 7, 7]);
    let runs = [high_only(&[3, 2, 1]), high_only(&[1, 3, 2])];
    let pots = b.settle_runs(&runs, &[0, 1, 2], &[0, 1, 2]);
    assert_eq!(pots.iter().map(|p| (p.amount, p.run)).collect::<Vec<_>>(), vec![(11, Some(1)), (10, Some(2))]);
    assert_eq!(b.stacks, vec![11, 10, 0]);
    assert_eq!(run_shares(200, 3, Conventions::CARDROOM), vec![67, 67, 66]);
    assert_eq!(run_shares(0, 2, Conventions::CARDROOM), vec![0, 0]);
}

#[test]
fn pokerkit_gives_every_odd_chip_to_the_first_winner_and_the_first_run() {
    // 3 winners of 8 chips: 2 odd chips, all to seat 0 (first from the button's left)
    let mut b = put_in(&[0, 0, 0]);
    b.conventions = Conventions::POKERKIT;
    b.pot = 8;
    assert_eq!(b.split(8, &[2, 0, 1]), vec![(0, 4), (1, 2), (2, 2)]);
    assert_eq!(b.differs, vec![Differs::OddChipsToFirstWinner]);
    assert_eq!(run_shares(8, 3, Conventions::POKERKIT), vec![4, 2, 2]);
}

#[test]
fn pokerkit_merges_pots_with_the_same_winners() {
    // seat 0 all in for 1, seats 1 and 2 for 4: pots of 3 (all) and 6 (seats 1, 2); seats
    // 1 and 2 tie and seat 0 loses, so both pots are theirs and merge into one of 9; its
    // odd chip is the one the pot of 3 left, so the rule changes nothing and is not recorded
    let mut b = put_in(&[1, 4, 4]);
    b.conventions = Conventions::POKERKIT;
    let pots = b.settle_runs(&[high_only(&[1, 5, 5])], &[0, 1, 2], &[0, 1, 2]);
    assert_eq!(pots.iter().map(|p| (p.amount, p.high.clone())).collect::<Vec<_>>(), vec![(9, vec![1, 2])]);
    assert_eq!(b.stacks, vec![0, 5, 4]);
    assert!(b.differs.is_empty());
    // seats 3 and 4 folded after putting in 1 and 2: pots of 5 and 7, one odd chip each
    // (both to seat 1, 7 to 5); merged, 12 splits 6 to 6: the rule is recorded
    let mut c = put_in(&[1, 4, 4, 1, 2]);
    c.live[3] = false;
    c.live[4] = false;
    assert_eq!(c.pots(), vec![(5, vec![0, 1, 2]), (7, vec![1, 2])]);
    c.conventions = Conventions::POKERKIT;
    let pots = c.settle_runs(&[high_only(&[1, 5, 5, 0, 0])], &[0, 1, 2, 3, 4], &[0, 1, 2, 3, 4]);
    assert_eq!(pots.iter().map(|p| p.amount).collect::<Vec<_>>(), vec![12]);
    assert_eq!(c.differs, vec![Differs::MergedPots]);
    assert_eq!(c.stacks, vec![0, 6, 6, 0, 0]);
    // the cardroom splits each pot apart
    let mut d = put_in(&[1, 4, 4, 1, 2]);
    d.live[3] = false;
    d.live[4] = false;
    d.settle_runs(&[high_only(&[1, 5, 5, 0, 0])], &[0, 1, 2, 3, 4], &[0, 1, 2, 3, 4]);
    assert_eq!(d.stacks, vec![0, 7, 5, 0, 0]);
}

#[test]
fn the_compiled_hand_settles_a_split_pot_as_the_python_engine() {
    // settle_high (the compiled hand's showdown) is settle_runs with one run and no lows
    let mut b = put_in(&[5, 5, 5]);
    b.settle_high(&[7, 7, 1]);
    assert_eq!(b.stacks, vec![8, 7, 0]);
}

#[test]
fn the_last_player_left_takes_the_pot_uncontested() {
    let mut b = put_in(&[2, 6, 4]);
    b.live = vec![false, true, true];
    assert_eq!(b.lone_player(), None);
    b.live[2] = false;
    assert_eq!(b.lone_player(), Some(1));
    assert_eq!(b.award_uncontested(), 1);
    assert_eq!((b.stacks.clone(), b.pot), (vec![0, 12, 0], 0));
    b.live[1] = false;
    assert_eq!(b.lone_player(), None);
}
