"""Counting complete turns: Skock's perft.

With the dice fixed, a turn is a path of decisions from the throw to the next throw (or the
end of the game). `count_turns` counts those paths; `turn_ends` collects the distinct
positions they lead to. Both walk the game API only, memoised by state (many step orders
meet again), and fail loudly on a dead end: a decision node with nothing to choose.
"""

from __future__ import annotations

from typing import Any

from motley.core.errors import MotleyError
from motley.core.rules import NodeKind, Rules


class DeadEnd(MotleyError):
    """A turn reached a decision with no legal action: an offered step could not be finished."""


def count_turns(rules: Rules[Any, Any], state: Any) -> int:
    """The number of decision paths from `state` to the next chance or terminal node."""
    memo: dict[Any, int] = {}

    def count(node: Any) -> int:
        if rules.kind(node) is not NodeKind.DECISION:
            return 1
        known = memo.get(node)
        if known is None:
            actions = list(rules.legal_actions(node))
            if not actions:
                raise DeadEnd(f"{rules.spec.id}: a decision node with no legal action")
            known = sum(count(rules.apply(node, action)) for action in actions)
            memo[node] = known
        return known

    return count(state)


def turn_ends(rules: Rules[Any, Any], state: Any) -> set[Any]:
    """Every distinct state at the next chance or terminal node reachable from `state`."""
    seen: set[Any] = set()
    ends: set[Any] = set()
    stack = [state]
    while stack:
        node = stack.pop()
        if rules.kind(node) is not NodeKind.DECISION:
            ends.add(node)
            continue
        if node in seen:
            continue
        seen.add(node)
        actions = list(rules.legal_actions(node))
        if not actions:
            raise DeadEnd(f"{rules.spec.id}: a decision node with no legal action")
        stack.extend(rules.apply(node, action) for action in actions)
    return ends
