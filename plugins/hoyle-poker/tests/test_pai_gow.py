"""Pai Gow poker (docs/rules/poker.md#b6, the bug of B1): scripted hands for every rule and option,
the house way, the solver."""

from __future__ import annotations

import doctest
from collections.abc import Sequence

import hoyle
import pytest
from hoyle import Card, Deck, Rng
from hoyle.errors import IllegalActionError, InvalidOptionError
from hoyle.testing import check_variant
from hoyle_poker import pai_gow
from hoyle_poker.pai_gow import (
    HouseWayBot,
    Setting,
    SolverBot,
    agreement,
    best_setting,
    foul_reason,
    house_way,
    settings,
)


def pg_deck(hands: Sequence[str], dealer: str) -> Deck:
    """A deck that deals ``hands`` to the players in seat order and ``dealer`` to the
    dealer (one card at a time, the dealer last in each round)."""
    all_hands = [[Card(c) for c in h.split()] for h in [*hands, dealer]]
    order = [all_hands[i][r] for r in range(7) for i in range(len(all_hands))]
    return Deck(order + [c for c in Deck.standard(1, 1) if c not in order])


def game(hands: Sequence[str] | str, dealer: str, **options: object) -> hoyle.Game:
    hands = [hands] if isinstance(hands, str) else list(hands)
    options.setdefault("hands", 1)
    return hoyle.new_game("pai-gow", players=len(hands), deck=pg_deck(hands, dealer), options=options, seed=1)


def split(cards: str, low: str) -> Setting:
    seven = [Card(c) for c in cards.split()]
    two = [Card(c) for c in low.split()]
    return Setting(tuple(c for c in seven if c not in two), tuple(two))


def low_of(s: Setting) -> list[str]:
    return sorted(str(c) for c in s.low)


# --- setting a hand ------------------------------------------------------------------


def test_the_pack_has_the_joker_and_everyone_gets_seven() -> None:
    g = game(["As Kd 9c 7s 5h 3d 2c", "Ac Kc 9d 7d 5s 3h 2h"], "Ad Ks 9h 7c 6s 4d 3c")
    assert len(g.state.deck) == 53 and Card("Jk") in list(g.state.deck)
    assert [len(g.state.zone(z).cards) for z in ("hand:0", "hand:1", "dealer")] == [7, 7, 7]
    assert g.view(1)["zones"]["hand:0"]["cards"] is None and g.view(0)["zones"]["dealer"]["cards"] is None
    assert g.state.stacks == [480, 480] and g.state.pot == 100_000 + 40


def test_a_two_card_hand_that_outranks_the_five_card_hand_is_refused() -> None:
    g = game("Ah Kd 9c 7s 5h 3d 2c", "Ad Ks 9h 7c 6s 4d 3s")
    with pytest.raises(IllegalActionError, match=r"two-card hand \(Ah Kd\) outranks the five-card hand"):
        g.act("set Ah Kd")
    g.act("set Kd 9c")
    assert [str(c) for c in g.state.zone("low:0").cards] == ["Kd", "9c"]


def test_setting_rules_for_pairs() -> None:
    hand = "Kc Kd 5h 5s 9c 3d 2c"
    assert foul_reason(split(hand, "Kc Kd")) is not None  # kings over fives behind it
    assert foul_reason(split(hand, "5h 5s")) is None
    assert foul_reason(split("8c 8d 8h 8s Ac 3d 2c", "8c 8d")) is None  # split quads: equal pairs are fine
    assert foul_reason(split("Ac 9d 8h 6s 4c 3d 2c", "9d 8h")) is None
    assert foul_reason(split("Kc 9d 8h 6s 4c 3d 2c", "Kc 9d")) is not None  # K-9 over an 8-high five
    assert foul_reason(split("Ac Kd 8h 6s 4c 3d 2c", "Kd 8h")) is None
    assert foul_reason(split("Ac Qd 8h 6s 4c 3d 2c", "Ac Qd")) is not None


