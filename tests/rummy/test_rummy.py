"""hoyle.rummy: rules cases from docs/rules/rummy.md (C0-C5), errors, and an independent brute force.

The brute force here (every partition of a hand into melds and deadwood, melds checked
from the rules' text) is a second, Python reference next to the Rust one in
``rust/rummy/brute.rs``; both must agree with the engine.
"""

from __future__ import annotations

import itertools
import random
import threading
from functools import cache
from math import comb

import hoyle
import numpy as np
import pytest
from hoyle import Card, CardSet, errors, rummy
from hoyle.rummy import MeldRules


def cards(text: str) -> list[Card]:
    return [Card(t) for t in text.split()]


def names(cs) -> list[str]:
    return [str(c) for c in cs]


# ---- an independent reference ---------------------------------------------------------

RANKS = "23456789TJQKA"


def rank(c: Card) -> int:
    return RANKS.index(c.rank)


def lines(ace: str, n: int) -> list[list[int]]:
    low = [12, *list(range(12))]
    if ace == "low":
        seqs = [low[s : s + n] for s in range(13 - n + 1)]
    elif ace == "high":
        seqs = [list(range(13))[s : s + n] for s in range(13 - n + 1)]
    elif ace == "high_or_low":
        both = [12, *list(range(13))]
        seqs = [both[s : s + n] for s in range(14 - n + 1)]
    else:
        seqs = [[low[(s + k) % 13] for k in range(n)] for s in range(13)]
    return [q for q in seqs if len(set(q)) == len(q) == n]


def is_wild(c: Card, rules: MeldRules) -> bool:
    return c.is_joker or c.rank in rules.wild_ranks


def is_set(cs: list[Card], rules: MeldRules) -> bool:
    nat = [c for c in cs if not is_wild(c, rules)]
    w = len(cs) - len(nat)
    if not nat or not rules.min_set <= len(cs) <= rules.max_set:
        return False
    if rules.max_wilds_set is not None and w > rules.max_wilds_set:
        return False
    if len({c.rank for c in nat}) != 1:
        return False
    if rules.set_distinct_suits and (len(cs) > 4 or len({c.suit for c in nat}) != len(nat)):
        return False
    return True


def is_run(cs: list[Card], rules: MeldRules) -> bool:
    nat = [c for c in cs if not is_wild(c, rules)]
    w = len(cs) - len(nat)
    if not nat or not rules.min_run <= len(cs) <= 13:
        return False
    if rules.max_wilds_run is not None and w > rules.max_wilds_run:
        return False
    if len({c.suit for c in nat}) != 1 or len({c.rank for c in nat}) != len(nat):
        return False
    ranks = {rank(c) for c in nat}
    return any(ranks <= set(q) for q in lines(rules.ace, len(cs)))


def is_meld(cs: list[Card], rules: MeldRules) -> bool:
    return is_set(cs, rules) or is_run(cs, rules)


def brute(hand: list[Card], rules: MeldRules, discard: bool = False) -> int:
    """Least deadwood over every partition (optionally with one card discarded)."""
    n = len(hand)
    melds = [m for m in range(1, 1 << n) if is_meld([hand[i] for i in range(n) if m >> i & 1], rules)]
    values = [rules.value(c) for c in hand]

    @cache
    def go(mask: int, used: bool) -> float:
        if mask == 0:
            return 0 if used or not discard else float("inf")
        i = (mask & -mask).bit_length() - 1
        bit = 1 << i
        best = values[i] + go(mask & ~bit, used)
        if discard and not used:
            best = min(best, go(mask & ~bit, True))
        for m in melds:
            if m & bit and m & mask == m:
                best = min(best, go(mask & ~m, used))
        return best

    return int(go((1 << n) - 1, False))


def random_hand(rng: random.Random, n: int, packs: int = 1, jokers: int = 0, dense: bool = False) -> list[Card]:
    pool = list(hoyle.Deck.standard(packs, jokers))
    if dense:
        start = rng.randrange(13)
        window = {RANKS[(start + k) % 13] for k in range(3 + rng.randrange(2) + packs - 1)}
        pool = [c for c in pool if c.is_joker or c.rank in window]
    return rng.sample(pool, n)


# ---- scripted rules cases ----------------------------------------------------------------


