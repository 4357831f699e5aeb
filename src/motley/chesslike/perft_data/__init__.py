"""Perft positions and published node counts, vendored for the tests (see each file header)."""
