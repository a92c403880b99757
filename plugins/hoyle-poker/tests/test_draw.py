"""Draw games (docs/rules/poker.md#b4, #b5): five-card draw with its draw limits and the wild-rank
version, deuce-to-seven single and triple draw, badugi. Scripted deals with fixed
decks; every expected outcome is worked out by hand from the rules."""

from __future__ import annotations

import hoyle
import pytest
from hoyle import Card, Deck
from hoyle.errors import IllegalActionError
from hoyle.testing import check_variant


def draw_deck(hands: list[str], then: str = "") -> Deck:
    """A deck dealing ``hands`` (seat 0 first, each in one batch), then ``then``, then
    the rest of the standard pack in its order."""
    first = [Card(c) for h in hands for c in h.split()] + [Card(c) for c in then.split()]
    rest = [c for c in Deck.standard() if c not in set(first)]
    return Deck(" ".join(map(str, first + rest)))


def hand(game: hoyle.Game, seat: int) -> set[str]:
    return {str(c) for c in game.state.zone(f"hole:{seat}").cards} | {
        str(c) for c in game.state.zone(f"shown:{seat}").cards
    }


def stand_pat_to_showdown(game: hoyle.Game) -> None:
    while not game.is_over:
        kinds = {a.kind for a in game.legal_actions()}
        game.act("draw" if "draw" in kinds else ("check" if "check" in kinds else "call"))


# --- five-card draw -------------------------------------------------------------------


def test_five_card_draw_antes_and_first_to_act() -> None:
    game = hoyle.new_game(
        "five-card-draw", players=3, deck=draw_deck(["2c 3c 4c 5c 7d", "2d 3d 4d 5d 7h", "2h 3h 4h 5h 7s"])
    )
    assert game.state.pot == 3  # an ante of 1 from each
    assert game.to_act == 0  # left of the button (seat 2), no blinds
    assert [str(a) for a in game.legal_actions()] == ["check", "bet to 2"]  # fixed limit, small bet 2
    assert all(len(game.state.zone(f"hole:{s}").cards) == 5 for s in range(3))


def test_draw_round_order_limits_and_bet_sizes() -> None:
    game = hoyle.new_game(
        "five-card-draw", players=3, deck=draw_deck(["Ac Kd 4c 5c 7d", "2d 3d 4d 9d 7h", "2h 3h 4h 5h 7s"])
    )
    game.act("bet to 2")
    game.act("fold")  # seat 1
    game.act("call")  # seat 2
    assert game.phase == "draw-1" and game.to_act == 0
    # at most three cards; four is refused without the option
    with pytest.raises(IllegalActionError):
        game.act("discard Kd 4c 5c 7d")
    with pytest.raises(IllegalActionError):
        game.act("draw", seat=2)  # not seat 2's turn
    with pytest.raises(IllegalActionError):
        game.act("discard 2d")  # not in the hand
    assert max(len(a.cards) for a in game.legal_actions()) == 3
    game.act("discard 4c 5c 7d")
    assert game.to_act == 2  # folded seat 1 is skipped
    assert game.state.public["drawn"][0] == 3
    game.act("draw")
    assert game.phase == "bet-2" and game.to_act == 0
    assert [str(a) for a in game.legal_actions()] == ["check", "bet to 4"]  # big bet after the draw
    assert len(hand(game, 0)) == 5 and {"Ac", "Kd"} <= hand(game, 0)


def test_four_card_draw_with_an_ace_shows_the_ace() -> None:
    deck = draw_deck(["Ac Kd 4c 5c 7d", "Kc Qd 4d 9d 7h"])
    game = hoyle.new_game("five-card-draw", players=2, deck=deck, options={"max_discard": 4})
    game.act("check")
    game.act("check")
    # seat 0 keeps the ace: four may go
    assert Action_text(game) >= {"discard Kd 4c 5c 7d"}
    game.act("discard Kd 4c 5c 7d")
    assert [str(c) for c in game.state.zone("shown:0").cards] == ["Ac"]
    assert game.state.zone("shown:0").visibility == "public"
    # seat 1 has no ace: four cards is refused
    with pytest.raises(IllegalActionError, match="ace"):
        game.act("discard Qd 4d 9d 7h")
    assert not any(len(a.cards) == 4 for a in game.legal_actions())


