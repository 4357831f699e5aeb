"""Pieces as data: Betza parsing, compiled movement tables, the catalogue."""
