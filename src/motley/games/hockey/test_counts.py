"""Counts of the first steps of a turn, checked against a naive enumerator written here.

The enumerator works on a dictionary of squares, walks every line step by step and knows
nothing of the game's tables: piece moves (no check; a pawn reaching the last rank once,
bishop slides, a king walking into the goal) and passes (blocking, bounces, shots). It
leaves castling and en passant out, so the positions compared have neither.
"""

from __future__ import annotations

import random

import pytest

from motley.core.rules import NodeKind
from motley.games.hockey.rules import HockeyChess
from motley.games.hockey.state import ACT, HockeyState

FILES = "abcdefgh"
Board = dict[tuple[int, int], str]  # (file, rank) -> piece letter (upper case White)
ROYAL = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
LINES = {"B": ROYAL[4:], "R": ROYAL[:4], "Q": ROYAL}


def name(square: tuple[int, int]) -> str:
    file, rank = square
    if not (0 <= file < 8 and 0 <= rank < 8):
        return FILES[file] + ("0" if rank < 0 else "9")
    return FILES[file] + str(rank + 1)


def read(placement: str) -> tuple[Board, set[tuple[int, int]], set[tuple[int, int]]]:
    """Pieces, pucks and referees from a placement with marks."""
    board: Board = {}
    pucks: set[tuple[int, int]] = set()
    refs: set[tuple[int, int]] = set()
    for index, row in enumerate(placement.split("/")):
        rank = 7 - index
        file = 0
        last = (-1, -1)
        for char in row:
            if char.isdigit():
                file += int(char)
            elif char == "*":
                pucks.add(last)
            elif char == "^":
                refs.add(last)
            else:
                last = (file, rank)
                if char != ".":
                    board[last] = char
                file += 1
    return board, pucks, refs


def white(letter: str) -> bool:
    return letter.isupper()


def on(square: tuple[int, int]) -> bool:
    return 0 <= square[0] < 8 and 0 <= square[1] < 8


def ray(board: Board, origin: tuple[int, int], step: tuple[int, int]) -> list[tuple[int, int]]:
    """The squares from `origin` along `step` up to the edge or the first piece (included)."""
    squares: list[tuple[int, int]] = []
    x, y = origin
    while True:
        x, y = x + step[0], y + step[1]
        if not on((x, y)):
            return squares
        squares.append((x, y))
        if (x, y) in board:
            return squares


def attacks(board: Board, origin: tuple[int, int], target: tuple[int, int]) -> bool:
    letter = board[origin]
    kind = letter.upper()
    dx, dy = target[0] - origin[0], target[1] - origin[1]
    if kind == "P":
        return abs(dx) == 1 and dy == (1 if white(letter) else -1)
    if kind == "N":
        return (dx, dy) in KNIGHT
    if kind == "K":
        return (dx, dy) in ROYAL
    return any(target in ray(board, origin, step) for step in LINES[kind])


def moves(board: Board, pucks: set[tuple[int, int]], mover: bool) -> list[str]:
    out: list[str] = []
    for origin, letter in board.items():
        if white(letter) != mover:
            continue
        kind = letter.upper()
        ahead = 1 if mover else -1
        targets: list[tuple[int, int]] = []
        if kind == "P":
            one = (origin[0], origin[1] + ahead)
            if on(one) and one not in board:
                targets.append(one)
                two = (origin[0], origin[1] + 2 * ahead)
                if origin[1] == (1 if mover else 6) and two not in board:
                    targets.append(two)
            for side in (-1, 1):
                hit = (origin[0] + side, origin[1] + ahead)
                if hit in board and white(board[hit]) != mover:
                    targets.append(hit)
        elif kind in "NK":
            for dx, dy in KNIGHT if kind == "N" else ROYAL:
                square = (origin[0] + dx, origin[1] + dy)
                if on(square) and (square not in board or white(board[square]) != mover):
                    targets.append(square)
        else:
            for step in LINES[kind]:
                for square in ray(board, origin, step):
                    if square not in board or white(board[square]) != mover:
                        targets.append(square)
        last = 7 if mover else 0
        for target in targets:
            out.append(name(origin) + name(target))
            if kind == "B" and target[1] == last:
                colour = (origin[0] + origin[1]) % 2
                if not any((x + y) % 2 == colour for x, y in pucks):
                    for side in (-1, 1):
                        aside = (target[0] + side, target[1])
                        if on(aside) and aside not in board:
                            out.append(name(origin) + name(target) + name(aside))
        if kind == "K" and origin[1] == (7 if mover else 0) and 2 <= origin[0] <= 5:
            crease = [(f, origin[1]) for f in (2, 3, 4, 5)]
            guarded = any(
                attacks(board, square, target)
                for square, other in board.items()
                if white(other) != mover
                for target in crease
            )
            if not guarded:
                out.append(name(origin) + " goal")
    return out