def test_the_legal_actions_are_the_legal_settings() -> None:
    g = game("Ah Kd 9c 7s 5h 3d 2c", "Ad Ks 9h 7c 6s 4d 3s")
    legal = {tuple(sorted(str(c) for c in a.cards)) for a in g.legal_actions()}
    # no pair: the five-card hand must hold the ace, and the two-card hand may not be A-K
    assert len(legal) == 15 and all("Ah" not in pair for pair in legal)


def test_refused_settings_name_the_problem() -> None:
    g = game("Ah Kd 9c 7s 5h 3d 2c", "Ad Ks 9h 7c 6s 4d 3s")
    with pytest.raises(IllegalActionError, match="not in your hand"):
        g.act("set Qs Js")
    with pytest.raises(IllegalActionError, match="two cards"):
        g.act("set Kd")


# --- winning, pushing, losing ------------------------------------------------------------

DEALER = "Ah Jc 9s 7d 6c 4h 3s"  # no pair: the house way plays A-7-6-4-3 behind, J-9 in front


def test_the_dealer_sets_by_the_house_way() -> None:
    assert str(house_way(DEALER)) == "Ah 7d 6c 4h 3s / Jc 9s"


def test_both_hands_win_even_money_less_the_commission() -> None:
    g = game("Kc Kd 8h 5s 2c Qd Ts", DEALER)  # K-K behind beats A-high; Q-T beats J-9
    g.act("set Qd Ts")
    assert g.state.public["results"] == {"0": "win"}
    assert g.state.stacks == [500 + 20 - 1] and g.result is not None and g.result["settlement"] == [19]


def test_the_commission_option() -> None:
    g = game("Kc Kd 8h 5s 2c Qd Ts", DEALER, commission=0)
    g.act("set Qd Ts")
    assert g.state.stacks == [520]
    g = game("Kc Kd 8h 5s 2c Qd Ts", DEALER, wager=30)  # 5 % of 30 is 1.5: one chip
    g.act("set Qd Ts")
    assert g.state.stacks == [500 + 30 - 1]
    with pytest.raises(InvalidOptionError):
        game("Kc Kd 8h 5s 2c Qd Ts", DEALER, commission=100)


def test_one_hand_each_is_a_push() -> None:
    g = game("Kc Kd 8h 5s 2c Td 8s", DEALER)  # kings win, T-8 loses to J-9
    g.act("set Td 8s")
    assert g.state.public["results"] == {"0": "push"} and g.state.stacks == [500]


def test_both_hands_lose() -> None:
    g = game("Kc Qd 8h 5s 2c Td 8s", DEALER)  # K-high behind, T-8 in front
    g.act("set Td 8s")
    assert g.state.public["results"] == {"0": "lose"} and g.state.stacks == [480]
    assert g.state.pot == 100_000 + 20


def test_a_copy_goes_to_the_dealer() -> None:
    # the two-card hands are both J-9: the copy is the dealer's, so a winning five is only a push
    g = game("2c 2d 3h 4s 8c Jd 9h", DEALER)
    g.act("set Jd 9h")
    assert g.state.public["results"] == {"0": "push"}
    # the five-card hands are both A-7-6-4-3: the copy is the dealer's
    g = game("Ad 7h 6s 4c 3d Jd Th", DEALER)
    g.act("set Jd Th")
    assert g.state.public["results"] == {"0": "push"}


def test_every_hand_is_shown_at_the_showdown() -> None:
    g = game(["Kc Kd 8h 5s 2c Qd Ts", "2c 2d 3h 4s 8c Jd 9h".replace("2c", "2h")], DEALER)
    g.act("set Qd Ts")
    assert g.view(1)["zones"]["low:0"]["cards"] is None
    g.act("set Jd 9h", seat=1)
    assert g.view(1)["zones"]["low:0"]["cards"] == ["Qd", "Ts"]
    assert g.view(0)["zones"]["high:dealer"]["cards"] == ["Ah", "7d", "6c", "4h", "3s"]


