"""Palazzo (Reiner Knizia, alea 2005): the rules engine.

Contract: see ``companion.engines``. Rule IDs (``PZ-…``) come from the rules digest and
are explained on the rules page ``companion/rules/palazzo.md``; the sealed-bid house
rule is PZ-H-1.

The files, as in every game::

    setup.py           config checks and the initial state (the state's keys are listed there)
    flow.py            STEPS per phase, to_act, apply, is_over, the table's status line
    legal.py           what a seat may do now, with concrete choices, and why not the rest
    view.py            what a seat (or the table screen) may see
    describe.py        log lines, a table of templates per action type
    scoring.py         palace values (PZ-E-2) and the tie-break (PZ-E-3)
    playout.py         random_config, random_action, hide, seat_draw (no table_draw:
                       players enter what they turn up, or ask the server to draw it)
    state.py           seats, names, clockwise order, fields of an action

and the modules named after the game's own rules::

    tiles.py           building tiles, knights, quarry numbers (PZ-C-1, PZ-C-2, PZ-C-4)
    money.py           money cards and payments: groups, currencies, values (PZ-C-3, PZ-P)
    hands.py           where the money is: hands, deck, discards, the reveal (PZ-T-1)
    turn.py            take money, draw tiles, the end of a turn (PZ-T)
    buying.py          buying from the material supply (PZ-B)
    auction.py         the master builder's move, open and sealed auctions (PZ-A, PZ-H)
    building.py        building acquired tiles, the distribution (PZ-BLD, PZ-A-2)
    reconstruction.py  the three reconstructions (PZ-T-3, PZ-R)

Notation
    Tile: ``<material><floor>w<windows>``, material ``b`` brick, ``s`` sandstone,
    ``m`` marble; ``"m5w3"`` = marble floor 5 with 3 windows. A knight: ``"knight"``.
    Money card: currency ``a``/``b``/``c`` + value 3-7 (``"b5"``); ``"w2"`` is a value-2
    certificate. The value-3 opening certificate is never a card in hand: an opening
    bid just counts 3. A payment is ``{"cards": [...], "groups": [[3 cards], ...]}``
    (groups optional: the most valuable split is used when none is declared).
    Palaces: a list per seat, each bottom-up; actions name one by index (0 = palace 1).

Quarries
    Numbered as the rulebook counts them, from the master builder's quarry: quarry 0 is
    the one he stands on, then 1, 2, 3 clockwise (PZ-C-4). The numbers follow him: the
    state keeps the quarries in that order, so a drawn tile goes to the quarry numbered
    like its windows (PZ-T-2), and when he moves on to the next quarry with tiles
    (PZ-A-1) that quarry becomes quarry 0. The setup lists the quarries in that order;
    ``legal()`` offers the auction with ``"quarry"``: the number of the quarry he moves on
    to, counted from where he stands before the move, which is the number the log line
    names and the number an ``auction {quarry}`` action may confirm. Where quarry 0 lies
    on the board (``tiles.master_builder``, 0-3 clockwise from his place at setup) is
    kept only for pictures.

Config: see ``setup.py``. With ``"hands": "private"`` every seat first sends
``enter_hand`` from its own phone; with ``"counts"`` the engine only counts cards and
trusts what players lay out, as long as those cards can be in a hand at all.

Actions (who sends them: the seat in ``to_act``; random outcomes are entered by the
player who turns them up, or drawn by the server with ``seat_draw`` when the table asks)
    ``enter_hand {cards: [4]}`` · ``take_money {cards: [players + 1 revealed]}`` ·
    ``pick {cards: [2 or 1]}`` · ``draw_tiles {tiles: [first, second]}`` (``"knight"``
    for a knight; a lone entry if the fifth knight comes first) · ``buy {tiles: [1-2],
    cards, groups?}`` · ``auction {quarry?}`` · ``raise {cards, groups?}`` (cards added to your
    bid) · ``pass {}`` · ``sealed_bid {cards, groups?}`` (empty = pass; PZ-H-1) ·
    ``build {tile, to: palace index | "new" | "discard"}`` · ``reconstruct {card,
    move: "extract" {palace, tile} | "insert" {palace, into} | "remove" {palace}}``.

Payments for screens (a live total while cards are picked)
    ``decompose(cards, groups=None, currency=None)`` → ``{"value", "groups", "loose",
    "currency"}`` or IllegalAction; ``largest_payment(hand, currency=None)``.
"""

from .describe import describe
from .flow import apply, is_over, legal, step, to_act
from .money import decompose, largest_payment
from .playout import seat_draw
from .scoring import scores
from .setup import setup
from .view import view

NAME = "palazzo"
TITLE = "Palazzo"
RULE_PREFIX = "PZ"
PLAYERS = (2, 4)

__all__ = [
    "NAME", "TITLE", "RULE_PREFIX", "PLAYERS",
    "setup", "apply", "step", "to_act", "legal", "view", "scores", "is_over", "describe",
    "decompose", "largest_payment", "seat_draw",
]
