"""Simple charts as inline SVG, drawn on the server (no script, no library).

Every chart is a ``<figure>`` whose SVG has a title and a description for screen
readers, labels its bars and lines with names in words (never colour alone) and
scales to the width of its box.
"""

from markupsafe import Markup, escape

# Player colours of the games, as on the board pictures; others cycle through PALETTE.
COLOURS = {"red": "#c8352b", "blue": "#2a66c8", "yellow": "#b8940f", "green": "#3f9a4a",
           "black": "#222222", "white": "#8a8a8a", "orange": "#e8822a", "violet": "#7a4fb0",
           "purple": "#7a4fb0", "brown": "#8a5a34", "grey": "#6b6f76"}
PALETTE = ["#1d5fa8", "#c8352b", "#3f9a4a", "#b8940f", "#7a4fb0", "#e8822a", "#222222", "#8a5a34"]
MARKERS = ["circle", "square", "diamond", "triangle"]


def colour(name: str | None, index: int) -> str:
    return COLOURS.get(name or "", PALETTE[index % len(PALETTE)])


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def bars(title: str, rows: list[dict], unit: str = "") -> Markup:
    """Horizontal bars: ``rows`` of ``{"label", "value", "mark"?: best, "note"?: text}``.
    A ``mark`` draws a tick on the bar's line (e.g. the best score beside the average)."""
    label_w, bar_w, row_h, pad = 170, 360, 30, 8
    top = max([r["value"] for r in rows] + [r.get("mark") or 0 for r in rows] + [1])
    height = pad * 2 + row_h * len(rows)
    parts = [f'<svg viewBox="0 0 {label_w + bar_w + 110} {height}" role="img" class="chart bars" '
             f'aria-labelledby="{_id(title)}"><title id="{_id(title)}">{escape(title)}</title>']
    for i, row in enumerate(rows):
        y = pad + i * row_h
        width = bar_w * row["value"] / top
        parts.append(f'<text x="{label_w - 8}" y="{y + row_h * .65}" text-anchor="end">{escape(row["label"])}</text>')
        parts.append(f'<rect x="{label_w}" y="{y + 5}" width="{width:.1f}" height="{row_h - 10}" '
                     f'fill="{row.get("colour") or PALETTE[0]}"><title>{escape(row["label"])}: '
                     f'{_num(row["value"])}{escape(unit)}</title></rect>')
        text, end = f'{_num(row["value"])}{unit}', width
        if row.get("mark") is not None:
            mark = bar_w * row["mark"] / top
            parts.append(f'<line x1="{label_w + mark:.1f}" x2="{label_w + mark:.1f}" y1="{y + 2}" '
                         f'y2="{y + row_h - 2}" class="mark"/>')
            text += f' ({row.get("note") or ""}{_num(row["mark"])})'
            end = max(end, mark)
        parts.append(f'<text x="{label_w + end + 6:.1f}" y="{y + row_h * .65}">{escape(text)}</text>')
    parts.append("</svg>")
    return Markup(f'<figure class="chart">{"".join(parts)}<figcaption>{escape(title)}</figcaption></figure>')


