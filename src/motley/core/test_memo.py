"""The memos: one answer kept for the very state last asked about, or a few recent ones."""

from __future__ import annotations

from motley.core.memo import last_asked, recently_asked


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


class Recent:
    def __init__(self) -> None:
        self.asked = 0

    @recently_asked(2)
    def double(self, state: tuple[int, ...]) -> int:
        self.asked += 1
        return state[0] * 2


def test_recent_states_are_answered_once_even_out_of_order() -> None:
    rules = Recent()
    for state in [(1,), (2,), (1,), (2,)]:
        rules.double(state)
    assert rules.asked == 2


def test_recent_answers_are_shared_by_equal_states() -> None:
    rules = Recent()
    assert rules.double((3,)) == rules.double(tuple([3])) == 6
    assert rules.asked == 1


def test_recent_answers_are_forgotten_when_full() -> None:
    rules = Recent()
    for state in [(1,), (2,), (3,), (1,)]:
        rules.double(state)
    assert rules.asked == 4  # (3,) filled the memo: everything before it was forgotten


def test_each_rules_object_keeps_its_own_recent_answers() -> None:
    first, second = Recent(), Recent()
    first.double((1,))
    second.double((1,))
    assert (first.asked, second.asked) == (1, 1)
