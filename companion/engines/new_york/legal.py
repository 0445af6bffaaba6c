"""What a seat may do now, with concrete choices for the phone, and why not the rest.

``legal(state, seat)`` returns ``{"phase", "prompt", "actions", "blocked",
"waiting_for"}``; a seat that is not due gets ``common.not_due``. Actions a phone
can send as they are carry every field (``take_money``, ``to_reserve``, ``to_dirk``,
``draw_money``); the others list the choices to fill in: ``positions`` for squares,
``bank_cards``/``exact`` for a payment, ``types``/``streets`` for a tile drawn from
the bag. Each phase's options come from its step in ``flow.STEPS``.
"""

from .. import common
from .flow import STEPS, to_act


def legal(state, seat) -> dict:
    due = to_act(state)
    phase = state["phase"]
    if seat not in due:
        return common.not_due(phase, due)
    step = STEPS[phase]
    actions, blocked = step.extra["options"](state, seat)
    return {"phase": phase, "prompt": step.prompt(state, seat), "actions": actions,
            "blocked": blocked, "waiting_for": sorted(due)}
