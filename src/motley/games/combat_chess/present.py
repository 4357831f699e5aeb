"""How Combat Chess II is shown and played: the board, the castles' prisoners, the dice.

Every piece is a chess letter under the rulebook's name (a castle is a rook, a dragon a
knight), so the orthodox figures are drawn, with the rulebook's names and bonuses in the
legend. Leaders (bishops, queens, kings) carry a badge, since killing them all wins; a corner
castle carries a stack with the prisoners it holds, which lie beside the board in one tray per
castle. A move is a drag; a challenge is a drag onto the enemy next door; an escape is a drag
of the hero onto the enemy castle; placing a king or a freed piece is a click; where the killed
piece goes is a click on the winner's left or right castle.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motley.chesslike.boards import dice_board_text, ending_line
from motley.core import present
from motley.games.combat_chess import state as st
from motley.games.combat_chess.board import king_cell, leaders, standing_castle

if TYPE_CHECKING:
    from motley.games.combat_chess.rules import CombatChess

NAME = st.GEOMETRY.name
LEADER = "leader"
PRISONERS = "prisoners"
LEGEND = (
    present.MarkKind(
        LEADER,
        "leader",
        "Bishops, queens and kings are leaders: whoever kills every enemy leader wins.",
        present.MarkStyle.BADGE,
        "#c9a227",
        "L",
    ),
    present.MarkKind(
        PRISONERS,
        "prisoners",
        "Killed enemy pieces held by this castle; a hero of theirs next to it may free one.",
        present.MarkStyle.STACK,
        "#7b5e3b",
    ),
)
SEATS = ("White", "Black")


def short(letter: str) -> str:
    """A piece's letter as moves are written (none for a pawn, as in SAN)."""
    return "" if letter.upper() == "P" else letter.upper()


def squares(count: int) -> str:
    return f"{count} square" + ("" if count == 1 else "s")


# -- the board -----------------------------------------------------------------------------


def layout(rules: CombatChess) -> present.Layout:
    """The chess board with orthodox figures under the rulebook's names and bonuses."""
    names = tuple(
        (letter, _piece_title(rules, letter)) for letter in ("K", "Q", "B", "N", "R", "P")
    )
    return present.Layout(geometry=st.GEOMETRY, legend=LEGEND, piece_names=names)


def _piece_title(rules: CombatChess, letter: str) -> str:
    words = f"{st.PIECE_NAMES[letter]} +{rules.bonus[letter]}"
    if letter in st.LEADERS:
        words += ", leader"
    if letter == st.CASTLE:
        words += ", never moves"
    if letter == "N":
        words += ", leaps"
    return words


# -- the table -----------------------------------------------------------------------------


def scene(rules: CombatChess, s: st.CombatState, seat: int) -> present.Scene:
    actor = rules.actors(s)
    prompt = _prompt(rules, s) if actor and actor[0] == seat else ""
    return present.Scene(
        pieces=_pieces(s),
        items=_items(rules, s),
        highlight=_highlight(rules, s),
        prompt=prompt,
        status=status(rules, s),
    )


def _pieces(s: st.CombatState) -> tuple[present.Piece, ...]:
    held = {st.CORNERS[i]: len(s.prisoners[i]) for i in range(4) if standing_castle(s.board, i)}
    out = []
    for cell, letter in enumerate(s.board):
        if letter == st.EMPTY:
            continue
        marks: list[present.Mark] = []
        if letter.upper() in st.LEADERS:
            marks.append(present.Mark(LEADER))
        if held.get(cell):
            marks.append(present.Mark(PRISONERS, held[cell]))
        out.append(present.Piece(cell, letter.upper(), st.owner(letter), tuple(marks)))
    return tuple(out)


def _items(rules: CombatChess, s: st.CombatState) -> tuple[present.Item, ...]:
    items: list[present.Item] = []
    if s.phase == st.MOVE:
        title = f"{SEATS[s.turn]} rolled {s.roll} to move"
        items.append(present.Dice("roll", title, (s.roll,), s.turn))
    if s.phase == st.COMBAT:
        fight = _fight(rules, s) + ": both roll a die and add the bonus"
        items.append(present.Note(fight, "fight"))
    if s.phase == st.SIDE:
        killed = ((s.captive.upper(), st.owner(s.captive)),)
        title = f"Killed by {SEATS[s.chooser]}: to be held by one of its castles"
        items.append(present.Tray("captive", title, killed, s.chooser))
    for index in range(4):
        items.append(_prison(s, index))
    scores = [(f"{SEATS[side]}'s leaders", str(leaders(s.board, side))) for side in (0, 1)]
    if rules.turn_limit:
        turn = min(s.turns + 1, rules.turn_limit)
        scores.append(("turn", f"{turn} of {rules.turn_limit}"))
    items.append(present.Score("leaders", "Leaders on the board", tuple(scores)))
    return tuple(items)


