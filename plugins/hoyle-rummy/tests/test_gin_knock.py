"""Gin's knock search in Rust (``hoyle.rummy.best_knock`` and ``knock_spreads``,
docs/rules/rummy.md#c2): cross-checked against the Python search it replaced
(``knock_reference``) on thousands of random knocks, and against brute force."""

from __future__ import annotations

import hoyle
import pytest
from hoyle import Card, Deck, Rng, rummy
from hoyle.errors import DuplicateCardError, InvalidArgumentError, InvalidHandError
from knock_reference import best_spread, knock_spreads, knocker_result
from test_gin import _brute_best_knock

GIN = rummy.MeldRules.gin()
PACK = list(Deck.standard())


def knocks(seed: int, n: int, limit: int = 10, copy: int = 0) -> list[tuple[list[Card], list[Card]]]:
    """``n`` knocking hands of ten with a defender of ten from the rest of the pack: a
    third from the 5-6-7s of every suit (three sets or three runs), a third from 4s to
    9s, a third from the whole pack; defenders often hold the knocker's ranks. ``copy``
    1: the cards of a four-player game's second pack."""
    rng = Rng(seed)
    pack = [Card(f"{c}#{copy}") if copy else c for c in PACK]
    out: list[tuple[list[Card], list[Card]]] = []
    while len(out) < n:
        kind = len(out) % 3
        pool = [c for c in pack if kind == 2 or c.rank in ("567" if kind == 0 else "456789")]
        rng.shuffle(pool)
        hand = pool[:10]
        if rummy.deadwood(hand, GIN.replace(packs=2) if copy else GIN) > limit:
            continue
        rest = [c for c in pack if c not in hand]
        rng.shuffle(rest)
        ranks = {c.rank for c in hand}
        near = [c for c in rest if c.rank in ranks and rng.below(3) == 0]
        defender = (near + [c for c in rest if c not in near])[:10]
        out.append((hand, defender))
    return out


def texts(melds: list[rummy.Meld]) -> list[str]:
    return [" ".join(map(str, m.cards)) for m in melds]


@pytest.mark.parametrize(("limit", "bonus"), [(10, 10), (10, 25), (4, 20), (1, 10)])
def test_best_knock_is_the_python_search(limit: int, bonus: int) -> None:
    """The same spread (melds and their order) and the same answer as the Python search,
    knock by knock; with the usual limit the spread often differs from the least-deadwood
    one (a low limit leaves few spreads to choose from)."""
    differs = 0
    for hand, defender in knocks(limit * 100 + bonus, {10: 1000, 4: 500, 1: 200}[limit], limit):
        spread, answer = rummy.best_knock(hand, defender, GIN, limit=limit, undercut_bonus=bonus)
        want_spread, want_answer = best_spread(hand, defender, GIN, limit, bonus)
        assert texts(spread) == texts(want_spread), (hand, defender)
        assert answer == want_answer and str(answer) == str(want_answer)
        differs += texts(spread) != texts(rummy.best_melds(hand, GIN).melds)
    assert differs > 20 or limit < 10


def test_knock_spreads_are_the_python_spreads_in_the_same_order() -> None:
    for hand, _ in knocks(5, 1500):
        for limit in (10, 3, 0):
            got = rummy.knock_spreads(hand, GIN, limit=limit)
            assert [texts(s) for s in got] == [texts(s) for s in knock_spreads(hand, GIN, limit)], hand


def test_the_four_player_tables_second_pack() -> None:
    """A four-player table's rules have two packs and its cards may all be copy 1."""
    rules = GIN.replace(packs=2)
    for hand, defender in knocks(9, 300, copy=1):
        spread, answer = rummy.best_knock(hand, defender, rules, limit=10, undercut_bonus=10)
        want_spread, want_answer = best_spread(hand, defender, rules, 10, 10)
        assert texts(spread) == texts(want_spread) and answer == want_answer


