"""Doors for researchers: Motley's games as OpenSpiel games and PettingZoo environments.

`motley.adapters.openspiel` registers every game with `pyspiel` as `motley_<id>`;
`motley.adapters.pettingzoo` builds AEC and parallel environments. Both sit on the public game
API; the integer action codes they need live in `encoding`, never in the engine. They need the
`research` extra (`pip install motley[research]`).
"""
