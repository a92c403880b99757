"""Three-player gin and four-player partnership gin (docs/rules/rummy.md#c2): ``gin-rummy`` with
``players=3`` or ``players=4``, scripted."""

from __future__ import annotations

import hoyle
import pytest
from hoyle import Deck
from hoyle.errors import IllegalActionError, InvalidOptionError
from hoyle.testing import check_variant
from hoyle_rummy.bots import GinBot
from test_gin import KNOCKER, gin_deck

WEAK = "7h 8h 7c 7d Qc Qd Js Ts 5c 2c"  # against KNOCKER drawing 3d: the knocker scores 55 - 3 = 52
UNDERCUT = "2c 3c 4c 5d 6d 7d 8s 8c 8h Ad"  # against KNOCKER drawing Qd: undercut, 10 - 1 + 10 = 19


def texts(game: hoyle.Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


# --- three players -------------------------------------------------------------------------


def test_three_players_the_dealer_sits_out_and_the_loser_deals_next() -> None:
    # Seat 2 deals to seats 0 (left of the dealer: offered the up-card first) and 1.
    game = hoyle.new_game(
        "gin-rummy", players=3, deck=gin_deck(KNOCKER, WEAK, "Jh", "3d"), options={"first_dealer": 2, "target": 1000}
    )
    state = game.state
    assert state.public["players"] == [0, 1] and game.to_act == 0 and "hand:2" not in state.zones
    assert texts(game) == ["draw discard", "pass"]
    for a in ("pass", "pass", "draw stock", "knock Kc"):
        game.act(a)
    assert state.score_sheet == [[52, 0, 0]]
    # Seat 1 lost: it deals the next hand, between the winner (0) and the previous dealer (2).
    assert state.public["dealer"] == 1 and state.public["players"] == [2, 0]
    assert game.to_act == 2 and "hand:1" not in state.zones and len(state.zone("hand:0").cards) == 10


def test_three_players_an_undercut_makes_the_knocker_deal() -> None:
    game = hoyle.new_game(
        "gin-rummy",
        players=3,
        deck=gin_deck(KNOCKER, UNDERCUT, "Jh", "Qd"),
        options={"first_dealer": 2, "target": 1000},
    )
    for a in ("pass", "pass", "draw stock", "knock Kc"):
        game.act(a)
    assert game.state.score_sheet == [[0, 19, 0]]
    assert game.state.public["dealer"] == 0 and game.state.public["players"] == [1, 2]


def test_three_players_game_bonus_against_each_loser() -> None:
    game = hoyle.new_game(
        "gin-rummy", players=3, deck=gin_deck(KNOCKER, WEAK, "Jh", "3d"), options={"first_dealer": 2, "target": 50}
    )
    for a in ("pass", "pass", "draw stock", "knock Kc"):
        game.act(a)
    assert game.is_over and game.result
    # Seat 0: 52 + 100 game bonus doubled (200) against each shut-out loser + one box (20).
    assert game.result["settlement"] == [2 * (52 + 20 + 200), -(52 + 20 + 200), -(52 + 20 + 200)]


# --- four players --------------------------------------------------------------------------


def four_deck(a: tuple[str, str, str, str], b: tuple[str, str, str, str]) -> Deck:
    """Table ``a`` (pack 0) and table ``b`` (pack 1): each (first player's hand,
    dealer's hand, up-card, stock)."""
    first = [str(c) for c in gin_deck(*a)]
    second = [f"{c}#1" for c in gin_deck(*b)]
    return Deck(" ".join(first + second))


def four(a: tuple[str, str, str, str], b: tuple[str, str, str, str], **options: object) -> hoyle.Game:
    # first_dealer 1: seats 1 and 3 deal; seat 0 plays seat 1 at table a, seat 2 plays seat 3 at b.
    return hoyle.new_game("gin-rummy", players=4, deck=four_deck(a, b), options={"first_dealer": 1, **options})


def play(game: hoyle.Game, *steps: tuple[int, str]) -> None:
    for seat, text in steps:
        assert game.to_act == seat, (seat, text, game.to_act)
        game.act(text, seat)


def both_pass_then(game: hoyle.Game, a: list[str], b: list[str]) -> None:
    """Both tables decline the up-card (the turn passes between the tables each time
    a table's turn passes), then seat 0 plays ``a`` and seat 2 plays ``b``."""
    play(game, (0, "pass"), (2, "pass"), (1, "pass"), (3, "pass"))
    play(game, *[(0, t) for t in a])
    play(game, *[(2, t) for t in b])


def test_four_players_two_tables_with_prefixed_zones() -> None:
    game = four((KNOCKER, WEAK, "Jh", "3d"), (KNOCKER, WEAK, "Jh", "3d"))
    state = game.state
    tables = state.public["tables"]
    assert [(t["prefix"], t["players"]) for t in tables] == [("a:", [0, 1]), ("b:", [2, 3])]
    assert {str(c) for c in state.zone("b:hand:2").cards} == {f"{c}#1" for c in KNOCKER.split()}
    assert len(state.zone("a:stock").cards) == len(state.zone("b:stock").cards) == 31
    assert game.to_act == 0 and texts(game) == ["draw discard", "pass"]
    with pytest.raises(IllegalActionError):
        game.act("pass", 2)  # not seat 2's turn yet


def test_four_players_both_partners_win_the_team_scores_the_sum() -> None:
    game = four((KNOCKER, WEAK, "Jh", "3d"), (KNOCKER, WEAK, "Jh", "3d"), target=1000)
    both_pass_then(game, ["draw stock", "knock Kc"], ["draw stock", "knock Kc#1"])
    assert game.state.score_sheet == [[104, 0, 104, 0]]


def test_four_players_split_the_higher_team_scores_the_difference() -> None:
    game = four((KNOCKER, WEAK, "Jh", "3d"), (KNOCKER, UNDERCUT, "Jh", "Qd"), target=1000)
    both_pass_then(game, ["draw stock", "knock Kc"], ["draw stock", "knock Kc#1"])
    # Seat 0 wins 52 at table a; seat 3 undercuts seat 2 for 19 at table b.
    assert game.state.score_sheet == [[52 - 19, 0, 52 - 19, 0]]
    # Next deal: new opponents (0-3 and 2-1), and the other partnership deals.
    tables = game.state.public["tables"]
    assert sorted(sorted(t["players"]) for t in tables) == [[0, 3], [1, 2]]
    assert all(t["players"][1] in (0, 2) for t in tables)


def test_four_players_game_to_125() -> None:
    game = four((KNOCKER, WEAK, "Jh", "3d"), (KNOCKER, WEAK, "Jh", "3d"), target=100)
    both_pass_then(game, ["draw stock", "knock Kc"], ["draw stock", "knock Kc#1"])
    assert game.is_over and game.result and game.result["settlement"] == [104, -104, 104, -104]
    assert game.result["winners"] == [0, 2]


def test_four_players_play_to_125_by_default() -> None:
    # Both partners win 52: the team scores 104, which would end a game to 100.
    game = four((KNOCKER, WEAK, "Jh", "3d"), (KNOCKER, WEAK, "Jh", "3d"))
    assert game.options["target"] is None and game.state.public["target"] == 125
    both_pass_then(game, ["draw stock", "knock Kc"], ["draw stock", "knock Kc#1"])
    assert game.state.scores == [104, 0, 104, 0] and not game.is_over


GIN_HAND = "As 2s 3s 4h 5h 6h 9c 9d 9h Kc"  # drawing 7h and knocking with Kc is gin
HIGH = "Ks Qc Jd Ts 8c 8d Kh Qh Jc Td"  # no meld: 96 deadwood, so a gin against it scores 116


def test_three_players_play_to_100_by_default() -> None:
    game = hoyle.new_game(
        "gin-rummy", players=3, deck=gin_deck(GIN_HAND, HIGH, "2c", "7h"), options={"first_dealer": 2}
    )
    assert game.state.public["target"] == 100
    for a in ("pass", "pass", "draw stock", "knock Kc"):
        game.act(a)
    assert game.state.score_sheet == [[116, 0, 0]] and game.is_over


def test_two_players_play_to_100_by_default() -> None:
    game = hoyle.new_game("gin-rummy", deck=gin_deck(KNOCKER, WEAK, "Jh", "3d"), options={"first_dealer": 1})
    assert game.state.public["target"] == 100
    for a in ("pass", "pass", "draw stock", "knock Kc"):
        game.act(a)
    assert game.state.scores == [52, 0] and not game.is_over


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (3, {"dealer": "winner"}),
        (4, {"dealer": "alternate"}),
        (4, {"box_bonus": 25}),
        (4, {"shutout": "double-total"}),
        (2, {"first_dealer": 2}),
        (3, {"first_dealer": 3}),
        (2, {"target": 0}),
        (2, {"target": True}),
        (2, {"target": "100"}),
    ],
)
def test_options_the_seating_does_not_have_are_refused(players: int, options: dict[str, object]) -> None:
    with pytest.raises(InvalidOptionError):
        hoyle.new_game("gin-rummy", players=players, seed=1, options=options)


