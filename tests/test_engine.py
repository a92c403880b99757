"""The engine's API on a real plugin (War): actions, errors, views, replay, house rules."""

import json

import hoyle
import pytest
from hoyle import Action, Card, HouseRule, hookimpl
from hoyle.errors import IllegalActionError, InvalidArgumentError, InvalidOptionError, ReplayError, UnknownVariantError
from hoyle.plugins import load_plugins
from hoyle.registry import Registry
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("hoyle_war")

cards = st.lists(st.builds(Card.from_index, st.integers(0, 51)), max_size=4).map(tuple)
words = st.sampled_from(["play", "draw", "discard", "knock", "raise", "bet", "lay off", "slap"])


@given(
    words,
    cards,
    st.none() | st.integers(0, 10**6),
    st.none() | st.sampled_from(["stock", "discard", "pile"]),
    st.none() | st.integers(0, 9),
)
def test_action_text_round_trips(
    kind: str, cs: tuple[Card, ...], amount: int | None, source: str | None, target: int | None
) -> None:
    a = Action(kind, cs, amount, source, target)
    assert Action.parse(str(a), kinds=[kind]) == a


@given(
    words,
    cards,
    st.none() | st.integers(0, 10**6),
    st.none() | st.sampled_from(["stock", "discard", "pile"]),
    st.none() | st.integers(0, 9),
)
def test_action_repr_gives_the_action_back(
    kind: str, cs: tuple[Card, ...], amount: int | None, source: str | None, target: int | None
) -> None:
    """The repr is the text form only when that text parses back to the action; else
    the fields, which evaluate back to it."""
    a = Action(kind, cs, amount, source, target)
    shown = repr(a)
    if shown == f"Action('{a}')":
        assert Action.parse(str(a)) == a
    else:
        assert shown.startswith("Action(kind=") and eval(shown, {"Action": Action, "Card": Card}) == a


def test_actions_with_one_text_form_differ_in_their_repr() -> None:
    """``Action("draw stock")`` is the kind ``draw stock``; the text ``draw stock`` parses
    to the kind ``draw`` from the source ``stock``. Both print ``draw stock``, so only the
    repr tells a plugin author which one a legal list holds."""
    typed, parsed = Action("draw stock"), Action.parse("draw stock")
    assert str(typed) == str(parsed) == "draw stock" and typed != parsed
    assert repr(typed) == "Action(kind='draw stock')"
    assert repr(parsed) == "Action('draw stock')"
    assert repr(Action("lay off", (Card("9d"),), target=2)) == "Action(kind='lay off', cards=(Card('9d'),), target=2)"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("raise to 300", Action("raise", amount=300)),
        ("Discard 10h", Action("discard", (Card("Th"),))),
        ("draw stock", Action("draw", source="stock")),
    ],
)
def test_action_spellings(text: str, expected: Action) -> None:
    assert Action.parse(text) == expected


@pytest.mark.parametrize("text", ["", "123", "raise to x", "discard Qs stock pile"])
def test_bad_action_text(text: str) -> None:
    with pytest.raises(IllegalActionError):
        Action.parse(text)


def test_illegal_action_names_action_seat_reason_and_changes_nothing() -> None:
    game = hoyle.new_game("war", seed=3)
    before = game.state.snapshot()
    with pytest.raises(IllegalActionError) as info:
        game.act("discard Qs")
    assert info.value.seat == 0 and str(info.value.action) == "discard Qs" and "legal: play" in info.value.reason
    assert game.state.snapshot() == before and game.record["actions"] == []


def test_construction_errors_name_the_setting() -> None:
    with pytest.raises(UnknownVariantError, match="nope"):
        hoyle.new_game("nope")
    with pytest.raises(InvalidOptionError, match="'colour'"):
        hoyle.new_game("war", options={"colour": "red"})
    with pytest.raises(InvalidOptionError, match="expected int"):
        hoyle.new_game("war", options={"down_cards": "3"})
    with pytest.raises(InvalidOptionError, match="unknown house rule 'x'"):
        hoyle.new_game("war", house_rules=["x"])
    with pytest.raises(InvalidArgumentError, match="seed"):
        hoyle.new_game("war", seed=-1)
    with pytest.raises(InvalidArgumentError, match="not an ordering"):
        hoyle.new_game("war", deck="As Kd")
    with pytest.raises(InvalidArgumentError, match="seat"):
        hoyle.new_game("war").view(2)


def test_views_hide_what_a_seat_may_not_see() -> None:
    game = hoyle.new_game("war", seed=3)
    game.act("play")
    for seat in (None, 0, 1):
        view = game.view(seat)
        json.dumps(view)
        assert view["zones"]["pile:0"]["cards"] is None and view["zones"]["pile:0"]["count"] == 25
        assert view["zones"]["table:0"]["cards"] == [str(game.state.zone("table:0").cards[0])]
        deal_events = [e for e in view["events"] if e["type"] == "deal"]
        assert len(deal_events) == 52 and all(e["cards"] is None for e in deal_events)


