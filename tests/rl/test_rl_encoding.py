"""The derived encodings: the catalogue against an independent reading of the action
texts, the mask against the legal actions at every step, no leak of hidden cards, the
bet abstraction against amounts worked out by hand, and the lazy imports."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import hoyle
import hoyle.rl
import numpy as np
import pytest
from hoyle import Action, Card, Deck
from hoyle.errors import IllegalActionError, InvalidArgumentError
from hoyle.rl.catalogue import BetAbstraction, Catalogue, Template, bet_range, template_of
from hoyle.rl.encoding import PASS_REACTION
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rl_cases import VARIANTS, players_of, short_options


def table_for(variant: str, seed: int) -> hoyle.rl.Table:
    enc = hoyle.rl.encoding(variant, players_of(variant), short_options(variant))
    return hoyle.rl.Table.new(enc, seed)


def expected_name(action: Action) -> str | None:
    """The catalogue name an action must have, read from its text alone (None for
    amounts and choices, whose slot depends on the other legal actions)."""
    if action.amount is not None or action.target is not None or len(action.cards) > 1:
        return None
    if action.cards:  # a card's copies (several packs) share its slot; jokers share one
        card = action.cards[0]
        face = "joker" if card.is_joker else str(card.face)
        return " ".join(w for w in (action.kind, action.source, face) if w is not None)
    return action.text


@pytest.mark.parametrize("variant", VARIANTS)
def test_mask_is_the_legal_actions_through_the_catalogue(variant: str) -> None:
    for seed in range(2):
        table = table_for(variant, seed)
        cat = table.enc.catalogue
        rng = random.Random(seed)
        for _ in range(300):
            if table.over:
                break
            mask, slots, game = table.mask(), table.slots(), table.game
            assert mask.dtype == np.int8 and mask.shape == (cat.size,)
            assert set(np.flatnonzero(mask)) == set(slots)
            seat = table.seat
            legal = game.legal_actions(seat)
            if table.reacting:  # only the out-of-turn kinds are offered (docs/rl.md, reactions)
                legal = [a for a in legal if template_of(a) in table.enc.reaction_templates]
            for slot, action in slots.items():
                if action is None:  # the reaction phase's pass
                    assert table.reacting and cat.names[slot] == "(no reaction)"
                    continue
                name = expected_name(action)
                if name is not None:
                    assert cat.names[slot] == name
                if action not in legal:  # a bet size inside the range: the variant must accept it
                    game.clone().act(action, seat=seat)
            reached = {cat.names[s] for s, a in slots.items() if a is not None}
            for action in legal:
                name = expected_name(action)
                if name is not None and name.split(" ", 1)[0] != "(no":
                    assert name in reached, action
            amounts: dict[str, list[int]] = {}
            for a in legal:
                if a.amount is not None:
                    amounts.setdefault(a.kind, []).append(a.amount)
            for kind, listed in amounts.items():
                offered = {a.amount for a in slots.values() if a is not None and a.kind == kind}
                assert min(listed) in offered and max(listed) in offered, (kind, listed, offered)
            table.step(rng.choice(sorted(slots)))


def hide_and_shuffle(game: hoyle.Game, seat: int, rng: random.Random) -> hoyle.Game:
    """A copy of ``game`` whose cards hidden from ``seat`` are dealt anew among the zones
    that hold them (each zone keeps its size)."""
    other = game.clone()
    zones = [z for z in other.state.zones.values() if not z.visible_to(seat) and z.cards]
    pool = [c for z in zones for c in z.cards]
    rng.shuffle(pool)
    for z in zones:
        n = len(z.cards)
        z.cards[:], pool = pool[:n], pool[n:]
    return other


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    variant=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 80),
    shuffle=st.integers(0, 2**32),
)
def test_hidden_cards_never_reach_an_observation(variant: str, seed: int, steps: int, shuffle: int) -> None:
    table = table_for(variant, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if table.over:
            break
        table.step(rng.choice(sorted(table.slots())))
    for seat in range(table.enc.players):
        twin = hoyle.rl.Table(table.enc, hide_and_shuffle(table.game, seat, random.Random(shuffle)))
        twin.pending, twin.stuck = list(table.pending), table.stuck
        assert np.array_equal(table.observe(seat), twin.observe(seat))
        if table.seat == seat:
            assert np.array_equal(table.mask(), twin.mask())


def test_the_probe_of_a_shuffle_sees_a_difference() -> None:
    """The no-leak test can fail: the same comparison on a seat's OWN hidden-from-others
    cards differs (seat 1's observation of seat 0's hand would be a leak)."""
    table = table_for("gin-rummy", 1)
    twin = hoyle.rl.Table(table.enc, hide_and_shuffle(table.game, 1, random.Random(5)))
    assert np.array_equal(table.observe(1), twin.observe(1))
    assert not np.array_equal(table.observe(0), twin.observe(0))


def test_card_planes_count_what_the_seat_sees() -> None:
    deck = Deck("As 2s 3s 4s 5s 6s 7s 8s 9s Ts " + "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th " + "Kc Qd")
    enc = hoyle.rl.encoding("gin-rummy", options={"deals": 1})
    full = [str(c) for c in Deck.standard()]
    rest = [c for c in full if c not in str(deck).split()]
    game = hoyle.new_game("gin-rummy", seed=1, options={"deals": 1}, deck=Deck(" ".join([*str(deck).split(), *rest])))
    obs = enc.layout.encode(game.state, 0)
    lay = enc.layout
    hand0 = set(game.state.zone("hand:0").cards)
    hand1 = set(game.state.zone("hand:1").cards)
    own = obs[lay.offsets["cards[hand:self]"] : lay.offsets["cards[hand:self]"] + 52]
    theirs = obs[lay.offsets["cards[hand:+1]"] : lay.offsets["cards[hand:+1]"] + 52]
    assert {Card.from_index(i) for i in np.flatnonzero(own)} == hand0
    assert not theirs.any()
    top = game.state.zone("discard").cards[-1]
    t = lay.offsets["top[discard]"]
    assert list(np.flatnonzero(obs[t : t + 52])) == [top.index]
    counts = obs[lay.offsets["counts"] : lay.offsets["counts"] + len(lay.groups)]
    by_group = dict(zip(lay.groups, counts))
    assert by_group["hand:self"] == len(hand0) and by_group["hand:+1"] == len(hand1)
    assert by_group["stock"] == len(game.state.zone("stock").cards)


def test_seat_relative_blocks() -> None:
    enc = hoyle.rl.encoding("texas-holdem", players=3)
    game = hoyle.new_game("texas-holdem", players=3, seed=4, stacks=[100, 200, 300])
    lay = enc.layout
    for seat in range(3):
        obs = enc.layout.encode(game.state, seat)
        stacks = obs[lay.offsets["stacks"] : lay.offsets["stacks"] + 3]
        assert list(stacks) == [game.state.stacks[(seat + i) % 3] for i in range(3)]
        to_act = obs[lay.offsets["to_act"] : lay.offsets["to_act"] + 4]
        assert int(np.flatnonzero(to_act)[0]) == (game.state.to_act - seat) % 3
        assert obs[lay.offsets["seat"] + seat] == 1


def test_bet_abstraction_amounts_by_hand() -> None:
    bets = BetAbstraction(("min", 0.5, 1.0, 2.0, "all-in"))
    public = {"bets": [2, 1]}  # seat 1, the small blind, to act; 3 in the pot
    # 1/2 pot: 2 + 0.5 * (3 + 1) = 4; pot: 2 + 4 = 6; 2x: 2 + 8 = 10; min 4, all-in 200
    assert [bets.amount(s, 4, 200, public, 3, 1) for s in bets.sizes] == [4, 4, 6, 10, 200]
    assert bets.amount(1.0, 4, 5, public, 3, 1) == 5  # clamped to the range
    # the big blind, facing a raise to 6 (pot 8): calls 4, pot after 12, raises to 6 + 12
    assert bets.amount(1.0, 10, 200, {"bets": [2, 6]}, 8, 0) == 18
    assert bets.labels == ("min", "1/2 pot", "pot", "2 pot", "all-in")
    with pytest.raises(InvalidArgumentError, match="bet size 'half'"):
        BetAbstraction(("half",))  # type: ignore[arg-type]


def test_an_unknown_named_bet_size_asked_for_is_an_error_naming_it() -> None:
    """A size passed to ``amount``/``amounts`` is checked as the constructor checks its
    own: a name other than 'min' or 'all-in' is refused by name (it was a TypeError
    from adding the text to a number)."""
    bets = BetAbstraction()
    for pot in (0, 3):
        with pytest.raises(InvalidArgumentError, match="bet size 'half'"):
            bets.amount("half", 4, 200, {"bets": [2, 1]}, pot, 1)
    with pytest.raises(InvalidArgumentError, match="bet size 'max'"):
        bets.amounts(4, 200, {}, 3, 0, ("min", "max"))


def test_bet_range_reads_public_range_and_falls_back_to_listed() -> None:
    listed = [Action("raise", amount=4), Action("raise", amount=200)]
    assert bet_range({"range": [4, 200]}, listed) == (4, 200)
    assert bet_range({}, listed) == (4, 200)
    assert bet_range({"range": [6, 100]}, listed) == (4, 200)  # inconsistent: the listed ones win


def test_holdem_slots_give_the_exact_amounts() -> None:
    table = table_for("texas-holdem", 1)  # heads-up: seat 1 (button, small blind) acts first
    slots = table.slots()
    by_name = {table.enc.catalogue.names[s]: a for s, a in slots.items()}
    assert by_name["raise min"] == Action("raise", amount=4)
    assert by_name["raise pot"] == Action("raise", amount=6)  # 2 + (3 + 1)
    assert by_name["raise all-in"] == Action("raise", amount=200)
    assert by_name["fold"] == Action("fold") and by_name["call"] == Action("call")
    slot = next(s for s, a in slots.items() if a == Action("raise", amount=6))
    table.step(slot)
    assert table.game.events[-2].data["action"] == "raise to 6"


def test_a_bad_slot_raises_and_changes_nothing() -> None:
    table = table_for("gin-rummy", 2)
    before = table.game.to_json()
    bad = int(np.flatnonzero(table.mask() == 0)[0])
    with pytest.raises(InvalidArgumentError, match=f"slot {bad} is not legal now"):
        table.step(bad)
    assert table.game.to_json() == before


def test_catalogue_templates_and_bad_arguments() -> None:
    cat = Catalogue([Template("draw", "stock", "plain"), Template("discard", None, "card")], width=53)
    assert cat.size == 1 + 53 and cat.names[-1] == "discard joker"
    assert cat.names[1 + Card("Td").index] == "discard Td"
    with pytest.raises(InvalidArgumentError, match="shape must be"):
        Catalogue([Template("x", None, "blob")], width=52)
    with pytest.raises(InvalidArgumentError, match="max_choices=0"):
        Catalogue([], width=52, max_choices=0)


def test_choices_are_in_canonical_order() -> None:
    cat = Catalogue([Template("meld", None, "choice")], width=52, max_choices=2)
    melds = [Action("meld", tuple(Card(c) for c in m.split())) for m in ("9h 9d 9c", "2s 3s 4s", "5c 5d 5h 5s")]
    slots = cat.slots(melds, {}, 0, 0)
    # three-card melds first, then by card index (clubs 0-12, diamonds, hearts, spades 39-51):
    # 9h 9d 9c is (33, 20, 7), 2s 3s 4s (39, 40, 41); only max_choices of them get a slot
    assert [str(slots[i]) for i in sorted(slots)] == ["meld 9h 9d 9c", "meld 2s 3s 4s"]


def test_refinements_add_templates_and_features() -> None:
    gin = hoyle.rl.encoding("gin-rummy", options={"deals": 1})
    assert ("knock", None, "card") in gin.catalogue.base
    names = [f["name"] for f in gin.describe()["observation"]]
    assert "discard_order" in names and "bet_history" not in names
    holdem = hoyle.rl.encoding("texas-holdem")
    assert "bet_history" in [f["name"] for f in holdem.describe()["observation"]]


def test_discard_order_plane() -> None:
    enc = hoyle.rl.encoding("500-rum")
    game = hoyle.new_game("500-rum", seed=3)
    pile = game.state.zone("discard").cards
    pile[:] = [Card("2c"), Card("7h"), Card("Ks")]  # bottom to top
    obs = enc.layout.encode(game.state, 0)
    at = enc.layout.offsets["discard_order"]
    plane = obs[at : at + 53]
    assert plane[Card("Ks").index] == 1.0 and plane[Card("7h").index] == 0.5
    assert plane[Card("2c").index] == pytest.approx(1 / 3)
    assert np.count_nonzero(plane) == 3


def test_bet_history_by_street() -> None:
    enc = hoyle.rl.encoding("texas-holdem")
    table = hoyle.rl.Table.new(enc, 1)
    names = enc.catalogue.names

    def take(name: str) -> None:
        table.step(next(s for s, a in table.slots().items() if names[s] == name))

    take("call")  # seat 1 completes the small blind: 2 each preflop
    take("check")
    take("bet min")  # flop: seat 0 (the big blind acts first after the flop) bets 2
    take("call")
    at = enc.layout.offsets["bet_history"]
    obs = table.observe(0)[at : at + 15]
    # streets x (observer, other): preflop 2, 2; flop 2, 2; then raises per street
    assert list(obs[:4]) == [2, 2, 2, 2] and not obs[4:10].any()
    assert list(obs[10:15]) == [0, 1, 0, 0, 0]


def test_reaction_phase_asks_the_other_seat_about_a_slap() -> None:
    enc = hoyle.rl.encoding("egyptian-ratscrew", options={"max_turns": 300})
    assert enc.reactions and PASS_REACTION in enc.catalogue.base
    rest = [c for c in Deck.standard() if str(c) not in ("5h", "5c")]
    deck = Deck(" ".join([*map(str, rest), "5h", "5c"]))  # dealt last: 5h on top of seat 0's, 5c of seat 1's
    game = hoyle.new_game("egyptian-ratscrew", seed=1, options={"max_turns": 300}, deck=deck)
    table = hoyle.rl.Table(enc, game)
    play = enc.catalogue.base[("play", None, "plain")]
    slap = enc.catalogue.base[("slap", None, "plain")]
    pass_ = enc.catalogue.base[PASS_REACTION]
    top0 = game.state.zone("hand:0").cards[-1]
    table.step(play)  # seat 0 plays: each seat is asked from its left, seat 1 first, seat 0 last
    assert table.reacting and table.seat == 1 and set(table.slots()) == {slap, pass_}
    table.step(pass_)
    assert table.reacting and table.seat == 0 and set(table.slots()) == {slap, pass_}
    table.step(pass_)
    assert table.seat == 1 and not table.reacting and play in table.slots()  # seat 1's own turn
    top1 = game.state.zone("hand:1").cards[-1]
    table.step(play)
    assert [str(c) for c in game.state.zone("pile").cards] == [str(top0), str(top1)]
    assert top0.rank == top1.rank == "5"  # the rigged double
    assert table.reacting and table.seat == 0  # seat 0, asked first, slaps and wins the pile
    hand0 = len(game.state.zone("hand:0").cards)
    table.step(slap)
    assert not game.state.zone("pile").cards and len(game.state.zone("hand:0").cards) == hand0 + 2
    # nothing is left to slap, so seat 1 is not asked; the slapper leads
    assert not table.reacting and table.seat == 0 and set(table.slots()) == {play}


def test_import_hoyle_imports_no_rl_library() -> None:
    code = "import sys, hoyle; hoyle.new_game('war'); import hoyle.rl; hoyle.rl.encoding('war'); " + (
        "print(sorted(m for m in ('pettingzoo', 'gymnasium', 'pyspiel', 'hoyle.rl.aec') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
    code = "import sys, hoyle; hoyle.new_game('war'); print('hoyle.rl' in sys.modules)"
    assert (
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
        == "False"
    )


def test_unknown_variant_and_bad_options_are_errors() -> None:
    with pytest.raises(hoyle.errors.UnknownVariantError, match="nope"):
        hoyle.rl.encoding("nope")
    with pytest.raises(hoyle.errors.InvalidOptionError, match="bogus"):
        hoyle.rl.encoding("war", options={"bogus": 1})
    with pytest.raises(IllegalActionError):
        table_for("war", 1).game.act("fold")


# --- the Rust encoder against a model of docs/rl.md -------------------------------------------


def model_observation(enc: hoyle.rl.Encoding, state: hoyle.engine.state.State, seat: int) -> np.ndarray:
    """docs/rl.md's observation, written out plainly from the layout's field offsets
    (not its encoder): planes, tops, scalars, public numbers, then each feature's own
    ``write``."""
    from hoyle.rl.observation import classify_zone

    lay, n = enc.layout, enc.players
    obs = np.zeros(lay.size, np.float64)
    for name, zone in state.zones.items():
        g = classify_zone(name, zone, lay.seat_numbered)
        if g.seat is None:
            label = g.base
        else:
            rel = (g.seat - seat) % n
            head, star, _ = g.base.partition(":*")
            label = f"{head}:{'self' if rel == 0 else f'+{rel}'}{star}"
        if label not in lay.groups or not zone.cards:
            continue
        obs[lay.offsets["counts"] + lay.groups.index(label)] += len(zone.cards)
        if f"cards[{label}]" in lay.offsets and zone.visible_to(seat):
            for card in zone.cards:
                obs[lay.offsets[f"cards[{label}]"] + (52 if card.is_joker else card.index)] += 1
            if f"top[{label}]" in lay.offsets:
                top = zone.cards[-1]
                obs[lay.offsets[f"top[{label}]"] + (52 if top.is_joker else top.index)] += 1
    obs[lay.offsets["seat"] + seat] = 1
    obs[lay.offsets["to_act"] + (n if state.to_act is None else (state.to_act - seat) % n)] = 1
    phases = list(lay.phases)
    obs[lay.offsets["phase"] + (phases.index(state.phase) if state.phase in phases else len(phases))] = 1
    obs[lay.offsets["deal"]], obs[lay.offsets["pot"]] = state.deal_number, state.pot
    for name, values in (("stacks", state.stacks), ("committed", state.committed), ("scores", state.scores)):
        for i in range(n):
            obs[lay.offsets[name] + i] = values[(seat + i) % n]
    for key, length in lay.public.items():
        value = state.public.get(key)
        values = [value] if length == 0 else (value[:length] if type(value) is list else [])
        for i, v in enumerate(values):
            if v is not None and type(v) in (int, float, bool):
                obs[lay.offsets[f"public.{key}"] + i] = v
    out = obs.astype(np.float32)
    for feature in lay.features:
        at = lay.offsets[feature.name]
        block = np.zeros(feature.size, np.float32)
        feature.write(state, seat, block)
        out[at : at + feature.size] = block
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_observations_match_the_documented_model(variant: str) -> None:
    enc = hoyle.rl.encoding(variant, players_of(variant), short_options(variant))
    for seed in range(2):
        table = hoyle.rl.Table.new(enc, seed)
        rng = random.Random(seed)
        for _ in range(120):
            for seat in range(enc.players):
                assert np.array_equal(table.observe(seat), model_observation(enc, table.game.state, seat))
            if table.over:
                break
            table.step(rng.choice(sorted(table.slots())))


def test_the_model_sees_a_wrong_entry() -> None:
    """The model comparison can fail: one count changed is a difference."""
    enc = hoyle.rl.encoding("gin-rummy", options={"deals": 1})
    game = hoyle.new_game("gin-rummy", seed=2, options={"deals": 1})
    obs = enc.layout.encode(game.state, 0)
    obs[enc.layout.offsets["counts"]] += 1
    assert not np.array_equal(obs, model_observation(enc, game.state, 0))


def test_batch_and_buffer_encodings_equal_one_at_a_time() -> None:
    enc = hoyle.rl.encoding("texas-holdem")
    tables = [hoyle.rl.Table.new(enc, s) for s in range(5)]
    rng = random.Random(3)
    for t in tables[::2]:
        t.step(rng.choice(sorted(t.slots())))
    states = [t.game.state for t in tables]
    seats = [0, 1, 0, 1, 1]
    out = np.full((5, enc.observation_size), 7.0, np.float32)
    enc.layout.encode_batch(states, seats, out)
    for row, state, seat in zip(out, states, seats):
        assert np.array_equal(row, enc.layout.encode(state, seat))
    buffer = np.full(enc.observation_size, 7.0, np.float32)
    assert enc.layout.encode(states[1], 0, buffer) is buffer
    assert np.array_equal(buffer, enc.layout.encode(states[1], 0))


def test_the_rust_encoder_rejects_bad_arguments_and_changes_nothing() -> None:
    enc = hoyle.rl.encoding("war")
    native = enc.layout._native
    state = hoyle.new_game("war", seed=1).state
    buffer = np.zeros(enc.observation_size, np.float32)
    with pytest.raises(InvalidArgumentError, match="out"):
        native.encode_into(state, 0, np.zeros(enc.observation_size, np.float64))
    with pytest.raises(InvalidArgumentError, match="out"):
        native.encode_into(state, 0, np.zeros(enc.observation_size + 1, np.float32))
    with pytest.raises(InvalidArgumentError, match="seat"):
        native.encode_into(state, 2, buffer)
    with pytest.raises(InvalidArgumentError, match="index"):
        native.encode_into(state, 0, buffer, [enc.observation_size], [1.0])
    with pytest.raises(InvalidArgumentError, match="one value per index"):
        native.encode_into(state, 0, buffer, [0, 1], [1.0])
    with pytest.raises(InvalidArgumentError, match="shape"):
        native.encode_batch([state], [0], np.zeros((2, enc.observation_size), np.float32))
    assert not buffer.any()
    from hoyle._core import action_mask

    assert action_mask(4, {1: None, 3: None}).tolist() == [0, 1, 0, 1]
    with pytest.raises(InvalidArgumentError, match=r"slot is 0\.\.4"):
        action_mask(4, [4])


def test_fixed_limit_bet_slots_take_only_the_listed_amounts() -> None:
    """Seven-card stud, seed 11: an open pair on fourth street lets the first to act bet
    2 or 4 (the range [2, 4], nothing between): every bet slot is one of the two."""
    enc = hoyle.rl.encoding("seven-card-stud")
    table = hoyle.rl.Table.new(enc, 11)
    rng = random.Random(11)
    while not table.over:
        public = table.game.state.public
        if public.get("range") == [2, 4] and public.get("structure") == "fixed-limit":
            break
        table.step(rng.choice(sorted(table.slots())))
    assert not table.over, "seed 11 no longer reaches the open-pair bet"
    listed = {a.amount for a in table.game.legal_actions() if a.amount is not None}
    assert listed == {2, 4}
    bets = {enc.catalogue.names[s]: a for s, a in table.slots().items() if a.amount is not None}
    assert {a.amount for a in bets.values()} == {2, 4}
    assert bets["bet min"].amount == 2 and bets["bet all-in"].amount == 4
    assert bets["bet 1/2 pot"].amount in (2, 4)  # 3 would be refused: "fixed limit: bet to 2 or 4"


def test_bet_history_follows_many_games_at_once() -> None:
    """One encoding serves many games (a vector env): each game's history is its own."""
    from hoyle_poker.rl_encoding import BetHistory

    enc = hoyle.rl.encoding("texas-holdem")
    shared = next(f for f in enc.layout.features if f.name == "bet_history")
    tables = [hoyle.rl.Table.new(enc, s) for s in range(6)]
    rng = random.Random(0)
    for _ in range(12):
        for t in tables:
            if t.over:
                continue
            t.step(rng.choice(sorted(t.slots())))
            for seat in (0, 1):
                assert shared.values(t.game.state, seat) == BetHistory(2).values(t.game.state, seat)


