"""Legal move generation for chess-like positions, judged against an explicit attacker.

The fast path is the classic one: find checkers and pinned pieces once, then filter each
piece's targets by masks. It holds whenever the side to move has exactly one royal piece and
captures follow the pieces' own movement; variants that change what may capture what use
`pseudo_legal` plus their own legality test instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

from motley.chesslike.position import Move, Position
from motley.chesslike.tables import ChessTables


def attackers(t: ChessTables, pos: Position, cell: int, seat: int, occupied: int) -> int:
    """The cells of `seat`'s pieces that attack `cell`, given `occupied`."""
    pieces = pos.pieces
    side = pos.colours[seat]
    found = 0
    for table, kinds in t.attack_leaps[seat]:
        near = table[cell] & side
        if near:
            for kind in kinds:
                found |= near & pieces[kind]
    for rider, kinds in t.attack_sliders[seat]:
        near = rider.attacks(cell, occupied) & side
        if near:
            for kind in kinds:
                found |= near & pieces[kind]
    return found


def is_attacked(t: ChessTables, pos: Position, cell: int, seat: int, occupied: int) -> bool:
    """Whether any piece of `seat` attacks `cell` (stops at the first attacker)."""
    return attacked_from(t, pos.pieces, pos.colours[seat], cell, seat, occupied)


def attacked_from(
    t: ChessTables, pieces: tuple[int, ...], side: int, cell: int, seat: int, occupied: int
) -> bool:
    """Whether a piece of `seat` standing on one of the cells `side` (its kinds read from
    `pieces`) attacks `cell`, with blockers `occupied`; for variants that limit attackers to
    part of the board."""
    for table, kinds in t.attack_leaps[seat]:
        near = table[cell] & side
        if near:
            for kind in kinds:
                if near & pieces[kind]:
                    return True
    for rider, kinds in t.attack_sliders[seat]:
        near = rider.attacks(cell, occupied) & side
        if near:
            for kind in kinds:
                if near & pieces[kind]:
                    return True
    return False


def king_cell(t: ChessTables, pos: Position, seat: int) -> int:
    """The cell of `seat`'s royal piece, or -1 if it has none or more than one."""
    kings = pos.pieces[t.royal] & pos.colours[seat]
    if kings and not kings & (kings - 1):
        return kings.bit_length() - 1
    return -1


def checkers(t: ChessTables, pos: Position) -> int:
    king = king_cell(t, pos, pos.turn)
    if king < 0:
        return 0
    return attackers(t, pos, king, pos.turn ^ 1, pos.colours[0] | pos.colours[1])


Groups = list[tuple[int, int]]  # (origin, target cells)


def evasions(t: ChessTables, king: int, check: int) -> int:
    """Where a piece other than the king must land while the pieces on `check` attack the
    king on `king`: anywhere without check, on the checker or between with one, nowhere
    with two."""
    if check & (check - 1):
        return 0
    if check:
        return check | t.between[king][check.bit_length() - 1]
    return t.all_cells


def pinned(t: ChessTables, pos: Position, king: int, by: int, pinners: int) -> dict[int, int]:
    """The pieces pinned to the king on `king` by `by`'s sliders on `pinners`: each pinned
    piece's cell and where it may still go (its line to the pinner, the pinner included)."""
    them = pos.colours[by]
    us = pos.colours[by ^ 1]
    occupied = us | them
    between = t.between
    pieces = pos.pieces
    pins: dict[int, int] = {}
    for rider, kinds in t.attack_sliders[by]:
        snipers = rider.attacks(king, them) & pinners
        if not snipers:
            continue
        kind_bits = 0
        for kind in kinds:
            kind_bits |= pieces[kind]
        snipers &= kind_bits
        while snipers:
            low = snipers & -snipers
            snipers ^= low
            line = between[king][low.bit_length() - 1]
            blockers = line & occupied
            if blockers and not blockers & (blockers - 1) and blockers & us:
                pin = blockers.bit_length() - 1
                pins[pin] = pins.get(pin, t.all_cells) & (line | low)
    return pins