def _prison(s: st.CombatState, index: int) -> present.Tray:
    """The pieces held off the board by one corner castle (White's left is a1)."""
    seat, side = divmod(index, 2)
    title = f"Held by {SEATS[seat]}'s {st.SIDES[side]} castle ({NAME(st.CORNERS[index])})"
    if not standing_castle(s.board, index):
        title += ": the castle has fallen, they can no longer escape"
    pieces = tuple((p.upper(), st.owner(p)) for p in s.prisoners[index])
    return present.Tray(f"castle-{NAME(st.CORNERS[index])}", title, pieces, seat)


def _highlight(rules: CombatChess, s: st.CombatState) -> tuple[int, ...]:
    if s.phase == st.MOVE:
        return tuple(sorted({m.origin for m in rules.moves(s)}))
    if s.phase == st.AFTER_MOVE:
        targets = {c.defender for c in rules.legal_actions(s) if isinstance(c, st.Challenge)}
        return (s.active, *sorted(targets))
    if s.phase in (st.COMBAT, st.ESCAPE_ROLL):
        return (s.active, s.target)
    if s.phase == st.SIDE:
        return (st.CORNERS[2 * s.chooser], st.CORNERS[2 * s.chooser + 1])
    if s.phase in (st.TELEPORT_ROLL, st.TELEPORT):
        king = king_cell(s.board, s.turn)
        return (king,) if king >= 0 else ()
    if s.phase == st.ESCAPE:
        return tuple(sorted({a.cell for a in rules.legal_actions(s) if isinstance(a, st.Place)}))
    return ()


# -- what to do, and what is going on ---------------------------------------------------------


def teleport_need(rules: CombatChess, s: st.CombatState) -> str:
    """What the die must show for the king to teleport: one die plus one per leader."""
    added = leaders(s.board, s.turn) - (0 if rules.teleport_counts_king else 1)
    need = 6 - added
    if rules.teleport_exact:
        return f"exactly {need}" if 1 <= need <= 6 else "a number no die shows"
    return f"{need} or more" if need > 1 else "any number"


def escape_need(rules: CombatChess, hero: str) -> str:
    """What the die must show to free a prisoner: one die plus the hero's bonus, 6 or more."""
    need = 6 - rules.bonus[hero.upper()]
    return f"{need} or more" if need > 1 else "any number"


def _fight(rules: CombatChess, s: st.CombatState) -> str:
    attacker, defender = s.board[s.active], s.board[s.target]
    ties = f" (ties so far: {s.ties})" if s.ties else ""
    return (
        f"{SEATS[s.turn]}'s {st.piece(attacker)} on {NAME(s.active)} "
        f"(+{rules.bonus[attacker.upper()]}) challenges {SEATS[s.turn ^ 1]}'s "
        f"{st.piece(defender)} on {NAME(s.target)} (+{rules.bonus[defender.upper()]}){ties}"
    )


def _prompt(rules: CombatChess, s: st.CombatState) -> str:
    if s.phase == st.ACT:
        return _act_prompt(rules, s)
    if s.phase == st.MOVE:
        return _move_prompt(rules, s)
    if s.phase == st.AFTER_MOVE:
        return _challenge_prompt(rules, s)
    if s.phase == st.SIDE:
        return _side_prompt(s)
    if s.phase == st.TELEPORT:
        return (
            "The teleport worked: click any empty square for your king, or keep it where it "
            "stands"
        )
    if s.phase == st.ESCAPE:
        kinds = {p.upper() for p in s.prisoners[rules.corner_index(s.target)]}
        which = ", then choose which prisoner" if len(kinds) > 1 else ""
        return (
            f"The escape worked: click a highlighted square next to the castle on "
            f"{NAME(s.target)} to free your piece there{which}"
        )
    return status(rules, s)