def test_order_plane_equals_the_features_own_write() -> None:
    from hoyle_rummy.rl_encoding import DiscardOrder

    enc = hoyle.rl.encoding("500-rum")
    at = enc.layout.offsets["discard_order"]
    table = hoyle.rl.Table.new(enc, 4)
    rng = random.Random(4)
    for _ in range(60):
        if table.over:
            break
        block = np.zeros(53, np.float32)
        DiscardOrder().write(table.game.state, 0, block)
        assert np.array_equal(table.observe(0)[at : at + 53], block)
        table.step(rng.choice(sorted(table.slots())))


@pytest.mark.parametrize("path", ["slots", "mask"])
def test_remembered_bet_slots_follow_every_input(path: str) -> None:
    """The bet slots of a decision are remembered (by the catalogue for ``slots``, by
    the Rust index for ``mask``): asked again with one input changed (the pot, this
    street's bets, the range, the listed actions, the seat, the structure), the amounts
    are the ones worked out by hand for the new input."""
    cat = Catalogue([Template("fold", None, "plain"), Template("raise", None, "bet")], width=52)
    base = cat.base[Template("raise", None, "bet")]
    listed = [Action("fold"), Action("raise", amount=4), Action("raise", amount=200)]

    def amounts(public: dict[str, object], pot: int, seat: int = 1, legal: list[Action] = listed) -> list[int | None]:
        if path == "slots":
            slots = cat.slots(legal, public, pot, seat)
        else:
            mask, extra, marked = cat.mask(legal, public, pot, seat)
            assert extra is not None
            slots = {cat.base[Template("fold", None, "plain")]: legal[0], **extra}
            assert sorted(np.flatnonzero(mask)) == sorted(slots) and marked == len(slots)
        return [slots[base + i].amount for i in range(4)]

    heads_up = {"bets": [2, 1], "range": [4, 200]}
    # min 4; 1/2 pot: 2 + 0.5 * (3 + 1) = 4; pot: 2 + 4 = 6; all-in 200
    assert amounts(heads_up, 3) == [4, 4, 6, 200]
    assert amounts(heads_up, 3) == [4, 4, 6, 200]  # the remembered answer
    assert amounts(heads_up, 11) == [4, 8, 14, 200]  # pot 11: 2 + 0.5 * 12, 2 + 12
    assert amounts({"bets": [6, 1], "range": [4, 200]}, 3) == [4, 10, 14, 200]  # top 6, 8 after calling: 6 + 4, 6 + 8
    assert amounts({"bets": [2, 1], "range": [2, 300]}, 3) == [2, 4, 6, 300]
    assert amounts(heads_up, 3, seat=0) == [4, 4, 5, 200]  # seat 0 has 2 in: 2 + 0.5 * 3 = 3 -> 4; 2 + 3
    fixed = {**heads_up, "structure": "fixed-limit"}
    assert amounts(fixed, 3) == [4, 4, 4, 200]  # only the listed 4 and 200
    fewer = [Action("fold"), Action("raise", amount=4), Action("raise", amount=8)]
    assert amounts({**fixed, "range": [4, 8]}, 3, legal=fewer) == [4, 4, 4, 8]
    unreadable = {"bets": [[2], 1], "range": [4, 200]}  # unhashable too: worked out every time
    assert amounts(unreadable, 3) == [4, 4, 4, 200]  # no bets read: 0 + 0.5 * 3 -> 4, 0 + 3 -> 4


