"""Every game package has the same shape (docs/adding-a-game.md, "The files").

A package under `motley.games` (and the worked example, `motley.examples.atomic`) has its
rules page, diagrams, rules object and presentation under the same names (a game its kit
draws, as orthodox chess, needs a `present.py` only for what it adds), its own state type (if
it has one) in `state.py`, no module under a name the layout retired, and no module of 700
lines or more. One failure lists every offence, so a reshaping in progress reads as a
to-do list.

No module outside a game imports that game, and no game imports another: shells, kits and
their tests reach a game through `core.registry` (by id) or play a toy. A game is a package
under `motley.games`. The registry and `motley.games` itself load every game by name at run
time, not by an import statement, so they pass.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args

from motley.core import registry
from motley.core.rules import Rules

SOURCE = Path(__file__).resolve().parents[1]  # src/motley
GAMES = sorted(p for p in (SOURCE / "games").iterdir() if (p / "__init__.py").exists())
PACKAGES = [*GAMES, SOURCE / "examples" / "atomic"]

REQUIRED = ("__init__.py", "rules.py", "present.py", "rules.md", "diagrams.py")
RETIRED = {
    "game.py": "rules.py",
    "codec.py": "state.py",
    "explain.py": "rules.py or moves.py",
    "validate.py": "rules.py or moves.py",
    "render.py": "present.py",
    "show.py": "present.py",
    "display.py": "present.py",
    "view.py": "state.py",
}
MAX_LINES = 700


def rules_classes(name: str) -> list[type[Rules[Any, Any]]]:
    """The registered games whose rules live in package `name` (Atomic registers on demand)."""
    found = [
        registry.rules_class(game)
        for game in registry.game_ids()
        if registry.rules_class(game).__module__.startswith(name + ".")
    ]
    if not found and name == "motley.examples.atomic":
        from motley.examples.atomic import Atomic

        found = [Atomic]
    return found


def state_type(cls: type) -> type | None:
    """The state type `S` a rules class declares by subclassing `Rules[S, A]` (or a kit's)."""
    for klass in cls.__mro__:
        for base in getattr(klass, "__orig_bases__", ()):
            args = get_args(base)
            if args and isinstance(args[0], type):
                return args[0]
    return None


def offences(package: Path, root: Path = SOURCE) -> list[str]:
    """What in `package` (a folder under `root`, the `motley` package) breaks the layout."""
    where = package.relative_to(root).as_posix()
    name = ".".join(package.relative_to(root.parent).parts)
    classes = rules_classes(name)
    # the kit draws a game whose class takes its `layout` from it (not from `Rules`, which
    # reads the game's `presentation`): its present.py would hold only what it adds
    kit_drawn = bool(classes) and all(cls.layout is not Rules.layout for cls in classes)
    required = [n for n in REQUIRED if not (kit_drawn and n == "present.py")]
    found = [f"{where}: no {name}" for name in required if not (package / name).exists()]
    init = package / "__init__.py"
    if init.exists() and not ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))):
        found.append(f"{where}/__init__.py: no docstring (the game's rules in short)")
    for module in sorted(package.glob("*.py")):
        if module.name in RETIRED:
            found.append(f"{where}/{module.name}: a retired name (into {RETIRED[module.name]})")
        lines = _lines(module)
        if lines >= MAX_LINES:
            found.append(f"{where}/{module.name}: {lines} lines (split it by job)")
    if not classes:
        found.append(f"{where}: no registered game has its rules here")
    for state in {state_type(cls) for cls in classes}:
        home = state.__module__ if state is not None else ""
        if state is None or not home.startswith(name + ".") or home == f"{name}.state":
            continue
        leaf = home.rsplit(".", 1)[-1]
        # a state module split off by job is fine only where one file would pass the limit
        together = sum(_lines(package / f"{m}.py") for m in ("state", leaf))
        if together < MAX_LINES:
            found.append(f"{where}: the state {state.__name__} lives in {leaf}.py, not state.py")
    return sorted(found)


def _lines(module: Path) -> int:
    return len(module.read_text(encoding="utf-8").splitlines()) if module.exists() else 0


