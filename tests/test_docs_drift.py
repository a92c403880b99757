"""The docs do not drift from the tree: every repository path that the README, the
contributing guide, docs/ or a docstring or comment of the package and plugins cites
exists (a ``path::name`` citation names something defined in that file), and every hook
name they cite is one of ``hoyle.hookspecs``'s."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TOP = r"(?:python|plugins|tests|benches|docs|rust|examples|\.ci)"
#: A cited path: in backticks (any file or folder), or bare with a file extension.
QUOTED = re.compile(rf"`({TOP}/[A-Za-z0-9_./*{{}}-]+)(?:::(\w+))?")
BARE = re.compile(rf"(?<![`/\w.-])({TOP}/[A-Za-z0-9_./-]+\.(?:py|rs|md|json|toml|pyi|html|js|txt))(?:::(\w+))?")
#: Files whose paths are another tree's: the plugin project ``hoyle new-variant`` writes.
OTHER_TREES = {"python/hoyle/cli/new_variant.py"}
HOOK = re.compile(r"\b(hoyle_(?:register|legal|apply|check|deal|score|view|variant|house|start|end|after|before)\w*)\b")


def _texts() -> list[Path]:
    docs = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]
    code = [*sorted((ROOT / "python" / "hoyle").rglob("*.py")), *sorted(ROOT.glob("plugins/*/src/**/*.py"))]
    return docs + code


def citations() -> list[tuple[str, str, str | None]]:
    """(citing file, cited path, cited name or None) for every citation."""
    found = []
    for path in _texts():
        text = path.read_text(encoding="utf-8")
        for pattern in (QUOTED, BARE):
            for m in pattern.finditer(text):
                cited = m.group(1).rstrip(".,;:)")
                if "*" in cited or "{" in cited:
                    continue  # a pattern, not one path
                src = str(path.relative_to(ROOT))
                if src not in OTHER_TREES:
                    found.append((src, cited, m.group(2)))
    return found


def resolve(src: str, cited: str) -> Path:
    """A cited path from the repository's root, or a plugin's code citing its own tree
    (``plugins/hoyle-poker/...`` citing ``tests/...``) from the plugin's root."""
    at_root = ROOT / cited
    parts = Path(src).parts
    if not at_root.exists() and parts[0] == "plugins":
        return ROOT / parts[0] / parts[1] / cited
    return at_root


def test_the_docs_cite_paths() -> None:
    assert len(citations()) > 100  # the scan reads what the docs write


def test_every_cited_path_exists() -> None:
    missing = sorted({(src, cited) for src, cited, _ in citations() if not resolve(src, cited).exists()})
    assert not missing, "cited paths that do not exist:\n" + "\n".join(f"  {s}: {c}" for s, c in missing)


def test_every_cited_name_is_defined_in_its_file() -> None:
    wrong = []
    for src, cited, name in citations():
        target = resolve(src, cited)
        if name is None or not target.is_file():
            continue
        if not re.search(rf"\b(?:def|class|fn|struct|enum)\s+{name}\b|^{name}\s*[:=]", target.read_text(), re.M):
            wrong.append(f"  {src}: {cited}::{name}")
    assert not wrong, "cited names not defined in their files:\n" + "\n".join(sorted(set(wrong)))


def test_every_cited_hook_is_a_hook_specification() -> None:
    hooks = set(re.findall(r"def (hoyle_\w+)", (ROOT / "python" / "hoyle" / "hookspecs.py").read_text()))
    cited = {m for path in _texts() for m in HOOK.findall(path.read_text(encoding="utf-8"))}
    unknown = sorted(
        c for c in cited - hooks if not c.startswith(("hoyle_poker", "hoyle_rummy", "hoyle_war", "hoyle_parlor"))
    )
    assert not unknown, f"hook names cited that hoyle.hookspecs does not define: {unknown}"


@pytest.mark.parametrize("text", ["see `docs/no-such-page.md`", "benches/test_bench_nothing.py::test_x"])
def test_a_drifted_citation_is_caught(text: str) -> None:
    (m,) = [*QUOTED.finditer(text), *BARE.finditer(text)]
    assert not (ROOT / m.group(1)).exists()
