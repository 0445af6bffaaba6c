"""Small readers of a toy state."""

TARGET = 15  # the counter value that ends the game
SECRETS = range(1, 10)  # a secret number is 1 to 9
FACES = range(1, 7)  # the die the table rolls
ADDS = (1, 2, 3)
BONUS = 3  # points for a secret equal to the last digit of the final counter


def seats(state: dict) -> list[str]:
    return [p["seat"] for p in state["players"]]


def names(state: dict) -> dict[str, str]:
    return {p["seat"]: p["name"] for p in state["players"]}


def name(state: dict, seat: str) -> str:
    return names(state).get(seat, seat)


def waiting_secrets(state: dict) -> set[str]:
    return {s for s, n in state["secrets"].items() if n is None}