def test_max_discard_five_lets_any_number_go_and_shows_nothing() -> None:
    """max_discard=5 (docs/rules/poker.md#b4, PokerStars' five-card draw): four without an
    ace and all five may be thrown; no card is shown. The default still refuses four."""
    hands = ["Kc Kd 4c 5c 7d", "2s Qd 4d 9d 7h"]
    game = hoyle.new_game("five-card-draw", players=2, deck=draw_deck(hands), options={"max_discard": 5})
    game.act("check")
    game.act("check")
    assert {"discard Kc Kd 4c 5c 7d", "discard Kd 4c 5c 7d"} <= Action_text(game)
    game.act("discard Kd 4c 5c 7d")  # four, no ace kept
    assert not game.state.zone("shown:0").cards
    game.act("discard 2s Qd 4d 9d 7h")  # all five
    assert len(hand(game, 0)) == 5 and "Kc" in hand(game, 0)
    assert len(hand(game, 1)) == 5 and not hand(game, 1) & set(hands[1].split())
    default = hoyle.new_game("five-card-draw", players=2, deck=draw_deck(hands))
    default.act("check")
    default.act("check")
    with pytest.raises(IllegalActionError, match="at most 3"):
        default.act("discard Kd 4c 5c 7d")


def Action_text(game: hoyle.Game) -> set[str]:
    return {str(a) for a in game.legal_actions()}


def test_wild_rank_version() -> None:
    # seat 0: K K 7 (the 7 wild: three kings) beats seat 1's two pair only when 7s are wild.
    hands = ["7d Ks Kd 2c 3h", "Qs Qd Jc Jd 4s"]
    for wild, winner in ((True, 0), (False, 1)):
        game = hoyle.new_game("five-card-draw", players=2, deck=draw_deck(hands, "7c"), options={"wild_rank": wild})
        game.act("check")
        game.act("check")
        assert game.phase == "draw-1"
        turned = [str(c) for c in game.state.zone("wild").cards]
        assert turned == (["7c"] if wild else [])  # turned up before the draw, for everyone to see
        stand_pat_to_showdown(game)
        stacks = game.result["stacks"]
        assert stacks[winner] == 201 and stacks[1 - winner] == 199


def test_turned_card_is_not_in_any_hand_and_other_three_are_wild() -> None:
    # 7c turned: seat 1 holds two of the other sevens: with two wilds and A A it has four aces
    hands = ["Ks Kd Kh 2c 3h", "As Ad 7h 7s 4c"]
    game = hoyle.new_game("five-card-draw", players=2, deck=draw_deck(hands, "7c"), options={"wild_rank": True})
    stand_pat_to_showdown(game)
    assert game.result["stacks"] == [199, 201]


def test_five_card_draw_fold_shows_nothing() -> None:
    game = hoyle.new_game("five-card-draw", players=2, deck=draw_deck(["Ac Kd 4c 5c 7d", "Kc Qd 4d 9d 7h"]))
    game.act("bet to 2")
    game.act("fold")
    assert game.is_over and game.result["stacks"] == [201, 199]
    assert game.state.zone("hole:0").visibility == "owner"


# --- deuce-to-seven ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "better, worse",
    [
        ("7s 5d 4c 3h 2s", "As 2d 3c 4h 5s"),  # the wheel is no straight here: ace high
        ("8d 6c 4h 3c 2d", "2s 3s 4s 5s 7s"),  # a flush counts against you
        ("8d 6c 4h 3s 2d", "3c 4d 5h 6s 7c"),  # a straight counts against you
        ("Kd Qc Jh 9s 8d", "2c 2d 3h 4s 5d"),  # any pair loses to no pair
        ("7s 6d 4c 3h 2s", "7d 6h 5c 3d 2c"),  # 7-6-4 beats 7-6-5
    ],
)
def test_deuce_to_seven_ordering(better: str, worse: str) -> None:
    for first in (0, 1):
        hands = [better, worse] if first == 0 else [worse, better]
        game = hoyle.new_game("deuce-to-seven-single-draw", players=2, deck=draw_deck(hands))
        # heads-up: seat 1 is the button and small blind and acts first
        assert game.to_act == 1 and game.state.pot == 3
        stand_pat_to_showdown(game)
        winner = first
        assert game.result["stacks"][winner] == 202, (better, worse)


