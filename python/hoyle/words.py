"""The game in a player's words: the event log as lines ("Bob raises to 30", "Ann
knocks with 6 against 15") and a view's summary ("To call: 4", "Pot: 12", "Deadwood:
9"). The terminal (``hoyle play``) and the web page both use it, so they say the same.

Nothing here names a variant: it reads the engine's plain data - action texts, the
common event types (``commit``, ``award``, ``deal_end``...), a view's zones, chips and
public facts.

    >>> players = ["Ann", "Bob"]
    >>> describe_events([{"type": "action", "seat": 1, "action": "raise to 30"}], players)
    ['Bob raises to 30']
    >>> describe_events([{"type": "action", "seat": 0, "action": "call"},
    ...                  {"type": "commit", "seat": 0, "amount": 28}], players, viewer=0)
    ['You call 28']
    >>> describe_events([{"type": "action", "seat": 0, "action": "play"},
    ...                  {"type": "play", "seat": 0, "from": "pile:0", "to": "table:0", "cards": ["7h"]}], players)
    ['Ann plays 7h']
    >>> describe_events([{"type": "deal_end", "seat": None, "reason": "knock", "knocker": 0,
    ...                   "knocker_deadwood": 6, "defender_deadwood": 15, "gin": False, "undercut": False}], players)
    ['Ann knocks with 6 against 15']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

#: How an action's first word reads in the third person, where adding "s" is wrong.
_VERBS = {
    "pass": "passes",
    "stand": "stands",
    "bring-in": "brings in",
    "lay": "lays",
    "sit": "sits down with",
    "be": "is",
    "have": "has",
}
#: Event types whose name is not a verb phrase in the base form, as one (the verb then
#: agrees with the subject: ``Ann makes a wrong show``, ``You make a wrong show``).
_EVENT_PHRASES = {
    "consecutive": "draw consecutive cards",
    "deemed_call": "be deemed to call",
    "first_dealer": "deal first",
    "in_between": "win: in between",
    "out_of_turn": "act out of turn",
    "out_of_turn_stands": "let the action out of turn stand",
    "pair": "draw a pair",
    "penalty": "pay a penalty",
    "posts": "post",
    "result": "get the result",
    "short_chips_added": "add the chips short",
    "surplus_forfeited": "forfeit the surplus",
    "third": "draw the third card",
    "void_announcement": "make a void announcement",
    "wins_pile": "win the pile",
    "wrong_show": "make a wrong show",
    "wrong_slap": "slap wrongly",
}
#: Event types of no player (``seat`` None) that read as a label, not a sentence.
_TABLE_LABELS = {
    "ante": "Antes",
    "buy_in": "Buy-in",
    "clear": "The pot is cleared",
    "dealer_sets": "The dealer sets the hand",
    "move": "Cards moved",
    "round": "New round",
    "turn_over": "The discard pile is turned over as the stock",
    "war": "War",
    "wild_joker": "Wild joker",
}
#: Event types the action line already tells (the move an action makes).
_SAID_BY_ACTION = {"commit", "discard", "draw", "knock", "lay_off", "meld", "play", "take", "slap", "burn"}


def name_of(seat: int | None, players: Sequence[str], viewer: int | None = None) -> str:
    """A seat's name in a sentence (``You`` for the viewer)."""
    if seat is None:
        return "The table"
    if viewer is not None and seat == viewer:
        return "You"
    return players[seat] if 0 <= seat < len(players) else f"Seat {seat}"


