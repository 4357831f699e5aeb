"""Chess960: the standard numbering, the seed's card deal, the start chance node and castling."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import chess
import pytest

from motley.chesslike.fen import parse_fen
from motley.chesslike.position import Move
from motley.core import registry
from motley.core.driver import RandomAgent, play
from motley.core.errors import IllegalAction, NotationError, OptionError
from motley.core.record import replay
from motley.core.rules import NodeKind
from motley.games.chess960.start import all_deals, back_rank, number_of, settle_deal, start_fen
from motley.games.chess960.state import CardDeal, StartPosition

SHADES = {file: file % 2 for file in range(8)}  # a1 is dark: files a, c, e, g dark on rank 1


def is_valid_rank(rank: str) -> bool:
    """Fischer's conditions: the right pieces, bishops on both colours, king between rooks."""
    if sorted(rank) != sorted("RNBQKBNR"):
        return False
    bishops = [i for i, c in enumerate(rank) if c == "B"]
    rooks = [i for i, c in enumerate(rank) if c == "R"]
    king = rank.index("K")
    return SHADES[bishops[0]] != SHADES[bishops[1]] and rooks[0] < king < rooks[1]


@pytest.mark.parametrize(
    ("number", "rank"), [(518, "RNBQKBNR"), (0, "BBQNNRKR"), (959, "RKRNNQBB"), (226, "BNRQKBNR")]
)
def test_known_start_positions(number: int, rank: str) -> None:
    assert back_rank(number) == rank
    assert number_of(rank) == number


def test_numbering_matches_python_chess() -> None:
    for number in range(960):
        board = chess.Board.from_chess960_pos(number)
        assert start_fen(number) == board.fen(), number
        assert board.chess960_pos() == number


def test_all_960_distinct_and_valid() -> None:
    ranks = [back_rank(n) for n in range(960)]
    assert len(set(ranks)) == 960
    assert all(is_valid_rank(r) for r in ranks)
    every_valid = {
        "".join(p) for p in itertools.permutations("RNBQKBNR") if is_valid_rank("".join(p))
    }
    assert set(ranks) == every_valid


@pytest.mark.parametrize("bad", [-1, 960, 10_000])
def test_numbers_out_of_range(bad: int) -> None:
    with pytest.raises(NotationError):
        back_rank(bad)


def test_number_of_refuses_invalid_ranks() -> None:
    with pytest.raises(NotationError):
        number_of("RRKBBNNQ")


# -- the seed's card deal --------------------------------------------------------------------


def dealt_ranks() -> Counter[str]:
    """Every way the seed's procedure can lay out the cards, with multiplicity: deck 1 (one
    bishop and three of the other six cards) goes to files a, c, e, g; deck 2 to b, d, f, h.
    Cards of the same kind are told apart here, so each layout is equally likely."""
    cards = ["N1", "N2", "R1", "R2", "Q", "K"]
    out: Counter[str] = Counter()
    for first in itertools.combinations(cards, 3):
        second = [c for c in cards if c not in first]
        for deck1 in itertools.permutations([*first, "B1"]):
            for deck2 in itertools.permutations([*second, "B2"]):
                rank = [""] * 8
                rank[0::2] = deck1
                rank[1::2] = deck2
                out["".join(card[0] for card in rank)] += 1
    return out


def test_the_deal_has_2880_equally_likely_outcomes() -> None:
    layouts = dealt_ranks()
    assert len(layouts) == 2880
    assert len(set(layouts.values())) == 1  # every distinct deal equally often
    assert set(all_deals()) == set(layouts)


@pytest.mark.parametrize(
    ("deal", "settled"),
    [
        ("RNBQKBNR", "RNBQKBNR"),  # already between the rooks
        ("RRBBKNNQ", "RKBBRNNQ"),  # both rooks left: the king swaps with the nearer (b)
        ("QNNKBBRR", "QNNRBBKR"),  # both rooks right: swaps with g
        ("KRBBNNQR", "RKBBNNQR"),  # rooks on b and h, king on a: swaps with b
        ("RNBBQNRK", "RNBBQNKR"),  # rooks on a and g, king on h: swaps with g
    ],
)
def test_settle_rule(deal: str, settled: str) -> None:
    assert settle_deal(deal) == settled


def test_every_deal_settles_to_a_valid_start() -> None:
    for deal in all_deals():
        assert is_valid_rank(settle_deal(deal)), deal


def test_card_chance_node_and_its_distribution() -> None:
    """The chance node lists 2880 deals at 1/2880; through the rules each start position comes
    from exactly three deals (already R-K-R, or K-R-R / R-R-K settled), so with cards every one
    of the 960 start positions is reached and all are equally likely."""
    rules = registry.make("chess960", {"start": "cards"})
    undealt = rules.initial_state()
    assert rules.kind(undealt) is NodeKind.CHANCE
    outcomes = rules.chance_outcomes(undealt)
    assert len(outcomes) == 2880
    assert sum(p for _, p in outcomes) == 1
    assert all(isinstance(o, CardDeal) and p == Fraction(1, 2880) for o, p in outcomes)
    by_start: Counter[str] = Counter()
    for outcome, _ in outcomes:
        pos = rules.apply(undealt, outcome)
        by_start[rules.fen(pos)] += 1
    assert len(by_start) == 960
    assert set(by_start.values()) == {3}


