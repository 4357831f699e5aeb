"""Dice as chance outcomes, written once for the three dice games over ordinary boards.

Combat Chess II rolls one die to move, teleport or escape and two for a fight or for the first
move; Hockey Chess rolls one die for the referee; Skock throws two dice without order. Here are
the one-die outcome (`Die`, written `roll 4`), the odds of every throw, and the reading of a
face, so that each game states only which of its nodes rolls what.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from motley.core.errors import NotationError

A = TypeVar("A")

FACES = range(1, 7)


@dataclass(frozen=True, slots=True)
class Die:
    """Chance outcome of one die (`roll 4`)."""

    face: int


def one_die(make: Callable[[int], A]) -> tuple[tuple[A, Fraction], ...]:
    """Every face of one die, 1 in 6 each."""
    return tuple((make(face), Fraction(1, 6)) for face in FACES)


def two_dice(make: Callable[[int, int], A]) -> tuple[tuple[A, Fraction], ...]:
    """Two dice told apart (whose is whose matters): every ordered pair, 1 in 36 each."""
    return tuple((make(a, b), Fraction(1, 36)) for a in FACES for b in FACES)


def thrown_together(make: Callable[[int, int], A]) -> tuple[tuple[A, Fraction], ...]:
    """Two dice thrown without order, lower first: a double once in 36, any other pair twice."""
    return tuple(
        (make(low, high), Fraction(1 if low == high else 2, 36))
        for low in FACES
        for high in range(low, 7)
    )


ONE_DIE: tuple[tuple[Die, Fraction], ...] = one_die(Die)


def read_faces(text: str, *digits: str) -> tuple[int, ...]:
    """Dice faces from their digits in `text`; NotationError unless each is 1 to 6."""
    faces = tuple(int(d) for d in digits)
    if not all(face in FACES for face in faces):
        shows = "a die shows" if len(faces) == 1 else "dice show"
        raise NotationError(f"{text.strip()!r}: {shows} 1 to 6")
    return faces


def read_face(digits: str, text: str) -> int:
    """One die's face from its digits in `text`."""
    return read_faces(text, digits)[0]


def die_text(die: Die) -> str:
    return f"roll {die.face}"
