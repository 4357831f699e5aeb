"""What the terminal says about a game: its help, and each event in words a seat may know.

Everything comes from the game's own declarations: the actions open now with their text
(`action_text`) and how they read in the move list (`notate`), the scene's prompt and status,
and `event_text_for`, which names only what a seat may know. The terminal never knows a game
by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from motley.core.errors import MotleyError
from motley.core.results import describe_returns
from motley.core.rules import NodeKind, Rules
from motley.core.spec import GameSpec, Trait

EXAMPLES = 4  # sample actions shown in the help

COMMANDS = """\
Commands:
  moves    list the actions open to you now
  undo     take back to your previous turn (refused once a card, a roll or a secret was seen)
  board    show the board again
  flip     turn the board around
  resign   give up the game
  quit     stop without a result
  help     show this text"""


def help_text(rules: Rules[Any, Any], state: Any, seat: int, legal: Sequence[Any]) -> str:
    """The game's own help: what it is, how its actions are written here, and the commands."""
    spec = rules.spec
    lines = [f"{spec.title}: {spec.summary}"]
    if legal:
        lines.append("Type an action as this game writes it; for example, open to you now:")
        lines.extend(f"  {example}" for example in examples(rules, state, seat, legal))
        if len(legal) == 1:
            lines.append("It is your only choice here: press Enter to play it.")
    lines.append(COMMANDS)
    lines.append(f"The full rules: the rules page of {spec.id} (motley games lists its options).")
    return "\n".join(lines)


def examples(
    rules: Rules[Any, Any], state: Any, seat: int, legal: Sequence[Any], count: int = EXAMPLES
) -> list[str]:
    """A few of the actions open now, spread over the list: their text, and how the move list
    writes them when that differs and is read too ("g1f3, or Nf3")."""
    texts = sorted((rules.action_text(state, a), a) for a in legal)
    step = max(1, len(texts) // count)
    shown = []
    for text, action in texts[::step][:count]:
        label = rules.notate(state, action, seat)
        if label and label != text and _reads(rules, state, seat, label, action):
            shown.append(f"{text}, or {label}")
        elif label and label != text:
            shown.append(f"{text}  ({label})")
        else:
            shown.append(text)
    return shown


def _reads(rules: Rules[Any, Any], state: Any, seat: int, label: str, action: Any) -> bool:
    """Whether the move list's way of writing `action` is read back as that action."""
    try:
        return bool(rules.parse_action(state, label, seat) == action)
    except MotleyError:
        return False


def phase(rules: Rules[Any, Any], state: Any, seat: int) -> tuple[str, str]:
    """(prompt, status) for `seat` now: what it is asked to do, and the phase in words."""
    scene = rules.scene(rules.view(state, seat), seat)
    return scene.prompt, scene.status


def input_prompt(rules: Rules[Any, Any], state: Any, seat: int) -> str:
    """The line the cursor waits on: the phase in the game's words ("White is burying a
    captured piece"), or "White to move" where the game names none."""
    name = rules.spec.seat_name(seat)
    if rules.kind(state) is NodeKind.SIMULTANEOUS:
        return f"{name} to commit> "
    _, status = phase(rules, state, seat)
    return f"{status or f'{name} to move'}> "


def step_text(rules: Rules[Any, Any], state: Any, action: Any, reader: int) -> str:
    """A decision or chance outcome as `reader` may know it.

    In a game without secrets the move list's notation (SAN); otherwise `event_text_for`,
    which hides what `reader` may not see and adds what was announced.
    """
    if Trait.HIDDEN in rules.spec.traits:
        return rules.event_text_for(state, action, reader)
    return rules.notate(state, action, reader) or rules.action_text(state, action)


def result_words(spec: GameSpec, returns: Sequence[float], reason: str) -> str:
    """A finished game in words: "White wins by checkmate", "draw by stalemate"."""
    words = describe_returns(spec, returns)
    return f"{words} by {reason}" if reason else words
