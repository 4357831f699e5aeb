"""The lobby in words: house rules, seat counts and computer levels as players read them.

Game headers are written for the engine (option names, quoted values such as 'queue_end',
"(true)"); a player should never have to read an identifier, so everything the lobby shows
passes through here.
"""

from __future__ import annotations

import re

from motley.core.spec import GameSpec, OptionSpec, OptionValue, Utility

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")

# One line per level: what kind of opponent it is, not which algorithm plays it.
LEVEL_WORDS = {
    1: "Plays any legal move at random: for learning the rules.",
    2: "Takes whatever looks best right now, never thinking ahead.",
    3: "Thinks a little ahead; a relaxed game for most players.",
    4: "Thinks several seconds and punishes loose moves.",
    5: "Thinks longest; a hard game even for strong players.",
}

_QUOTED = re.compile(r"'([^'\s]+)'")
_SNAKE = re.compile(r"\b\w+(?:_\w+)+\b")
_BOOLEAN_NOTE = re.compile(r"\s*\((?:true|false)\)")


def number(n: int) -> str:
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def players(spec: GameSpec) -> str:
    """ "two players", "four players in two teams", "two partners against the deck"."""
    if spec.players == 1:
        return "one player"
    if spec.utility is Utility.COOPERATIVE:
        return f"{number(spec.players)} partners against the game"
    if spec.teams:
        return f"{number(spec.players)} players in {number(len(spec.teams))} teams"
    return f"{number(spec.players)} players"


def value(option_value: OptionValue) -> str:
    """A choice as a player reads it: 'queue_end' becomes "queue end"."""
    if isinstance(option_value, bool):
        return "on" if option_value else "off"
    return str(option_value).replace("_", " ")


def description(option: OptionSpec) -> str:
    """The option's description with its quoted values in words and no "(true)" notes."""
    text = _BOOLEAN_NOTE.sub("", option.description)
    text = _QUOTED.sub(lambda m: "\u201c" + m.group(1).replace("_", " ") + "\u201d", text)
    text = _SNAKE.sub(lambda m: m.group(0).replace("_", " "), text)  # another option's name
    return text[:1].upper() + text[1:]


def level(n: int, name: str) -> dict[str, object]:
    return {"level": n, "name": name, "text": LEVEL_WORDS.get(n, "")}
