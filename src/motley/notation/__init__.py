"""Game notations above the rules: PGN export."""