def test_seven_in_the_set_or_the_run_never_both() -> None:
    arr = rummy.best_melds("7d 7s 7h 8h 9h")
    assert arr.deadwood_value == 14
    assert [m.kind for m in arr.melds] == ["run"]
    assert names(arr.melds[0].cards) == ["7h", "8h", "9h"]
    assert names(arr.deadwood) == ["7d", "7s"]
    assert str(arr) == "[7h 8h 9h] | deadwood 7d 7s = 14"
    used = [c for m in arr.melds for c in m.cards] + arr.deadwood
    assert sorted(used) == sorted(cards("7d 7s 7h 8h 9h"))


def test_ace_options() -> None:
    gin = MeldRules.gin()
    assert rummy.deadwood("Qh Kh Ah", gin) == 21
    with pytest.raises(errors.InvalidMeldError, match="Q-K-A"):
        rummy.Meld("Qh Kh Ah")
    for ace in ["high", "high_or_low", "round_the_corner"]:
        assert rummy.deadwood("Qh Kh Ah", gin.replace(ace=ace)) == 0
    for ace, dead in [("low", 13), ("high", 13), ("high_or_low", 13), ("round_the_corner", 0)]:
        assert rummy.deadwood("Kc Ac 2c", gin.replace(ace=ace)) == dead, ace
    with pytest.raises(errors.InvalidMeldError):
        rummy.Meld("Kc Ac 2c", MeldRules.contract())
    assert rummy.Meld("Qc Kc Ac", MeldRules.five_hundred()).kind == "run"
    assert rummy.Meld("Ac 2c 3c", MeldRules.five_hundred()).kind == "run"


def test_two_five_card_runs_are_gin() -> None:
    arr = rummy.best_melds("3h 4h 5h 6h 7h 9s Ts Js Qs Ks")
    assert arr.deadwood_value == 0 and arr.is_gin
    assert sorted(len(m) for m in arr.melds) == [5, 5]


def test_best_discard_exact_where_greedy_fails() -> None:
    hand = "2c 2h 3d 4d 4s 5d 5h 5s 6d 6h 6s"
    arr = rummy.best_discard(hand)
    assert arr.deadwood_value == 9
    assert brute(cards(hand), MeldRules.gin(), discard=True) == 9
    # What is left is exactly the hand less the discard.
    left = [c for m in arr.melds for c in m.cards] + arr.deadwood
    assert arr.discard is not None
    assert sorted([*left, arr.discard]) == sorted(cards(hand))
    assert rummy.deadwood([c for c in cards(hand) if c != arr.discard]) == 9


def test_best_discard_forbid() -> None:
    hand = "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Kd"
    assert rummy.best_discard(hand).discard == Card("Kd")
    arr = rummy.best_discard(hand, forbid="Kd")
    assert arr.discard != Card("Kd")
    assert arr.deadwood_value == 10


def test_lay_off_never_rearranges_melds() -> None:
    table = ["2c 2d 2h 2s", "3h 4h 5h"]
    arr = rummy.lay_off("Ah Kc", table)
    assert arr.layoffs == [] and arr.deadwood_value == 11
    arr = rummy.lay_off("6h Kc", [rummy.Meld(t) for t in table])
    assert [(str(c), i) for c, i, _ in arr.layoffs] == [("6h", 1)]


def test_lay_off_chains_and_joint_choice() -> None:
    arr = rummy.lay_off("9h 8h Kc", ["5h 6h 7h"])
    assert arr.deadwood_value == 10
    assert sorted(str(c) for c, _, _ in arr.layoffs) == ["8h", "9h"]
    assert rummy.lay_off("9h Kc", ["5h 6h 7h"]).deadwood_value == 19
    # 4h laid off, 8s melded: both at once.
    arr = rummy.lay_off("4h 8h 8c 8d 3h", ["5h 6h 7h"])
    assert arr.deadwood_value == 0


