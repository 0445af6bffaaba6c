"""A set-up that did not come through the wizard (an imported table) gets the wizard's checks.

The set-up wizard of a game (``companion/web/games/<game>.py``) writes a set-up of known
keys, reads the players' names through ``companion.names``, the table's name as a label,
and leaves the rest to the game's engine (``setup()``). A set-up from a file is held to
the same: only the keys the wizard writes, at every level, each of the kind it writes
(a short text, a whole number, a list, …); names as the wizard would keep them; the few
choices the wizard checks and the engine does not; then the engine's own check. A file
is never trusted to be smaller or tidier than what a host could type.

``check(game, config, title)`` raises ``BadSetup`` with a message for a person.
"""

from collections.abc import Callable

from .. import engines
from ..engines import IllegalAction
from ..engines.text import english
from ..names import MAX_LENGTH, BadName, label, player_names

TITLE_MAX = 60  # as the wizard's field "title" (web.games.title_from_form)
TEXT_MAX = 64  # any other text of a set-up: a seat, a colour, a tile, a street, a type name
LIST_MAX = 64  # the longest list a wizard writes is Fifth Avenue's 20 display shops
NUMBER_MAX = 10 ** 6


class BadSetup(ValueError):
    """A set-up the wizard would not have written; the message says why."""


# What each game's wizard writes. ``TEXT``, ``NUMBER``: a leaf; ``[shape]``: a list of
# that shape; ``(a, b)``: a list of exactly those; a dict: exactly those keys (any of
# them may be left out; the engine says which it needs); ``Keyed(shape)``: keys of the
# game's own (quarters, seats, heights: the engine checks them), each value of that shape.
TEXT, NUMBER = "a text", "a whole number"


class Keyed:
    def __init__(self, shape):
        self.shape = shape


CARD = (TEXT, NUMBER)  # New York's money cards: [bank, value]
TILE = {"type": TEXT, "price": NUMBER, "streets": TEXT}

SHAPES = {
    "fifth_avenue": {
        "players": [{"seat": TEXT, "name": TEXT, "color": TEXT}],
        "board": TEXT, "rings": Keyed([TEXT]), "initial_shops": Keyed({"lot": TEXT, "shop": TEXT}),
        "display": [TEXT], "auctions": TEXT, "hands": TEXT,
    },
    "palazzo": {
        "players": [{"seat": TEXT, "name": TEXT, "colour": TEXT}],
        "tiles": {"supply": TEXT, "quarries": [TEXT]},
        "bidding": TEXT, "hands": TEXT, "draws": TEXT,
    },
    "new_york": {
        "players": [{"seat": TEXT, "name": TEXT}],
        "start_money": Keyed([CARD]), "start_player": TEXT, "money_display": [CARD],
        "market": [TILE], "dirk": [TILE], "type_names": Keyed(TEXT),
    },
    "manhattan": {
        "players": [{"seat": TEXT, "name": TEXT, "side": TEXT, "colours": [TEXT]}],
        "start": TEXT, "pieces": Keyed(NUMBER), "hands": TEXT,
    },
}


def check(game: str, config, title: str) -> None:
    """``BadSetup`` unless ``config`` and ``title`` are what the wizard of ``game`` writes."""
    if game not in SHAPES:
        raise BadSetup(f"Tables of {game!r} cannot be imported.")
    _names(config.get("players") if isinstance(config, dict) else None)
    _shape(config, SHAPES[game], "the set-up")
    _title(title)
    WIZARD_CHECKS.get(game, _nothing)(config)
    try:
        engines.get(game).setup(config)
    except IllegalAction as error:
        raise BadSetup(f"The set-up is not valid: {english(error.message)} ({error.rule}).") from None
    except Exception as error:  # an engine that did not expect this shape
        raise BadSetup(f"The set-up is not valid ({str(error)[:200] or type(error).__name__}).") from None


