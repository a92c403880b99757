"""Action is a value class with named fields, no tuple and no hidden tag (issue 34, item 6)."""

import pickle

import pytest
from hoyle import Action, Card


def test_an_action_is_not_a_tuple_and_has_no_length() -> None:
    a = Action("raise", amount=10)
    assert not isinstance(a, tuple)
    assert not hasattr(a, "__len__") and not hasattr(a, "__getitem__")
    assert a != ("raise", (), 10, None, None)


def test_an_action_is_immutable() -> None:
    a = Action("discard", cards=(Card("Qs"),))
    with pytest.raises(AttributeError, match="immutable"):
        field = "kind"
        setattr(a, field, "draw")
    assert a.kind == "discard"


def test_equality_hashing_ordering_and_pickling_follow_the_fields() -> None:
    a, b = Action("bet", amount=5), Action("bet", amount=7)
    assert a == Action("bet", amount=5) and hash(a) == hash(Action("bet", amount=5))
    assert a != b and len({a, b, Action("bet", amount=5)}) == 2
    assert sorted([b, Action("all in", amount=9), a]) == [Action("all in", amount=9), a, b]
    assert pickle.loads(pickle.dumps(b)) == b
    assert Action.parse(str(b)) == b and str(b) == "bet to 7"