def test_every_game_package_has_the_one_layout() -> None:
    problems = [problem for package in PACKAGES for problem in offences(package)]
    assert not problems, f"{len(problems)} layout offences:\n" + "\n".join(problems)


def test_the_layout_check_sees_an_offence(tmp_path: Path) -> None:
    """The checker itself can fail: a package with a retired name and a missing file."""
    package = tmp_path / "motley" / "games" / "toy"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text('"""A toy."""\n', encoding="utf-8")
    (package / "render.py").write_text("\n" * MAX_LINES, encoding="utf-8")
    problems = offences(package, tmp_path / "motley")
    assert "games/toy: no rules.py" in problems
    assert "games/toy: no present.py" in problems  # no kit draws a game nobody registered
    assert "games/toy/render.py: a retired name (into present.py)" in problems
    assert f"games/toy/render.py: {MAX_LINES} lines (split it by job)" in problems
    assert "games/toy: no registered game has its rules here" in problems


# -- who imports a game ------------------------------------------------------------------------


def game_names(root: Path = SOURCE) -> frozenset[str]:
    """The games under `root`/games: each package there."""
    return frozenset(p.name for p in (root / "games").iterdir() if (p / "__init__.py").exists())


def game_of(module: str, games: frozenset[str]) -> str | None:
    """The game that module `motley.games.X...` belongs to: package X (None outside any)."""
    parts = module.split(".")
    if parts[:2] != ["motley", "games"] or len(parts) < 3:
        return None
    return parts[2] if parts[2] in games else None


def imported(module: Path, root: Path) -> Iterator[tuple[int, str]]:
    """Each module (or module.name) that `module`, a file under `root`, imports, by line."""
    package = list(module.relative_to(root.parent).parts[:-1])  # what `from .` starts at
    for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            name = ".".join([*base, *([node.module] if node.module else [])])
            yield node.lineno, name
            yield from ((node.lineno, f"{name}.{alias.name}") for alias in node.names)


def import_offences(root: Path = SOURCE, games: frozenset[str] | None = None) -> list[str]:
    """Every import of a game from outside it, under `root` (the `motley` package)."""
    games = game_names(root) if games is None else games
    found: list[str] = []
    for module in sorted(root.rglob("*.py")):
        dotted = ".".join(module.relative_to(root.parent).with_suffix("").parts)
        home = game_of(dotted, games)
        where = module.relative_to(root).as_posix()
        seen: set[int] = set()
        for line, name in imported(module, root):
            target = game_of(name, games)
            if target is not None and target != home and line not in seen:
                seen.add(line)  # one offence a statement, named by its module
                outside = f"game {home}" if home else "outside the game"
                found.append(f"{where}:{line}: imports {target} ({name}) from {outside}")
    return sorted(found)


def test_no_game_is_imported_from_outside_it() -> None:
    problems = import_offences()
    assert not problems, f"{len(problems)} imports of a game from outside it:\n" + "\n".join(
        problems
    )


def test_the_import_check_sees_an_offence(tmp_path: Path) -> None:
    """The checker itself can fail: a shell's test, and a game, importing another game."""
    root = tmp_path / "motley"
    files = {
        "games/__init__.py": "import importlib\n",
        "games/alpha/__init__.py": "from motley.games.alpha.rules import Alpha\n",
        "games/alpha/rules.py": "from . import moves\n",
        "games/beta/rules.py": "from motley.games import alpha\n",
        "games/gamma/rules.py": "from motley.games.gamma.diagrams import diagrams\n",
        "games/gamma/test_scenarios.py": "from ..gamma.rules import Gamma\n",
        "cli/test_alpha.py": "import json\nfrom motley.games.alpha.rules import Alpha\n",
        "web/test_any.py": "from motley.core.registry import make\nimport motley.games\n",
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    assert import_offences(root, frozenset({"alpha", "beta", "gamma"})) == [
        "cli/test_alpha.py:2: imports alpha (motley.games.alpha.rules) from outside the game",
        "games/beta/rules.py:1: imports alpha (motley.games.alpha) from game beta",
    ]