def test_gin_is_for_two_to_four_players_oklahoma_for_two() -> None:
    for variant, players in (("gin-rummy", 5), ("oklahoma-gin", 3), ("gin-rummy", 1)):
        with pytest.raises(InvalidOptionError):
            hoyle.new_game(variant, players=players, seed=1)
    assert "gin-rummy-3" not in hoyle.variants() and "gin-rummy-4" not in hoyle.variants()


def test_conformance() -> None:
    check_variant("gin-rummy", games=2, players=3, bot=GinBot, options={"target": 40})
    check_variant("gin-rummy", games=2, players=4, bot=GinBot, options={"target": 60})
    variations = {"eleven_card_start": True, "late_pickup": True, "retake": True}
    check_variant("gin-rummy", games=1, players=3, bot=GinBot, options={"target": 40, **variations})
    check_variant("gin-rummy", games=1, players=4, bot=GinBot, options={"target": 60, **variations})


# --- four players: rigged decks (hoyle.testing.rigged_deck) ----------------------------------


def test_a_rigged_four_player_deck_deals_exactly_the_hands_asked() -> None:
    """Seats 0 and 1 play at table a (pack 0), 2 and 3 at b (pack 1): every hand, both
    up-cards and both stock tops come out as asked - the same deal as the deck built by
    hand (four_deck) - and the game plays on it."""
    from hoyle.testing import rigged_deck

    deck = rigged_deck(
        "gin-rummy",
        4,
        hands={0: KNOCKER, 1: WEAK, 2: KNOCKER, 3: UNDERCUT},
        up_card="Jh",
        options={"first_dealer": 1},
        **{"b:discard": "Jh", "a:stock": "3d", "b:stock": "Qd"},
    )
    game = hoyle.new_game("gin-rummy", players=4, deck=deck, options={"first_dealer": 1, "target": 1000})
    by_hand = four((KNOCKER, WEAK, "Jh", "3d"), (KNOCKER, UNDERCUT, "Jh", "Qd"))
    for zone in ("a:hand:0", "a:hand:1", "b:hand:2", "b:hand:3", "a:discard", "b:discard"):
        assert game.state.zone(zone).cards == by_hand.state.zone(zone).cards, zone
    assert {str(c) for c in game.state.zone("b:hand:3").cards} == {f"{c}#1" for c in UNDERCUT.split()}
    assert str(game.state.zone("a:stock").cards[-1]) == "3d" and str(game.state.zone("b:stock").cards[-1]) == "Qd#1"
    both_pass_then(game, ["draw stock", "knock Kc"], ["draw stock", "knock Kc#1"])
    assert game.state.score_sheet == [[52 - 19, 0, 52 - 19, 0]]