def passes(
    board: Board,
    pucks: set[tuple[int, int]],
    refs: set[tuple[int, int]],
    mover: bool,
    bounce: bool,
) -> list[str]:
    out: list[str] = []
    checkers = pucks | refs
    for origin in pucks:
        letter = board.get(origin)
        if letter is None or white(letter) != mover:
            continue
        kind = letter.upper()
        ahead = 1 if mover else -1
        found: list[tuple[int, int]] = []
        if kind in "PNK":
            steps = {"P": [(0, ahead), (-1, ahead), (1, ahead)], "N": KNIGHT, "K": ROYAL}[kind]
            for dx, dy in steps:
                square = (origin[0] + dx, origin[1] + dy)
                if on(square):
                    if square not in checkers:
                        found.append(square)
                elif square[0] in (3, 4) and square[1] in (-1, 8):
                    found.append(square)
        else:
            lines = set()
            for sx, sy in LINES[kind]:
                x, y = origin
                line = []
                while True:
                    nx, ny = x + sx, y + sy
                    if not 0 <= ny < 8:
                        if nx in (3, 4):
                            line.append((nx, ny))
                        break
                    if not 0 <= nx < 8:
                        if not (bounce and kind == "B"):
                            break
                        sx = -sx
                        nx = x + sx
                    x, y = nx, ny
                    line.append((x, y))
                lines.add(tuple(line))
            for line in lines:
                for square in line:
                    if not on(square):
                        found.append(square)
                        break
                    if square in checkers:
                        continue
                    found.append(square)
                    if square in board:
                        break
        # a target reached along two lines is one pass
        out.extend(f"pass:{name(origin)}{name(target)}" for target in dict.fromkeys(found))
    return out


def naive_first_steps(placement: str, mover: bool, bounce: bool = True) -> list[str]:
    board, pucks, refs = read(placement)
    return sorted(moves(board, pucks, mover) + passes(board, pucks, refs, mover, bounce))


def engine_first_steps(rules: HockeyChess, state: HockeyState) -> list[str]:
    return sorted(rules.action_text(state, a) for a in rules.legal_actions(state))


def plain(state: HockeyState) -> HockeyState:
    """The same position without castling, en passant or history."""
    board = state.board._replace(castling=0, ep=-1)
    return state._replace(board=board, history=frozenset())


def test_start_after_setup_counts() -> None:
    """27 first steps with the referees away from the pieces (20 moves, 7 king passes)."""
    rules = HockeyChess()
    state = rules.initial_state()
    for text in ("ref@d4", "ref@e5"):
        state = rules.apply(state, rules.parse_action(state, text))
    found = engine_first_steps(rules, state)
    assert len(found) == 27
    placement = rules.state_to_json(state)["placement"]
    assert found == naive_first_steps(placement, True)


def test_start_counts_for_many_referee_placements() -> None:
    rules = HockeyChess()
    rng = random.Random(5)
    start = rules.initial_state()
    free = [a for a in rules.legal_actions(start)]
    assert len(free) == 62  # every square but the kings' (they hold pucks)
    for _ in range(40):
        state = rules.apply(start, rng.choice(free))
        state = rules.apply(state, rng.choice(list(rules.legal_actions(state))))
        assert state.phase == ACT
        placement = rules.state_to_json(state)["placement"]
        assert engine_first_steps(rules, state) == naive_first_steps(placement, True)


