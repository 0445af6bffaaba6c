"""The end is an event: the table screen and every phone show the ranking, the totals,
each player's points by kind of scoring and a chart of the scores over the game; the
home page lists the table as over (item 11)."""

from playwright.sync_api import expect

from companion.engines import fifth_avenue as engine
from companion.engines.common import replay

from .night import play_to_end, seated


def test_the_final_screen_on_the_table_and_every_phone(server, contexts):
    game = seated(server, contexts)
    play_to_end(game)
    state = replay(engine, game.config, [(e.seat, e.action) for e in game.store.events(game.table_id)])
    scores = engine.scores(state)
    totals, winners = scores["totals"], scores["winners"]
    names = {p["seat"]: p["name"] for p in game.config["players"]}
    first = names[winners[0]]

    for page in game.pages:
        final = page.locator("#main section.final")
        expect(final).to_be_visible()
        expect(final.locator("h2")).to_have_text("Final result")
        expect(final.locator(".ranking li").first).to_contain_text(first)
        expect(final.locator(".ranking li").first).to_contain_text("winner")
        for seat, name in names.items():
            row = final.locator("table.by-kind tbody tr", has=page.locator(f'th:text-is("{name}")'))
            expect(row.locator("td.total")).to_have_text(str(totals[seat]))
        expect(final.locator("table.by-kind thead")).to_contain_text("Quarters scored")
        chart = final.locator("svg.chart.lines")
        expect(chart).to_be_visible()
        expect(chart.locator("polyline")).to_have_count(len(names))
        expect(chart.locator("title").first).to_have_text("Scores over the game")
    expect(game.phones["p1"].locator("#main h1.turn-banner")).to_have_text("Game over")
    final = game.phones["p1"].locator("#main section.final")
    box = final.bounding_box()
    assert box["width"] <= 390, "the final result is wider than the phone"

    game.host.goto(server.url)
    expect(game.host.locator("table.tables tbody tr").first.locator("td").nth(2)).to_have_text("game over")
