"""Legal moves of Imperial Hex Chess: the capture hierarchy, lost protection and check.

The rules, as the seed's "Rules for Capturing" and "Checkmate and Stalemate" give them:

* A piece may take an equal or lower piece alone; a higher piece only while a second piece
  of its side attacks the same cell ("any two pieces are sufficient").
* A piece that captured on the last move has lost that protection for one move: any enemy
  piece attacking it may take it alone (`HexPosition.exposed`).
* Check: the King is attacked by two enemy pieces, or by the Queen alone. (An enemy King
  alone could take it too, King = Queen, so a King never steps next to the other King:
  "the Kings can not threaten each other".) No move may leave one's own King in check.
* A King may not move where it could be taken next move; in check it must move to a cell no
  enemy piece attacks at all; a King that captures loses its protection, so it may capture
  only where no enemy piece attacks it.
* Pawns: the double step from their 4th row (both cells empty) and en passant on the next
  move, and promotion on rows 11 and 12 (see `promotions`).

Attacks are geometric, as in chess: a piece attacks a cell it could capture on if an enemy
stood there, whether or not moving it would be legal.
"""

from __future__ import annotations

from motley.games.imperial_hex.pieces import (
    KIND_OF_LETTER,
    KING,
    LEVEL,
    NAMES,
    PAWN,
    QUEEN,
)
from motley.games.imperial_hex.state import HexPosition, Move
from motley.games.imperial_hex.tables import HexTables
from motley.geometry import cellset

#: Promotion choices: on the 11th row a pawn may become a Knight or a Guard or stay a pawn;
#: on the 12th it becomes a Dragon, an Elephant or a Queen.
MINOR_PROMOTIONS = ("", "N", "G")
MAJOR_PROMOTIONS = ("D", "E", "Q")
#: Non-royal kinds in the order their moves are listed.
MOVERS = tuple(k for k in range(7) if k != KING)


def king_cell(pos: HexPosition, seat: int) -> int:
    bits = pos.pieces[KING] & pos.colours[seat]
    return bits.bit_length() - 1


def could_take_king(t: HexTables, attackers: int, pos: HexPosition) -> bool:
    """True when these attackers could take a King that has its protection."""
    return attackers.bit_count() >= 2 or bool(attackers & (pos.pieces[QUEEN] | pos.pieces[KING]))


def checkers(t: HexTables, pos: HexPosition, seat: int | None = None) -> int:
    """The enemy pieces attacking `seat`'s King (default: the side to move)."""
    seat = pos.turn if seat is None else seat
    other = seat ^ 1
    return t.attackers(king_cell(pos, seat), other, pos.occupied, pos.pieces, pos.colours[other])


def in_check(t: HexTables, pos: HexPosition, seat: int | None = None) -> bool:
    """Two enemy pieces attack the King, or the Queen (or King) does alone."""
    return could_take_king(t, checkers(t, pos, seat), pos)


def may_capture(t: HexTables, pos: HexPosition, kind: int, target: int) -> bool:
    """The capture hierarchy: may `kind` (of the side to move) take the piece on `target`?"""
    victim = t.kind_at(pos.pieces, 1 << target)
    if LEVEL[victim] >= LEVEL[kind] or target == pos.exposed:
        return True
    own = pos.colours[pos.turn]
    support = t.attackers(target, pos.turn, pos.occupied, pos.pieces, own)
    return support.bit_count() >= 2


def promotions(t: HexTables, seat: int, target: int, promote: bool) -> tuple[str, ...]:
    if not promote:
        return ("",)
    bit = 1 << target
    if bit & t.minor_row[seat]:
        return MINOR_PROMOTIONS
    if bit & t.major_rows[seat]:
        return MAJOR_PROMOTIONS
    return ("",)