POSITIONS = [
    # blocked and open lines, a knight in a crowd, bounces, shots, a slide, a king at goal
    ("4k3/8/8/8/8/P^7/8/R*3K3", True),
    ("k7/2n5/8/1B6/3N*4/8/2P*5/2B*1K3", True),
    ("2b1k3/3P*4/8/8/4R*3/8/8/3K4", True),
    ("3K4/8/7b/k7/8/8/8/7R", True),
    ("3K4/8/8/k7/8/8/8/7R", True),
    ("r3k2r/p*p3ppp/8/3q*4/8/8/P6P/4K3", False),
    ("4k3/8/8/.*^7/8/8/8/B*3K2B", True),
]


COUNTS = [20, 54, 40, 17, 20, 71, 27]


@pytest.mark.parametrize(("placement", "white_moves"), POSITIONS)
def test_fixed_positions(placement: str, white_moves: bool) -> None:
    side = "w" if white_moves else "b"
    rules = HockeyChess({"position": f"{placement} {side} - -"})
    state = rules.initial_state()
    found = engine_first_steps(rules, state)
    assert found == naive_first_steps(placement, white_moves)
    assert len(set(found)) == len(found)


def test_counts_of_fixed_positions() -> None:
    """The figures themselves, for the record (moves + passes)."""
    counts = []
    for placement, white_moves in POSITIONS:
        side = "w" if white_moves else "b"
        rules = HockeyChess({"position": f"{placement} {side} - -"})
        counts.append(len(rules.legal_actions(rules.initial_state())))
    assert counts == COUNTS


@pytest.mark.parametrize("bounce", [True, False])
def test_positions_reached_by_random_play(bounce: bool) -> None:
    """Every turn start of a few seeded random games, castling and en passant removed."""
    rules = HockeyChess({"bishop_bounce": bounce})
    rng = random.Random(11)
    compared = 0
    for _ in range(3):
        state = rules.initial_state()
        while rules.kind(state) is not NodeKind.TERMINAL and state.turns < 120:
            if rules.kind(state) is NodeKind.CHANCE:
                outcomes = rules.chance_outcomes(state)
                state = rules.apply(state, rng.choice(outcomes)[0])
                continue
            if state.phase == ACT and state.acts == 0:
                flat = plain(state)
                placement = rules.state_to_json(flat)["placement"]
                expected = naive_first_steps(placement, flat.turn == 0, bounce)
                assert engine_first_steps(rules, flat) == expected
                compared += 1
            state = rules.apply(state, rng.choice(list(rules.legal_actions(state))))
    assert compared > 100


def test_referee_moves_by_die() -> None:
    """A referee moves exactly the rolled distance; counted against a naive walk."""
    placement = "4k*3/8/8/8/3.^4/8/8/4K*2.^"
    rules = HockeyChess({"position": f"{placement} w - -"})
    state = rules.initial_state()
    _, pucks, refs = read(placement)
    expected_counts = []
    for die in range(1, 7):
        count = 0
        for x, y in refs:
            for dx, dy in ROYAL:
                square = (x + dx * die, y + dy * die)
                if on(square) and square not in pucks | refs:
                    count += 1
        expected_counts.append(count)
        moves_now = rules.turns.ref_moves(state, die)
        assert len(moves_now) == count
        assert all(
            max(abs(m.target % 8 - m.origin % 8), abs(m.target // 8 - m.origin // 8)) == die
            for m in moves_now
        )
    # d4 reaches 8, 8, 8, 3, 0, 0 squares; h1 3 each time but for e1's puck at distance 3
    assert expected_counts == [11, 11, 10, 6, 3, 3]


def test_no_referee_can_move_so_none_moves() -> None:
    rules = HockeyChess({"position": "4k3/8/8/8/3.^4/8/8/4K3 w - -"})
    state = rules.initial_state()
    state = rules.apply(state, rules.parse_action(state, "e1e2"))
    state = rules.apply(state, rules.parse_action(state, "end"))
    assert rules.kind(state) is NodeKind.CHANCE
    after = rules.apply(state, rules.parse_action(state, "roll 5"))
    assert after.phase == ACT and after.turn == 1 and after.refs == state.refs
    after = rules.apply(state, rules.parse_action(state, "roll 4"))
    assert after.phase == "ref"
    assert sorted(rules.action_text(after, a) for a in rules.legal_actions(after)) == [
        "ref:d4d8",
        "ref:d4h4",
        "ref:d4h8",
    ]
