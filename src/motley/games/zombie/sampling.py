"""Guessing a secret burial grid from what was said aloud.

Everything public about a player's grid is in the ledger: each burial (which piece, and
which squares the burier's pieces stood on), each check of a square left ("no zombie at c6"
or the zombie that came back), each "I cannot bury this piece", and what horde moves showed.
A grid is consistent when choosing a square for every burial, in order, replays all of it.

The search chooses burial squares in order, in random order of candidates, and prunes with
two facts: a square chosen for a burial must next be checked (if ever) with that very piece
coming back, and every zombie that came back must be claimed by some burial that could have
put it there.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Callable, Sequence

from motley.core.errors import StateError
from motley.games.zombie.state import BURIED, CANNOT, CHECK, SAFE, Entry, Grid

RESTARTS = 8
BUDGET = 20_000  # search nodes per attempt


class _OutOfBudget(Exception):
    pass


class GridSampler:
    """One seat's burials as a constraint problem over its ledger entries."""

    def __init__(self, entries: Sequence[Entry]) -> None:
        ops = [e for e in entries if e.what in (BURIED, CANNOT, CHECK, SAFE)]
        # whenever every burial so far has come back, the grid was empty: what came before
        # cannot matter to what is buried now, and the truth shows it was consistent
        start = buried = 0
        for index, entry in enumerate(ops):
            if entry.what == BURIED:
                buried += 1
            elif entry.what == CHECK and entry.letter:
                buried -= 1
                if buried == 0:
                    start = index + 1
        self.ops = ops[start:]
        self.checks_at: dict[int, list[int]] = {}
        for index, entry in enumerate(self.ops):
            if entry.what == CHECK:
                self.checks_at.setdefault(entry.cell, []).append(index)
        # a zombie that came back was put there by a burial after the square's previous
        # check; the latest such burial is the last chance to claim it
        self.last_claimer: dict[int, int] = {}
        for index, entry in enumerate(self.ops):
            if entry.what == CHECK and entry.letter:
                previous = self._check_before(entry.cell, index)
                claimers = [
                    i
                    for i in range(previous + 1, index)
                    if self.ops[i].what == BURIED
                    and self.ops[i].letter == entry.letter
                    and self.ops[i].mask >> entry.cell & 1
                ]
                if not claimers:
                    raise StateError("zombie: the announcements contradict each other")
                self.last_claimer[index] = claimers[-1]

    def _check_before(self, cell: int, index: int) -> int:
        found = self.checks_at.get(cell, [])
        at = bisect.bisect_left(found, index)
        return found[at - 1] if at else -1

    def _check_after(self, cell: int, index: int) -> int:
        found = self.checks_at.get(cell, [])
        at = bisect.bisect_right(found, index)
        return found[at] if at < len(found) else -1

    def sample(self, rng: random.Random, accept: Callable[[Grid], bool]) -> Grid:
        """A grid that replays every entry and that `accept` takes."""
        for attempt in range(RESTARTS + 1):
            budget = [BUDGET * (4 if attempt == RESTARTS else 1)]
            try:
                found = self._search(0, {}, frozenset(), rng, accept, budget)
            except _OutOfBudget:
                continue
            if found is not None:
                return found
            break
        raise StateError("zombie: no burial grid fits what was announced")

    def _search(
        self,
        start: int,
        active: dict[int, str],
        claimed: frozenset[int],
        rng: random.Random,
        accept: Callable[[Grid], bool],
        budget: list[int],
    ) -> Grid | None:
        budget[0] -= 1
        if budget[0] < 0:
            raise _OutOfBudget
        active = dict(active)
        ops = self.ops
        index = start
        while index < len(ops):
            entry = ops[index]
            if entry.what == BURIED:
                break
            if entry.what == CHECK:
                if active.get(entry.cell, "") != entry.letter:
                    return None
                active.pop(entry.cell, None)
            elif entry.what == CANNOT:
                covered = 0
                for cell in active:
                    covered |= 1 << cell
                if entry.mask & ~covered:
                    return None  # a square without a burial could have taken the piece
            elif active.get(entry.cell, entry.letter[:1]) not in entry.letter:
                return None  # SAFE: the burial there (if any) is one of the allowed pieces
            index += 1
        if index == len(ops):
            grid = tuple(sorted(active.items()))
            return grid if accept(grid) else None
        # a burial: its square
        entry = ops[index]
        forced = []
        for check, claimer in self.last_claimer.items():
            if check > index and check not in claimed:
                if claimer < index:
                    return None  # nothing left can put that zombie where it came back
                if claimer == index:
                    forced.append(check)
        if len(forced) > 1:
            return None
        candidates = []
        mask = entry.mask
        while mask:
            low = mask & -mask
            mask ^= low
            cell = low.bit_length() - 1
            if cell in active:
                continue
            check = self._check_after(cell, index)
            if check >= 0 and ops[check].letter != entry.letter:
                continue  # the next check there found nothing, or another piece
            if forced and check != forced[0]:
                continue
            candidates.append((cell, check))
        rng.shuffle(candidates)
        for cell, check in candidates:
            active[cell] = entry.letter
            found = self._search(
                index + 1,
                active,
                claimed | {check} if check >= 0 else claimed,
                rng,
                accept,
                budget,
            )
            if found is not None:
                return found
            del active[cell]
        return None
