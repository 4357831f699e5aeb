"""The last-asked memo: one answer kept, for the very state last asked about."""

from __future__ import annotations

from motley.core.memo import last_asked


class Counting:
    def __init__(self) -> None:
        self.asked = 0

    @last_asked
    def square(self, state: list[int]) -> int:
        self.asked += 1
        return state[0] ** 2

    @last_asked
    def times(self, state: list[int], factor: int) -> int:
        self.asked += 1
        return state[0] * factor


def test_the_same_state_is_answered_once() -> None:
    rules, state = Counting(), [3]
    assert rules.square(state) == rules.square(state) == 9
    assert rules.asked == 1


def test_an_equal_but_other_state_is_asked_again() -> None:
    # states are compared by identity: an equal list may have been built differently
    rules = Counting()
    rules.square([3])
    assert rules.square([3]) == 9
    assert rules.asked == 2


def test_only_the_last_state_is_kept() -> None:
    rules, first, second = Counting(), [2], [5]
    rules.square(first)
    rules.square(second)
    rules.square(first)
    assert rules.asked == 3


def test_other_arguments_are_part_of_the_question() -> None:
    rules, state = Counting(), [4]
    assert rules.times(state, 2) == 8
    assert rules.times(state, 3) == 12
    assert rules.times(state, 3) == 12
    assert rules.asked == 2
