"""The plugins read their state through the typed names (docs/plugins.md, "Typed public
state"): no plugin module sets or compares ``state.phase`` with a bare string, and none
reads ``state.public`` by a bare key outside its family's typed reader, so mypy (with
the probe, tests/typing_probe/probe.py) sees every phase and key. The betting core
(``betting*.py``) is left to the issue moving it to Rust."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Left alone: the betting core (moving to Rust, issue 33).
EXEMPT = ("betting.py", "betting_public.py")


def plugin_modules() -> list[Path]:
    return sorted(p for p in ROOT.glob("plugins/*/src/*/*.py") if p.name not in EXEMPT)


def _is_text(node: ast.AST) -> bool:
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)) or isinstance(node, ast.JoinedStr)


def _texts(node: ast.AST) -> bool:
    """A bare string, or a tuple/list/set of them (``phase in ("a", "b")``)."""
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_is_text(e) for e in node.elts)
    return _is_text(node)


def _is_attr(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == name


def bare_names(source: str) -> list[tuple[int, str]]:
    """The lines of ``source`` that set or compare a ``.phase`` with a bare string, or
    read ``.public`` by a bare key (subscript or ``get``/``pop``/``setdefault``).

        >>> bare_names("state.phase = 'draw'\\nif s.public['k']: pass\\nstate.phase = Phase.DRAW")
        [(1, 'phase set to a bare string'), (2, "public['k']")]
    """
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and _is_text(node.value):
            if any(_is_attr(t, "phase") for t in node.targets):
                found.append((node.lineno, "phase set to a bare string"))
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Tuple):
            for target in node.targets:
                if isinstance(target, ast.Tuple):
                    for t, v in zip(target.elts, node.value.elts):
                        if _is_attr(t, "phase") and _is_text(v):
                            found.append((node.lineno, "phase set to a bare string"))
        if isinstance(node, ast.Assign):  # ``p = state.public``: its keys are then unchecked
            values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
            if any(_is_attr(v, "public") for v in values):
                found.append((node.lineno, "public held untyped"))
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(_is_attr(s, "phase") for s in sides) and any(_texts(s) for s in sides):
                found.append((node.lineno, "phase compared with a bare string"))
        elif isinstance(node, ast.Call) and _is_attr(node.func, "startswith") and _is_attr(node.func.value, "phase"):
            found.append((node.lineno, "phase read by its text"))
        elif isinstance(node, ast.Subscript) and _is_attr(node.value, "public") and _is_text(node.slice):
            found.append((node.lineno, f"public[{ast.literal_eval(node.slice)!r}]"))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("get", "pop", "setdefault")
            and _is_attr(node.func.value, "public")
            and node.args
            and _is_text(node.args[0])
        ):
            found.append((node.lineno, f"public.{node.func.attr}({ast.literal_eval(node.args[0])!r})"))
    return sorted(found)


def test_the_checker_finds_each_bare_name() -> None:
    source = "\n".join(
        [
            "state.phase = 'draw'",
            "state.phase, state.to_act = 'bet', 0",
            "if state.phase == 'draw': pass",
            "if game.phase in ('a', 'b'): pass",
            "state.phase.startswith('draw')",
            "x = state.public['dealer']",
            "y = state.public.get('outcome')",
            "state.phase = Phase.DRAW",
            "if public(state)['dealer']: pass",
            "p, z = state.public, state.zones",
            "if state.phase == OVER: pass",
            "pub = public(state)",
        ]
    )
    assert [line for line, _ in bare_names(source)] == [1, 2, 3, 4, 5, 6, 7, 10]


@pytest.mark.parametrize("path", plugin_modules(), ids=lambda p: f"{p.parents[2].name}/{p.name}")
def test_no_plugin_reads_a_phase_or_public_key_by_a_bare_string(path: Path) -> None:
    found = bare_names(path.read_text())
    assert not found, "\n".join(f"{path.relative_to(ROOT)}:{line}: {what}" for line, what in found)
