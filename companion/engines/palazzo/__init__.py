"""Palazzo (Reiner Knizia, alea 2005): the rules engine.

Contract: see ``companion.engines``. Rule IDs (``PZ-…``) come from the rules digest and
are explained on the rules page ``companion/rules/palazzo.md``.

Notation
    Tile: ``<material><floor>w<windows>``, material ``b`` brick, ``s`` sandstone,
    ``m`` marble; ``"m5w3"`` = marble floor 5 with 3 windows. A knight: ``"knight"``.
    Money card: currency ``a``/``b``/``c`` + value 3-7 (``"b5"``); ``"w2"`` is a value-2
    certificate. The value-3 opening certificate is never a card in hand: an opening
    bid just counts 3. A payment is ``{"cards": [...], "groups": [[3 cards], ...]}``
    (groups optional: the most valuable split is used when none is declared).
    Palaces: a list per seat, each bottom-up; actions name one by index (0 = palace 1).
    Quarries are numbered 0-3 clockwise; the master builder stands on one of them.

Config (what the host enters; all public)
    ``{"players": [{"seat", "name"}, ...]`` (2-4, clockwise; the first starts),
    ``"tiles": {"supply": tile, "quarries": [tile for quarries 0-3]}``,
    ``"master_builder": 0-3, "hands": "counts" | "private", "bidding": "open" | "sealed"}``.
    With ``"private"`` hands every seat first sends ``enter_hand`` from its own phone;
    with ``"counts"`` the engine only counts cards and trusts what players lay out,
    as long as those cards can be in a hand at all.

Actions (who sends them: the seat in ``to_act``; random outcomes are entered by the
player who turns them up)
    ``enter_hand {cards: [4]}`` · ``take_money {cards: [players + 1 revealed]}`` ·
    ``pick {cards: [2 or 1]}`` · ``draw_tiles {tiles: [first, second]}`` (``"knight"``
    for a knight; a lone entry if the fifth knight comes first) · ``buy {tiles: [1-2],
    cards, groups?}`` · ``auction {quarry?}`` · ``raise {cards, groups?}`` (cards added to your
    bid) · ``pass {}`` · ``sealed_bid {cards, groups?}`` (empty = pass; house rule) ·
    ``build {tile, to: palace index | "new" | "discard"}`` · ``reconstruct {card,
    move: "extract" {palace, tile} | "insert" {palace, into} | "remove" {palace}}``.

Payments for screens (a live total while cards are picked)
    ``decompose(cards, groups=None, currency=None)`` → ``{"value", "groups", "loose",
    "currency"}`` or IllegalAction; ``largest_payment(hand, currency=None)``.
"""

from .game import apply, is_over, setup, to_act
from .legal import legal
from .log import describe
from .money import decompose, largest_payment
from .scoring import scores
from .view import view

NAME = "palazzo"
TITLE = "Palazzo"
RULE_PREFIX = "PZ"
PLAYERS = (2, 4)

__all__ = [
    "NAME", "TITLE", "RULE_PREFIX", "PLAYERS",
    "setup", "apply", "to_act", "legal", "view", "scores", "is_over", "describe",
    "decompose", "largest_payment",
]
