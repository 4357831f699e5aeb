"""Motley: one engine for unusual chess variants."""

__version__ = "0.1.0"