def test_a_rigged_four_player_deck_takes_a_card_of_each_pack() -> None:
    """The same card for seats at different tables is each table's own copy, and a seat's
    hand is at the table it plays at: with first_dealer 0 seats 0 and 2 deal, to seats 1
    (table a) and 3 (table b)."""
    from hoyle.testing import rigged_deck

    deck = rigged_deck("gin-rummy", 4, hands={0: "As", 2: "As", 3: "Kd"}, options={"first_dealer": 0})
    game = hoyle.new_game("gin-rummy", players=4, deck=deck, options={"first_dealer": 0})
    tables = {seat: t["prefix"] for t in game.state.public["tables"] for seat in t["players"]}
    assert tables == {1: "a:", 0: "a:", 3: "b:", 2: "b:"}
    assert hoyle.Card("As") in game.state.zone("a:hand:0").cards
    assert hoyle.Card("As#1") in game.state.zone("b:hand:2").cards
    assert hoyle.Card("Kd#1") in game.state.zone("b:hand:3").cards


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"hands": {0: KNOCKER + " Qs"}}, "'a:hand:0' is dealt 10 cards"),
        ({"hands": {0: "As", 1: "As"}}, "card As asked for 'a:hand:1' is not in the 'gin-rummy' deck, or asked twice"),
        ({"hands": {0: "As As#1"}}, "asked twice"),
        ({"b:hand:0": "As"}, "'b:hand:0' is dealt 0 cards"),
        ({"stock": "As"}, "'stock' is dealt 0 cards"),
    ],
)
def test_a_four_player_deck_that_cannot_be_dealt_raises(kwargs: dict[str, object], message: str) -> None:
    from hoyle.errors import InvalidArgumentError
    from hoyle.testing import rigged_deck

    with pytest.raises(InvalidArgumentError) as info:
        rigged_deck("gin-rummy", 4, options={"first_dealer": 1}, **kwargs)  # type: ignore[arg-type]
    assert message in str(info.value)


def test_a_wrong_four_player_dealing_order_raises() -> None:
    """A dealing order that puts pack 1 on top: the deal then shuffles each table's pack,
    the rigged deck is checked by dealing it, and the mistake is an error."""
    from dataclasses import replace

    from hoyle import Variant, hookimpl
    from hoyle.errors import InvalidArgumentError
    from hoyle.plugins import load_plugins
    from hoyle.registry import Registry
    from hoyle.testing import rigged_deck
    from hoyle_rummy.dealing import gin

    class Swapped:
        @hookimpl
        def hoyle_register_dealing_orders(self, register):  # type: ignore[no-untyped-def]
            register("gin-4", lambda state: replace(gin(state), packs=tuple(1 - p for p in gin(state).packs)))

        @hookimpl
        def hoyle_register_variants(self, register):  # type: ignore[no-untyped-def]
            g = hoyle.variants()["gin-rummy"]
            register(Variant(name="gin-4", rules=g.rules, players=(2, 4), deck=g.deck, options=g.options))

    pm, dists = load_plugins()
    pm.register(Swapped(), name="swapped")
    with pytest.raises(InvalidArgumentError, match="dealing order is wrong"):
        rigged_deck("gin-4", 4, hands={0: "As 2s 3s"}, options={"first_dealer": 1}, registry=Registry(pm, dists))