def _act_prompt(rules: CombatChess, s: st.CombatState) -> str:
    legal = rules.legal_actions(s)
    ways = []
    if st.ROLL in legal:
        ways.append("roll the die to move a piece exactly that far")
    elif any(isinstance(a, st.PlanRoll) for a in legal):
        ways.append("click the piece you will move, then roll for it")
    if st.TELEPORT_WORD in legal:
        need = teleport_need(rules, s)
        ways.append(f"teleport your king (one die plus one per leader: you need {need})")
    if any(isinstance(a, st.Challenge) for a in legal):
        ways.append(
            "challenge: drag a piece onto an enemy next to it (each rolls a die plus its bonus)"
        )
    heroes = [a for a in legal if isinstance(a, st.Escape)]
    if heroes:
        needs = sorted({escape_need(rules, s.board[a.hero]) for a in heroes})
        ways.append(
            "free a prisoner: drag a hero onto the enemy castle beside it "
            f"(one die plus the hero's bonus must reach 6: you need {' / '.join(needs)})"
        )
    again = "Your challenger won and acts again. " if s.fresh else ""
    return again + "Choose: " + "; or ".join(ways)


def _move_prompt(rules: CombatChess, s: st.CombatState) -> str:
    roll = s.roll
    if not rules.moves(s):
        mover = "your chosen piece" if s.active >= 0 else "no piece"
        lost = f"{mover} cannot" if s.active >= 0 else f"{mover} can"
        return (
            f"You rolled {roll}: {lost} move exactly {squares(roll)}, so the turn is lost "
            "(over-planning)"
        )
    who = "a piece"
    if s.active >= 0:
        who = f"your {st.piece(s.board[s.active])} on {NAME(s.active)}"
    return (
        f"You rolled {roll}: move {who} exactly {squares(roll)} in one straight line onto an "
        "empty square (only dragons pass over pieces)"
    )


def _challenge_prompt(rules: CombatChess, s: st.CombatState) -> str:
    """After a move: who may be challenged, with the bonuses both sides add to their die."""
    foes = sorted({c.defender for c in rules.legal_actions(s) if isinstance(c, st.Challenge)})
    listed = ", ".join(
        f"{st.piece(s.board[c])} on {NAME(c)} +{rules.bonus[s.board[c].upper()]}" for c in foes
    )
    mover = s.board[s.active]
    who = f"Your {st.piece(mover)} (+{rules.bonus[mover.upper()]}) may challenge: drag it"
    if rules.any_challenger:
        who = "Your pieces next to an enemy may challenge: drag one"
    return (
        f"{who} onto an enemy next to it ({listed}); each side rolls a die and adds its "
        "bonus, the higher wins. Or end the turn"
    )


def _side_prompt(s: st.CombatState) -> str:
    seat = s.chooser
    fallen = [st.SIDES[i] for i in (0, 1) if not standing_castle(s.board, 2 * seat + i)]
    killed = f"You killed the {SEATS[seat ^ 1].lower()} {st.piece(s.captive)}"
    if fallen:  # a fallen castle holds no one: only the standing one is offered
        side = 1 - st.SIDES.index(fallen[0])
        return (
            f"{killed}: click your {st.SIDES[side]} castle "
            f"({NAME(st.CORNERS[2 * seat + side])}) to "
            f"hold it there (your {fallen[0]} castle has fallen); only a hero of theirs "
            "beside that castle can free it"
        )
    return (
        f"{killed}: click your left castle ({NAME(st.CORNERS[2 * seat])}) or right castle "
        f"({NAME(st.CORNERS[2 * seat + 1])}) to hold it there; only a hero of theirs beside that "
        "castle can free it"
    )