def legal_moves(
    t: HexTables, pos: HexPosition, promote: bool = True, king_last: bool = False
) -> list[Move]:
    """Every legal move of the side to move, in a fixed order.

    With `king_last`, a King in check may step away only when no capture or block of an
    attacker is possible ("If this is not possible, the King is forced to move").
    """
    seat = pos.turn
    other = seat ^ 1
    pieces = pos.pieces
    own, opp = pos.colours[seat], pos.colours[other]
    occupied = own | opp
    royal_bits = pieces[KING]
    king = (royal_bits & own).bit_length() - 1
    takeable = opp & ~royal_bits  # a King is never taken: it is mated first
    checked = could_take_king(t, t.attackers(king, other, occupied, pieces, opp), pos)
    lines = t.open_lines[seat][king]
    movement = t.movement[seat]
    plain = t.plain_moves
    promotion_rows = t.minor_row[seat] | t.major_rows[seat]
    out: list[Move] = []
    support: dict[int, int] = {}  # target -> how many of the mover's pieces attack it

    def keeps_king_safe(origin_bit: int, target_bit: int, taken_bit: int) -> bool:
        after = (occupied & ~origin_bit & ~taken_bit) | target_bit
        attackers = t.attackers(king, other, after, pieces, opp & ~taken_bit)
        return not could_take_king(t, attackers, pos)

    for kind in MOVERS:
        bits = pieces[kind] & own
        if not bits:
            continue
        mv = movement[kind]
        level = LEVEL[kind]
        for origin in cellset.cells(bits):
            origin_bit = 1 << origin
            careful = checked
            if origin_bit & lines and not checked:
                # out of check, a move can only hurt by opening a line through its origin
                opened = t.attackers(king, other, occupied & ~origin_bit, pieces, opp)
                careful = could_take_king(t, opened, pos)
            row = plain[origin]
            reach = mv.captures(origin, occupied)
            chosen = mv.quiet(origin, occupied) & ~occupied  # quiet moves and allowed captures
            for target in cellset.cells(reach & takeable):
                if LEVEL[t.kind_at(pieces, 1 << target)] < level and target != pos.exposed:
                    count = support.get(target)
                    if count is None:
                        count = t.attackers(target, seat, occupied, pieces, own).bit_count()
                        support[target] = count
                    if count < 2:
                        continue  # a higher piece needs a second attacker
                chosen |= 1 << target
            if kind != PAWN and not careful:  # the common case: every target is legal
                while chosen:
                    low = chosen & -chosen
                    out.append(row[low.bit_length() - 1])
                    chosen ^= low
                continue
            targets = [(c, (1 << c) & opp) for c in cellset.cells(chosen)]  # (cell, bit taken)
            if kind == PAWN:
                for mid, end in t.double_steps[seat][origin]:
                    if not ((1 << mid) | (1 << end)) & occupied:
                        targets.append((end, 0))
                if pos.ep >= 0 and reach & (1 << pos.ep) and (1 << pos.ep_pawn) & opp:
                    taken = 1 << pos.ep_pawn
                    if taken & lines:
                        careful = True  # taking en passant empties a second cell
                    targets.append((pos.ep, taken))
            for target, taken_bit in targets:
                target_bit = 1 << target
                if careful and not keeps_king_safe(origin_bit, target_bit, taken_bit):
                    continue
                if kind != PAWN:
                    out.append(row[target])
                elif taken_bit not in (0, target_bit):  # en passant: the pawn taken is elsewhere
                    out.append(Move(origin, target, "", True))
                elif promote and target_bit & promotion_rows:
                    for letter in promotions(t, seat, target, promote):
                        out.append(Move(origin, target, letter))
                else:
                    out.append(row[target])
    royal = king_moves(t, pos, king, checked)
    if checked and king_last:
        attackers = t.attackers(king, other, occupied, pieces, opp)
        remedies = out + [m for m in royal if (1 << m.target) & attackers]
        if remedies:
            return remedies
    return out + royal


def king_moves(t: HexTables, pos: HexPosition, king: int, checked: bool) -> list[Move]:
    """The King's legal moves ("A King can not legally move to a position where it could be
    captured on the next move"; in check, or when capturing, only to unattacked cells)."""
    seat = pos.turn
    other = seat ^ 1
    pieces = pos.pieces
    own, opp = pos.colours[seat], pos.colours[other]
    occupied = own | opp
    king_bit = 1 << king
    mv = t.movement[seat][KING]
    out = []
    row = t.plain_moves[king]
    for target in cellset.cells(mv.quiet(king, occupied) & ~occupied):
        target_bit = 1 << target
        attackers = t.attackers(target, other, occupied ^ king_bit | target_bit, pieces, opp)
        if not attackers if checked else not could_take_king(t, attackers, pos):
            out.append(row[target])
    for target in cellset.cells(mv.captures(king, occupied) & opp & ~pieces[KING]):
        target_bit = 1 << target
        # having captured, the King has lost its protection: no enemy piece may attack it
        if not t.attackers(target, other, occupied ^ king_bit, pieces, opp & ~target_bit):
            out.append(row[target])
    return out