@pytest.mark.parametrize("game", ["wrotham", "two packs"])
def test_best_knock_with_jokers_or_two_packs_is_the_python_search(game: str) -> None:
    """Wild jokers (Wrotham's rules) or two packs with either copy anywhere: the search
    answers each spread with the general lay-off search, as the Python search did."""
    rules = rummy.MeldRules.wrotham().replace(hand_size=None) if game == "wrotham" else GIN.replace(packs=2)
    cards = list(Deck.standard(2) if game == "two packs" else Deck.standard(1, jokers=2))
    rng = Rng(31)
    tried = 0
    while tried < 150:
        rng.shuffle(cards)
        hand, defender = cards[:10], cards[10:20]
        if rummy.deadwood(hand, rules) > 10:
            continue
        tried += 1
        spread, answer = rummy.best_knock(hand, defender, rules, limit=10, undercut_bonus=10)
        want_spread, want_answer = best_spread(hand, defender, rules, 10, 10)
        assert texts(spread) == texts(want_spread) and answer == want_answer, (hand, defender)


def test_best_knock_is_the_best_by_brute_force() -> None:
    """The knocker's result of the chosen spread is the best of every spread, each
    answered by the defender's best lay-offs, both tried exhaustively (test_gin's model);
    gin scores above any knock."""
    for hand, defender in knocks(17, 40):  # (the model is slow: the Rust tests brute-force 1200 knocks)
        spread, answer = rummy.best_knock(hand, defender, GIN, limit=10, undercut_bonus=10)
        k = sum(GIN.value(c) for c in hand) - sum(GIN.value(c) for m in spread for c in m.cards)
        got = knocker_result(k, answer.deadwood_value, 10) if k else rummy.deadwood(defender, GIN) + 1000
        assert got == _brute_best_knock(hand, defender, 10, 10), (hand, defender)


def test_the_three_ways_from_five_six_seven() -> None:
    """5-6-7 of clubs, diamonds and hearts: three sets or three runs. Against 5s 7s the
    runs (nothing to lay off); against 8c 8d 4h the sets (the runs would take all three);
    against both kinds, whichever leaves the defender more."""
    hand = "5c 6c 7c 5d 6d 7d 5h 6h 7h 2s"
    kinds = {
        "5s 7s Kh Qd Jd 9c 9h Ts 2d 3h": ["run"] * 3,
        "8c 8d 4h Kh Qd Jd 9s Ts 2d 3h": ["set"] * 3,
    }
    for defender, want in kinds.items():
        spread, answer = rummy.best_knock(hand, defender)
        assert [m.kind for m in spread] == want, defender
        assert not answer.layoffs
    # 77 in hand: onto the sets the 5s lays off (72 left), onto the runs the 8c (69 left).
    spread, answer = rummy.best_knock(hand, "5s 8c Kh Qd Jd 9s Ts 2d 3h Ks")
    assert [m.kind for m in spread] == ["set"] * 3 and answer.deadwood_value == 72
    assert [str(c) for c, _, _ in answer.layoffs] == ["5s"]


def test_bad_knocks_raise_clear_errors() -> None:
    with pytest.raises(InvalidHandError, match="over the knock limit 10"):
        rummy.best_knock("5c 6c 7c 5d 6d 7d 5h Ks Qs 2s", "5s 7s Kh Qd Jd 9c 9h Ts 2d 3h")
    with pytest.raises(DuplicateCardError, match="2s"):
        rummy.best_knock("5c 6c 7c 5d 6d 7d 5h 6h 7h 2s", "2s 7s Kh Qd Jd 9c 9h Ts 2d 3h")
    with pytest.raises(InvalidArgumentError, match="limit=-1"):
        rummy.knock_spreads("5c 6c 7c", limit=-1)
    with pytest.raises(InvalidArgumentError, match="undercut_bonus"):
        rummy.best_knock("5c 6c 7c", "8c", undercut_bonus=10**6)
    assert rummy.knock_spreads("5c 6c 7c 5d 6d 7d 5h Ks Qs 2s", limit=10) == []


def test_the_gin_game_spreads_with_the_rust_search() -> None:
    """A dealt game's automatic spread is best_knock's (the game calls it)."""
    from test_gin import new

    game = new("5c 6c 7c 5d 6d 7d 5h 6h 7h Kc", "5s 7s Kh Qd Jd 9c 9h Ts 2d 3h", "Jh", "2s", deals=1)
    for a in ("pass", "pass", "draw stock", "knock Kc"):
        game.act(a)
    melds = [" ".join(map(str, game.state.zone(f"meld:0:{i}").cards)) for i in range(3)]
    assert melds == ["5c 6c 7c", "5d 6d 7d", "5h 6h 7h"]
    assert game.state.score_sheet == [[75 - 2, 0]]
    assert hoyle.rummy.best_knock is rummy.best_knock