def test_single_draw_is_no_limit_with_one_draw() -> None:
    game = hoyle.new_game("deuce-to-seven-single-draw", players=2, deck=draw_deck(["7s 5d 4c 3h 2s", "As 2d 3c 4h 5s"]))
    assert game.state.public["range"] == [4, 200]  # no-limit: raise to 4 up to all-in
    game.act("call")
    game.act("check")
    assert game.phase == "draw-1"
    game.act("discard 7s")
    game.act("draw")
    assert game.phase == "bet-2"
    game.act("check")
    game.act("check")
    assert game.is_over


def test_triple_draw_rounds_and_limits() -> None:
    game = hoyle.new_game(
        "deuce-to-seven-triple-draw", players=3, deck=draw_deck(["7s 5d 4c 3h 2s", "As 2d 3c 4h 5s", "Kd Qc Jh 9s 8d"])
    )
    sizes = []
    phases = []
    while not game.is_over:
        phases.append(game.phase)
        legal = game.legal_actions()
        bets = [a for a in legal if a.kind in ("bet", "raise")]
        if game.phase.startswith("bet") and game.state.public["to_call"] == 0 and bets:
            sizes.append(bets[0].amount)
        kinds = {a.kind for a in legal}
        game.act("draw" if "draw" in kinds else ("check" if "check" in kinds else "call"))
    order = [p for i, p in enumerate(phases) if i == 0 or phases[i - 1] != p]
    assert order == ["bet-1", "draw-1", "bet-2", "draw-2", "bet-3", "draw-3", "bet-4"]
    assert sizes == [2, 2, 2, 4, 4, 4, 4, 4, 4]  # small bet on the second round, big bet on the last two
    assert game.result["stacks"] == [204, 198, 198]


def test_triple_draw_small_bet_then_big_bet() -> None:
    game = hoyle.new_game("deuce-to-seven-triple-draw", players=2, deck=draw_deck(["7s 5d 4c 3h 2s", "As 2d 3c 4h 5s"]))
    game.act("call")
    game.act("check")
    for _ in range(2):
        game.act("draw")
    assert [str(a) for a in game.legal_actions()] == ["check", "bet to 2"]  # second round: small bet
    game.act("check")
    game.act("check")
    game.act("draw")
    game.act("draw")
    assert [str(a) for a in game.legal_actions()] == ["check", "bet to 4"]  # third round: big bet


def test_reshuffle_of_the_discards_excludes_the_current_players() -> None:
    # six players, 30 cards dealt, 22 in the stock. Everyone discards all five in the
    # first draw: seats 0-3 take 20, seat 4 gets the last 2 and 3 from the reshuffled
    # discards of seats 0-3 - never its own.
    game = hoyle.new_game("deuce-to-seven-triple-draw", players=6, seed=3)
    while game.phase == "bet-1":
        game.act("call" if "call" in Action_text(game) else "check")
    discarded: dict[int, set[str]] = {}
    for seat in range(6):
        assert game.to_act == seat
        cards = game.state.zone(f"hole:{seat}").cards
        discarded[seat] = {str(c) for c in cards}
        game.act(hoyle.Action("discard", cards=tuple(cards)))
        assert not (hand(game, seat) & discarded[seat]), seat
        assert len(hand(game, seat)) == 5
    assert any(e.type == "reshuffle" for e in game.state.events)
    assert game.phase == "bet-2"