def test_slot_index_maps_learnt_actions_and_refuses_bad_limits() -> None:
    from hoyle._core import SlotIndex

    index = SlotIndex(limit=4)
    stock, fold, raise_ = Action("draw", source="stock"), Action("fold"), Action("raise", amount=4)
    assert index.map([stock]) is None  # nothing learnt yet
    index.learn(stock, 0)
    index.learn(fold, -2)  # no slot
    bet = Template("raise", None, "bet")
    index.learn(raise_, -1, bet)  # a bet: its slot depends on the others of its template
    to_200 = Action("raise", amount=200)
    index.learn(to_200, -1, bet)
    assert index.map([to_200, fold, stock, raise_]) == ({0: stock}, {bet: [to_200, raise_]})
    assert index.map([Action("draw", source="stock")]) is None  # an equal action, another object
    index.learn(Action("fold"), 5)  # the fifth: the index empties first
    assert len(index) == 1 and index.map([stock]) is None
    with pytest.raises(InvalidArgumentError, match="limit"):
        SlotIndex(limit=0)
    with pytest.raises(InvalidArgumentError, match="group"):
        index.learn(raise_, -1)
    assert len(index) == 1  # unchanged


def test_two_actions_for_one_slot_take_the_first_listed_whatever_was_learnt() -> None:
    """Two copies of the queen of spades share a card slot: the first listed takes it,
    whether the catalogue learnt them in that order or the other (the Rust index and the
    Python loop agree)."""
    cat = Catalogue([Template("discard", None, "card")], width=52)
    q0 = Card("Qs")
    q1 = Card.from_index(q0.index, copy=1)
    a0, a1 = Action("discard", cards=(q0,)), Action("discard", cards=(q1,))
    assert cat.slots([a1, a0], {}, 0, 0) == {q0.index: a1}  # learnt: a1 first
    assert cat.slots([a0, a1], {}, 0, 0) == {q0.index: a0}  # mapped by the index
    assert cat.slots([a1, a0], {}, 0, 0)[q0.index] is a1


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_one_call_mask_and_action_at_equal_the_slot_dict(variant: str) -> None:
    """Table.mask (the legal actions mapped and the mask made in one Rust call) marks
    exactly the slots of Table.slots, and action_at gives each slot's action, at every
    step of random games; a slot not legal is a KeyError."""
    enc = hoyle.rl.encoding(variant, players_of(variant), short_options(variant))
    for seed in range(2):
        table = hoyle.rl.Table.new(enc, seed)
        rng = random.Random(seed)
        for _ in range(150):
            if table.over:
                break
            mask = table.mask()
            table.unmap()
            slots = table.slots()
            assert sorted(np.flatnonzero(mask)) == sorted(slots)
            table.unmap()  # action_at maps again, without the dict
            for slot in range(enc.action_size):
                if slot in slots:
                    assert table.action_at(slot) is slots[slot]
                else:
                    with pytest.raises(KeyError):
                        table.action_at(slot)
            table.step(rng.choice(sorted(slots)))