def test_stakes_come_back_before_the_bank_pays_winnings() -> None:
    # the bank starts empty: seat 0 wins, seat 1 pushes, seat 2 loses; the pot is the 60
    # chips of the three wagers
    hands = ["Kc Kd 8h 5s 2c Qd Ts", "Kh Ks 8c 5d 2h Tc 8d", "Qh 9h 5c 3c 2d Th 4d"]
    g = game(hands, DEALER, bank=0)
    g.act("set Qd Ts")
    g.act("set Tc 8d", seat=1)
    g.act("set Th 9h", seat=2)
    assert g.state.public["results"] == {"0": "win", "1": "push", "2": "lose"}
    # stakes back to seats 0 and 1 (40), the loser's 20 pays seat 0's 19: one chip left
    assert g.state.stacks == [519, 500, 480] and g.state.pot == 1
    assert g.result is not None and g.result["settlement"] == [19, 0, -20]


def test_a_broken_bank_pays_what_it_has_and_ends_the_session() -> None:
    seats = ["Kc Kd 8h 5s 2c Qd Ts", "Kh Ks 8c 5d 2h Tc 8d"]
    g = hoyle.new_game("pai-gow", players=2, deck=pg_deck(seats, DEALER), options={"bank": 0, "hands": 3}, seed=1)
    g.act("set Qd Ts")
    g.act("set Tc 8d", seat=1)
    # the win's 19 chips are not there: both stakes come back and the bank is empty
    assert g.state.public["results"] == {"0": "win", "1": "push"}
    assert g.state.stacks == [500, 500] and g.state.pot == 0
    assert g.is_over and g.result is not None and g.result["deals"] == 1


def test_the_house_banks_every_hand_of_a_session() -> None:
    # each seat's settlement is the sum of its hands, and the bank holds the rest
    g = hoyle.new_game("pai-gow", players=3, seed=11, options={"hands": 4, "bank": 1000})
    bot = HouseWayBot()
    while not g.is_over:
        g.act(bot.choose(g.view(g.to_act), g.legal_actions()))
    assert g.result is not None and g.result["deals"] == 4
    per_seat = [sum(row[s] for row in g.state.score_sheet) for s in range(3)]
    assert g.result["settlement"] == per_seat
    assert g.state.pot == 1000 - sum(per_seat)


# --- the bug -----------------------------------------------------------------------------


PAIR_DEALER = "8c 8d Ah 7d 6c 4h 3s"  # house way: 8-8-6-4-3 behind, A-7 in front


def test_the_bug_completes_a_straight() -> None:
    assert str(house_way(PAIR_DEALER)) == "8c 8d 6c 4h 3s / Ah 7d"
    g = game("Jk 9s Jd Qc Kh 3c 2d", PAIR_DEALER)  # the joker is the ten of K-Q-J-T-9
    g.act("set 3c 2d")
    # the straight beats the eights (as an ace, A-K-Q-J-9 would not); 3-2 loses to A-7
    assert g.state.public["results"] == {"0": "push"}


def test_the_bug_is_not_wild() -> None:
    # with a joker and a pair of sevens the bug is an ace, not a third seven
    g = game("Jk 7c 7d 5s 2h Qd Th", "Ah Ad 7s 7h 4c 3c 2c")  # dealer: split two pair, A-A behind
    g.act("set Qd Th")
    assert str(house_way("Ah Ad 7s 7h 4c 3c 2c")) == "Ah Ad 4c 3c 2c / 7s 7h"
    # pair of sevens loses to aces, Q-T loses to the sevens: both lose; wild, it would be trips
    assert g.state.public["results"] == {"0": "lose"}


def test_the_bug_in_the_two_card_hand_is_an_ace() -> None:
    g = game("Kc Kd 8h 5s 2c Jk Td", DEALER)  # Jk-T is ace-ten and beats J-9
    g.act("set Jk Td")
    assert g.state.public["results"] == {"0": "win"}


def test_the_seed_reading_makes_the_dealers_joker_wild() -> None:
    dealer = "Jk 9c 9d Kh 8s 5d 2h"  # house way: 9-9 behind, the joker (an ace) and the king in front
    assert str(house_way(dealer)) == "9c 9d 8s 5d 2h / Jk Kh"
    player = "Ac Ad 5s 4c 3h Qc Qs"
    bug = game(player, dealer)
    bug.act("set Qc Qs")
    seed = game(player, dealer, joker="seed")
    seed.act("set Qc Qs")
    assert bug.state.public["results"] == {"0": "win"}  # aces beat nines; queens beat ace-king
    assert seed.state.public["results"] == {"0": "push"}  # a wild joker makes the dealer's kings