def _generate(t: ChessTables, pos: Position) -> tuple[Groups, Groups, list[Move], int]:
    """Legal moves as (origin, targets) groups, promotion groups and special moves, and the
    cells of the pieces giving check."""
    turn = pos.turn
    enemy = turn ^ 1
    us = pos.colours[turn]
    them = pos.colours[enemy]
    occupied = us | them
    pieces = pos.pieces
    movement = t.movement[turn]
    groups: Groups = []
    promoting: Groups = []
    specials: list[Move] = []

    royal = t.royal
    king = king_cell(t, pos, turn)
    king_bit = 1 << king
    # king steps: the king must not stand attacked once it has left its cell
    king_move = movement[royal]
    targets = king_move.captures(king, occupied) & ~us
    if not t.symmetric[turn][royal]:
        targets = (king_move.quiet(king, occupied) & ~occupied) | (
            king_move.captures(king, occupied) & them
        )
    without_king = occupied ^ king_bit
    safe = 0
    while targets:
        low = targets & -targets
        targets ^= low
        if not attacked_from(t, pieces, them, low.bit_length() - 1, enemy, without_king):
            safe |= low
    if safe:
        groups.append((king, safe))

    check = attackers(t, pos, king, enemy, occupied)
    if check & (check - 1):
        return groups, promoting, specials, check  # double check: only the king may move
    # `evasions` and `pinned` written out: this is chess's hottest loop, and the two calls
    # cost about 3% of a random playout (bench/perft_bench.py)
    between = t.between
    allowed = check | between[king][check.bit_length() - 1] if check else t.all_cells
    pins: dict[int, int] = {}
    for rider, kinds in t.attack_sliders[enemy]:
        snipers = rider.attacks(king, them) & them
        if not snipers:
            continue
        kind_bits = 0
        for kind in kinds:
            kind_bits |= pieces[kind]
        snipers &= kind_bits
        while snipers:
            low = snipers & -snipers
            snipers ^= low
            line = between[king][low.bit_length() - 1]
            blockers = line & occupied
            if blockers and not blockers & (blockers - 1) and blockers & us:
                pin = blockers.bit_length() - 1
                pins[pin] = pins.get(pin, t.all_cells) & (line | low)

    symmetric = t.symmetric[turn]
    for kind in t.others:
        own = pieces[kind] & us
        if not own:
            continue
        move = movement[kind]
        sym = symmetric[kind]
        while own:
            low = own & -own
            own ^= low
            origin = low.bit_length() - 1
            if sym:
                reach = move.captures(origin, occupied) & ~us & allowed
            else:
                reach = (
                    (move.quiet(origin, occupied) & ~occupied)
                    | (move.captures(origin, occupied) & them)
                ) & allowed
            if origin in pins:
                reach &= pins[origin]
            if reach:
                groups.append((origin, reach))

    pawn = t.pawn
    if pawn >= 0:
        own = pieces[pawn] & us
        if own:
            move = movement[pawn]
            quiet_leaps = move.quiet_leaps
            capture_leaps = move.capture_leaps
            double_rows = t.double_step_rows[turn]
            zone = t.promotion_zone[turn]
            while own:
                low = own & -own
                own ^= low
                origin = low.bit_length() - 1
                reach = quiet_leaps[origin] & ~occupied
                if reach and low & double_rows:
                    reach |= quiet_leaps[reach.bit_length() - 1] & ~occupied
                reach = (reach | (capture_leaps[origin] & them)) & allowed
                if origin in pins:
                    reach &= pins[origin]
                if reach:
                    if reach & zone:
                        promoting.append((origin, reach & zone))
                        reach &= ~zone
                        if not reach:
                            continue
                    groups.append((origin, reach))
            ep = pos.ep
            if ep >= 0:
                takers = t.movement[enemy][pawn].capture_leaps[ep] & pieces[pawn] & us
                while takers:
                    low = takers & -takers
                    takers ^= low
                    candidate = t.moves[low.bit_length() - 1][ep]
                    if _ep_is_safe(t, pos, candidate, king):
                        specials.append(candidate)

    if not check and pos.castling & us:
        specials.extend(castling_moves(t, pos, king))
    return groups, promoting, specials, check


def _ep_is_safe(t: ChessTables, pos: Position, move: Move, king: int) -> bool:
    """En passant empties two cells on the king's lines: test the position it leaves."""
    turn = pos.turn
    victim = 1 << t.ep_victim[turn][move.target]
    if not victim & pos.colours[turn ^ 1] & pos.pieces[t.pawn]:
        return False
    occupied = (pos.colours[0] | pos.colours[1]) ^ (1 << move.origin) ^ victim ^ (1 << move.target)
    pieces = list(pos.pieces)
    pieces[t.pawn] ^= victim
    colours = list(pos.colours)
    colours[turn ^ 1] ^= victim
    after = pos._replace(pieces=tuple(pieces), colours=(colours[0], colours[1]))
    return not attackers(t, after, king, turn ^ 1, occupied) & ~(1 << move.target)