def test_lay_off_round_the_corner_at_both_ends_against_brute_force() -> None:
    """Round the corner: cards laid off at both ends of a run (3h and 7h onto 4h 5h 6h)
    once made the search panic across FFI. Checked against trying every subset of the
    hand laid off on the one table run."""
    rules = MeldRules.basic().replace(ace="round_the_corner")
    assert rummy.lay_off("3h 7h", ["4h 5h 6h"], rules).deadwood_value == 0
    pick = random.Random(5)
    faces = [f"{r}h" for r in "A23456789TJQK"]
    for _ in range(150):
        start, length = pick.randrange(13), pick.randrange(3, 6)
        run = [faces[(start + i) % 13] for i in range(length)]
        rest = [f for f in faces if f not in run] + ["9c", "Kd"]
        hand = [Card(c) for c in pick.sample(rest, pick.randrange(1, 5))]
        best = rummy.deadwood(hand, rules)
        for k in range(1, len(hand) + 1):
            for laid in itertools.combinations(hand, k):
                try:
                    rummy.Meld([*map(Card, run), *laid], rules)
                except errors.HoyleError:
                    continue
                best = min(best, rummy.deadwood([c for c in hand if c not in laid], rules))
        assert rummy.lay_off(hand, [run], rules).deadwood_value == best, (run, [str(c) for c in hand])


def test_contracts() -> None:
    assert rummy.find_contract("2h 3h 4h 6h 7h 8h 9s 9d", "2 runs") is None
    arr = rummy.find_contract("2h 3h 4h 6s 7s 8s 9d", "2 runs")
    assert arr is not None and names(arr.deadwood) == ["9d"]
    assert rummy.find_contract("2h 3h 4h 6s 7s 8s 9d", 3) == arr
    arr = rummy.find_contract("5c 5d 5h Jk 9h Th Qh 2s", "1 set + 1 run")
    assert arr is not None
    run = next(m for m in arr.melds if m.kind == "run")
    assert {str(k): str(v) for k, v in run.wilds.items()} == {"Jk": "Jh"}
    # Two packs: no suit twice in a set.
    assert rummy.find_contract("7h 7h#1 7c Kd 2s 3s 4d 9c 9d 9s", "2 sets") is None
    assert rummy.contract_of_deal(5) == "2 sets + 1 run"


def test_meld_points_ace_low_scores_one() -> None:
    r = MeldRules.five_hundred()
    assert rummy.Meld("Ah 2h 3h", r).points(r) == 1 + 2 + 3
    assert rummy.Meld("Qh Kh Ah", r).points(r) == 10 + 10 + 15
    assert rummy.Meld("Ac Ad Ah", r).points(r) == 45
    w = MeldRules.wrotham()
    assert rummy.Meld("5h Jk 7h", w).points(w) == 18  # the joker scores as the 6h


def test_can_go_out() -> None:
    seven = MeldRules.seven_card()
    assert rummy.can_go_out("4c 5c 6c 9d 9h 9s 9c", seven)
    assert not rummy.can_go_out("4c 5c 6c 9d 9h 9s 9c Kd", seven)
    assert rummy.can_go_out("4c 5c 6c 9d 9h 9s 9c Kd", seven, discard=True)
    arr = rummy.go_out("4c 5c 6c 9d 9h 9s 9c Kd", seven, discard=True)
    assert arr is not None and arr.discard == Card("Kd")


def test_jokers_recorded() -> None:
    arr = rummy.best_melds("5h 7h Jk Kc Qd", MeldRules.wrotham())
    assert arr.deadwood_value == 20
    (run,) = arr.melds
    assert names(run.cards) == ["5h", "Jk", "7h"]
    assert names(run.plays_as) == ["5h", "6h", "7h"]
    assert rummy.deadwood("Jk 2c", MeldRules.contract()) == 17
    deuces = MeldRules.gin().replace(wild_ranks="2", jokers_wild=True)
    assert rummy.deadwood("2c 5h 7h", deuces) == 0


# ---- all_melds counts --------------------------------------------------------------------


def expected_counts(rules: MeldRules) -> tuple[int, int]:
    top = min(rules.max_set, 4)
    sets = 13 * sum(comb(4, k) for k in range(rules.min_set, top + 1))
    if rules.ace in ("low", "high"):
        per_suit = sum(13 - n + 1 for n in range(rules.min_run, 14))
    elif rules.ace == "high_or_low":
        per_suit = sum(14 - n + 1 for n in range(rules.min_run, 14))
    else:
        per_suit = 13 * (13 - rules.min_run) + 1
    return sets, 4 * per_suit


def test_all_melds_full_pack_gin_is_329() -> None:
    melds = rummy.all_melds(CardSet.standard())
    kinds = [m.kind for m in melds]
    assert (kinds.count("set"), kinds.count("run"), len(melds)) == (65, 264, 329)
    assert len({frozenset(m.cards) for m in melds}) == 329