def test_the_seed_reading_limits_a_players_joker_to_an_ace() -> None:
    seed = game("Jk 9s Jd Qc Kh 3c 2d", PAIR_DEALER, joker="seed")
    seed.act("set 3c 2d")
    assert seed.state.public["results"] == {"0": "lose"}  # A-K-Q-J-9 loses to the eights
    assert (
        pai_gow.high_value([Card(c) for c in ["Jk", "9s", "Jd", "Qc", "Kh"]], "ace").describe().startswith("Ace high")
    )


# --- the house way ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "low"),
    [
        ("Qc Qd Qh 5s 5h 5c Ad", "Qc Qd"),  # two trips: a pair of the higher in front
        ("9c 9d 9h 5s 5h 4c 4d", "5s 5h"),  # trips and two pair: the higher pair in front
        ("Kc Kd Kh 7s 7h 2c 2d", "7s 7h"),
        ("Ac Ad Ah Ks 9h 4c 2d", "Ac Ks"),  # three aces: split one ace to the front
        ("8c 8d 8h Ks 9h 4c 2d", "Ks 9h"),  # trips behind
        ("8c 8d 8h 4s 4h Kc 2d", "4s 4h"),  # full house: the pair in front
        ("Ac Ad Kh Ks 9h 9c 2d", "Ac Ad"),  # three pair: the highest in front
        ("Ac Ad Kh Ks 9h 7c 2d", "Kh Ks"),  # two pair: split
        ("6c 6d 4h 4s Ah 7c 2d", "Ah 7c"),  # low two pair and an ace: both pairs behind
        ("6c 6d 4h 4s Kh 7c 2d", "4h 4s"),  # low two pair, no ace: split
        ("Jc Jd 9h 7s 5h 3c 2d", "9h 7s"),  # one pair behind
        ("9c 9d 2h 3s 4h 5c 6d", "9c 9d"),  # a straight behind keeps the pair in front
        ("9c 9d Th Js Qh Kc 2d", "Kc Qh"),  # ... but not when the straight needs a nine
        ("9c Td Jh Qs Kh 4c 2d", "4c 2d"),  # no pair: the straight behind ...
        ("9c Td Jh Qs Kh Ac 2d", "Ac 2d"),  # ... the one that leaves the best front
        ("6c 6d 6h 6s Kh 9c 2d", "Kh 9c"),  # low quads together
        ("7c 7d 7h 7s Kh 9c 2d", "7c 7d"),  # sevens and up split
        ("9c 9d 9h 9s Kh 5c 2d", "9c 9d"),  # high quads split
        ("9c 9d 9h 9s Kh Kc 2d", "Kh Kc"),  # quads and a pair: the pair in front
        ("Ac Ad Ah As Jk 5c 2d", "Ac Ad"),  # five aces
        ("Ac Ad Ah As Jk Kc Kd", "Kc Kd"),
        ("Jk 5c 6d 7h 8s Kc 2d", "Kc 2d"),  # the bug completes the straight
    ],
)
def test_house_way(cards: str, low: str) -> None:
    way = house_way(cards)
    assert low_of(way) == sorted(low.split())
    assert foul_reason(way) is None


def test_the_house_way_never_sets_an_illegal_hand() -> None:
    rng = Rng(2026, 9)
    pack = list(Deck.standard(1, 1))
    for _ in range(40000):
        rng.shuffle(pack)
        way = house_way(pack[:7])
        assert foul_reason(way) is None, (pack[:7], str(way))


# --- the solver, bots and the session ----------------------------------------------------