def test_same_seed_same_game_and_json_replay() -> None:
    a, b = hoyle.new_game("war", seed=11), hoyle.new_game("war", seed=11)
    for _ in range(30):
        a.act("play")
        b.act("play")
    assert a.state.snapshot() == b.state.snapshot()
    c = hoyle.Game.from_json(a.to_json())
    assert c.state.snapshot() == a.state.snapshot()
    assert hoyle.new_game("war", seed=12).state.snapshot() != hoyle.new_game("war", seed=11).state.snapshot()


def test_replay_errors() -> None:
    with pytest.raises(ReplayError):
        hoyle.Game.from_json("{}")
    record = json.loads(hoyle.new_game("war", seed=1).to_json())
    record["actions"] = [[1, "play"]]
    with pytest.raises(ReplayError, match="action 0"):
        hoyle.Game.from_json(json.dumps(record))


def test_clone_is_independent() -> None:
    game = hoyle.new_game("war", seed=4)
    twin = game.clone()
    twin.act("play")
    assert len(game.state.zone("pile:0").cards) == 26 and len(twin.state.zone("pile:0").cards) == 25
    assert game.record["actions"] == []


def test_events_are_immutable_and_may_be_shared() -> None:
    """Moves along the same route and repeated actions share their (read-only) event data
    and events; each still reads, compares, copies and pickles as plain data."""
    import pickle

    game = hoyle.new_game("war", seed=4)
    for _ in range(4):
        game.act("play")
    actions = [e for e in game.events if e.type == "action" and e.seat == 0]
    assert len(actions) == 2 and actions[0] is actions[1] and actions[0].data == {"action": "play"}
    deals = [e for e in game.events if e.type == "deal" and e.seat == 0]
    assert len(deals) == 26 and all(e.data is deals[0].data for e in deals) and len({e.cards for e in deals}) == 26
    data = deals[0].data
    for mutate in (
        lambda d: d.__setitem__("to", "x"),
        lambda d: d.pop("to"),
        lambda d: d.update(to="x"),
        lambda d: d.clear(),
    ):
        with pytest.raises(TypeError, match="read-only"):
            mutate(data)
    assert data == {"from": "deck", "to": "pile:0"} and pickle.loads(pickle.dumps(data)) == data
    assert json.loads(json.dumps(game.view(0)["events"][-1])) == game.view(0)["events"][-1]


def test_an_action_first_taken_by_a_later_seat_logs_each_seat_as_the_actor() -> None:
    """Heads-up, seat 1 (the button) acts first: a raise to an amount no game has used
    is logged for seat 1, then the same raise by seat 0 for seat 0, each event shared by
    later takings of that action from that seat."""
    raise_to = Action("raise", amount=137)
    taken = []
    for _ in range(2):
        game = hoyle.new_game("texas-holdem", players=2, seed=11, stacks=[500, 500])
        game.act(raise_to, seat=1)
        game.act(Action("raise", amount=274), seat=0)
        game.act(Action("fold"), seat=1)
        taken.append([e for e in game.events if e.type == "action"])
    first, again = taken
    assert [(e.seat, e.data["action"]) for e in first] == [(1, "raise to 137"), (0, "raise to 274"), (1, "fold")]
    assert all(a is b for a, b in zip(first, again))  # built once, then shared


def test_act_refuses_what_is_not_an_action() -> None:
    game = hoyle.new_game("war", seed=3)
    before = game.state.snapshot()
    for bad in (("play", (), None, None, None), 7, None):
        with pytest.raises(IllegalActionError, match="not an Action or action text"):
            game.act(bad)  # type: ignore[arg-type]
    assert game.state.snapshot() == before
    with pytest.raises(InvalidOptionError, match="mapping"):
        hoyle.new_game("war", options=[("down_cards", 3)])  # type: ignore[arg-type]


def test_deal_matches_one_card_at_a_time() -> None:
    """State.deal gives the cards and events of the move_top calls it stands for, also when
    a place is named twice; a deal the source cannot cover is refused and changes nothing."""
    from hoyle import Deck
    from hoyle.engine.state import State, Zone

    def fresh() -> State:
        s = State(variant="demo", players=("a", "b"), options={}, deck=Deck.standard().shuffled(3))
        for seat in (0, 1):
            s.add_zone(f"hand:{seat}", owner=seat, visibility=Zone.OWNER)
        return s

    for to in ([("hand:0", 0), ("hand:1", 1)], [("hand:0", 0), ("hand:1", 1), ("hand:0", 0)]):
        one, many = fresh(), fresh()
        for _ in range(4):
            for name, seat in to:
                one.move_top("deck", name, seat=seat, event="deal")
        many.deal("deck", to, 4)
        assert many.snapshot() == one.snapshot()
    s = fresh()
    before = s.snapshot()
    for rounds in (27, -1):
        with pytest.raises(InvalidArgumentError, match="cannot deal"):
            s.deal("deck", [("hand:0", 0), ("hand:1", 1)], rounds)
    assert s.snapshot() == before


