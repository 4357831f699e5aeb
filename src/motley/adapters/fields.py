"""How many values each number slot of an action template holds.

A number slot's width is fixed by what the number means in the notation, never by the largest
number a random game happened to show, so no legal action is ever past its range and a width
never changes when the table is made again:

* a die face (`roll 3 5`, `combat 2 6`, `first 1 4`, Skock's `3:e2e4`): 1 to 6, width 7;
* Chess960's start position (`sp 518`): 0 to 959, width 960;
* a dealer (`dealer 2`): a seat counted from 1, width players + 1;
* a bid of moves (`bid 4`): 0 (impossible) to 10, the most fingers a hand shows (the
  highest `move_limit` a Chess Golf round accepts), width 11;
* a place in a line of cards (`d5e6 @3`, `out P4 in Q1`): 1 to the size of the whole deck of
  chess cards (Appendix A: 40 cards), width 41;
* any other number: 0 to 63, width 64 (`OTHER`), the documented fixed width of a field no
  rule above names.

The slots are read in the order they appear in the template.
"""

from __future__ import annotations

import re

from motley.components.chess_cards import full_deck
from motley.core.spec import GameSpec

NUMBER = "{n}"
DIE = 7  # faces 1..6 (0 unused, so a face is its own value)
START_POSITIONS = 960
HIGHEST_BID = 10
DECK = len(full_deck())  # every chess card: no line of cards is longer
OTHER = 64

_DICE = re.compile(r"^(roll|combat|first)( \{n\})+$")
_DIE_FIRST = re.compile(r"^\{n\}:")


def widths(template: str, spec: GameSpec) -> tuple[int, ...]:
    """The width of each number slot of `template`, in order."""
    count = template.count(NUMBER)
    if count == 0:
        return ()
    if _DICE.match(template):
        return (DIE,) * count
    if template.startswith("sp "):
        return (START_POSITIONS,) * count
    if template.startswith("dealer "):
        return (spec.players + 1,) * count
    if template.startswith("bid "):
        return (HIGHEST_BID + 1,) * count
    if template.startswith("out ") or " @{n}" in template:
        return (DECK + 1,) * count
    if _DIE_FIRST.match(template):
        return (DIE,) + (OTHER,) * (count - 1)
    return (OTHER,) * count
