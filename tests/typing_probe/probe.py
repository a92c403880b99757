"""The mypy probe (tests/test_stubs.py runs ``mypy --strict`` over it): every line
marked with an ``error`` comment (``#``, ``error:``, then a text) must be a mypy error
containing that text, and no other line may be one. Each family's typed state is read
right and misspelled: a public key, a phase, an action kind, a zone name. The right
readings pin the value types too, so a model loosened to ``Any`` or ``dict[str, Any]``
fails the probe (its assignments to the wrong type would no longer be errors)."""

from __future__ import annotations

from hoyle import Action, EventKind, State
from hoyle.engine.names import DECK, OVER
from hoyle_parlor import in_between, ratscrew
from hoyle_parlor.in_between import Phase as InBetweenPhase
from hoyle_parlor.in_between import public as in_between_public
from hoyle_parlor.ratscrew import Kind as RatscrewKind
from hoyle_parlor.ratscrew import Phase as RatscrewPhase
from hoyle_poker import pai_gow
from hoyle_poker.betting_public import FlopPhase, flop_public
from hoyle_poker.names import SHOWDOWN, STREETS, TablePhase
from hoyle_poker.names import Kind as PokerKind
from hoyle_poker.names import Zones as PokerZones
from hoyle_poker.pai_gow import SET
from hoyle_poker.pai_gow import Phase as PaiGowPhase
from hoyle_poker.pai_gow import public as pai_gow_public
from hoyle_rummy.gin_state import Phase as GinPhase
from hoyle_rummy.gin_state import gin_phase, gin_public, one_table
from hoyle_rummy.rummy_state import Kind, Phase, Zones, contract_public, deal_outcome, public
from hoyle_war import Kind as WarKind
from hoyle_war import Phase as WarPhase
from hoyle_war import Zones as WarZones
from hoyle_war import public as war_public


def engine(state: State) -> None:
    state.zone(DECK)
    state.phase = OVER
    kinds: list[str] = [e.type for e in state.events if e.type == EventKind.DEAL_END]
    print(kinds, EventKind.DEAL_ENDS)  # error: "type[EventKind]" has no attribute "DEAL_ENDS"


def rummy(state: State) -> None:
    melds: int = public(state)["melds"]
    taken: str | None = public(state)["taken"]
    public(state)["meld"] = 1  # error: TypedDict "RummyPublic" has no key "meld"
    wrong: str = public(state)["melds"]  # error: Incompatible types in assignment
    winner: int | None = deal_outcome(state)["winner"]
    state.phase = Phase.DRAW
    state.phase = Phase.DRWA  # error: "type[Phase]" has no attribute "DRWA"
    Action(Kind.LAY_OFF)
    Action(Kind.LAYOFF)  # error: "type[Kind]" has no attribute "LAYOFF"
    state.zone(Zones.STOCK)
    state.zone(Zones.STOKC)  # error: "type[Zones]" has no attribute "STOKC"
    contract: str = contract_public(state)["contract"]
    contract_public(state)["contracts"]  # error: TypedDict "ContractPublic" has no key "contracts"
    print(melds, taken, wrong, winner, contract)


def gin(state: State) -> None:
    limit: int = one_table(state)["knock_limit"]
    one_table(state)["knock_limt"]  # error: TypedDict "TableFacts" has no key "knock_limt"
    tables = gin_public(state)["tables"]
    phase: GinPhase = tables[0]["phase"]
    late: GinPhase = "last-chanse"  # error: Incompatible types in assignment
    gin_public(state)["dealr"]  # error: TypedDict "GinPublic" has no key "dealr"
    if gin_phase(state) == "discard":
        Action(Kind.KNOCK)
    if gin_phase(state) == "dicsard":  # error: Non-overlapping equality check
        Action(Kind.KNOK)  # error: "type[Kind]" has no attribute "KNOK"
    state.zone(Zones.DISCARD)
    state.zone(Zones.DISCRAD)  # error: "type[Zones]" has no attribute "DISCRAD"
    print(limit, phase, late)


def poker(state: State) -> None:
    button: int = flop_public(state)["button"]
    flop_public(state)["buton"]  # error: TypedDict "FlopPublic" has no key "buton"
    street: FlopPhase = "prefolp"  # error: Incompatible types in assignment
    playing: list[int] = pai_gow_public(state)["playing"]
    pai_gow_public(state)["players"]  # error: TypedDict "PaiGowPublic" has no key "players"
    state.phase = PaiGowPhase.SET
    state.phase = PaiGowPhase.SETT  # error: "type[Phase]" has no attribute "SETT"
    Action(SET)
    state.zone(pai_gow.DEALER)
    state.zone(pai_gow.DEALR)  # error: Module has no attribute "DEALR"
    state.phase = STREETS[0]
    state.phase = SHOWDOWN
    table: TablePhase = "table-6"  # error: Incompatible types in assignment
    Action(PokerKind.RAISE, amount=4)
    Action(PokerKind.RIASE, amount=4)  # error: "type[Kind]" has no attribute "RIASE"
    state.zone(PokerZones.BOARD)
    state.zone(PokerZones.BORAD)  # error: "type[Zones]" has no attribute "BORAD"
    print(button, street, playing, table)


def parlor_and_war(state: State) -> None:
    war_public(state)["battles"] += 1
    war_public(state)["batles"] = 2  # error: TypedDict "WarPublic" has no key "batles"
    state.phase = WarPhase.BATLE  # error: "type[Phase]" has no attribute "BATLE"
    state.phase = InBetweenPhase.BET
    in_between_public(state)["pott"]  # error: TypedDict "InBetweenPublic" has no key "pott"
    Action(in_between.BET, amount=1)
    Action(in_between.BTE, amount=1)  # error: Module has no attribute "BTE"
    state.zone(in_between.TABLE)
    state.zone(in_between.TALBE)  # error: Module has no attribute "TALBE"
    state.phase = RatscrewPhase.TAKE
    state.phase = RatscrewPhase.TAEK  # error: "type[Phase]" has no attribute "TAEK"
    Action(RatscrewKind.SLPA)  # error: "type[Kind]" has no attribute "SLPA"
    state.zone(ratscrew.PILE)
    Action(WarKind.PLAY)
    Action(WarKind.PALY)  # error: "type[Kind]" has no attribute "PALY"
    state.zone(WarZones.FACE_DOWN)
    state.zone(WarZones.FACEDOWN)  # error: "type[Zones]" has no attribute "FACEDOWN"
