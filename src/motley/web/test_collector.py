"""The server's garbage-collector schedule: frozen between full collections, none skipped."""

from __future__ import annotations

import gc
import weakref

from motley.web.collector import Collector


class Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only the cycle collector can free it


def test_frozen_objects_wait_for_the_next_full_collection() -> None:
    collector = Collector(full_seconds=100.0)
    try:
        collector.start()
        assert gc.get_freeze_count() > 0
        node = Node()
        gone = weakref.ref(node)
        collector.tick(now=collector._last_full + 1)  # frozen with everything else
        del node
        gc.collect()
        assert gone() is not None  # frozen: the ordinary collections pass it by
        collector.tick(now=collector._last_full + 101)
        assert gone() is None and collector.full_collections == 1
    finally:
        gc.unfreeze()
