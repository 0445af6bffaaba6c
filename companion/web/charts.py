"""Simple charts as inline SVG, drawn on the server (no script, no library).

Every chart is a ``<figure>`` whose SVG has a title and a description for screen
readers, labels its bars and lines with names in words (never colour alone) and
scales to the width of its box.
"""

import math
from dataclasses import dataclass

from markupsafe import Markup, escape

# Player colours of the games, as on the board pictures, each its own ink; a player without
# one of these gets a PALETTE ink that no other player of the chart has.
COLOURS = {"red": "#c8352b", "blue": "#2a66c8", "light_blue": "#2a7fc0", "yellow": "#b8940f",
           "green": "#3f9a4a", "black": "#222222", "white": "#8a8a8a", "orange": "#e8822a",
           "violet": "#7a4fb0", "purple": "#a0459b", "brown": "#8a5a34", "grey": "#6b6f76"}
PALETTE = ["#1d5fa8", "#c8352b", "#3f9a4a", "#b8940f", "#7a4fb0", "#e8822a", "#222222", "#8a5a34",
           "#0f8a8a", "#d0508a", "#5a6e1e", "#4a4a9a"]
MARKERS = ["circle", "square", "diamond", "triangle"]
LABEL_GAP = 16  # px between the baselines of two end labels: a line of the 13px chart text


def colours(names: list[str | None]) -> list[str]:
    """An ink for each player of a chart, from their game colour names (None: no colour),
    all different: a player whose colour has no ink of its own, or whose ink another
    player already has, takes the first palette ink nobody has."""
    named = [COLOURS.get(name or "") for name in names]
    taken, inks = set(), []
    for ink in named:
        if ink is None or ink in taken:
            free = [p for p in PALETTE if p not in taken and p not in named]
            ink = free[0] if free else PALETTE[len(inks) % len(PALETTE)]  # past 12 players
        taken.add(ink)
        inks.append(ink)
    return inks


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


@dataclass(frozen=True)
class _Plot:
    """Where data goes on a line chart: x from ``x0`` to ``x1``, y from ``y0`` to ``y1``."""
    x0: float
    x1: float
    y0: float
    y1: float
    step: int = 1  # between two values written on the y axis
    width: int = 640
    height: int = 280
    left: int = 44
    right: int = 110
    top: int = 12
    bottom: int = 36

    @property
    def floor(self) -> float:
        return self.height - self.bottom

    def x(self, value: float) -> float:
        return self.left + (self.width - self.left - self.right) * (value - self.x0) / (self.x1 - self.x0)

    def y(self, value: float) -> float:
        return self.top + (self.floor - self.top) * (self.y1 - value) / (self.y1 - self.y0)


def lines(title: str, series: list[dict], x_label: str, y_label: str, marker_x: float | None = None,
          x_ticks: list[tuple[float, str]] | None = None) -> Markup:
    """Lines over x: ``series`` of ``{"label", "points": [(x, y)], "colour"?}``; each line
    ends with its label. ``marker_x`` draws a vertical line (the current move)."""
    xs = [x for s in series for x, _ in s["points"]] or [0, 1]
    ys = [y for s in series for _, y in s["points"]] + [0]  # 0 always shows; scores may go below
    step = _step(min(ys), max(ys))
    low, high = math.floor(min(ys) / step) * step, max(math.ceil(max(ys) / step) * step, step)
    plot = _Plot(min(xs), max(max(xs), min(xs) + 1), low, high, step)
    parts = [f'<svg viewBox="0 0 {plot.width} {plot.height}" role="img" class="chart lines" '
             f'aria-labelledby="{_id(title)}"><title id="{_id(title)}">{escape(title)}</title>']
    parts += _axes(plot, x_label, y_label, x_ticks or [(plot.x0, _num(plot.x0)), (plot.x1, _num(plot.x1))])
    if marker_x is not None:
        parts.append(_line(plot.x(marker_x), plot.top, plot.x(marker_x), plot.floor, "now"))
    labels = _label_heights(plot, series)
    for i, one in enumerate(series):
        parts += _series(plot, one, i, labels[i])
    parts.append("</svg>")
    return Markup(f'<figure class="chart">{"".join(parts)}<figcaption>{escape(title)}</figcaption></figure>')


