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
