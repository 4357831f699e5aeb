"""A Betza-notation subset for square boards: how pieces move, as data.

Supported: the leaper atoms W F D N A H C Z G, riders by doubling (WW, NN) or the shorthands
R B Q K, range limits by a trailing number (W2, R4), the modalities m (move only) and
c (capture only), and direction modifiers f b l r v s with the two-letter forms
fl fr bl br ff fs bb bs. Directions are from the owner's point of view (seat 0 moves up).
"""

from __future__ import annotations

from dataclasses import dataclass

from motley.core.errors import NotationError
from motley.geometry.base import Direction

LEAPERS: dict[str, tuple[int, int]] = {
    "W": (1, 0), "F": (1, 1), "D": (2, 0), "N": (2, 1), "A": (2, 2),
    "H": (3, 0), "C": (3, 1), "Z": (3, 2), "G": (3, 3),
}  # fmt: skip
SHORTHANDS = {"R": "WW", "B": "FF", "Q": "WWFF", "K": "WF"}
MODALITIES = set("mc")
DIRECTION_LETTERS = set("fblrvs")


@dataclass(frozen=True)
class Atom:
    """One movement component: a set of steps, leaping or riding, and when it applies."""

    vectors: frozenset[Direction]
    rider: bool  # repeats the step along a line, blocked by the first piece met
    range: int  # rider's maximum number of steps (0 = unlimited); 1 for leapers
    moves: bool  # may go to an empty cell
    captures: bool  # may go to an enemy-occupied cell


def _images(dx: int, dy: int) -> frozenset[Direction]:
    return frozenset(
        (sx * a, sy * b) for a, b in ((dx, dy), (dy, dx)) for sx in (1, -1) for sy in (1, -1)
    )


def _matches(direction: str, v: Direction) -> bool:
    x, y = v
    single = {
        "f": y > 0, "b": y < 0, "l": x < 0, "r": x > 0,
        "v": abs(y) > abs(x) or (x == 0 and y != 0), "s": abs(x) > abs(y) or (y == 0 and x != 0),
    }  # fmt: skip
    if len(direction) == 1:
        return single[direction]
    first, second = direction[0], direction[1]
    if second in "lr":
        return single[first] and single[second]
    if second == "f" or second == "b":  # ff / bb: the narrow (mostly vertical) pair
        return single[first] and abs(y) > abs(x)
    return single[first] and abs(x) > abs(y)  # fs / bs: the wide pair


def _split_directions(mods: str) -> list[str]:
    out: list[str] = []
    i = 0
    while i < len(mods):
        pair = mods[i : i + 2]
        if (
            len(pair) == 2
            and pair[0] in "fb"
            and pair[1] in "lrfbs"
            and not (pair[1] in "fb" and pair[1] != pair[0])
        ):
            out.append(pair)
            i += 2
        else:
            out.append(mods[i])
            i += 1
    return out


def parse(betza: str) -> tuple[Atom, ...]:
    """The atoms of a Betza string; raises NotationError on anything outside the subset."""
    atoms: list[Atom] = []
    i, text = 0, betza.strip()
    if not text:
        raise NotationError("empty Betza string")
    while i < len(text):
        mods = ""
        while i < len(text) and text[i].islower():
            mods += text[i]
            i += 1
        if i >= len(text):
            raise NotationError(f"Betza {betza!r}: modifiers {mods!r} with no atom")
        letter = text[i]
        i += 1
        body = SHORTHANDS.get(letter)
        if body is None:
            if letter not in LEAPERS:
                raise NotationError(f"Betza {betza!r}: unknown atom {letter!r}")
            body = letter
            if i < len(text) and text[i] == letter:  # doubled letter: a rider
                body += letter
                i += 1
        digits = ""
        while i < len(text) and text[i].isdigit():
            digits += text[i]
            i += 1
        unknown = set(mods) - MODALITIES - DIRECTION_LETTERS
        if unknown:
            raise NotationError(
                f"Betza {betza!r}: unsupported modifier {''.join(sorted(unknown))!r}"
            )
        moves = "c" not in mods or "m" in mods
        captures = "m" not in mods or "c" in mods
        directions = _split_directions("".join(c for c in mods if c in DIRECTION_LETTERS))
        for part in _atoms_of(body):
            leaper, rider = part
            vectors = _images(*LEAPERS[leaper])
            if directions:
                vectors = frozenset(v for v in vectors if any(_matches(d, v) for d in directions))
            limit = int(digits) if digits else 0
            is_rider = rider or limit > 1
            atoms.append(Atom(vectors, is_rider, limit if is_rider else 1, moves, captures))
    return tuple(atoms)


def _atoms_of(body: str) -> list[tuple[str, bool]]:
    out: list[tuple[str, bool]] = []
    i = 0
    while i < len(body):
        letter = body[i]
        doubled = i + 1 < len(body) and body[i + 1] == letter
        out.append((letter, doubled))
        i += 2 if doubled else 1
    return out
