"""Rendering with Rich, generically, from the engine's plain-data views and events.

Nothing here knows a variant: a view (``Game.view(seat)``) has zones with an owner, a
count and the cards when the viewer may see them, chips, scores, the score sheet, the
variant's public facts and the event log. Cards print in their text form (what the
prompt accepts), coloured by suit with a four-colour deck: clubs green, diamonds blue,
hearts red, spades bold.

    >>> card_text("Th").plain, card_text("Th").style
    ('Th', 'red')
    >>> sort_cards(["Kd", "2c", "Ad", "Jk", "3c"])
    ['2c', '3c', 'Kd', 'Ad', 'Jk']
    >>> describe_event({"type": "play", "seat": 1, "from": "pile:1", "to": "table:1", "cards": ["7h"]}, ["ann", "bob"]).plain
    'bob play 7h (pile:1 -> table:1)'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from hoyle._core import Card
from hoyle.words import summary

SUIT_STYLE = {"c": "green", "d": "blue", "h": "red", "s": "bold"}
JOKER_STYLE = "magenta"
#: Public zones longer than this show only their top cards.
MAX_PILE = 12


def card_text(card: str) -> Text:
    """One card in its text form, coloured by suit."""
    c = Card(card)
    style = JOKER_STYLE if c.is_joker else SUIT_STYLE.get(c.suit or "", "")
    return Text(str(c), style=style)


def _sort_key(card: str) -> tuple[int, int, int]:
    c = Card(card)
    if c.is_joker:
        return (1, 0, c.copy)
    return (0, "cdhs".index(c.suit or "c"), c.rank_value or 0)


def sort_cards(cards: Iterable[str]) -> list[str]:
    """A hand sorted for reading: by suit (clubs, diamonds, hearts, spades), then rank
    (deuce low), jokers last."""
    return sorted(cards, key=_sort_key)


def cards_text(cards: Sequence[str], sort: bool = False) -> Text:
    """Cards separated by spaces (sorted by suit and rank with ``sort=True``)."""
    shown = sort_cards(cards) if sort else list(cards)
    return Text(" ").join(card_text(c) for c in shown) if shown else Text("-", style="dim")


def zone_cards(zone: Mapping[str, Any], sort: bool = False, limit: int | None = None) -> Text:
    """A zone as the viewer sees it: its cards, or how many face-down cards it holds.
    With ``limit``, a longer visible pile shows its top ``limit`` cards."""
    cards = zone.get("cards")
    count = int(zone.get("count", 0))
    if cards is None:
        return Text(f"{count} card{'s' if count != 1 else ''} face down" if count else "-", style="dim")
    if limit is not None and len(cards) > limit:
        shown = cards[-limit:]
        return Text.assemble(
            Text(f"({len(cards) - limit} more) ", style="dim"),
            cards_text(shown, sort=sort),
            Text(" <- top", style="dim"),
        )
    return cards_text(cards, sort=sort)


def _zone_label(name: str, owner: int | None = None) -> str:
    """A zone's name without its owner, who is shown separately: ``hand:0`` -> ``hand``;
    ``meld:0:1`` (seat 0's meld 1) -> ``meld 1``.

    >>> _zone_label("hand:0", 0), _zone_label("meld:0:1", 0), _zone_label("pile:1")
    ('hand', 'meld 1', 'pile')
    """
    parts = name.split(":")
    if owner is not None and str(owner) in parts[1:]:
        parts.remove(str(owner))
    elif owner is None and len(parts) > 1 and parts[-1].isdigit():
        parts.pop()
    return " ".join(parts)


def who(seat: int | None, players: Sequence[str], viewer: int | None = None) -> str:
    """A seat's display name (``you`` for the viewer)."""
    if seat is None:
        return "table"
    if viewer is not None and seat == viewer:
        return "you"
    return players[seat] if 0 <= seat < len(players) else f"seat {seat}"


def render_view(view: Mapping[str, Any], title: str | None = None, details: bool = False) -> RenderableType:
    """The whole table as ``view['seat']`` sees it: seats (chips, scores, who is to
    act), your zones, the public zones, the other seats' zones, the summary a player
    reads (to call, the raise range, the pot, melds, deadwood: :func:`hoyle.words.summary`)
    and the score sheet; with ``details``, also every public fact of the variant."""
    seat: int | None = view.get("seat")
    players: list[str] = list(view.get("players", []))
    parts: list[RenderableType] = []

    seats = Table(title=title, title_justify="left", show_edge=False, pad_edge=False)
    seats.add_column("")
    seats.add_column("seat")
    seats.add_column("player")
    chips = any(view.get("stacks", [])) or any(view.get("committed", [])) or view.get("pot", 0)
    if chips:
        seats.add_column("stack", justify="right")
        seats.add_column("in pot", justify="right")
    seats.add_column("score", justify="right")
    for s, name in enumerate(players):
        row = ["▶" if view.get("to_act") == s else "", str(s), name + (" (you)" if s == seat else "")]
        if chips:
            row += [str(view["stacks"][s]), str(view["committed"][s])]
        row.append(str(view["scores"][s]))
        seats.add_row(*row)
    parts.append(seats)

    zones = Table(show_header=False, show_edge=False, pad_edge=False, box=None)
    zones.add_column(style="cyan", no_wrap=True)
    zones.add_column()
    items: list[tuple[str, dict[str, Any]]] = list(view.get("zones", {}).items())
    mine = [(n, z) for n, z in items if seat is not None and z.get("owner") == seat]
    shared = [(n, z) for n, z in items if z.get("owner") is None]
    others = [(n, z) for n, z in items if z.get("owner") is not None and z.get("owner") != seat]
    for name, z in mine:
        zones.add_row(f"your {_zone_label(name, seat)}", zone_cards(z, sort=True))
    for name, z in shared:
        zones.add_row(name, zone_cards(z, limit=MAX_PILE))
    for name, z in sorted(others, key=lambda nz: (nz[1]["owner"], nz[0])):
        zones.add_row(f"{who(z['owner'], players)}: {_zone_label(name, z['owner'])}", zone_cards(z, limit=MAX_PILE))
    parts.append(zones)

    facts = summary(view)
    if facts:
        parts.append(Text("\n".join(facts), style="bold"))
    public = view.get("public") or {}
    if details and public:
        parts.append(Text("  ".join(f"{k}: {_plain(v)}" for k, v in public.items()), style="dim"))
    sheet = view.get("score_sheet") or []
    if sheet:
        parts.append(render_score_sheet(sheet, players))
    return Group(*parts)


def _plain(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_plain(v) for v in value) + "]"
    return "-" if value is None else str(value)


def render_score_sheet(sheet: Sequence[Sequence[int]], players: Sequence[str]) -> Table:
    """Points per deal and the running totals."""
    table = Table(title="score sheet", title_justify="left")
    table.add_column("deal", justify="right")
    for name in players:
        table.add_column(name, justify="right")
    totals = [0] * len(players)
    for i, row in enumerate(sheet):
        totals = [t + p for t, p in zip(totals, row)]
        table.add_row(str(i + 1), *(f"{p:+d}" if p else "0" for p in row))
    table.add_row("total", *(str(t) for t in totals), style="bold")
    return table


_SKIP = ("type", "seat", "cards", "count", "from", "to")


def describe_event(event: Mapping[str, Any], players: Sequence[str], viewer: int | None = None) -> Text:
    """One event (``Event.for_viewer``'s data) as a line of text."""
    kind = event.get("type", "?")
    name = who(event.get("seat"), players, viewer)
    if kind == "action":
        return Text.assemble((name, "bold"), ": ", (str(event.get("action")), "bold yellow"))
    line = Text(f"{name} {kind}" if event.get("seat") is not None else str(kind))
    if "cards" in event:
        line.append(" ")
        cards = event["cards"]
        if cards is None:
            n = int(event.get("count", 0))
            line.append(f"{n} card{'s' if n != 1 else ''} face down", style="dim")
        else:
            line.append_text(cards_text(cards))
    if "from" in event and "to" in event:
        line.append(f" ({event['from']} -> {event['to']})", style="dim")
    extra = {k: v for k, v in event.items() if k not in _SKIP}
    if extra:
        line.append(" " + " ".join(f"{k}={_plain(v)}" for k, v in extra.items()), style="dim")
    return line


def _run_key(event: Mapping[str, Any]) -> tuple[Any, ...] | None:
    if "from" not in event or "to" not in event:
        return None
    return (event["type"], event["from"])


def merge_events(events: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Runs of moves of one kind from one zone (a deal, cards taken from the table)
    summarised: one entry per seat and destination, in order of first appearance, so a
    deal of 52 cards to two players is two lines.

    >>> deal = [{"type": "deal", "seat": s, "from": "deck", "to": f"h{s}", "cards": None, "count": 1} for s in (0, 1, 0)]
    >>> [(e["seat"], e["count"]) for e in merge_events(deal)]
    [(0, 2), (1, 1)]
    """
    out: list[dict[str, Any]] = []
    run_key: tuple[Any, ...] | None = None
    run: dict[tuple[Any, ...], dict[str, Any]] = {}
    for event in events:
        key = _run_key(event)
        if key is None or key != run_key:
            run = {}
            run_key = key
            if key is None:
                out.append(dict(event))
                continue
        part = (event.get("seat"), event["to"], event.get("cards") is None)
        merged = run.get(part)
        if merged is None:
            merged = run[part] = dict(event)
            out.append(merged)
        elif merged.get("cards") is None:
            merged["count"] = int(merged.get("count", 0)) + int(event.get("count", 0))
        else:
            merged["cards"] = list(merged["cards"]) + list(event.get("cards") or [])
    return out


def describe_events(
    events: Sequence[Mapping[str, Any]], players: Sequence[str], viewer: int | None = None
) -> list[Text]:
    """Lines for a run of events, merged by :func:`merge_events`."""
    return [describe_event(e, players, viewer) for e in merge_events(events)]


def result_line(result: Mapping[str, Any], players: Sequence[str], viewer: int | None = None) -> str:
    """The end of a game in one line.

    >>> result_line({"winners": [1], "settlement": [0, 1], "scores": [0, 1], "deals": 1}, ["ann", "bob"])
    'Game over after 1 deal: bob wins (settlement: ann 0, bob +1)'
    >>> result_line({"winners": [0, 1], "settlement": [0, 0], "scores": [0, 0], "deals": 2}, ["ann", "bob"], viewer=0)
    'Game over after 2 deals: a draw (settlement: you 0, bob 0)'
    """
    winners = list(result.get("winners", []))
    deals = int(result.get("deals", 0))
    head = f"Game over after {deals} deal{'s' if deals != 1 else ''}: "
    if len(winners) == len(players):
        head += "a draw"
    else:
        names = [who(w, players, viewer) for w in winners]
        verb = "win" if names == ["you"] or len(names) > 1 else "wins"
        head += f"{' and '.join(names)} {verb}"
    settle = ", ".join(
        f"{who(s, players, viewer)} {v:+d}" if v else f"{who(s, players, viewer)} 0"
        for s, v in enumerate(result.get("settlement", []))
    )
    return f"{head} (settlement: {settle})"
