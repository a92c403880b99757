"""The cheap per-hand setup (``benches/test_bench_poker_games.py``) changes no game:
a new game by number of players (the remembered seating) plays exactly as one seated
by names, or by a second registry; checks keep their order; zones added from a
table's zones made once are independent; ``move_top`` of several cards takes them top
first."""

from __future__ import annotations

import random

import hoyle
import pytest
from hoyle import Action, Deck, Rng, Zone
from hoyle.engine.state import State
from hoyle.errors import InvalidArgumentError, InvalidOptionError, UnknownVariantError
from hoyle.plugins import load_plugins
from hoyle.registry import Registry


def _play(game: hoyle.Game, seed: int) -> hoyle.Game:
    """Random legal play, sizes included, to the end of the game."""
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        sizes = game.state.public.get("range")
        choice = rng.randrange(5)
        if choice == 3 and sizes is not None:
            kind = "raise" if game.state.public["to_call"] else "bet"
            game.act(Action(kind, amount=rng.randint(sizes[0], sizes[1])))
        else:
            game.act(legal[min(choice, len(legal) - 1)] if choice < 3 else legal[-1])
    return game


def _everything(game: hoyle.Game) -> tuple[object, ...]:
    players = len(game.state.players)
    return game.to_json(), [game.view(s) for s in (None, *range(players))], game.state.snapshot(), game.result


@pytest.mark.parametrize("variant", ["texas-holdem", "omaha", "short-deck-holdem"])
@pytest.mark.parametrize("players", [2, 3, 6])
def test_a_game_seated_by_number_plays_as_one_seated_by_names(variant: str, players: int) -> None:
    names = [f"player {i + 1}" for i in range(players)]
    other = Registry(*load_plugins())
    for seed in range(4):
        options = {"hands": 3, "stack": 40}
        by_number = _play(hoyle.new_game(variant, players=players, seed=seed, options=options), seed)
        again = _play(hoyle.new_game(variant, players=players, seed=seed, options=options), seed)
        by_names = _play(hoyle.new_game(variant, players=names, seed=seed, options=options), seed)
        elsewhere = _play(hoyle.new_game(variant, players=players, seed=seed, options=options, registry=other), seed)
        replayed = hoyle.Game.from_json(by_number.to_json())
        expected = _everything(by_names)
        for game in (by_number, again, elsewhere, replayed):
            assert _everything(game) == expected


def test_the_default_number_of_players_is_remembered_per_variant() -> None:
    assert hoyle.new_game("texas-holdem", seed=1).state.players == ("player 1", "player 2")
    assert len(hoyle.new_game("contract-rummy", seed=1).state.players) == 3
    assert hoyle.new_game("texas-holdem", seed=1).state.players == ("player 1", "player 2")


def test_each_game_gets_its_own_names_and_options() -> None:
    a = hoyle.new_game("texas-holdem", players=2, seed=1)
    a.record["players"].append("someone")
    a.record["options"]["hands"] = 99
    b = hoyle.new_game("texas-holdem", players=2, seed=1)
    assert b.record["players"] == ["player 1", "player 2"]
    assert b.record["options"]["hands"] == 1


def test_setup_checks_keep_their_order_and_are_never_remembered_wrong() -> None:
    with pytest.raises(UnknownVariantError, match="no-such-game"):
        hoyle.new_game("no-such-game", players=99)
    with pytest.raises(InvalidOptionError, match="'colour'"):  # options are checked before players
        hoyle.new_game("texas-holdem", players=99, options={"colour": "red"})
    for _ in range(2):  # a refused number of players stays refused
        with pytest.raises(InvalidOptionError, match=r"2\.\.10 players, not 11"):
            hoyle.new_game("texas-holdem", players=11)
    with pytest.raises(InvalidArgumentError, match=r"stacks \[200, -1\]"):
        hoyle.new_game("texas-holdem", players=2, stacks=[200, -1])
    with pytest.raises(InvalidArgumentError, match=r"stacks \[200\]"):
        hoyle.new_game("texas-holdem", players=2, stacks=[200])
    with pytest.raises(InvalidArgumentError, match="stacks"):
        hoyle.new_game("texas-holdem", players=2, stacks=[200, 1.5])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("players", "says"),
    [
        (True, r"players True: give how many \(an int\) or their names \(a list of str\), not bool"),
        ("alice", r"players 'alice': give how many .* not str"),
        (2.0, r"players 2\.0: give how many .* not float"),
        (["alice", 7], r"players \['alice', 7\]: every name must be a str"),
    ],
)
def test_players_of_the_wrong_type_are_refused_by_name(players: object, says: str) -> None:
    with pytest.raises(InvalidArgumentError, match=says):
        hoyle.new_game("texas-holdem", players=players, seed=1)  # type: ignore[arg-type]


def test_a_state_made_without_a_deck_has_no_zones_until_one_is_loaded() -> None:
    s = State(variant="demo", players=("a", "b"), options={}, deck=None, seed=3)
    assert s.zones == {} and len(s.deck) == 0
    s.load_deck(Deck("As Kd"))
    assert [str(c) for c in s.zone("deck").cards] == ["Kd", "As"]  # the first card on top
    assert (
        s.rng.__reduce__()
        == State(variant="demo", players=("a", "b"), options={}, deck=Deck("As Kd"), seed=3).rng.__reduce__()
    )


