"""The Chess Kit's evaluation of a placement: material, piece placement and king safety.

Every chess-like game of the kit scores a board with this, then adds its own terms in its
`evaluate.py`. All figures are centipawns from one colour's side (the pieces' own catalogue
values for material); `squash` maps a balance into [-1, 1] for the players.

Placement tables stand in for mobility, which would cost a move generation per position:
knights, bishops and queens gain for standing central (where they reach most cells), minor
pieces lose a little while they stay on the back rank (undeveloped), centre pawns gain as
they advance while wing pawns that rush lose (they weaken the king's shelter; in the ending
every pawn gains as it nears promotion), rooks gain on the seventh row. While the enemy
still has a queen or much material the king prefers its back rank and a wing, with pawns in
front of it (its shelter); in the ending it prefers the centre.
"""

from __future__ import annotations

from motley.chesslike.tables import ChessTables

#: enemy material (centipawns, pawns and king left out) above which kings hide
MIDDLEGAME_MATERIAL = 1300
SHELTER = 12  # per own pawn in the three cells before the king, in the middlegame
SCALE = 1000  # squash: a balance of this many centipawns is worth 0.5

Tables = tuple[tuple[tuple[int, ...], ...], ...]  # [kind][colour][cell] -> bonus
_CACHE: dict[int, tuple[ChessTables, Tables, Tables, tuple[tuple[int, ...], ...]]] = {}


def squash(balance: float, scale: float = SCALE) -> float:
    """A centipawn balance as a value in (-1, 1)."""
    return balance / (abs(balance) + scale)


def placement_score(t: ChessTables, pieces: tuple[int, ...], colours: tuple[int, int]) -> int:
    """White's material and placement minus Black's, in centipawns (kings' material out)."""
    middle, ending, shelter = _tables(t)
    royal, queen = t.royal, t.kind_of_letter.get("q", -1)
    enemy_material = [0, 0]  # material of each colour without pawns and king
    score = 0
    for kind, piece in enumerate(t.kinds):
        bits = pieces[kind]
        if not bits or kind == royal:
            continue
        for colour in (0, 1):
            count = (bits & colours[colour]).bit_count()
            if count:
                worth = piece.value * count
                score += worth if colour == 0 else -worth
                if kind != t.pawn:
                    enemy_material[colour] += worth
    for colour, sign in ((0, 1), (1, -1)):
        hiding = enemy_material[colour ^ 1] >= MIDDLEGAME_MATERIAL or (
            queen >= 0 and pieces[queen] & colours[colour ^ 1]
        )
        placed = middle if hiding else ending
        own = colours[colour]
        for kind in range(len(t.kinds)):
            bits = pieces[kind] & own
            if not bits:
                continue
            table = placed[kind][colour]
            while bits:
                low = bits & -bits
                bits ^= low
                score += sign * table[low.bit_length() - 1]
        if hiding and royal >= 0 and t.pawn >= 0:
            king = pieces[royal] & own
            if king:
                front = shelter[colour][king.bit_length() - 1]
                score += sign * SHELTER * (front & pieces[t.pawn] & own).bit_count()
    return score


def board_balance(
    t: ChessTables, pieces: tuple[int, ...], colours: tuple[int, int], seat: int
) -> int:
    """`placement_score` from `seat`'s side."""
    score = placement_score(t, pieces, colours)
    return score if seat % 2 == 0 else -score


def _tables(t: ChessTables) -> tuple[Tables, Tables, tuple[tuple[int, ...], ...]]:
    cached = _CACHE.get(id(t))
    if cached is None or cached[0] is not t:
        middle = _placement(t, ending=False)
        ending = _placement(t, ending=True)
        cached = _CACHE[id(t)] = (t, middle, ending, _shelter(t))
    return cached[1], cached[2], cached[3]


def _placement(t: ChessTables, ending: bool) -> Tables:
    geometry = t.geometry
    files, rows = geometry.files, geometry.ranks
    per_kind = []
    for kind, piece in enumerate(t.kinds):
        letter = piece.letter.lower()
        per_colour = []
        for colour in (0, 1):
            cells = []
            for cell in range(t.n):
                x = geometry.file_of(cell)
                row = geometry.row_of(cell, colour)
                # 0 in the middle of the board, growing by one per step towards an edge
                off_x = abs(2 * x - (files - 1)) // 2
                off_y = abs(2 * row - (rows - 1)) // 2
                central = -(off_x + off_y)
                cells.append(_bonus(t, kind, letter, row, x, central, files, rows, ending))
            per_colour.append(tuple(cells))
        per_kind.append(tuple(per_colour))
    return tuple(per_kind)


def _bonus(
    t: ChessTables,
    kind: int,
    letter: str,
    row: int,
    x: int,
    central: int,
    files: int,
    rows: int,
    ending: bool,
) -> int:
    if kind == t.royal:
        if ending:
            return 6 * central
        wing = 0 if x <= 2 or x >= files - 2 else -20
        return wing - 30 * row
    if kind == t.pawn:
        if ending:
            return 14 * row
        # before the ending: centre pawns gain by advancing, wing pawns lose (they open
        # the king's shelter and take nothing central)
        off = abs(2 * x - (files - 1)) // 2  # 0 on the two centre files
        step = (10, 4, -3, -5)[min(off, 3)]
        return step * (row - 1) + (10 if off == 0 and 2 <= row <= 4 else 0)
    if letter == "n":
        return 8 * central + (-10 if row == 0 else 0)
    if letter == "b":
        return 4 * central + (-10 if row == 0 else 0)
    if letter == "r":
        return 15 if row == rows - 2 else 0
    if letter == "q":
        return 2 * central
    return 4 * central  # any other piece: reach grows towards the centre


def _shelter(t: ChessTables) -> tuple[tuple[int, ...], ...]:
    """Per colour and king cell: the cells one and two rows ahead of it on its three files."""
    geometry = t.geometry
    per_colour = []
    for colour in (0, 1):
        ahead = 1 if colour == 0 else -1
        cells = []
        for cell in range(t.n):
            x, y = geometry.coords(cell)
            mask = 0
            for dx in (-1, 0, 1):
                for dy in (1, 2):
                    near = geometry.at(x + dx, y + ahead * dy)
                    if near is not None and (dy == 1 or dx == 0):
                        mask |= 1 << near
            cells.append(mask)
        per_colour.append(tuple(cells))
    return tuple(per_colour)
