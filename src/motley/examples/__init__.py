"""Example games: complete games kept out of the lobby, written to be read.

A game here is built and tested like every game under `motley.games`, but it does not
register itself on import; its package offers `register()` for whoever wants it listed.
"""
