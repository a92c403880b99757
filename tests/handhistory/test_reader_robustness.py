"""No input makes a hand-history reader raise anything but a HoyleError: random bytes,
real files cut anywhere, files whose encodings are mixed."""

from __future__ import annotations

import contextlib
from pathlib import Path

from hoyle import ohh, phh
from hoyle.errors import HoyleError
from hoyle.handhistory import pokerstars
from hypothesis import given, settings
from hypothesis import strategies as st

REAL = sorted((Path(__file__).parent / "real").rglob("*.txt"))
SAMPLES = [p.read_bytes() for p in REAL if p.stat().st_size < 4000][:40]


def _read_all(data: bytes) -> None:
    """Every reader on the bytes; each may refuse them, only with a HoyleError."""
    text = pokerstars.decode(data)
    for read in (pokerstars.records, pokerstars.parse, ohh.loads, _ohh_records, phh.loads):
        with contextlib.suppress(HoyleError):
            read(text)


def _ohh_records(text: str) -> object:
    """OHH records of the text (never a path: the text has a line end)."""
    return ohh.records(text + "\n")


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=600))
def test_random_bytes(data: bytes) -> None:
    _read_all(data)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(SAMPLES), st.integers(min_value=0, max_value=4000))
def test_real_files_cut_anywhere(data: bytes, cut: int) -> None:
    _read_all(data[:cut])


@settings(max_examples=100, deadline=None)
@given(
    st.sampled_from(SAMPLES), st.integers(min_value=0, max_value=4000), st.sampled_from(["cp1252", "utf-16", "latin-1"])
)
def test_mixed_encodings(data: bytes, at: int, encoding: str) -> None:
    """A file whose tail was written in another encoding (a name with accents)."""
    text = pokerstars.decode(data)
    head, tail = text[:at], text[at:]
    _read_all(head.encode("utf-8") + tail.encode(encoding, errors="replace"))


def test_decode_detects_the_encoding_once_for_the_file() -> None:
    text = "PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2024/01/05 20:00:00 ET\r\nSeat 1: Jos\u00e9 ($2 in chips)\r\n"
    assert pokerstars.decode(text.encode("cp1252")) == text.replace("\r\n", "\n")
    assert pokerstars.decode(b"\xef\xbb\xbf" + text.encode("utf-8")) == text.replace("\r\n", "\n")
    assert pokerstars.decode(text.encode("utf-8")) == text.replace("\r\n", "\n")
    # a byte cp1252 leaves undefined does not stop the file being read
    assert pokerstars.decode(b"Seat 1: A\x81\xe9") == "Seat 1: A\x81\u00e9"


def test_the_archive_separators_between_hands() -> None:
    """PokerStars' archives put ``*********** # N **************`` before each hand."""
    sample = (Path(__file__).parent / "data" / "pokerstars_cash_holdem.txt").read_text(encoding="utf-8")
    plain = [lines for _, lines in pokerstars.split_hands(sample)]
    archived = "".join(
        f"*********** # {i} **************\n" + "\n".join(lines) + "\n" for i, lines in enumerate(plain, start=1)
    )
    hands = list(pokerstars.split_hands(archived))
    assert [lines for _, lines in hands] == plain
    assert [start for start, _ in hands] == [2 + sum(len(p) + 1 for p in plain[:i]) for i in range(len(plain))]
    assert [r.hand_id for r in pokerstars.records(archived)] == [r.hand_id for r in pokerstars.records(sample)]
