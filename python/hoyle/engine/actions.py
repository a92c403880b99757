"""Actions: typed, immutable values with a stable text form that parses back.

    >>> from hoyle import Card
    >>> a = Action("discard", cards=(Card("Qs"),))
    >>> str(a)
    'discard Qs'
    >>> Action.parse("discard Qs") == a
    True
    >>> str(Action("raise", amount=300)), str(Action("draw", source="stock"))
    ('raise to 300', 'draw stock')
    >>> Action.parse("lay off 9d on 2", kinds=["lay off"])
    Action(kind='lay off', cards=(Card('9d'),), target=2)

The repr is the text form when that text parses back to the same action, and the
fields otherwise, so two actions that print alike are told apart: ``Action("draw
stock")`` is the kind ``draw stock``, not what ``Action.parse`` reads from the text
``draw stock`` (the kind ``draw`` from the source ``stock``):

    >>> Action("draw stock"), Action.parse("draw stock")
    (Action(kind='draw stock'), Action('draw stock'))

Text grammar: ``KIND [SOURCE] [CARD ...] [on TARGET] [to AMOUNT | AMOUNT]``. The kind is
one or more words (``kinds=`` names the multi-word ones); a source is a word such as
``stock`` or ``discard``; cards use the card text form; ``raise`` and ``bet`` print their
amount as ``to N`` (the total the bet is raised to), other kinds as a bare number.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hoyle._core import Card
from hoyle.engine.cache import BoundedCache
from hoyle.errors import HoyleError, IllegalActionError

_TO_KINDS = frozenset({"raise", "bet"})
#: The fields a repr shows only when set, in the constructor's order.
_OPTIONAL = ("amount", "source", "target")


_set = object.__setattr__


class Action:
    """One player decision: ``kind`` plus optional cards, amount, source and target.
    Immutable and hashable; an Action equals only another Action with the same fields,
    and actions order by their fields in the constructor's order.

        >>> a = Action("raise", amount=10)
        >>> a.kind, a.amount, a == Action("raise", amount=10), hash(a) == hash(Action("raise", amount=10))
        ('raise', 10, True, True)
    """

    __slots__ = ("_hash", "_key", "amount", "cards", "kind", "source", "target")

    kind: str  #: the action word(s): draw, discard, raise, lay off...
    cards: tuple[Card, ...]  #: the cards it plays, in order
    amount: int | None  #: a number: the total a bet is raised to, a count...
    source: str | None  #: where it takes from: stock, discard...
    target: int | None  #: the meld (or seat) it plays on
    _key: tuple[str, tuple[Card, ...], int | None, str | None, int | None]
    _hash: int

    def __init__(
        self,
        kind: str,
        cards: tuple[Card, ...] = (),
        amount: int | None = None,
        source: str | None = None,
        target: int | None = None,
    ) -> None:
        key = (kind, cards, amount, source, target)
        _set(self, "kind", kind)
        _set(self, "cards", cards)
        _set(self, "amount", amount)
        _set(self, "source", source)
        _set(self, "target", target)
        _set(self, "_key", key)
        _set(self, "_hash", hash(key))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Action is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Action is immutable: cannot delete {name!r}")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self._key == other._key
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, Action):
            return self._key != other._key
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: Action) -> bool:
        return self._key < other._key

    def __le__(self, other: Action) -> bool:
        return self._key <= other._key

    def __gt__(self, other: Action) -> bool:
        return self._key > other._key

    def __ge__(self, other: Action) -> bool:
        return self._key >= other._key

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, self._key)

    @property
    def text(self) -> str:
        """The text form (``str(action)``), remembered for actions seen before."""
        return _TEXTS[self]

    def __str__(self) -> str:
        parts = [self.kind]
        if self.source is not None:
            parts.append(self.source)
        parts.extend(str(c) for c in self.cards)
        if self.target is not None:
            parts += ["on", str(self.target)]
        if self.amount is not None:
            parts += (["to"] if self.kind in _TO_KINDS else []) + [str(self.amount)]
        return " ".join(parts)

    def __repr__(self) -> str:
        """``Action('text')`` when ``Action.parse(text)`` gives this action back, else
        the constructor call with its fields (``eval`` gives it back)."""
        text = str(self)
        try:
            if Action.parse(text) == self:
                return f"Action('{text}')"
        except HoyleError:
            pass
        args = [f"kind={self.kind!r}"]
        if self.cards:
            args.append(f"cards={self.cards!r}")
        args += [f"{name}={value!r}" for name in _OPTIONAL if (value := getattr(self, name)) is not None]
        return f"Action({', '.join(args)})"

    @classmethod
    def parse(cls, text: str, kinds: Iterable[str] = ()) -> Action:
        """Parse the text form. ``kinds`` lists multi-word kinds (e.g. ``"lay off"``) so
        that their second word is not read as a source."""
        words = text.strip().lower().split()
        if not words:
            raise IllegalActionError(f"empty action text {text!r}")
        multi = sorted((k.split() for k in kinds if " " in k), key=len, reverse=True)
        kind_len = next((len(k) for k in multi if words[: len(k)] == k), 1)
        kind, rest = " ".join(words[:kind_len]), words[kind_len:]
        if not kind.replace(" ", "").replace("-", "").replace("_", "").isalpha():
            raise IllegalActionError(f"action {text!r}: {kind!r} is not an action word")
        source: str | None = None
        cards: list[Card] = []
        amount: int | None = None
        target: int | None = None
        i = 0
        while i < len(rest):
            w = rest[i]
            if w in ("to", "on") and i + 1 < len(rest):
                try:
                    value = int(rest[i + 1])
                except ValueError:
                    raise IllegalActionError(f"action {text!r}: {rest[i + 1]!r} after {w!r} is not a number") from None
                if w == "to":
                    amount = value
                else:
                    target = value
                i += 2
                continue
            if w.lstrip("-").isdigit():
                amount = int(w)
            else:
                try:
                    cards.append(Card(w))
                except HoyleError:
                    if source is not None or cards or not w.isalpha():
                        raise IllegalActionError(
                            f"action {text!r}: {w!r} is not a card, number or source word"
                        ) from None
                    source = w
            i += 1
        return cls(kind, tuple(cards), amount, source, target)


#: Text forms by action: the engine logs every action as text, and most games repeat a
#: small set of actions.
_TEXTS: BoundedCache[Action, str] = BoundedCache(Action.__str__, limit=1 << 16)