def lines(title: str, series: list[dict], x_label: str, y_label: str, marker_x: float | None = None,
          x_ticks: list[tuple[float, str]] | None = None) -> Markup:
    """Lines over x: ``series`` of ``{"label", "points": [(x, y)], "colour"?}``; each line
    ends with its label. ``marker_x`` draws a vertical line (the current move)."""
    width, height, left, right, top_pad, bottom = 640, 280, 44, 110, 12, 36
    xs = [x for s in series for x, _ in s["points"]] or [0, 1]
    ys = [y for s in series for _, y in s["points"]] + [0]
    x0, x1 = min(xs), max(max(xs), min(xs) + 1)
    y1 = max(max(ys), 1)
    plot_w, plot_h = width - left - right, height - top_pad - bottom

    def sx(x):
        return left + plot_w * (x - x0) / (x1 - x0)

    def sy(y):
        return top_pad + plot_h * (1 - y / y1)

    parts = [f'<svg viewBox="0 0 {width} {height}" role="img" class="chart lines" '
             f'aria-labelledby="{_id(title)}"><title id="{_id(title)}">{escape(title)}</title>',
             f'<line x1="{left}" x2="{left}" y1="{top_pad}" y2="{top_pad + plot_h}" class="axis"/>',
             f'<line x1="{left}" x2="{left + plot_w}" y1="{top_pad + plot_h}" y2="{top_pad + plot_h}" class="axis"/>']
    for value in _ticks(y1):
        parts.append(f'<text x="{left - 6}" y="{sy(value) + 4:.1f}" text-anchor="end" class="tick">{_num(value)}</text>')
        parts.append(f'<line x1="{left}" x2="{left + plot_w}" y1="{sy(value):.1f}" y2="{sy(value):.1f}" class="grid"/>')
    for x, text in x_ticks or [(x0, _num(x0)), (x1, _num(x1))]:
        parts.append(f'<text x="{sx(x):.1f}" y="{top_pad + plot_h + 16}" text-anchor="middle" class="tick">{escape(text)}</text>')
    parts.append(f'<text x="{left + plot_w / 2}" y="{height - 4}" text-anchor="middle" class="axis-label">{escape(x_label)}</text>')
    parts.append(f'<text x="12" y="{top_pad + plot_h / 2}" transform="rotate(-90 12 {top_pad + plot_h / 2})" '
                 f'text-anchor="middle" class="axis-label">{escape(y_label)}</text>')
    if marker_x is not None:
        parts.append(f'<line x1="{sx(marker_x):.1f}" x2="{sx(marker_x):.1f}" y1="{top_pad}" '
                     f'y2="{top_pad + plot_h}" class="now"/>')
    for i, s in enumerate(series):
        stroke = s.get("colour") or PALETTE[i % len(PALETTE)]
        points = " ".join(f"{sx(x):.1f},{sy(y):.1f}" for x, y in s["points"])
        dash = ' stroke-dasharray="6 3"' if i % 2 else ""
        parts.append(f'<polyline points="{points}" fill="none" stroke="{stroke}" stroke-width="2.5"{dash}>'
                     f'<title>{escape(s["label"])}</title></polyline>')
        for x, y in s["points"][-1:] if len(s["points"]) > 30 else s["points"]:
            parts.append(_marker(MARKERS[i % len(MARKERS)], sx(x), sy(y), stroke))
        if s["points"]:
            x, y = s["points"][-1]
            parts.append(f'<text x="{sx(x) + 8:.1f}" y="{sy(y) + 4 + 12 * _nudge(series, i):.1f}" '
                         f'fill="{stroke}" class="series-label">{escape(s["label"])} {_num(y)}</text>')
    parts.append("</svg>")
    return Markup(f'<figure class="chart">{"".join(parts)}<figcaption>{escape(title)}</figcaption></figure>')


def _marker(shape: str, x: float, y: float, fill: str) -> str:
    if shape == "square":
        return f'<rect x="{x - 3.5:.1f}" y="{y - 3.5:.1f}" width="7" height="7" fill="{fill}"/>'
    if shape == "diamond":
        return f'<polygon points="{x:.1f},{y - 5:.1f} {x + 5:.1f},{y:.1f} {x:.1f},{y + 5:.1f} {x - 5:.1f},{y:.1f}" fill="{fill}"/>'
    if shape == "triangle":
        return f'<polygon points="{x:.1f},{y - 5:.1f} {x + 5:.1f},{y + 4:.1f} {x - 5:.1f},{y + 4:.1f}" fill="{fill}"/>'
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{fill}"/>'


def _nudge(series: list[dict], i: int) -> int:
    """End labels of lines that end at the same height are moved apart."""
    last = [s["points"][-1][1] if s["points"] else None for s in series]
    return sum(1 for j in range(i) if last[j] == last[i])


def _ticks(top: float) -> list[float]:
    step = max(1, round(top / 4))
    return [v for v in range(0, int(top) + 1, step)]


def _id(title: str) -> str:
    return "chart-" + "".join(c if c.isalnum() else "-" for c in title.lower())[:40]