@pytest.mark.parametrize("name", sorted(MeldRules.presets()))
def test_all_melds_count_per_preset(name: str) -> None:
    rules = MeldRules.presets()[name]
    melds = rummy.all_melds(CardSet.standard(), rules)
    kinds = [m.kind for m in melds]
    assert (kinds.count("set"), kinds.count("run")) == expected_counts(rules)
    assert all(is_meld(m.cards, rules) for m in melds)


def test_all_melds_round_the_corner() -> None:
    rules = MeldRules.gin().replace(ace="round_the_corner")
    melds = rummy.all_melds(CardSet.standard(), rules)
    assert len(melds) == 65 + 4 * (13 * 10 + 1)


# ---- against the brute force -------------------------------------------------------------


@pytest.mark.parametrize(
    "preset,packs,jokers",
    [("gin", 1, 0), ("five_hundred", 1, 0), ("wrotham", 1, 2), ("contract", 2, 2)],
)
def test_engine_matches_python_brute_force(preset: str, packs: int, jokers: int) -> None:
    rules = MeldRules.presets()[preset].replace(hand_size=None)
    rng = random.Random(preset)
    for i in range(60):
        n = [7, 10, 11][i % 3]
        hand = random_hand(rng, n, packs, jokers, dense=i % 2 == 1)
        arr = rummy.best_melds(hand, rules)
        assert arr.deadwood_value == brute(hand, rules), names(hand)
        assert rummy.deadwood(hand, rules) == arr.deadwood_value
        used = [c for m in arr.melds for c in m.cards] + arr.deadwood
        assert sorted(used) == sorted(hand)
        assert all(is_meld(m.cards, rules) for m in arr.melds)
        if i % 4 == 0:
            d = rummy.best_discard(hand, rules)
            assert d.deadwood_value == brute(hand, rules, discard=True), names(hand)


# ---- batch -------------------------------------------------------------------------------


def test_batch_matches_single_calls() -> None:
    rng = random.Random(7)
    hands = [random_hand(rng, 10, dense=i % 3 == 0) for i in range(2000)]
    masks = np.array([CardSet(h).mask for h in hands], dtype=np.uint64)
    single = [rummy.deadwood(h) for h in hands]
    out = rummy.deadwood_batch(masks)
    assert out.dtype == np.uint32
    assert out.tolist() == single
    assert rummy.deadwood_batch(masks, threads=1).tolist() == single
    assert rummy.deadwood_batch(masks.astype(np.int64), threads=2).tolist() == single
    assert rummy.deadwood_batch(masks[::2]).tolist() == single[::2]  # not contiguous
    five = MeldRules.five_hundred()
    assert rummy.deadwood_batch(masks[:50], five).tolist() == [rummy.deadwood(h, five) for h in hands[:50]]


def test_batch_from_threads() -> None:
    masks = np.array([CardSet("7d 7s 7h 8h 9h").mask] * 1000, dtype=np.uint64)
    results: list[list[int]] = []

    def work() -> None:
        results.append(rummy.deadwood_batch(masks, threads=1).tolist())

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [[14] * 1000] * 4


# ---- bad input ---------------------------------------------------------------------------


