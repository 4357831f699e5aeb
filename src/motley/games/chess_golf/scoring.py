"""Chess Golf's scorecard arithmetic: bids, penalties, who demonstrates (seed 002, Play).

A bid is the number of moves a golfer shows on their fingers; 0 is a fist ("impossible, or
I couldn't find one"). Every golfer's bid is their score for the hole, except:

* a golfer who fails to demonstrate scores the highest of the *other* golfers' bids plus a
  one-point penalty;
* once someone demonstrates successfully, every golfer who bid 0 scores the highest bid
  plus a one-point penalty;
* if everyone bid 0, everyone scores 0.
"""

from __future__ import annotations

from collections.abc import Sequence

IMPOSSIBLE = 0  # a fist on the table


def demonstrator(bids: Sequence[int], dealer: int, failed: Sequence[int]) -> int:
    """The golfer who must demonstrate next: the lowest nonzero bid not yet failed; ties go to
    the first tied golfer from the dealer's left (seed: "start to the dealer's left and go
    around to the left"); -1 when nobody is left."""
    count = len(bids)
    order = [(dealer + step) % count for step in range(1, count + 1)]
    open_bids = [(bids[s], order.index(s), s) for s in order if bids[s] > 0 and s not in failed]
    return min(open_bids)[2] if open_bids else -1


def hole_scores(bids: Sequence[int], failed: Sequence[int], succeeded: bool) -> tuple[int, ...]:
    """Each golfer's score for a hole once it is decided (before hint costs)."""
    out = []
    for seat, bid in enumerate(bids):
        others = [b for s, b in enumerate(bids) if s != seat]
        if seat in failed:
            out.append(max(others, default=0) + 1)
        elif bid == IMPOSSIBLE and succeeded:
            out.append(max(bids) + 1)
        else:
            out.append(bid)
    return tuple(out)


def totals(card: Sequence[Sequence[int]], golfers: int) -> tuple[int, ...]:
    """The course total of each golfer over the holes played."""
    return tuple(sum(hole[seat] for hole in card) for seat in range(golfers))


def winners(total: Sequence[int]) -> tuple[int, ...]:
    """The golfers with the lowest course total (seed, Game End)."""
    best = min(total)
    return tuple(s for s, t in enumerate(total) if t == best)