class CastlingPath(NamedTuple):
    """Where a castling puts king and rook, and the cells it needs."""

    king_to: int
    rook_to: int
    clear: int  # cells that must be empty but for the king and the rook
    crossed: int  # cells the king starts on or passes over (its landing cell aside)


def castling_path(t: ChessTables, turn: int, king: int, rook: int) -> CastlingPath:
    """The path of `turn`'s castling with the rook on `rook` (orthodox and Chess960 alike)."""
    king_to, rook_to = t.castle_squares(turn, king, rook)
    between = t.between
    clear = between[king][king_to] | between[rook][rook_to] | (1 << king_to) | (1 << rook_to)
    crossed = (between[king][king_to] | (1 << king)) & ~(1 << king_to)
    return CastlingPath(king_to, rook_to, clear, crossed)


Attacked = Callable[[Position, int, int], bool]
"""`attacked(pos, cell, occupied)`: may the opponent take a king on `cell`, `occupied` being
the blockers? (A variant's own threat, for castling.)"""


def castling_moves(
    t: ChessTables, pos: Position, king: int, attacked: Attacked | None = None
) -> Iterator[Move]:
    """Castling with each rook that keeps its right: orthodox and Chess960 alike.

    The king and the rook end on the orthodox squares; every cell either crosses must be
    empty but for the two of them; the king may not start on, cross or land on an attacked
    cell, by `attacked` (orthodox attack by default).
    """
    turn = pos.turn
    enemy = turn ^ 1
    us = pos.colours[turn]
    occupied = pos.colours[0] | pos.colours[1]
    king_bit = 1 << king
    if not king_bit & t.back_rank[turn]:
        return
    rooks = pos.castling & us & t.back_rank[turn] & pos.pieces[t.rook]
    between = t.between
    while rooks:
        low = rooks & -rooks
        rooks ^= low
        rook = low.bit_length() - 1
        # `castling_path`, written out: this runs for every position with castling rights
        king_to, rook_to = t.castle_squares(turn, king, rook)
        if (occupied ^ king_bit ^ low) & (
            between[king][king_to] | between[rook][rook_to] | (1 << king_to) | (1 << rook_to)
        ):
            continue
        crossed = (between[king][king_to] | king_bit) & ~(1 << king_to)
        without_king = occupied ^ king_bit
        if attacked is None:
            if any(is_attacked(t, pos, c, enemy, without_king) for c in _cells(crossed)):
                continue
        elif any(attacked(pos, c, without_king) for c in _cells(crossed)):
            continue
        after = (occupied ^ king_bit ^ low) | (1 << king_to) | (1 << rook_to)
        colours = list(pos.colours)
        colours[turn] = (us ^ king_bit ^ low) | (1 << king_to) | (1 << rook_to)
        moved = pos._replace(colours=(colours[0], colours[1]))
        if attacked is None:
            if is_attacked(t, moved, king_to, enemy, after):
                continue
        elif attacked(moved, king_to, after):
            continue
        yield t.moves[king][rook]


def _cells(bits: int) -> Iterator[int]:
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def legal_moves(t: ChessTables, pos: Position) -> list[Move]:
    """Every legal move (fast path: one royal piece for the side to move)."""
    groups, promoting, specials, _ = _generate(t, pos)
    return _listed(t, groups, promoting, specials)


def legal_moves_and_checkers(t: ChessTables, pos: Position) -> tuple[list[Move], int]:
    """`legal_moves` and the cells of the pieces giving check, found on the way (for
    variants that ask both)."""
    groups, promoting, specials, check = _generate(t, pos)
    return _listed(t, groups, promoting, specials), check


def _listed(t: ChessTables, groups: Groups, promoting: Groups, specials: list[Move]) -> list[Move]:
    moves = t.moves
    out: list[Move] = []
    for origin, reach in groups:
        row = moves[origin]
        while reach:
            low = reach & -reach
            reach ^= low
            out.append(row[low.bit_length() - 1])
    promotion_moves = t.promotion_moves
    for origin, reach in promoting:
        while reach:
            low = reach & -reach
            reach ^= low
            out.extend(promotion_moves[origin, low.bit_length() - 1])
    out.extend(specials)
    return out


