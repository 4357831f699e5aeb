"""Orthodox chess written once: positions, tables, move generation, FEN, SAN, draws, rules."""