class DoubleScore:
    """A house rule written in the test file: doubles War's deal score."""

    @hookimpl(wrapper=True)
    def hoyle_score_deal(self, state):  # type: ignore[no-untyped-def]
        scores = yield
        return {seat: 2 * points for seat, points in scores.items()}


def test_house_rule_defined_here_changes_a_builtin_variants_scoring() -> None:
    pm, dists = load_plugins()

    class LocalPlugin:
        @hookimpl
        def hoyle_register_house_rules(self, register):  # type: ignore[no-untyped-def]
            register(HouseRule(name="double", rules=DoubleScore(), variants=("war",)))

    pm.register(LocalPlugin(), name="local")
    registry = Registry(pm, dists)
    plain = hoyle.new_game("war", seed=9, options={"max_battles": 5}, registry=registry)
    doubled = hoyle.new_game("war", seed=9, options={"max_battles": 5}, house_rules=["double"], registry=registry)
    for g in (plain, doubled):
        while not g.is_over:
            g.act("play")
    assert plain.result and doubled.result
    assert max(plain.result["scores"]) == 1 and doubled.result["scores"] == [2 * s for s in plain.result["scores"]]


def test_simulate_is_reproducible_for_any_jobs() -> None:
    one = hoyle.simulate("war", games=6, seed=3, options={"max_battles": 30})
    two = hoyle.simulate("war", games=6, seed=3, options={"max_battles": 30}, jobs=2)
    assert [r.settlement for r in one.records] == [r.settlement for r in two.records]
    assert sum(one.wins) == 6 and one.games == 6
    with pytest.raises(InvalidArgumentError, match="unknown bot"):
        hoyle.simulate("war", games=1, bots=["nobody", "random"])


def test_a_deck_factory_may_take_the_number_of_players() -> None:
    from hoyle import Deck, Variant

    one = Variant(name="x", rules=object(), players=(2, 8), deck=lambda options: Deck.standard())
    by_players = Variant(
        name="y", rules=object(), players=(2, 8), deck=lambda options, players: Deck.standard(1 if players <= 5 else 2)
    )
    assert len(one.make_deck({}, 7)) == 52
    assert len(by_players.make_deck({}, 5)) == 52 and len(by_players.make_deck({}, 6)) == 104


def test_option_minimum_and_types() -> None:
    from hoyle import Option

    opt = Option(name="rounds", default=5, doc="rounds", minimum=1)
    assert opt.check(1) == 1
    with pytest.raises(InvalidOptionError, match="rounds=0: must be at least 1"):
        opt.check(0)
    with pytest.raises(InvalidOptionError, match="expected int"):
        opt.check(True)


def test_chips_won_counts_what_each_seat_brought() -> None:
    from hoyle import Deck, State

    state = State(variant="demo", players=("a", "b"), options={}, deck=Deck("As Kd"), stacks=[100, 50])
    state.commit(0, 30)
    state.award(1, 30)
    assert state.chips_won() == {0: -30, 1: 30}


class _Countdown:
    """A variant whose hooks declare their parameters in another order or only some of
    them: the engine must still call them right. Seat 0 says a number 1..3, then seat
    1, and so on; the deal ends when the total reaches 5 or more."""

    @hookimpl
    def hoyle_deal(self, state):  # type: ignore[no-untyped-def]
        state.phase, state.to_act = "say", 0
        state.public["total"] = 0
        return True

    @hookimpl
    def hoyle_legal_actions(self, seat, state):  # type: ignore[no-untyped-def]
        return [Action("say", amount=n) for n in (1, 2, 3)] if seat == state.to_act else []

    @hookimpl
    def hoyle_apply_action(self, action, state):  # type: ignore[no-untyped-def]
        state.public["total"] += action.amount
        if state.public["total"] >= 5:
            state.end_deal("five")
        else:
            state.to_act = 1 - state.to_act
        return True


class _OnlyTwos:
    """A house rule wrapping the legal actions (so they go through pluggy)."""

    @hookimpl(wrapper=True)
    def hoyle_legal_actions(self, state, seat):  # type: ignore[no-untyped-def]
        legal = yield
        return [a for a in legal if a.amount == 2]