def legal_targets(t: ChessTables, pos: Position) -> tuple[dict[int, int], list[Move]]:
    """Every legal move as origin -> target cells (a promotion's target once, en passant
    included), and the legal castling moves apart: for variants that judge moves one by one
    and need not build most of them (fast path: one royal piece for the side to move)."""
    groups, promoting, specials, _ = _generate(t, pos)
    out: dict[int, int] = {}
    for origin, reach in groups:
        out[origin] = out.get(origin, 0) | reach
    for origin, reach in promoting:
        out[origin] = out.get(origin, 0) | reach
    us = pos.colours[pos.turn]
    castling: list[Move] = []
    for move in specials:
        if (1 << move.target) & us:  # castling is king-takes-own-rook
            castling.append(move)
        else:
            out[move.origin] = out.get(move.origin, 0) | 1 << move.target
    return out, castling


def count_legal(t: ChessTables, pos: Position) -> int:
    """The number of legal moves, without building them (bulk counting)."""
    groups, promoting, specials, _ = _generate(t, pos)
    total = len(specials)
    for _, reach in groups:
        total += reach.bit_count()
    options = len(t.promotions)
    for _, reach in promoting:
        total += reach.bit_count() * options
    return total


def pseudo_targets(t: ChessTables, pos: Position, origin: int) -> int:
    """Where the piece on `origin` could go by its movement alone, ignoring its king."""
    bit = 1 << origin
    turn = pos.turn
    us = pos.colours[turn]
    if not bit & us:
        return 0
    occupied = pos.colours[0] | pos.colours[1]
    them = pos.colours[turn ^ 1]
    kind = t.kind_at(pos.pieces, bit)
    move = t.movement[turn][kind]
    reach = (move.quiet(origin, occupied) & ~occupied) | (move.captures(origin, occupied) & them)
    if kind == t.pawn and reach & ~them and bit & t.double_step_rows[turn]:
        single = reach & ~them & move.quiet_leaps[origin]
        if single:
            reach |= move.quiet_leaps[single.bit_length() - 1] & ~occupied
    if kind == t.pawn and pos.ep >= 0 and move.capture_leaps[origin] >> pos.ep & 1:
        reach |= 1 << pos.ep
    return reach


def pseudo_reaches(
    t: ChessTables, pos: Position, movers: int, occupied: int, them: int, ep: int = -1
) -> dict[int, int]:
    """`pseudo_targets` of the side to move's pieces on `movers`, a kind at a time (no
    lookup of each piece's kind), with blockers `occupied`, enemy pieces `them` and the
    en-passant cell `ep` (-1: none): for variants that generate on part of the board or
    for some of the pieces."""
    turn = pos.turn
    movement = t.movement[turn]
    symmetric = t.symmetric[turn]
    landing = ~occupied | them
    out: dict[int, int] = {}
    for kind, bits in enumerate(pos.pieces):
        mine = bits & movers
        if not mine:
            continue
        move = movement[kind]
        if kind == t.pawn:
            double = t.double_step_rows[turn]
            leaps = move.capture_leaps
            for origin in _cells(mine):
                reach = move.quiet(origin, occupied) & ~occupied
                if reach and (1 << origin) & double:
                    single = reach & move.quiet_leaps[origin]
                    if single:
                        reach |= move.quiet_leaps[single.bit_length() - 1] & ~occupied
                reach |= leaps[origin] & them
                if ep >= 0 and leaps[origin] >> ep & 1:
                    reach |= 1 << ep
                out[origin] = reach
        elif symmetric[kind]:
            for origin in _cells(mine):
                out[origin] = move.captures(origin, occupied) & landing
        else:
            for origin in _cells(mine):
                out[origin] = (move.quiet(origin, occupied) & ~occupied) | (
                    move.captures(origin, occupied) & them
                )
    return out


def pseudo_legal_moves(t: ChessTables, pos: Position) -> list[Move]:
    """Moves by the pieces' movement alone, ignoring the mover's king (castling still needs
    the orthodox conditions). The base of every variant's own legality test."""
    us = pos.colours[pos.turn]
    out: list[Move] = []
    zone = t.promotion_zone[pos.turn]
    pawns = pos.pieces[t.pawn] if t.pawn >= 0 else 0
    for origin in _cells(us):
        reach = pseudo_targets(t, pos, origin)
        promoting = reach & zone if (1 << origin) & pawns else 0
        for target in _cells(reach & ~promoting):
            out.append(t.moves[origin][target])
        for target in _cells(promoting):
            out.extend(t.promotion_moves[origin, target])
    king = king_cell(t, pos, pos.turn)
    if king >= 0 and pos.castling & us and not checkers(t, pos):
        out.extend(castling_moves(t, pos, king))
    return out