def test_best_setting_is_legal_and_deterministic() -> None:
    cards = "As Kd 9c 7s 5h 3d 2c"
    a, ev = best_setting(cards, samples=3000, seed=3)
    b, ev2 = best_setting(cards, samples=3000, seed=3, threads=1)
    assert a == b and ev == ev2 and foul_reason(a) is None
    assert a in settings(cards)
    assert 0.0 <= agreement(hands=3, samples=500, seed=1) <= 1.0


@pytest.mark.parametrize("cards", ["Ah Ad Kc Kd 9s 9h 2c", "Ah Ad Kc Kd 9s 7h 2c"])
def test_the_solver_agrees_with_the_house_way_on_clear_hands(cards: str) -> None:
    # three pair, two high pairs: no setting does better than the house way's
    scored = {tuple(low_of(s)): ev for s, ev in pai_gow.expected_values(cards, samples=4000, seed=2)}
    _, best_ev = best_setting(cards, samples=4000, seed=2)
    assert scored[tuple(low_of(house_way(cards)))] == best_ev == max(scored.values())
    assert min(scored.values()) < best_ev - 0.1


def test_a_session_of_hands_and_sitting_out() -> None:
    g = hoyle.new_game("pai-gow", players=2, seed=5, stacks=[10, 500], options={"hands": 3})
    assert "hand:0" not in g.state.zones and g.to_act == 1  # seat 0 cannot cover the wager
    bot = HouseWayBot()
    while not g.is_over:
        g.act(bot.choose(g.view(g.to_act), g.legal_actions()))
    assert g.result is not None and g.result["deals"] == 3
    assert g.result["settlement"][0] == 0
    assert g.result["settlement"][1] == sum(row[1] for row in g.state.score_sheet)
    assert sum(g.state.stacks) + g.state.pot == 510 + 100_000


def test_nobody_able_to_bet_ends_the_session() -> None:
    g = hoyle.new_game("pai-gow", players=1, seed=5, stacks=[10], options={"hands": 3})
    assert g.is_over and g.result is not None and g.result["settlement"] == [0]


@pytest.mark.parametrize("players", [1, 3])
def test_conformance(players: int) -> None:
    check_variant("pai-gow", games=3, players=players, options={"hands": 3})
    check_variant("pai-gow", games=2, players=players, options={"hands": 2, "joker": "seed"}, bot=HouseWayBot)


def test_the_solver_bot_plays_legal_settings() -> None:
    check_variant(
        "pai-gow", games=1, players=2, options={"hands": 2}, bot=lambda seed: SolverBot(seed=seed, samples=3000)
    )
    # exact by default: a three-pair hand gets the aces in front
    bot = SolverBot()
    g = game("As Ac Kc Kd 9c 9h 2c", DEALER)
    action = bot.choose(g.view(0), g.legal_actions())
    assert sorted(map(str, action.cards)) == ["Ac", "As"] and bot.samples is None


def test_docstrings() -> None:
    assert doctest.testmod(pai_gow).failed == 0


@pytest.mark.parametrize(
    ("five", "category"),
    [
        ("As Ah Ad Ac Jk", "FIVE_OF_A_KIND"),  # four aces and the bug: five aces
        ("Jk 2s 4s 7s 9s", "FLUSH"),  # the bug completes a flush
        ("Jk 5s 6s 7s 8s", "STRAIGHT_FLUSH"),
        ("Jk 2c 3d 4h 5s", "STRAIGHT"),  # ... a straight (A-2-3-4-5 or 2-3-4-5-6)
        ("Jk 7c 7d 4h 2s", "PAIR"),  # otherwise an ace: sevens with an ace kicker, not trips
        ("Jk Ac Kd 4h 2s", "PAIR"),  # a pair of aces
    ],
)
def test_the_bug_is_scored_per_b1(five: str, category: str) -> None:
    value = pai_gow.high_value([Card(c) for c in five.split()])
    assert value.category.name == category
    if five == "Jk 7c 7d 4h 2s":
        assert value == pai_gow.high_value([Card(c) for c in ["Ac", "7c", "7d", "4h", "2s"]])
    if five == "Jk 2c 3d 4h 5s":
        assert value == pai_gow.high_value([Card(c) for c in ["6c", "2c", "3d", "4h", "5s"]])  # the higher straight