def _third_person(verb: str, you: bool) -> str:
    if you:
        return {"bring-in": "bring in", "sit": "sit down with", "be": "are"}.get(verb, verb)
    if verb in _VERBS:
        return _VERBS[verb]
    if verb.endswith(("s", "x", "ch", "sh")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def action_phrase(text: str, you: bool = False, amount: int | None = None) -> str:
    """An action's text as a verb phrase: ``raise to 30`` -> ``raises to 30``, ``bet to 10``
    -> ``bets 10``, ``draw stock`` -> ``draws from the stock``.

    >>> action_phrase("draw discard"), action_phrase("bet to 10", you=True), action_phrase("call", amount=4)
    ('takes the discard', 'bet 10', 'calls 4')
    """
    words = text.split()
    if not words:
        return text
    verb, rest = words[0], words[1:]
    if verb == "bet" and rest[:1] == ["to"]:
        rest = rest[1:]
    elif verb == "draw" and rest == ["stock"]:
        rest = ["from", "the", "stock"]
    elif verb == "draw" and rest[:1] == ["discard"]:
        verb, rest = "take", (["the", "discard"] if len(rest) == 1 else [*rest[1:], "from", "the", "discard", "pile"])
    elif verb == "draw" and not rest:
        verb, rest = "stand", ["pat"]
    elif verb == "lay" and rest[:1] == ["off"]:
        rest = ["off", *rest[1:]]
        if "on" in rest:
            rest = rest[: rest.index("on")]
    elif verb == "knock":
        rest = []
    phrase = " ".join([_third_person(verb, you), *rest])
    if amount and verb in ("call", "complete"):
        phrase += f" {amount}"
    return phrase


def _cards(event: Mapping[str, Any]) -> str | None:
    cards = event.get("cards")
    if cards is None:
        n = int(event.get("count", 0) or 0)
        return f"{n} card{'s' if n != 1 else ''}" if n else None
    return " ".join(cards)


def describe_event(event: Mapping[str, Any], players: Sequence[str], viewer: int | None = None) -> str | None:
    """One event as a sentence, or None for an event the log need not show."""
    kind = event.get("type")
    seat = event.get("seat")
    who = name_of(seat, players, viewer)
    you = viewer is not None and seat == viewer
    if kind == "action":
        return f"{who} {action_phrase(str(event.get('action', '')), you)}"
    if kind == "deal_start":
        return "New deal"
    if kind in ("flop", "turn", "river", "up_card", "wild"):
        label = {"up_card": "Up-card", "wild": "Wild card"}.get(kind, kind.capitalize())
        return f"{label}: {_cards(event)}"
    if kind == "deal":
        cards = _cards(event)
        return f"{who} {'are' if you else 'is'} dealt {cards}" if cards and seat is not None else None
    if kind == "commit":
        return f"{who} {'post' if you else 'posts'} {event.get('amount')}"
    if kind == "award":
        return f"{who} {'win' if you else 'wins'} {event.get('amount')}"
    if kind == "uncalled_bet_returned":
        return f"{event.get('amount')} uncalled returned to {who if not you else 'you'}"
    if kind == "reveal":
        return f"{who} {'show' if you else 'shows'} {_cards(event)}"
    if kind == "deal_end":
        return _deal_end(event, players, viewer)
    if kind == "deal_scored":
        scores = event.get("scores") or []
        return "Deal scored: " + ", ".join(
            f"{name_of(s, players, viewer)} {p:+d}" if p else f"{name_of(s, players, viewer)} 0"
            for s, p in enumerate(scores)
        )
    if kind == "match_end":
        winners = [name_of(s, players, viewer) for s in event.get("winners") or []]
        if len(winners) == len(players):
            return "Game over: a draw"
        verb = "win" if len(winners) > 1 or winners == ["You"] else "wins"
        return f"Game over: {' and '.join(winners)} {verb}"
    if kind in _SAID_BY_ACTION:
        return None
    cards = _cards(event)
    tail = f" {cards}" if cards else ""
    if seat is None and kind in _TABLE_LABELS:
        return _TABLE_LABELS[kind] + (f":{tail}" if tail else "")
    return f"{who} {event_phrase(str(kind or '?'), you)}{tail}"


def event_phrase(kind: str, you: bool = False) -> str:
    """An event type as a verb phrase agreeing with its subject (``you``: the second
    person): ``turn_over`` -> ``turns over``, ``wrong_show`` -> ``makes a wrong show``.

    >>> event_phrase("turn_over"), event_phrase("deemed_call", you=True)
    ('turns over', 'are deemed to call')
    """
    verb, *rest = _EVENT_PHRASES.get(kind, kind.replace("_", " ")).split()
    return " ".join([_third_person(verb, you), *rest])


def _deal_end(event: Mapping[str, Any], players: Sequence[str], viewer: int | None) -> str:
    if event.get("knocker") is not None:
        line = (
            f"{name_of(event['knocker'], players, viewer)} "
            f"{'knock' if event['knocker'] == viewer else 'knocks'} with {event.get('knocker_deadwood')}"
        )
        if event.get("defender_deadwood") is not None:
            line += f" against {event['defender_deadwood']}"
        if event.get("gin"):
            line += ": gin!"
        elif event.get("undercut"):
            line += ": undercut!"
        return line
    if event.get("reason") == "folds" and event.get("winner") is not None:
        return (
            f"{name_of(event['winner'], players, viewer)} {'win' if event['winner'] == viewer else 'wins'} uncontested"
        )
    reason = event.get("reason")
    return f"Deal over ({reason})" if reason else "Deal over"


def describe_events(
    events: Sequence[Mapping[str, Any]], players: Sequence[str], viewer: int | None = None
) -> list[str]:
    """The log in words: a call reads with its amount, the moves an action made are
    not told twice, and a run of deals to one seat is one line."""
    lines: list[str] = []
    i = 0
    while i < len(events):
        event = events[i]
        nxt = events[i + 1] if i + 1 < len(events) else None
        if (
            event.get("type") == "action"
            and nxt is not None
            and nxt.get("type") == "commit"
            and nxt.get("seat") == event.get("seat")
        ):
            you = viewer is not None and event.get("seat") == viewer
            text = str(event.get("action", ""))
            amount = int(nxt.get("amount", 0)) if text.split()[:1] in (["call"], ["complete"]) else None
            lines.append(f"{name_of(event.get('seat'), players, viewer)} {action_phrase(text, you, amount)}")
            i += 2
            continue
        if event.get("type") == "deal":
            run = [event]
            while i + len(run) < len(events) and events[i + len(run)].get("type") == "deal":
                run.append(events[i + len(run)])
            lines.extend(_deal_lines(run, players, viewer))
            i += len(run)
            continue
        line = describe_event(event, players, viewer)
        if event.get("type") == "action":
            # the move the action made (an event named by its verb): name its cards
            # where the text did not ("play" -> "plays 7h")
            text = str(event.get("action", ""))
            verb = text.split()[0] if text.split() else ""
            moved: list[str] = []
            j = i + 1
            while j < len(events) and events[j].get("type") == verb and events[j].get("seat") == event.get("seat"):
                moved.extend(events[j].get("cards") or [])
                j += 1
            if moved and line and not any(_looks_like_card(w) for w in text.split()):
                line += " " + " ".join(moved) if text.split()[:1] != ["draw"] else f" ({' '.join(moved)})"
        if line:
            lines.append(line)
        i += 1
    return lines


def _looks_like_card(word: str) -> bool:
    face = word.split("#", maxsplit=1)[0]
    return face == "Jk" or (len(face) in (2, 3) and face[-1] in "cdhs" and face[:-1] in _RANKS)


_RANKS = {"A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "10", "J", "Q", "K"}


def _deal_lines(run: Sequence[Mapping[str, Any]], players: Sequence[str], viewer: int | None) -> list[str]:
    by_seat: dict[Any, list[Mapping[str, Any]]] = {}
    for e in run:
        by_seat.setdefault(e.get("seat"), []).append(e)
    lines = []
    for seat, events in by_seat.items():
        if seat is None:
            continue
        if all(e.get("cards") is not None for e in events):
            cards = " ".join(c for e in events for c in e["cards"])
        else:
            n = sum(len(e["cards"]) if e.get("cards") is not None else int(e.get("count", 0)) for e in events)
            cards = f"{n} card{'s' if n != 1 else ''}"
        you = viewer is not None and seat == viewer
        lines.append(f"{name_of(seat, players, viewer)} {'are' if you else 'is'} dealt {cards}")
    return lines


# --- the summary ------------------------------------------------------------------------


def bet_range(view: Mapping[str, Any]) -> tuple[int, int] | None:
    """The least and most a bet or raise may be to for the seat to act, or None.

    >>> bet_range({"public": {"range": [4, 200]}}), bet_range({"public": {}})
    ((4, 200), None)
    """
    public = view.get("public") or {}
    rng = public.get("range") if isinstance(public, Mapping) else None
    if isinstance(rng, (list, tuple)) and len(rng) == 2:
        return int(rng[0]), int(rng[1])
    return None


def to_call(view: Mapping[str, Any]) -> int | None:
    """What the viewing seat must add to call, in a betting game (None elsewhere)."""
    public = view.get("public") or {}
    seat = view.get("seat")
    if seat is None or "to_call" not in public or "bets" not in public:
        return None
    owed = int(public["to_call"]) - int(public["bets"][seat])
    stack = int((view.get("stacks") or [0] * (seat + 1))[seat])
    return max(0, min(owed, stack))


def summary(view: Mapping[str, Any]) -> list[str]:
    """The facts a player looks at, in words: whose turn, what to call, the raise range,
    the pot and stacks; in rummy games the melds on the table, the discard pile's top,
    the stock and the viewer's deadwood; the scores.

    >>> summary({"players": ["Ann", "Bob"], "seat": 0, "to_act": 0, "phase": "preflop", "pot": 3,
    ...          "stacks": [199, 198], "scores": [0, 0], "zones": {},
    ...          "public": {"to_call": 2, "bets": [1, 2], "range": [4, 200]}})
    ['Your turn (preflop)', 'To call: 1', 'Raise to: 4 to 200', 'Pot: 3', 'Stacks: You 199, Bob 198']
    """
    players = list(view.get("players") or [])
    seat = view.get("seat")
    lines = []
    result = view.get("result")
    if result:
        winners = [name_of(s, players, seat) for s in result.get("winners", [])]
        lines.append(
            "Game over: " + (" and ".join(winners) + (" win" if len(winners) != 1 or winners == ["You"] else " wins"))
        )
    elif view.get("to_act") is not None:
        actor = view["to_act"]
        turn = "Your turn" if actor == seat else f"{name_of(actor, players)} to act"
        lines.append(f"{turn} ({view.get('phase')})")
    owed = to_call(view)
    if owed is not None and view.get("to_act") == seat and not result:
        lines.append(f"To call: {owed}" if owed else "Nothing to call")
        rng = bet_range(view)
        if rng is not None:
            word = "Raise to" if (view.get("public") or {}).get("to_call") else "Bet"
            lines.append(f"{word}: {rng[0]} to {rng[1]}" if rng[0] != rng[1] else f"{word}: {rng[0]}")
    chips = any(view.get("stacks") or []) or view.get("pot")
    if chips:
        lines.append(f"Pot: {view.get('pot', 0)}")
        lines.append("Stacks: " + ", ".join(f"{name_of(s, players, seat)} {n}" for s, n in enumerate(view["stacks"])))
    zones: Mapping[str, Any] = view.get("zones") or {}
    melds = [" ".join(z["cards"]) for name, z in zones.items() if name.startswith("meld") and z.get("cards")]
    if melds:
        lines.append("Melds: " + " | ".join(melds))
    discard = zones.get("discard") or zones.get("discards")
    if discard and discard.get("cards"):
        lines.append(f"Discard pile: {discard['cards'][-1]} on top ({discard['count']})")
    stock = zones.get("stock")
    if stock is not None:
        lines.append(f"Stock: {stock.get('count', 0)} cards")
    lines.extend(_deadwood(view, zones, seat))
    sheet = view.get("score_sheet") or []
    if sheet and not chips:
        lines.append(
            "Scores: " + ", ".join(f"{name_of(s, players, seat)} {n}" for s, n in enumerate(view.get("scores") or []))
        )
    return lines


def _deadwood(view: Mapping[str, Any], zones: Mapping[str, Any], seat: int | None) -> list[str]:
    """The viewer's least deadwood, where the variant knocks on deadwood (``knock_limit``)."""
    public = view.get("public") or {}
    if seat is None or "knock_limit" not in public:
        return []
    hand = zones.get(f"hand:{seat}") or {}
    cards = hand.get("cards")
    if not cards or len(cards) > 11:
        return []
    from hoyle import rummy

    limit = f"knock at {public['knock_limit']} or less"
    if len(cards) == 11:  # after the draw: the deadwood left by the best discard
        best = rummy.best_discard(" ".join(cards))
        return [f"Deadwood: {best.deadwood_value} after discarding {best.discard} ({limit})"]
    return [f"Deadwood: {rummy.deadwood(' '.join(cards))} ({limit})"]
