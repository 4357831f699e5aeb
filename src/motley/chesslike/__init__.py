"""The chess kit: orthodox chess written once, as plain functions any chess-like variant uses.

A variant that keeps its own state around a `Position` calls the kit's functions with plain
values (the tables, a position, its legal moves, its own check) rather than inheriting:

* `position`: positions and moves as values; `tables`: what is known before the first move;
* `movegen`: legal moves, attacks, and castling with a pluggable attack test; `make`: a move;
* `fen`: FEN in and out; `marked`: FEN with `*` marks under pieces, and a board as text;
* `coordinates`: moves as `e2e4` in and out; `san`: SAN in and out, with the game's check;
* `refusals`: the reasons every variant gives for an illegal move;
* `chain`: checkmate, stalemate and the draws of states linked back, and their history's text;
* `draws`: dead material and repetition; `evaluate`: material, placement and king safety;
* `present`: the board, pieces, gestures and prompts; `testing`: helpers for variants' tests;
* `rules`: `ChessLikeRules`, orthodox chess over all of these, with hooks for variants;
  `judged`: the older base of judged two-player games (`core.phased` replaces it).
"""