def status(rules: CombatChess, s: st.CombatState) -> str:
    """What is going on, for everyone at the table."""
    mover = SEATS[s.turn]
    phase = s.phase
    if phase == st.OVER:
        if s.result == st.DRAW:
            return f"Drawn: the turn limit of {rules.turn_limit} turns is reached"
        return f"{SEATS[s.result]} wins: every {SEATS[s.result ^ 1]} leader is dead"
    if phase == st.FIRST:
        ties = f" (tied {s.ties} times)" if s.ties else ""
        return f"Both sides roll a die to see who moves first{ties}"
    if phase == st.ACT:
        return f"{mover} is choosing: roll to move, teleport, challenge or escape"
    if phase == st.MOVE_ROLL:
        return f"{mover} rolls to move"
    if phase == st.MOVE:
        if not rules.moves(s):
            return f"{mover} rolled {s.roll}: nothing can move that far, the turn is lost"
        return f"{mover} rolled {s.roll} and moves a piece exactly {squares(s.roll)}"
    if phase == st.AFTER_MOVE:
        if rules.any_challenger:
            return f"{mover} may challenge a neighbour"
        return f"{mover}'s {st.piece(s.board[s.active])} may challenge a neighbour"
    if phase == st.COMBAT:
        return _fight(rules, s) + ": both roll"
    if phase == st.SIDE:
        return (
            f"{SEATS[s.chooser]} won the fight and puts the killed {st.piece(s.captive)} by one of "
            "its castles"
        )
    if phase == st.TELEPORT_ROLL:
        return f"{mover} rolls to teleport the king: it needs {teleport_need(rules, s)}"
    if phase == st.TELEPORT:
        return f"{mover}'s teleport worked: the king is being placed"
    if phase == st.ESCAPE_ROLL:
        hero = s.board[s.active]
        return (
            f"{mover}'s {st.piece(hero)} on {NAME(s.active)} tries to free a prisoner of the "
            f"castle on {NAME(s.target)}: it needs {escape_need(rules, hero)}"
        )
    return f"{mover}'s escape worked: a prisoner is freed next to {NAME(s.target)}"


# -- gestures --------------------------------------------------------------------------------


def gesture(rules: CombatChess, s: st.CombatState, action: st.Action) -> present.Gesture:
    if isinstance(action, st.Move):
        return present.Move(action.origin, action.target)
    if isinstance(action, st.Challenge):
        # an escape by a hero next to the castle is the same drag onto the castle
        shared = st.Escape(action.challenger, action.defender) in rules.legal_actions(s)
        choice = present.Choice("challenge") if shared else None
        return present.Move(action.challenger, action.defender, choice)
    if isinstance(action, st.Escape):
        return present.Move(action.hero, action.castle, present.Choice("free a prisoner"))
    if isinstance(action, st.PlanRoll):
        return present.Click(action.cell)
    if isinstance(action, st.Place):
        if s.phase == st.TELEPORT:
            return present.Click(action.cell)
        letter = action.letter.upper()
        freed = present.Choice(f"free the {st.piece(letter)}", letter, s.turn)
        return present.Click(action.cell, freed)
    if isinstance(action, st.Word):
        return _word_gesture(s, action)
    return present.Button(rules.action_text(s, action))  # chance outcomes are never gestures


def _word_gesture(s: st.CombatState, word: st.Word) -> present.Gesture:
    """Words a player reads; the side a killed piece goes to is the castle it goes by."""
    if word.word in st.SIDES:
        side = st.SIDES.index(word.word)
        corner = st.CORNERS[2 * s.chooser + side]
        words = f"hold the {st.piece(s.captive)} by your {word.word} castle"
        return present.Click(corner, present.Choice(words, s.captive.upper(), st.owner(s.captive)))
    if word == st.ROLL:
        return present.Button("Roll to move")
    if word == st.TELEPORT_WORD:
        return present.Button("Teleport the king")
    if word == st.PASS:
        mover = "the chosen piece cannot" if s.active >= 0 else "nothing can"
        return present.Button(f"Lose the turn ({mover} move {s.roll})")
    if word == st.END:
        return present.Button("End the turn without a challenge")
    if word == st.STAY:
        return present.Button("Keep the king where it stands")
    return present.Button(word.word)


# -- the move list ----------------------------------------------------------------------------


def notate(rules: CombatChess, s: st.CombatState, action: st.Action, seat: int) -> str:
    if isinstance(action, st.DicePair):
        return _pair(rules, s, action)
    if isinstance(action, st.Die):
        return _die(rules, s, action.face)
    board = s.board
    if isinstance(action, st.Move):
        return f"{short(board[action.origin])}{NAME(action.origin)}-{NAME(action.target)}"
    if isinstance(action, st.Challenge):
        return (
            f"{short(board[action.challenger])}{NAME(action.challenger)} challenges "
            f"{short(board[action.defender])}{NAME(action.defender)}"
        )
    if isinstance(action, st.Escape):
        return f"{short(board[action.hero])}{NAME(action.hero)} tries an escape"
    if isinstance(action, st.PlanRoll):
        return f"rolls for {short(board[action.cell])}{NAME(action.cell)}"
    if isinstance(action, st.Place):
        if s.phase == st.TELEPORT:
            return f"king teleports to {NAME(action.cell)}"
        return f"{st.piece(action.letter)} freed to {NAME(action.cell)}"
    if action.word in st.SIDES:
        corner = st.CORNERS[2 * s.chooser + st.SIDES.index(action.word)]
        return f"{st.piece(s.captive)} held at {NAME(corner)}"
    return {
        "roll": "",  # the die that follows says it
        "teleport": "teleport",
        "pass": "turn lost",
        "end": "no challenge",
        "stay": "the king stays",
    }.get(action.word, action.word)