def _shape(value, shape, where: str) -> None:
    if shape is TEXT:
        if not isinstance(value, str) or len(value) > TEXT_MAX:
            raise BadSetup(f"In {where}: the wizard writes a text of at most {TEXT_MAX} characters here.")
    elif shape is NUMBER:
        if type(value) is not int or abs(value) > NUMBER_MAX:
            raise BadSetup(f"In {where}: the wizard writes a whole number here.")
    elif isinstance(shape, list):
        if not isinstance(value, list) or len(value) > LIST_MAX:
            raise BadSetup(f"In {where}: the wizard writes a list of at most {LIST_MAX} items here.")
        for i, item in enumerate(value):
            _shape(item, shape[0], f"{where}[{i}]")
    elif isinstance(shape, tuple):
        if not isinstance(value, list) or len(value) != len(shape):
            raise BadSetup(f"In {where}: the wizard writes a list of {len(shape)} items here.")
        for i, (item, inner) in enumerate(zip(value, shape)):
            _shape(item, inner, f"{where}[{i}]")
    elif isinstance(shape, Keyed):
        if not isinstance(value, dict) or len(value) > LIST_MAX:
            raise BadSetup(f"In {where}: the wizard writes an object of at most {LIST_MAX} keys here.")
        for key, item in value.items():
            _shape(key, TEXT, f"{where} (a key)")
            _shape(item, shape.shape, f"{where}.{key}")
    else:
        if not isinstance(value, dict):
            raise BadSetup(f"In {where}: the wizard writes an object here.")
        unknown = sorted(set(value) - set(shape))
        if unknown:
            named = ", ".join(repr(key[:40]) for key in unknown[:5])
            raise BadSetup(f"In {where}: the set-up wizard writes no {named}; "
                           f"it writes only {', '.join(shape)}.")
        for key, item in value.items():
            _shape(item, shape[key], f"{where}.{key}")


def _title(title: str) -> None:
    """The table's name as the wizard keeps it (``names.label``, at most 60 characters)."""
    if not isinstance(title, str) or not title.strip():
        raise BadSetup("The table has no name.")
    if len(title) > TITLE_MAX:
        raise BadSetup(f"The table's name has {len(title)} characters; the wizard takes at most {TITLE_MAX}.")
    try:
        kept = label(title, TITLE_MAX, "The name of this table")
    except BadName as error:
        raise BadSetup(str(error)) from None
    if kept != title:
        raise BadSetup(f"The table's name {title!r} is not as the wizard keeps it ({kept!r}).")


def _names(players) -> None:
    """Every player's name as the wizard keeps it (``names.player_names``): no direction
    or control characters, nothing invisible, at most 24 characters, no two alike."""
    if not isinstance(players, list) or not players:
        raise BadSetup("The set-up has no list of players.")
    typed = [p.get("name") if isinstance(p, dict) else None for p in players]
    if not all(isinstance(name, str) for name in typed):
        raise BadSetup("Every player of the set-up needs a name.")
    for n, name in enumerate(typed, 1):
        if len(name) > MAX_LENGTH:
            raise BadSetup(f"The name of player {n} has {len(name)} characters; the wizard takes "
                           f"at most {MAX_LENGTH}.")
    try:
        kept = player_names(typed)
    except BadName as error:
        raise BadSetup(str(error)) from None
    for n, (name, clean) in enumerate(zip(typed, kept), 1):
        if clean != name:
            raise BadSetup(f"The name of player {n} ({name!r}) is not as the wizard keeps it "
                           f"({clean!r}): it has spaces or invisible characters the wizard removes.")


# choices the wizard checks and the engine leaves alone ---------------------------------

def _palazzo(config: dict) -> None:
    """Each player a colour of their own; the draws typed or the server's (web.games.palazzo)."""
    from ..web.games import palazzo

    colours = [p.get("colour") for p in config["players"]]
    if None in colours or len(set(colours)) < len(colours):
        raise BadSetup("Every player of the set-up needs a colour of their own.")
    if config.get("draws", palazzo.DRAWS[0]) not in palazzo.DRAWS:
        raise BadSetup(f"The draws must be one of {', '.join(palazzo.DRAWS)}.")


def _new_york(config: dict) -> None:
    """The names of the building types, read by the wizard's own reader."""
    from ..web.games import FormError, new_york

    names = config.get("type_names")
    if names is None:
        return
    try:
        kept = new_york.read_type_names({f"type_name_{kind}": name for kind, name in names.items()})
    except FormError as error:
        raise BadSetup(error.message) from None
    if kept != names:
        raise BadSetup("The names of the building types are not as the wizard keeps them "
                       f"(one per type of {', '.join(new_york.TYPES)}, as typed, each its own).")


def _nothing(config: dict) -> None:
    pass


WIZARD_CHECKS: dict[str, Callable[[dict], None]] = {"palazzo": _palazzo, "new_york": _new_york}
