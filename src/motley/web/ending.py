"""How a finished game is told to the players: the result and its reason in words.

The verdict comes from the returns (who won, a draw, or a score where there are no sides),
the reason from how the game ended: a resignation or an agreed draw, else the rule that ended
it (each game's `Rules.end_reason`).
"""

from __future__ import annotations

from typing import Any

from motley.core.results import describe_returns
from motley.core.spec import Utility
from motley.web.match import Match

SCORED = (Utility.COOPERATIVE, Utility.SCORE)


def reason_of(match: Match) -> str:
    """Why the game ended, in the game's own words ("" while it goes on)."""
    if not match.over:
        return ""
    if match.ending is not None:
        return match.ending.reason
    return match.rules.end_reason(match.state)


def result_json(match: Match) -> dict[str, Any] | None:
    """The result panel's words: a headline, the reason as a sentence, the winners and score."""
    if not match.over:
        return None
    spec = match.spec
    returns = match.returns()
    reason = reason_of(match)
    score: float | None = None
    winners: list[int] = []
    if returns is None:
        headline = "Game abandoned"
    elif spec.utility in SCORED and (spec.players == 1 or spec.utility is not Utility.SCORE):
        # several scored players (a round of golf) have winners, as in any contest
        headline = "Game over"
        score = returns[0]
    else:
        headline = describe_returns(spec, returns, draw="Draw")
        best = max(returns)
        if any(r != best for r in returns):
            winners = [seat for seat, r in enumerate(returns) if r == best]
    return {
        "headline": headline,
        "reason": sentence(reason),
        "winners": winners,
        "score": score,
    }


def sentence(words: str) -> str:
    """`checkmate` -> `Checkmate`: a reason shown on a line of its own."""
    return words[:1].upper() + words[1:] if words else ""