def test_action_at_survives_the_catalogue_forgetting_between_mask_and_step() -> None:
    """A catalogue shared by several tables forgets at its limit (a new index): a table
    that made its mask before still takes the action the mask offered."""
    enc = hoyle.rl.encoding("gin-rummy", options={"deals": 1})
    table = hoyle.rl.Table.new(enc, 4)
    mask = table.mask()
    slot = int(np.flatnonzero(mask)[0])
    expected = table.slots()[slot]
    table.unmap()
    table.mask()
    cat = enc.catalogue
    cat._known.clear()
    cat.index = type(cat.index)(64)  # what _learn does at the limit
    assert table.action_at(slot) is expected
    table.unmap()
    table.mask()  # maps again through the new, empty index: learns them
    assert table.action_at(slot) is expected
    assert len(cat.index) > 0


def test_mask_with_bets_marks_the_bet_slots() -> None:
    enc = hoyle.rl.encoding("texas-holdem")
    table = hoyle.rl.Table.new(enc, 2)
    mask = table.mask()
    names = {enc.catalogue.names[s] for s in np.flatnonzero(mask)}
    assert {"raise min", "raise all-in", "fold", "call"} <= names, names
    for s in np.flatnonzero(mask):
        action = table.action_at(int(s))
        assert action is not None and action.kind == enc.catalogue.names[s].split(" ")[0]