def _axes(plot: _Plot, x_label: str, y_label: str, x_ticks: list[tuple[float, str]]) -> list[str]:
    right, middle = plot.width - plot.right, (plot.top + plot.floor) / 2
    parts = [_line(plot.left, plot.top, plot.left, plot.floor, "axis"),
             _line(plot.left, plot.floor, right, plot.floor, "axis")]
    for value in range(int(plot.y0), int(plot.y1) + 1, plot.step):
        parts.append(_text(plot.left - 6, plot.y(value) + 4, _num(value), "tick", "end"))
        parts.append(_line(plot.left, plot.y(value), right, plot.y(value), "grid"))
    for x, label in x_ticks:
        parts.append(_text(plot.x(x), plot.floor + 16, label, "tick", "middle"))
    parts.append(_text((plot.left + right) / 2, plot.height - 4, x_label, "axis-label", "middle"))
    parts.append(f'<text x="12" y="{middle:.1f}" transform="rotate(-90 12 {middle:.1f})" '
                 f'text-anchor="middle" class="axis-label">{escape(y_label)}</text>')
    return parts


def _series(plot: _Plot, series: dict, index: int, label_y: float | None) -> list[str]:
    """One line with its markers (all of them when there are few) and its end label."""
    stroke = series.get("colour") or PALETTE[index % len(PALETTE)]
    points = series["points"]
    dash = ' stroke-dasharray="6 3"' if index % 2 else ""
    path = " ".join(f"{plot.x(x):.1f},{plot.y(y):.1f}" for x, y in points)
    parts = [f'<polyline points="{path}" fill="none" stroke="{stroke}" stroke-width="2.5"{dash}>'
             f'<title>{escape(series["label"])}</title></polyline>']
    for x, y in points[-1:] if len(points) > 30 else points:
        parts.append(_marker(MARKERS[index % len(MARKERS)], plot.x(x), plot.y(y), stroke))
    if points:
        x, y = points[-1]
        parts.append(f'<text x="{plot.x(x) + 8:.1f}" y="{label_y:.1f}" fill="{stroke}" '
                     f'class="series-label">{escape(series["label"])} {_num(y)}</text>')
    return parts


def _line(x1: float, y1: float, x2: float, y2: float, css: str) -> str:
    return f'<line x1="{x1:.1f}" x2="{x2:.1f}" y1="{y1:.1f}" y2="{y2:.1f}" class="{css}"/>'


def _text(x: float, y: float, content: str, css: str, anchor: str) -> str:
    return f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" class="{css}">{escape(content)}</text>'


def _marker(shape: str, x: float, y: float, fill: str) -> str:
    if shape == "square":
        return f'<rect x="{x - 3.5:.1f}" y="{y - 3.5:.1f}" width="7" height="7" fill="{fill}"/>'
    if shape == "diamond":
        return _polygon([(x, y - 5), (x + 5, y), (x, y + 5), (x - 5, y)], fill)
    if shape == "triangle":
        return _polygon([(x, y - 5), (x + 5, y + 4), (x - 5, y + 4)], fill)
    return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="4" fill="{fill}"/>'


def _polygon(points: list[tuple[float, float]], fill: str) -> str:
    return f'<polygon points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in points)}" fill="{fill}"/>'


def _label_heights(plot: _Plot, series: list[dict]) -> list[float | None]:
    """The baseline of each line's end label: beside the line's end, but at least a line of
    text from the next label (close scores would print over each other) and inside the chart."""
    ends = sorted((plot.y(s["points"][-1][1]) + 4, i) for i, s in enumerate(series) if s["points"])
    heights = [y for y, _ in ends]
    for k in range(1, len(heights)):  # downwards, each label below the one above it
        heights[k] = max(heights[k], heights[k - 1] + LABEL_GAP)
    lowest = plot.height - 2
    for k in reversed(range(len(heights))):  # back up where that left the chart
        lowest = heights[k] = min(heights[k], lowest)
        lowest -= LABEL_GAP
    placed = [None] * len(series)
    for (_, i), y in zip(ends, heights):
        placed[i] = y
    return placed


def _step(low: float, high: float) -> int:
    """The distance between two values on the y axis: about four steps from low to high
    (the axis starts and ends on a multiple of it, so 0 is one of its values)."""
    return max(1, round((high - low) / 4))


def _id(title: str) -> str:
    return "chart-" + "".join(c if c.isalnum() else "-" for c in title.lower())[:40]
