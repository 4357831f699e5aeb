"""Errors with one-line messages that say what was wrong.

Every error a user can cause is a `MotleyError`; interfaces print `str(error)` and never a
traceback. An illegal action names the rule it breaks.
"""

from __future__ import annotations


class MotleyError(ValueError):
    """Base of every user-facing error."""


class UnknownGame(MotleyError):
    """No game is registered under that id."""


class NotationError(MotleyError):
    """Text that does not parse: a FEN, a move, a cell name, an option."""


class IllegalAction(MotleyError):
    """A well-formed action that the rules forbid here."""

    def __init__(self, action: str, rule: str) -> None:
        super().__init__(f"illegal action {action!r}: {rule}")
        self.action = action
        self.rule = rule


class StateError(MotleyError):
    """A state or record that is malformed, inconsistent or from another game version."""


class OptionError(MotleyError):
    """An unknown option or a value the option does not accept."""