def test_an_encoder_busy_in_another_call_encodes_from_its_own_table() -> None:
    """The encoder keeps its table for a call; a call made while it is held (here the
    zone callback encodes again, as another thread could while Python runs) works from
    an empty table of its own and gives the same observation."""
    from hoyle._core import ObservationEncoder

    enc = hoyle.rl.encoding("gin-rummy", options={"deals": 1})
    lay = enc.layout
    state = hoyle.new_game("gin-rummy", seed=5, options={"deals": 1}).state
    inner: list[np.ndarray] = []
    calls: list[str] = []

    def resolve(name: str, zone: Any, seat: int) -> tuple[int, int, int]:
        calls.append(name)
        if len(calls) == 1:
            inner.append(native.encode(state, seat))  # re-entered: the table is held
        return lay._slots_of(name, zone, seat)

    native = ObservationEncoder(
        lay.size,
        lay.players,
        lay.offsets["seat"],
        {p: i for i, p in enumerate(lay.phases)},
        [(key, off, length) for key, off, length in lay._public_items],
        [("discard", lay.offsets["discard_order"])],
        resolve,
    )
    outer = native.encode(state, 0)
    assert inner and np.array_equal(inner[0], outer)
    assert np.array_equal(outer, model_observation(enc, state, 0))
    asked = len(calls)  # the inner call asked about every zone again (its own table)
    assert np.array_equal(native.encode(state, 0), outer) and len(calls) == asked  # the outer's table kept