def test_errors_name_the_bad_value() -> None:
    with pytest.raises(errors.DuplicateCardError) as e:
        rummy.deadwood("7h 7h 8h")
    assert e.value.card == "7h"
    with pytest.raises(errors.DuplicateCardError):
        rummy.deadwood("7h 7h#1 8h")  # gin is one pack
    assert rummy.deadwood("7h 7h#1 8h", MeldRules.contract()) == 22
    with pytest.raises(errors.InvalidHandError, match="11 cards"):
        rummy.best_discard("2c 3c 4c")
    with pytest.raises(errors.InvalidArgumentError, match="flush") as e2:
        rummy.find_contract("2c 3c 4c", "2 flushes")
    assert e2.value.name == "contract"
    with pytest.raises(errors.InvalidArgumentError, match="float64") as e3:
        rummy.deadwood_batch(np.zeros(3))
    assert e3.value.name == "hands"
    with pytest.raises(errors.InvalidArgumentError):
        rummy.deadwood_batch(np.zeros((2, 2), dtype=np.uint64))
    with pytest.raises(errors.InvalidArgumentError, match=r"hands\[1\]"):
        rummy.deadwood_batch(np.array([0, -1], dtype=np.int64))
    with pytest.raises(errors.InvalidArgumentError, match="joker"):
        rummy.deadwood_batch(np.array([CardSet("Jk 2c").mask], dtype=np.uint64))
    with pytest.raises(errors.InvalidHandError, match="no jokers"):
        rummy.deadwood("Jk 2c")
    with pytest.raises(errors.InvalidMeldError, match="7h 8h Ts"):
        rummy.Meld("7h 8h Ts")
    with pytest.raises(errors.InvalidMeldError):
        rummy.lay_off("2c", ["7h 8h Ts"])
    with pytest.raises(errors.InvalidArgumentError, match="ace"):
        MeldRules(ace="sideways")
    with pytest.raises(errors.InvalidArgumentError, match="max_set"):
        MeldRules.gin().replace(max_set=2)
    with pytest.raises(errors.InvalidArgumentError, match="colour"):
        MeldRules.gin().replace(colour=1)
    with pytest.raises(errors.InvalidCardError):
        rummy.deadwood("7h 8x")
    with pytest.raises(errors.InvalidArgumentError, match="min_set"):
        MeldRules(min_set=300)
    with pytest.raises(errors.InvalidArgumentError, match="packs"):
        MeldRules.gin().replace(packs=-1)
    with pytest.raises(errors.InvalidArgumentError, match="threads"):
        rummy.deadwood_batch(np.zeros(3, dtype=np.uint64), threads=0)
    with pytest.raises(errors.InvalidArgumentError, match="melds"):
        rummy.find_contract("2c 3c 4c", " + ".join(["8 sets"] * 40))
    with pytest.raises(errors.InvalidArgumentError, match="forbid"):
        rummy.best_discard("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Kd", forbid="As")


def test_rules_are_frozen_values() -> None:
    a, b = MeldRules.gin(), MeldRules.gin()
    assert a == b and hash(a) == hash(b)
    assert a != MeldRules.contract()
    assert repr(a) == "MeldRules.gin()"
    custom = a.replace(ace="high")
    assert eval(repr(custom), {"MeldRules": MeldRules}) == custom
    with pytest.raises(AttributeError):
        a.ace = "high"  # type: ignore[misc]
    assert MeldRules.contract().values["A"] == 15 and MeldRules.gin().values["A"] == 1
    assert MeldRules.contract().joker_value == 15
    assert MeldRules.gin().hand_size == 10 and MeldRules.basic().hand_size is None


def test_single_pack_hand_types() -> None:
    as_list = rummy.deadwood(["7d", Card("7s"), "7h", "8h", "9h"])
    assert as_list == rummy.deadwood(CardSet("7d 7s 7h 8h 9h")) == 14
    assert list(itertools.chain.from_iterable(m for m in rummy.best_melds("7h 8h 9h").melds)) == cards("7h 8h 9h")


def test_rules_pickle() -> None:
    import pickle

    for rules in [*MeldRules.presets().values(), MeldRules.gin().replace(wild_ranks="2", max_wilds_run=1)]:
        assert pickle.loads(pickle.dumps(rules)) == rules


# ---- properties (hypothesis) -------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

PACK = list(hoyle.Deck.standard())


@settings(max_examples=150, derandomize=True, deadline=None)
@given(
    st.lists(st.sampled_from(PACK), min_size=1, max_size=13, unique=True), st.sampled_from(sorted(MeldRules.presets()))
)
def test_properties(hand: list[Card], preset: str) -> None:
    rules = MeldRules.presets()[preset].replace(hand_size=None)
    arr = rummy.best_melds(hand, rules)
    # A partition of the hand into legal melds and deadwood, valued by the rules.
    used = [c for m in arr.melds for c in m.cards] + arr.deadwood
    assert sorted(used) == sorted(hand)
    assert all(is_meld(m.cards, rules) for m in arr.melds)
    assert arr.deadwood_value == sum(rules.value(c) for c in arr.deadwood)
    # Best discard = best over every single discard.
    d = rummy.best_discard(hand, rules)
    rest = [[c for c in hand if c != x] for x in hand]
    assert d.deadwood_value == min(rummy.deadwood(r, rules) for r in rest)
    # Melding more never hurts: adding a card adds at most its value.
    extra = next(c for c in PACK if c not in hand)
    assert rummy.deadwood([*hand, extra], rules) <= arr.deadwood_value + rules.value(extra)
