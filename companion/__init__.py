"""Table Companion: a small server that sits beside a real board game."""

__version__ = "0.1.0"