def test_hooks_with_reordered_or_fewer_parameters_and_wrapped_hooks() -> None:
    from hoyle import Deck, Variant

    class Plugin:
        @hookimpl
        def hoyle_register_variants(self, register):  # type: ignore[no-untyped-def]
            register(Variant(name="countdown", rules=_Countdown(), players=(2, 2), deck=lambda o: Deck.standard()))

        @hookimpl
        def hoyle_register_house_rules(self, register):  # type: ignore[no-untyped-def]
            register(HouseRule(name="only-twos", rules=_OnlyTwos()))

    pm, dists = load_plugins()
    pm.register(Plugin(), name="countdown")
    registry = Registry(pm, dists)
    game = hoyle.new_game("countdown", seed=1, registry=registry)
    assert [str(a) for a in game.legal_actions()] == ["say 1", "say 2", "say 3"]
    game.act("say 3")
    assert game.to_act == 1 and game.state.public["total"] == 3
    with pytest.raises(IllegalActionError):
        game.act("say 1", 0)
    game.act("say 2")
    assert game.is_over and game.state.public["total"] == 5
    twos = hoyle.new_game("countdown", seed=1, house_rules=["only-twos"], registry=registry)
    assert [str(a) for a in twos.legal_actions()] == ["say 2"]
    with pytest.raises(IllegalActionError):
        twos.act("say 3")
    twos.act("say 2")
    twos.act("say 2")
    twos.act("say 2")
    assert twos.is_over and twos.state.public["total"] == 6


def test_an_action_equals_only_an_action_and_pickles() -> None:
    import copy
    import pickle

    a = Action("discard", (Card("Qs"),))
    assert a == Action("discard", (Card("Qs"),)) and hash(a) == hash(Action("discard", (Card("Qs"),)))
    assert a != ("discard", (Card("Qs"),), None, None, None) and a != Action("knock", (Card("Qs"),))
    assert (a.kind, a.cards, a.amount, a.source, a.target) == ("discard", (Card("Qs"),), None, None, None)
    assert pickle.loads(pickle.dumps(a)) == a and copy.deepcopy(a) == a and a.text == "discard Qs"
    assert a in [Action("pass"), Action("discard", (Card("Qs"),))]


def test_engine_docstrings() -> None:
    import doctest

    import hoyle.engine.actions
    import hoyle.engine.game
    import hoyle.engine.names
    import hoyle.engine.state
    import hoyle.registry

    for module in (hoyle.engine.actions, hoyle.engine.game, hoyle.engine.names, hoyle.engine.state, hoyle.registry):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__


@pytest.mark.parametrize(("variant", "options"), [("gin-rummy", {"target": 60}), ("rummy", {}), ("in-between", {})])
def test_each_deals_outcome_stays_on_its_score_sheet_row(variant: str, options: dict[str, object]) -> None:
    """After the next deal has begun, a deal's outcome is still readable: its score-sheet
    row holds why it ended, the data the variant logged with its end, and the variant's
    public["outcome"] as it stood when the deal was scored (rummy overwrites it next deal)."""
    pytest.importorskip("hoyle_rummy")
    pytest.importorskip("hoyle_parlor")
    seen: list[dict[str, object]] = []  # what a house rule watching the scoring saw

    class Watch:
        @hookimpl(wrapper=True)
        def hoyle_score_deal(self, state):  # type: ignore[no-untyped-def]
            end = next(e for e in reversed(state.events) if e.type == "deal_end")
            kept = state.public.get("outcome")
            seen.append({**end.data, **(json.loads(json.dumps(kept)) if isinstance(kept, dict) else {})})
            return (yield)

    class Plugin:
        @hookimpl
        def hoyle_register_house_rules(self, register):  # type: ignore[no-untyped-def]
            register(HouseRule(name="watch", rules=Watch()))

    pm, dists = load_plugins()
    pm.register(Plugin(), name="watch-plugin")
    reg = Registry(pm, dists)
    game = hoyle.new_game(variant, players=2, seed=11, options=options, house_rules=["watch"], registry=reg)
    bots = [hoyle.make_bot("gin" if variant == "gin-rummy" else "random", seed=s) for s in range(2)]
    while not game.is_over and len(seen) < 3:
        seat = game.to_act
        assert seat is not None
        game.act(bots[seat].choose(game.view(seat), game.legal_actions(seat)), seat)
    assert len(seen) >= 2, "the match should have lasted two deals"
    sheet = game.state.score_sheet
    assert [row.outcome for row in sheet] == seen
    assert sheet[0].outcome != sheet[1].outcome
    view = game.view(0)
    assert view["deal_outcomes"] == seen and view["score_sheet"] == [list(r) for r in sheet]
    assert [r.outcome for r in game.clone().state.score_sheet] == seen
    before = list(seen)
    replayed = hoyle.Game.from_json(game.to_json(), registry=reg)
    assert [r.outcome for r in replayed.state.score_sheet] == before
    if variant != "in-between":  # the rummy games name each deal's winner (or knocker)
        assert all("winner" in o or "knocker" in o for o in seen)
