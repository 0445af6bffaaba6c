"""The table screen, read from two or three metres (items 9 and 10): the board fills the
screen, glyphs are big, labels never overlap a ring, the legend is in words; lots carry
a mark besides their colour, pieces their owner's initials, and chips and labels have
enough contrast."""

from playwright.sync_api import expect

from .conftest import DESKTOP
from .night import fast_forward, seated

WIDTH, HEIGHT = DESKTOP["viewport"]["width"], DESKTOP["viewport"]["height"]

CONTRAST = """([fg, bg]) => {
  const lum = c => {
    const [r, g, b] = c.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number).map(v => {
      v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""


def _box(locator):
    box = locator.bounding_box()
    assert box, f"{locator} is not drawn"
    return box


def test_the_board_fills_the_table_screen_and_reads_from_afar(server, contexts):
    game = seated(server, contexts)
    fast_forward(game, lambda state, seat: state["phase"] == "choose")
    host = game.host
    board = host.locator("#main .board-area .fa-map")
    box = _box(board)
    assert box["width"] * box["height"] >= 0.5 * WIDTH * HEIGHT, box
    assert box["y"] + box["height"] >= HEIGHT - 40, "an empty band below the board"

    assert _box(board.locator("g.lot circle.fa-lot").first)["width"] >= 40
    for selector, least in ((".fa-qname", 20), (".fa-shop", 18), (".fa-count", 15)):
        size = float(board.locator(selector).first.evaluate(
            "t => t.getBoundingClientRect().height"))
        assert size >= least, (selector, size)
    assert _box(board.locator("rect.fa-commission").first)["height"] >= 24
    expect(board.locator(".legend").last).to_contain_text("special scoring")
    expect(board.locator(".fa-mark").first).to_contain_text("quarters")

    # No quarter's name overlaps another quarter's ring.
    overlaps = board.evaluate("""map => {
      const found = [];
      const rings = [...map.querySelectorAll('g.quarter')].map(g => [g.dataset.quarter, g.querySelector('.fa-quarter').getBoundingClientRect()]);
      for (const g of map.querySelectorAll('g.quarter')) {
        const t = g.querySelector('.fa-qname').getBoundingClientRect();
        for (const [id, r] of rings) {
          const cx = r.x + r.width / 2, cy = r.y + r.height / 2, rad = r.width / 2;
          const nx = Math.max(t.left, Math.min(cx, t.right)), ny = Math.max(t.top, Math.min(cy, t.bottom));
          if (Math.hypot(nx - cx, ny - cy) < rad - 1) found.push(g.dataset.quarter + ' over ' + id);
        }
      }
      return found;
    }""")
    assert overlaps == []

    # Colour is never alone: every coloured lot has a mark, every piece its owner's initials.
    lots = board.locator("g.lot:not([data-lot=dashed])")
    expect(board.locator("g.lot:not([data-lot=dashed]) .fa-lotmark")).to_have_count(lots.count())
    expect(board.locator('g.lot[data-spot="34w:green"] .fa-count')).to_have_text("An1")  # Anna's
    # Dark text on the light card chips; the "closed" label stands out.
    for colour in ("orange", "grey"):
        ratio = host.evaluate(f"""() => {{
          const chip = document.createElement('span');
          chip.className = 'cardchip lot-{colour}'; chip.textContent = '5';
          document.body.appendChild(chip);
          const s = getComputedStyle(chip); const pair = [s.color, s.backgroundColor];
          chip.remove(); return pair; }}""")
        assert host.evaluate(CONTRAST, ratio) >= 4.5, (colour, ratio)
    closed = host.evaluate("""() => {
      const svg = document.querySelector(".fa-map svg.fa-frame");
      const ns = 'http://www.w3.org/2000/svg';
      const box = document.createElementNS(ns, 'rect'); box.setAttribute('class', 'fa-closed-box');
      const text = document.createElementNS(ns, 'text'); text.setAttribute('class', 'fa-closed');
      svg.append(box, text);
      const pair = [getComputedStyle(text).fill, getComputedStyle(box).fill];
      box.remove(); text.remove(); return pair; }""")
    assert host.evaluate(CONTRAST, closed) >= 4.5, closed
