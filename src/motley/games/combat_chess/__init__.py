"""Combat Chess II: roll to move in straight lines, fight neighbours with dice.

Seed: 004, Combat Chess II (John Garwood), with RULES-NOTES section 5 for the open questions.

The rules in short:

* A regular chess setup. Pieces (chess letters, the rulebook's names): P pawn (bonus 0),
  R castle (never moves), N dragon (+1), B bishop (+2, leader), Q queen (+3, leader),
  K king (+4, leader). Who moves first is a roll of one die each, re-rolled on a tie
  (a chance node: `first 3 5` is White's 3 against Black's 5).
* On a turn the player chooses: roll to move, declare king teleportation, challenge, or try
  an escape. A roll to move is one die (`roll 4`); one piece then moves exactly that far in
  one straight line like a queen, without turning, onto an empty cell, passing over no piece
  (dragons may jump any number of pieces but must land on an empty cell). If no piece can,
  the turn is lost: over-planning (`pass`). Bonuses are not added to this roll.
* A piece that becomes adjacent to an enemy piece may challenge it (`challenge e4 e5`). Both
  roll and add their bonus (one chance node, `combat 4 2`: challenger's roll then the
  defender's, each pair 1/36); a tie is rolled again. A winning challenger moves into the
  loser's square and acts again (roll, teleport, challenge or escape): fights and wins
  continue the turn. A losing challenger is killed and the turn passes.
* The killed piece goes off the board by the winner's left or right castle, the winner's
  choice (`left` / `right`); it can only be freed from that castle. A castle that has been
  killed holds no one ("may only be escaped from that castle": a piece held by a fallen
  castle could never escape), so only a standing castle may be chosen.
* Escape: a piece that came next to an enemy castle on an earlier turn rolls one die plus its
  bonus; on 6 or more the player frees one of their pieces held by that castle onto an empty
  cell next to it (`Q@b8`). Either way the turn ends. No escape without an empty cell next to
  the castle or a prisoner there.
* Teleportation, declared before its roll (`teleport`): one die plus one per leader on the
  board; on exactly 6 the king goes to any empty cell (`K@e4`), or stays where it is
  (`stay`: "the player *may* place the king").
* A pawn that kills a king becomes a bishop (a leader, +2). Whoever kills every enemy leader
  (bishops, queens, kings) wins. There is no check.

Interpretations (each an option; defaults follow RULES-NOTES 5):

* `first_player=roll`: the roll decides who starts (the text); `white` lets White start.
* `plan_before_roll=false`: roll first, then move any piece that can use the number exactly;
  over-planning is no piece being able to. `true`: name the piece first (`roll e2`), and
  over-planning is that piece being unable to.
* `challenge_after_move=moved`: right after a move only the piece that moved ("becomes
  adjacent") may challenge; at the start of an action any adjacent pair may. `any` lets every
  piece of the mover next to an enemy challenge after a move too. Declining is `end`.
* `castles_challengeable=true` with `castle_bonus=0`: castles can be challenged and killed
  (the text gives them no bonus). Castles never challenge: a winning challenger moves in,
  and castles never move. A castle may still be a hero.
* `defender_moves_in=false`: a defender who wins stays put; "it is now the victor's turn"
  only means the turn passes.
* A pawn that kills a king becomes a bishop whether it challenged or was challenged.
* `teleport_counts_king=true`: the king is one of the leaders that add +1 to its roll.
  `teleport_exact=true`: the text's "equal to a 6" read literally: the roll plus the
  leaders must make exactly 6 (with four leaders, only a 2). `false`: 6 or more, like an
  escape (a king with four leaders then teleports five times in six).
  A successful teleport may be declined (`stay`): the king stays and the turn ends.
  `teleport_challenge=true`: a king that lands next to an enemy may challenge, as any piece
  that becomes adjacent. A failed teleport roll ends the turn.
* Prisoners are held by the castles on the winner's two corners (White's left is a1, its
  right h1; Black's left h8, its right a8). If that castle is killed later, its prisoners can
  no longer escape; a fallen castle is never chosen, and if both of the winner's corner
  castles are gone, the side is not asked.
* A hero is a piece the player did not move during the current turn.
* The game ends the moment a side's last leader is killed (prisoners do not count).
* `turn_limit=300`: the game is drawn after 300 turns in all. The text has no draw; the limit
  only guarantees that every game ends (0 switches it off).
"""

from motley.core.registry import register
from motley.games.combat_chess.rules import CombatChess

__all__ = ["CombatChess"]

register(CombatChess)
