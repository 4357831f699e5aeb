"""Game components shared by several games: the things on the table that are not pieces."""