def test_each_deal_draws_from_its_own_stream_made_when_first_used() -> None:
    def draws(rng: Rng) -> list[int]:
        return [rng.next_u64() for _ in range(3)]

    s = State(variant="demo", players=("a", "b"), options={}, deck=Deck("As Kd"), seed=7)
    untouched = s.clone()  # cloned before the deal's generator was made
    assert draws(s.rng) == draws(Rng(7, 2**32))
    assert draws(untouched.rng) == draws(Rng(7, 2**32))  # the clone's own, from the start
    ahead = s.clone()  # cloned after three draws: it goes on from there, independently
    assert draws(ahead.rng) == draws(s.rng) == _after(Rng(7, 2**32), 3, 3)
    assert s.snapshot(events=False)["rng"] == (7, 2**32, 12)  # 6 draws of two words each
    s.deal_number = 1
    s.load_deck(Deck("Qh"))  # the next deal: a fresh stream, from its start
    assert s.snapshot(events=False)["rng"] == (7, 2**32 + 1, 0)
    assert draws(s.rng) == draws(Rng(7, 2**32 + 1))
    s.rng = Rng(99)  # a variant may set its own
    assert draws(s.rng) == draws(Rng(99))


def _after(rng: Rng, skip: int, take: int) -> list[int]:
    """``take`` draws of ``rng`` after ``skip`` draws."""
    for _ in range(skip):
        rng.next_u64()
    return [rng.next_u64() for _ in range(take)]


def test_add_zones_adds_independent_empty_copies_or_nothing() -> None:
    table = (Zone("hand:0", 0, Zone.OWNER), Zone("board", None, Zone.PUBLIC), Zone("stub", None, Zone.HIDDEN))
    a = State(variant="demo", players=("a", "b"), options={}, deck=Deck("As Kd Qh"))
    b = State(variant="demo", players=("a", "b"), options={}, deck=Deck("As Kd Qh"))
    a.add_zones(table)
    b.add_zones(table)
    a.move_top("deck", "hand:0")
    assert [str(c) for c in a.zone("hand:0").cards] == ["As"]
    assert b.zone("hand:0").cards == [] and table[0].cards == []
    assert a.view(1)["zones"]["hand:0"] == {"owner": 0, "count": 1, "cards": None}
    assert a.view(0)["zones"]["hand:0"]["cards"] == ["As"]
    assert [a.zone(n).seen_by() for n in ("hand:0", "board", "stub")] == [frozenset({0}), None, frozenset()]
    a.zone("hand:0").owner = 1  # a copy follows its own owner, not the zone it was made from
    assert a.zone("hand:0").seen_by() == frozenset({1}) and table[0].seen_by() == frozenset({0})
    before = list(b.zones)
    with pytest.raises(InvalidArgumentError, match="'board' already exists"):
        b.add_zones([Zone("pile", None, Zone.PUBLIC), Zone("board", None, Zone.PUBLIC)])
    assert list(b.zones) == before  # nothing added


def test_move_top_of_several_cards_takes_them_top_first() -> None:
    s = State(variant="demo", players=("a", "b"), options={}, deck=Deck("As Kd Qh Jc"))
    s.add_zone("hand", owner=0, visibility=Zone.OWNER)
    assert [str(c) for c in s.move_top("deck", "hand", 3)] == ["As", "Kd", "Qh"]
    assert [str(c) for c in s.events[-1].cards] == ["As", "Kd", "Qh"] and s.events[-1].visible == frozenset({0})
    assert s.move_top("deck", "hand", 0) == [] and s.events[-1].cards == ()
    assert [str(c) for c in s.zone("deck").cards] == ["Jc"]
    with pytest.raises(InvalidArgumentError, match="cannot take 2 cards from 'deck', which holds 1"):
        s.move_top("deck", "hand", 2)
    assert [str(c) for c in s.zone("deck").cards] == ["Jc"]
    assert [str(c) for c in s.move_top("deck", "hand", 1, bottom=True)] == ["Jc"]
    assert [str(c) for c in s.zone("hand").cards] == ["Jc", "As", "Kd", "Qh"]


def test_move_top_under_a_pile_and_from_an_empty_one() -> None:
    s = State(variant="demo", players=("a", "b"), options={}, deck=Deck("As Kd Qh Jc Tc"))
    s.add_zone("pile", visibility=Zone.PUBLIC)
    s.move_top("deck", "pile")
    assert [str(c) for c in s.move_top("deck", "pile", 2, bottom=True)] == ["Kd", "Qh"]
    # taken Kd then Qh, each slid under the pile: Qh at the bottom, then Kd, then As
    assert [str(c) for c in s.zone("pile").cards] == ["Qh", "Kd", "As"]
    assert [str(c) for c in s.move_top("deck", "pile", -1)] == [] and len(s.zone("deck").cards) == 2
    s.move_top("deck", "pile", 2)
    before = (len(s.events), [str(c) for c in s.zone("pile").cards])
    with pytest.raises(InvalidArgumentError, match="cannot take 1 cards from 'deck', which holds 0"):
        s.move_top("deck", "pile")
    assert (len(s.events), [str(c) for c in s.zone("pile").cards]) == before


def test_fresh_games_with_the_default_options_share_no_mutable_setup() -> None:
    # the remembered seating hands each game its own options dict and names list; the
    # shared unshuffled deck is immutable, and each deal's shuffle still follows its seed
    a = hoyle.new_game("texas-holdem", players=2, seed=11)
    a.state.options["stack"] = 5
    a.record["players"].append("intruder")
    b = hoyle.new_game("texas-holdem", players=2, seed=11)
    assert b.options["stack"] == 200 and b.record["players"] == ["player 1", "player 2"]
    assert b.record["options"] is b.state.options
    c = hoyle.new_game("texas-holdem", players=2, seed=12)
    assert [str(x) for x in b.state.deck] == [str(x) for x in Deck.standard().shuffled(11, 0)]
    assert [str(x) for x in c.state.deck] == [str(x) for x in Deck.standard().shuffled(12, 0)]