# --- badugi -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "better, worse",
    [
        ("Ac 2d 3h 4s", "As 2c 3d Kh"),  # 4-high badugi beats K-high badugi
        ("Kc Qd Jh Ts", "Ac 2c 3h 4s"),  # any four-card badugi beats a three-card hand
        ("Ac 2d 3h 3s", "As 2c 4h 4d"),  # a pair plays one card: three-card 3-2-A beats 4-2-A
        ("Ad 2c 4h Ks", "As 3c 4d Kh"),  # K-4-2-A beats K-4-3-A
        ("5c 6d 7h 8s", "As 2s 3d 4d"),  # 8-high badugi beats two-card 3-A
    ],
)
def test_badugi_ranking(better: str, worse: str) -> None:
    for first in (0, 1):
        hands = [better, worse] if first == 0 else [worse, better]
        game = hoyle.new_game("badugi", players=2, deck=draw_deck(hands))
        stand_pat_to_showdown(game)
        assert game.result["stacks"][first] == 202, (better, worse)


def test_badugi_four_cards_three_draws() -> None:
    game = hoyle.new_game("badugi", players=2, seed=5)
    assert all(len(game.state.zone(f"hole:{s}").cards) == 4 for s in range(2))
    draws = 0
    while not game.is_over:
        if game.phase.startswith("draw"):
            draws += 1
            assert max(len(a.cards) for a in game.legal_actions()) == 4  # any number may go
        kinds = Action_text(game)
        game.act("draw" if "draw" in kinds else ("check" if "check" in kinds else "call"))
    assert draws == 6  # two players, three draws


# --- every variant --------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, players, options",
    [
        ("five-card-draw", 2, {}),
        ("five-card-draw", 6, {"wild_rank": True, "max_discard": 4, "hands": 2, "stack": 20}),
        ("five-card-draw", 8, {"structure": "no-limit", "wild_rank": True}),
        ("deuce-to-seven-single-draw", 4, {"hands": 2}),
        ("deuce-to-seven-triple-draw", 6, {"stack": 30}),
        ("badugi", 5, {"showdown": "manual", "procedure": "cardroom"}),
    ],
)
def test_check_variant(name: str, players: int, options: dict) -> None:
    check_variant(name, games=12, players=players, options=options)


def test_doctest() -> None:
    import doctest

    import hoyle_poker.draw

    assert doctest.testmod(hoyle_poker.draw).failed == 0


def test_cardroom_in_a_draw_game() -> None:
    deck = draw_deck(["Ac Kd 4c 5c 7d", "2d 3d 4d 9d 7h", "2h 3h 4h 5h 7s"])
    game = hoyle.new_game("five-card-draw", players=3, deck=deck, options={"procedure": "cardroom"})
    game.act("look stub", seat=1)  # a player in the hand who looks at the stub is folded
    assert game.state.public["live"] == [True, False, True]
    game.act("check")
    game.act("check")
    assert game.phase == "draw-1"
    # the draw has no out-of-turn procedure: refused, nothing changes
    with pytest.raises(IllegalActionError, match="turn"):
        game.act("draw", seat=2)
    assert game.to_act == 0


def test_a_blind_posted_out_of_position_in_a_draw_game() -> None:
    """``posts`` (as the flop games'): seat 3, the button, returns posting a live big blind
    of 2 and a dead small blind of 1; the live 2 is its bet, so after seat 2 calls it may
    check, and the dead chip goes to the pot: 1 + 2 + 2 + 2 + 1 = 8 for seat 2's badugi
    (docs/poker-games.md, "Dead blinds")."""
    deck = draw_deck(["Kc Kd Kh Ks", "Qc Qd Qh 9s", "Ac 2d 3h 4s", "Jc Jd Jh Js"])
    game = hoyle.new_game("badugi", players=4, deck=deck, options={"posts": "3:2+1"}, stacks=[100] * 4)
    assert game.state.stacks == [99, 98, 100, 97]
    assert game.to_act == 2
    game.act("call")
    assert [str(a) for a in game.legal_actions()] == ["check", "raise to 4"]
    game.act("check")
    game.act("fold")
    game.act("check")
    stand_pat_to_showdown(game)
    assert game.state.stacks == [99, 98, 106, 97]


def test_draw_posts_name_a_seat_not_dealt_in() -> None:
    with pytest.raises(hoyle.errors.InvalidOptionError, match="posts: seat 5 is not dealt in"):
        hoyle.new_game("deuce-to-seven-triple-draw", players=3, options={"posts": "5:2"})
