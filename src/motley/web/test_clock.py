"""The server's chess clocks as pure values (clock.py)."""

from __future__ import annotations

import pytest

from motley.core.errors import OptionError
from motley.web.clock import Clocks, TimeControl, think_budget

THREE_TWO = TimeControl(180.0, 2.0)


def test_a_time_control_reads_minutes_and_increment() -> None:
    control = TimeControl.of(3, 2)
    assert control == THREE_TWO
    assert control.text == "3+2"
    assert TimeControl.from_json(control.to_json()) == control
    assert TimeControl.from_json(None) is None
    assert TimeControl.of(0.05, 0).initial == pytest.approx(3.0)


@pytest.mark.parametrize(
    ("given", "words"),
    [
        ({"minutes": 0}, "more than 0"),
        ({"minutes": "5"}, "must be a number"),
        ({"minutes": True}, "must be a number"),
        ({"minutes": 5, "increment": -1}, "from 0 to"),
        ({"minutes": 10_000}, "from 0 to"),
        ({"minutes": float("nan")}, "from 0 to"),
        ([5, 3], "must be null or an object"),
    ],
)
def test_a_bad_time_control_is_one_clear_line(given: object, words: str) -> None:
    with pytest.raises(OptionError, match=words) as caught:
        TimeControl.from_json(given)
    assert "\n" not in str(caught.value)


def test_only_the_clock_of_the_seat_to_act_runs() -> None:
    clocks = Clocks.start(THREE_TWO, 2, now=100.0).tick(100.0, (0,))
    assert clocks.left_at(110.0) == (170.0, 180.0)
    assert clocks.flag_time() == 280.0


def test_a_completed_turn_gains_the_increment() -> None:
    clocks = Clocks.start(THREE_TWO, 2, now=0.0).tick(0.0, (0,))
    clocks = clocks.tick(10.0, (1,))  # White moved after 10 s
    assert clocks.left == (172.0, 180.0)
    assert clocks.running == frozenset({1})
    assert clocks.left_at(15.0) == (172.0, 175.0)


def test_a_compound_turn_is_one_turn_and_chance_takes_no_time() -> None:
    clocks = Clocks.start(THREE_TWO, 2, now=0.0).tick(0.0, (0,))
    clocks = clocks.tick(4.0, None)  # White's roll: a chance node, nobody changes hands
    clocks = clocks.tick(4.0, (0,))  # White moves a first piece: still White's turn
    assert clocks.left == (176.0, 180.0)  # no increment yet
    clocks = clocks.tick(9.0, (1,))
    assert clocks.left == (173.0, 180.0)  # 9 s spent, one increment


def test_simultaneous_nodes_run_every_acting_clock() -> None:
    clocks = Clocks.start(THREE_TWO, 2, now=0.0).tick(0.0, (0, 1))
    clocks = clocks.tick(5.0, (1,))  # White committed: White's clock stops and gains 2 s
    assert clocks.left == (177.0, 175.0)
    assert clocks.left_at(8.0) == (177.0, 172.0)


def test_a_flag_falls_at_zero_and_stopped_clocks_stay() -> None:
    clocks = Clocks.start(TimeControl(3.0), 2, now=0.0).tick(0.0, (0,))
    assert clocks.flagged(2.9) == ()
    assert clocks.flagged(3.0) == (0,)
    stopped = clocks.stop(2.0)
    assert stopped.left == (1.0, 3.0)
    assert stopped.flagged(100.0) == ()
    assert stopped.flag_time() is None


def test_a_late_stamp_never_runs_a_clock_backwards() -> None:
    clocks = Clocks.start(THREE_TWO, 2, now=50.0).tick(50.0, (0,))
    assert clocks.tick(40.0, (1,)).left == (182.0, 180.0)


def test_a_computer_is_given_time_it_cannot_overspend() -> None:
    assert think_budget(60.0, 0.0) == pytest.approx(3.0)
    assert think_budget(60.0, 5.0) == pytest.approx(7.0)
    assert think_budget(1.0, 5.0) == pytest.approx(0.5)  # never more than half what is left
    assert think_budget(0.0, 0.0) == 0.0


def test_the_frame_form_lets_a_page_run_the_clocks() -> None:
    clocks = Clocks.start(THREE_TWO, 2, now=10.0).tick(10.0, (1,))
    data = clocks.to_json(now=12.5)
    assert data["left"] == [180.0, 180.0]
    assert data["running"] == [1]
    assert data["since"] == 10.0 and data["now"] == 12.5
    assert data["control"] == "3+2"