def test_the_encoders_caches_by_address_give_the_same_observation_when_emptied() -> None:
    """Zone names and public keys are looked up by the string object's address (4096 at
    most, then emptied): thousands of new name objects later, the observation is still
    the model's."""
    enc = hoyle.rl.encoding("gin-rummy", options={"deals": 1})
    for seed in range(3000):  # new games: new zone-name strings each time
        game = hoyle.new_game("gin-rummy", seed=seed, options={"deals": 1})
        obs = enc.layout.encode(game.state, seed % 2)
        if seed % 500 == 0:
            assert np.array_equal(obs, model_observation(enc, game.state, seed % 2))


@pytest.mark.parametrize("variant", ["texas-holdem", "seven-card-stud", "gin-rummy", "war"])
def test_the_quick_encoder_equals_the_documented_model(variant: str) -> None:
    """Layout.encoder (what the AEC env calls: the Rust method itself, or with the one
    feature's values as a block, or with the features' add entries) gives the model's
    observation at every step."""
    if variant not in VARIANTS:
        pytest.skip(f"{variant} is not installed")
    enc = hoyle.rl.encoding(variant, players_of(variant), short_options(variant))
    table = hoyle.rl.Table.new(enc, 1)
    rng = random.Random(1)
    for _ in range(80):
        for seat in range(enc.players):
            obs = enc.layout.encoder(table.game.state, seat)
            assert np.array_equal(obs, model_observation(enc, table.game.state, seat))
        if table.over:
            break
        table.step(rng.choice(sorted(table.slots())))
    assert getattr(enc.layout.encoder, "__self__", None) is not enc.layout  # a quicker form than Layout.encode


def test_the_encoder_reads_public_keys_and_zones_in_any_order() -> None:
    """The encoder remembers the order of the last state's public keys and zones: a
    state listing them in another order (or with other key objects) is still read right."""
    enc = hoyle.rl.encoding("gin-rummy", options={"deals": 1})
    state = hoyle.new_game("gin-rummy", seed=8, options={"deals": 1}).state
    expected = [model_observation(enc, state, seat) for seat in (0, 1)]
    for _ in range(2):
        for seat in (0, 1):
            assert np.array_equal(enc.layout.encode(state, seat), expected[seat])
        state.public = dict(reversed(list(state.public.items())))
        state.zones = dict(reversed(list(state.zones.items())))
    state.public = {"".join(list(k)): v for k, v in state.public.items()}  # equal keys, other objects
    state.public["target"] = 250
    assert enc.layout.encode(state, 0)[enc.layout.offsets["public.target"]] == 250
    assert np.array_equal(enc.layout.encode(state, 1), model_observation(enc, state, 1))
