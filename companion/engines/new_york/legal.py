"""What a due seat may do now, with concrete choices for the phone, and why not the rest:
each step's ``options`` in ``flow.STEPS``, named after its phase, returning ``(actions,
blocked)``; ``legal(state, seat)`` itself is ``common.Flow.legal``. Actions a phone can
send as they are carry every field (``take_money``, ``to_reserve``, ``to_dirk``,
``draw_money``); the others list the choices to fill in: ``positions`` for squares,
``bank_cards``/``exact`` for a payment, ``types``/``streets`` for a tile drawn from
the bag. The options live beside the rules they follow.
"""

from .placing import placing_options as place
from .refill import draw_options as refill
from .turn import options as turn

final = place  # the market tiles handed out at the end are placed like bought ones

__all__ = ["turn", "place", "refill", "final"]
