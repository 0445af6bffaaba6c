"""The last auction, in open and sealed games: every bid once revealed, the winner, and
why a tie went to whom (item 13, FA-H-1)."""

from playwright.sync_api import expect

from companion.engines import fifth_avenue as engine

from .night import fast_forward, post, seated


def _bid(state, seat, value):
    entry = next(a for a in engine.legal(state, seat)["actions"] if a["type"] == "bid")
    colour = next(c for c in entry["colors"] if entry["held"].get(c))
    return {"type": "bid", "cards": [{"color": colour, "value": value}]}


def test_a_sealed_tie_says_who_won_it_and_why(server, contexts):
    game = seated(server, contexts, auctions="sealed")
    fast_forward(game, lambda state, seat: state["phase"] == "auction")
    state = game.now()[0]
    order = state["auction"]["order"]
    names = {p["seat"]: p["name"] for p in game.config["players"]}
    first, second, third = order
    for seat, action in ((second, _bid(state, second, 6)), (first, _bid(state, first, 6)),
                         (third, {"type": "pass"})):
        seq = len(game.store.events(game.table_id))
        assert post(game, seat, action, seq).status < 400

    for page in (game.host, game.phones["p2"]):
        last = page.locator("#main details.last-auction")
        expect(last.locator("summary")).to_contain_text("Last auction: 34th Street West")
        last.evaluate("d => d.open = true")
        expect(last).to_contain_text(f"{names[first]} won with 6.")
        expect(last.locator("li", has_text=names[second])).to_contain_text("6 (6)")
        expect(last.locator("li", has_text=names[third])).to_contain_text("passed")
        expect(last.locator(".tie")).to_contain_text(
            f"bid 6 each: {names[first]} won, being the first of them clockwise from {names[state['auction']['opener']]}")
        expect(last.locator(".tie a.rule")).to_have_text("FA-H-1")


def test_an_open_auction_shows_its_bids_too(server, contexts):
    game = seated(server, contexts)
    fast_forward(game, lambda state, seat: state["last_auction"] is not None)
    last = game.host.locator("#main details.last-auction")
    expect(last.locator("summary")).to_have_text("Last auction: 34th Street West")
    expect(last).not_to_contain_text("sealed")
    expect(last.locator("li")).to_have_count(3)