def _pair(rules: CombatChess, s: st.CombatState, pair: st.DicePair) -> str:
    a, b = pair.first, pair.second
    if pair.word == "first":
        if a == b:
            return f"White {a}, Black {b}: roll again"
        return f"White {a}, Black {b}: {SEATS[0 if a > b else 1]} starts"
    attacker, defender = s.board[s.active], s.board[s.target]
    total_a = a + rules.bonus[attacker.upper()]
    total_d = b + rules.bonus[defender.upper()]
    dice = (
        f"{st.piece(attacker)} {a}+{rules.bonus[attacker.upper()]}, "
        f"{st.piece(defender)} {b}+{rules.bonus[defender.upper()]}"
    )
    if total_a == total_d:
        return f"{dice}: tie, roll again"
    winner, loser = (attacker, defender) if total_a > total_d else (defender, attacker)
    words = f"{dice}: {st.piece(loser)} killed"
    if winner.upper() == "P" and loser.upper() == "K":
        words += ", the pawn becomes a bishop"
    return words


def _die(rules: CombatChess, s: st.CombatState, face: int) -> str:
    if s.phase == st.TELEPORT_ROLL:
        added = leaders(s.board, s.turn) - (0 if rules.teleport_counts_king else 1)
        works = face + added == 6 if rules.teleport_exact else face + added >= 6
        return f"teleport roll {face}+{added}: " + ("works" if works else "fails")
    if s.phase == st.ESCAPE_ROLL:
        bonus = rules.bonus[s.board[s.active].upper()]
        return f"escape roll {face}+{bonus}: " + ("works" if face + bonus >= 6 else "fails")
    return f"rolls {face}"


# -- the terminal's board text ----------------------------------------------------------------


def board_text(rules: CombatChess, s: st.CombatState, seat: int) -> str:
    """The board (White at the bottom), the prisoners by each castle, and what happens next."""
    castles = (castles_line(rules, s, side) for side in (0, 1))
    marks = {s.active, s.target} - {-1}
    return dice_board_text(s.board.__getitem__, marks, *castles, board_status(rules, s))


def castles_line(rules: CombatChess, s: st.CombatState, seat: int) -> str:
    """`White's castles hold: left (a1): k p; right (h1): -`."""
    held = [
        f"{side} ({NAME(st.CORNERS[2 * seat + i])}): {' '.join(s.prisoners[2 * seat + i]) or '-'}"
        for i, side in enumerate(st.SIDES)
    ]
    return f"{rules.spec.seat_name(seat)}'s castles hold: " + "; ".join(held)


def board_status(rules: CombatChess, s: st.CombatState) -> str:
    """The line under the terminal's board: the phase by name, the turn and the leaders."""
    if s.phase == st.OVER:
        limit = f"{rules.turn_limit} turns"
        return ending_line(rules.spec.seat_names, s.result, limit, "has killed every enemy leader")
    mover = rules.spec.seat_name(s.turn)
    if s.phase == st.FIRST:
        return "Both sides roll to see who moves first" + (f" (ties: {s.ties})" if s.ties else "")
    if s.phase == st.COMBAT:
        fight = f"{st.piece(s.board[s.active])} on {NAME(s.active)} challenges "
        fight += f"{st.piece(s.board[s.target])} on {NAME(s.target)}"
        return f"{mover}: {fight}" + (f" (ties so far: {s.ties})" if s.ties else "")
    if s.phase == st.SIDE:
        return f"{rules.spec.seat_name(s.chooser)} won: place the {st.piece(s.captive)} by a castle"
    if s.phase in (st.MOVE_ROLL, st.TELEPORT_ROLL, st.ESCAPE_ROLL):
        return f"{mover} rolls ({st.PHASE_NAMES[s.phase]})"
    text = f"{mover}: {st.WAITING[s.phase]}"
    if s.phase == st.MOVE:
        text += f" (rolled {s.roll})"
    if s.phase == st.ESCAPE:
        text += f" next to {NAME(s.target)}"
    return text + f" [turn {s.turns + 1}; leaders {leaders(s.board, 0)}-{leaders(s.board, 1)}]"