def make_move(t: HexTables, pos: HexPosition, move: Move) -> HexPosition:
    """The position after a move (assumed legal)."""
    seat = pos.turn
    other = seat ^ 1
    origin_bit, target_bit = 1 << move.origin, 1 << move.target
    pieces = list(pos.pieces)
    kind = t.kind_at(pos.pieces, origin_bit)
    taken_bit = target_bit & pos.colours[other]
    if move.en_passant:
        taken_bit = 1 << pos.ep_pawn
    if taken_bit:
        pieces[t.kind_at(pos.pieces, taken_bit)] &= ~taken_bit
    pieces[kind] &= ~origin_bit
    pieces[KIND_OF_LETTER[move.promotion] if move.promotion else kind] |= target_bit
    colours = [0, 0]
    colours[seat] = pos.colours[seat] & ~origin_bit | target_bit
    colours[other] = pos.colours[other] & ~taken_bit
    ep = ep_pawn = -1
    if kind == PAWN:
        for mid, end in t.double_steps[seat][move.origin]:
            if end == move.target:
                ep, ep_pawn = mid, end
    irreversible = kind == PAWN or bool(taken_bit)
    return HexPosition(
        tuple(pieces),
        (colours[0], colours[1]),
        other,
        ep,
        ep_pawn,
        move.target if taken_bit else -1,
        0 if irreversible else pos.halfmove + 1,
        pos.ply + 1,
        None if irreversible else pos,
    )


def explain(t: HexTables, pos: HexPosition, move: Move, promote: bool = True) -> str:
    """The rule an illegal move breaks, in words."""
    g = t.geometry
    seat = pos.turn
    origin_bit, target_bit = 1 << move.origin, 1 << move.target
    name, to = g.name(move.origin), g.name(move.target)
    if not origin_bit & pos.occupied:
        return f"there is no piece on {name}"
    if not origin_bit & pos.colours[seat]:
        return f"the piece on {name} is not the mover's"
    kind = t.kind_at(pos.pieces, origin_bit)
    piece = NAMES[kind]
    if target_bit & pos.colours[seat]:
        return f"{to} holds a piece of the mover's own side"
    if target_bit & pos.pieces[KING]:
        return "a King is never captured: it is checkmated"
    choices = promotions(t, seat, move.target, promote) if kind == PAWN else ("",)
    if move.promotion not in choices:
        if choices == MAJOR_PROMOTIONS:
            return (
                "a pawn reaching its 12th row becomes a Dragon, Elephant or Queen (add =D, =E, =Q)"
            )
        if choices == MINOR_PROMOTIONS:
            return "on its 11th row a pawn may become only a Knight or a Guard (=N, =G)"
        return "only a pawn reaching its 11th or 12th row is promoted"
    mv = t.movement[seat][kind]
    occupied = pos.occupied
    if target_bit & pos.colours[seat ^ 1]:
        if not mv.captures(move.origin, occupied) & target_bit:
            return f"a {piece} cannot capture from {name} to {to}"
        if not may_capture(t, pos, kind, move.target):
            victim = NAMES[t.kind_at(pos.pieces, target_bit)]
            return (
                f"a {piece} may not take a higher-ranked {victim} alone: a second piece must "
                "attack it too, unless it captured on the last move"
            )
    else:
        reach = mv.quiet(move.origin, occupied)
        if kind == PAWN:
            for mid, end in t.double_steps[seat][move.origin]:
                if end == move.target:
                    if (1 << mid) & occupied:
                        return "a pawn's double step needs both cells empty"
                    reach |= target_bit
            if move.en_passant:
                if pos.ep != move.target:
                    return f"no pawn passed {to} with a double step on the last move"
                reach = mv.captures(move.origin, occupied)
        if not reach & target_bit:
            return f"a {piece} cannot move from {name} to {to}"
    if kind == KING:
        if target_bit & pos.colours[seat ^ 1]:
            return "a King may capture only where no enemy piece attacks it (it loses protection)"
        if in_check(t, pos):
            return "a King in check must move to a cell no enemy piece attacks"
        return "a King may not move where it could be captured next move"
    if in_check(t, pos):
        return "the King is in check: capture or block an attacker, or move the King"
    return "the move would leave the King in check"