def test_random_chance_node() -> None:
    rules = registry.make("chess960")
    undealt = rules.initial_state()
    outcomes = rules.chance_outcomes(undealt)
    assert [o for o, _ in outcomes] == [StartPosition(n) for n in range(960)]
    assert all(p == Fraction(1, 960) for _, p in outcomes)
    assert rules.legal_actions(undealt) == [] and rules.actors(undealt) == ()
    for number in (0, 518, 959):
        pos = rules.apply(undealt, rules.parse_action(undealt, f"sp {number}"))
        assert rules.fen(pos) == chess.Board.from_chess960_pos(number).fen()


@pytest.mark.parametrize(
    ("options", "text"),
    [
        ({}, "sp 960"),
        ({}, "sp x"),
        ({}, "deal RNBQKBNR"),
        ({"start": "cards"}, "sp 3"),
        ({"start": "cards"}, "deal BRBRKNNQ"),
        ({}, "e2e4"),
    ],
)
def test_bad_chance_text(options: dict[str, str], text: str) -> None:
    rules = registry.make("chess960", options)
    with pytest.raises((NotationError, IllegalAction)) as info:
        rules.parse_action(rules.initial_state(), text)
    assert "\n" not in str(info.value)


# -- the start through the driver ------------------------------------------------------------


@pytest.mark.parametrize("start", ["random", "cards"])
def test_seeded_start_replays(start: str) -> None:
    rules = registry.make("chess960", {"start": start})
    agents = {0: RandomAgent(), 1: RandomAgent()}
    first = play(rules, agents, seed=7, max_events=12)
    again = play(rules, agents, seed=7, max_events=12)
    assert first.record == again.record
    assert first.record.events[0].kind is NodeKind.CHANCE
    word = first.record.events[0].actions[0][1].split()[0]
    assert word == ("sp" if start == "random" else "deal")
    states = replay(first.record)
    assert rules.fen(states[-1]) == rules.fen(first.state)
    assert is_valid_rank(rules.fen(states[1]).split("/")[-1].split()[0])


def test_seeds_spread_over_the_start_positions() -> None:
    rules = registry.make("chess960")
    agents = {0: RandomAgent(), 1: RandomAgent()}
    starts = {play(rules, agents, seed=s, max_events=1).record.events[0] for s in range(300)}
    assert len(starts) > 250


def test_position_option_skips_the_chance_node() -> None:
    by_number = registry.make("chess960", {"position": "518"})
    assert by_number.kind(by_number.initial_state()) is NodeKind.DECISION
    assert by_number.fen(by_number.initial_state()) == chess.Board().fen()
    fen = "1k6/8/8/8/8/8/8/RKR5 w CA - 0 1"
    by_fen = registry.make("chess960", {"position": fen})
    assert by_fen.fen(by_fen.initial_state(), "shredder") == fen
    for bad in ("960", "not a fen"):
        with pytest.raises(OptionError):
            registry.make("chess960", {"position": bad})


# -- castling --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "fen",
    [
        "1k6/8/8/8/8/8/8/RKR5 w AC - 0 1",  # king b1 between rooks a1 and c1
        "rk2r3/8/8/8/8/8/8/RK2R3 w AEae - 0 1",
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1 b BGbg - 0 1",
        "4k3/8/8/8/8/8/8/5RKR w FH - 0 1",  # king g1: castling h-side leaves it on g1
        "4k3/8/8/8/8/8/8/RK5R w AH - 0 1",
        "4k3/8/8/8/8/8/8/2R1KR2 w CF - 0 1",  # rook already on f1
        "4k3/8/8/8/5b2/8/8/R2K3R w AH - 0 1",  # the king would cross an attacked square
        "4k3/8/8/8/8/8/8/1R1K2qR w BH - 0 1",  # a piece stands where the rook must go
    ],
)
def test_chess960_castling_matches_python_chess(fen: str) -> None:
    rules = registry.make("chess960", {"position": fen})
    pos = rules.initial_state()
    board = chess.Board(fen, chess960=True)
    castles = {board.uci(m): m for m in board.legal_moves if board.is_castling(m)}
    ours = {
        rules.action_text(pos, m): m
        for m in rules.moves(pos)
        if (1 << m.target) & pos.colours[pos.turn]
    }
    assert set(ours) == set(castles)
    for text, move in castles.items():
        after = rules.apply(pos, ours[text])
        board.push(move)
        assert rules.fen(after) == board.fen()
        board.pop()


def test_orthodox_castling_text_in_chess960() -> None:
    """In the orthodox array Chess960 writes castling king-takes-rook; chess writes e1g1."""
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    c960 = registry.make("chess960", {"position": fen})
    orthodox = registry.make("chess", {"position": fen})
    texts960 = {c960.action_text(c960.initial_state(), m) for m in c960.moves(c960.initial_state())}
    texts = {
        orthodox.action_text(orthodox.initial_state(), m)
        for m in orthodox.moves(orthodox.initial_state())
    }
    assert {"e1h1", "e1a1"} <= texts960 and not {"e1g1", "e1c1"} & texts960
    assert {"e1g1", "e1c1"} <= texts and not {"e1h1", "e1a1"} & texts
    pos = c960.initial_state()
    assert c960.action_text(pos, c960.parse_action(pos, "O-O")) == "e1h1"
    assert c960.action_text(pos, c960.parse_action(pos, "O-O-O")) == "e1a1"


def test_chance_outcome_at_a_decision_node_is_illegal() -> None:
    rules = registry.make("chess960")
    pos = parse_fen(rules.tables, start_fen(518))
    with pytest.raises(IllegalAction):
        rules.check_legal(pos, StartPosition(3))


def test_move_at_the_chance_node_is_illegal() -> None:
    rules = registry.make("chess960")
    with pytest.raises(IllegalAction):
        rules.check_legal(rules.initial_state(), Move(12, 28))
