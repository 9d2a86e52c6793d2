"""The pieces of a hand-drawn SVG figure, as markup strings.

A `Pen` draws wires with rounded corners and their arrowheads, junction dots,
boxes, ⊗ and ⊕ nodes, numbered badges and text, where names such as ``c_{t−1}``
come out in maths type (italic letters, subscripts). Every element it draws
carries a class that starts with the pen's prefix, so a stylesheet scoped to
one figure colours it, and two figures can sit inline on one page. Nothing here
knows what a figure shows: the layout is the figure's own.
"""

from __future__ import annotations

import re
from html import escape
from typing import NamedTuple

import numpy as np

Point = tuple[float, float]

_NAME = re.compile(r"([A-Za-z]+\u0303?)(?:_\{([^}]*)\}|_(\w))?")  # a name, and its subscript


def coordinate(v: float) -> str:
    """A coordinate, to a tenth, without trailing zeros."""
    return f"{v:.1f}".rstrip("0").rstrip(".")


_f = coordinate


class Pen(NamedTuple):
    """How a figure draws: its class prefix and the sizes of its marks (viewBox units)."""

    prefix: str
    arrow: tuple[float, float] = (9.0, 4.5)  # an arrowhead's length and half-width
    corner: float = 10  # the radius of a wire's corners
    node_r: float = 12  # ⊗ and ⊕
    badge_r: float = 11  # the numbered discs
    sub: float = 11  # the font size of subscripts
    sub_dy: float = 4  # how far a subscript drops

    def figure(self, size: tuple[float, float], cell: tuple[float, float, float, float], title: str, description: str,
               style: str, step: object, body: list[str]) -> str:
        """A whole figure: the SVG element, its title and description for screen readers, its style, the cell's
        rounded frame with `step` in its corner, and `body`. As wide as the column, up to its width: the style
        says so as "width, but no wider than the column" because a percentage alone collapses to 300px in a
        shrink-to-fit parent such as Material's <figure>."""
        return self.svg(size, title, description, style, [self.frame(cell, step), *body])

    def svg(self, size: tuple[float, float], title: str, description: str, style: str, body: list[str],
            least: float | None = None) -> str:
        """The SVG element around `body`, with its title, description and style. `least`, when given, is the
        narrowest it is drawn (its text stays legible): in a narrower column it keeps that width, and its figure
        scrolls sideways."""
        width, height = size
        floor = f" min-width: {least:g}px;" if least else ""
        css = f"width: {width}px;{floor} max-width: 100%; height: auto;"
        return "\n".join([
            f'<svg xmlns="http://www.w3.org/2000/svg" class="{self.prefix}" role="img" aria-label="{escape(title)}"'
            f' viewBox="0 0 {width} {height}" width="100%" style="{css}">',
            f"<title>{escape(title)}</title>",
            f"<desc>{escape(description)}</desc>",
            f"<style>{style}</style>",
            *body,
            "</svg>",
        ])

    def frame(self, cell: tuple[float, float, float, float], step: object) -> str:
        """A cell's rounded frame (x, y, width, height), with `step` in its lower right corner."""
        x, y, w, h = cell
        return (f'<rect class="{self.prefix}-cell" x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="18"/>\n'
                + self.label(x + w - 12, y + h - 12, step, "end", f"{self.prefix}-quiet"))

    def math(self, s: str) -> str:
        """Unicode maths as tspans: one-letter names in italic, ``c_{t−1}`` as a subscript.

        Subscripts are shifted with dy, which every browser honours (baseline-shift
        is not), and the piece after one shifts back.
        """
        out, shifted = [], False

        def piece(markup: str, italic: bool = False) -> None:
            nonlocal shifted
            attrs = (' font-style="italic"' if italic else "") + (f' dy="{-self.sub_dy}"' if shifted else "")
            out.append(f"<tspan{attrs}>{markup}</tspan>" if attrs else markup)
            shifted = False

        at = 0
        for m in _NAME.finditer(s):
            if m.start() > at:
                piece(escape(s[at : m.start()]))
            name, sub = m.group(1), m.group(2) or m.group(3)
            piece(escape(name), italic=len(name.rstrip("\u0303")) == 1)
            if sub:
                sub = re.sub(r"([A-Za-z])", r'<tspan font-style="italic">\1</tspan>', escape(sub))
                out.append(f'<tspan dy="{self.sub_dy}" font-size="{self.sub}">{sub}</tspan>')
                shifted = True
            at = m.end()
        if s[at:]:
            piece(escape(s[at:]))
        return "".join(out)

    def text(self, x: float, y: float, body: str, anchor: str = "start", cls: str = "") -> str:
        """A <text> element; `body` is already markup."""
        c = f' class="{cls}"' if cls else ""
        return f'<text x="{_f(x)}" y="{_f(y)}" text-anchor="{anchor}"{c}>{body}</text>'

    def label(self, x: float, y: float, s: object, anchor: str = "start", cls: str = "") -> str:
        """Plain words, escaped."""
        return self.text(x, y, escape(str(s)), anchor, cls)

    def value(self, x: float, y: float, s: str, anchor: str = "start") -> str:
        """A formula with its value, in maths type."""
        return self.text(x, y, self.math(s), anchor, f"{self.prefix}-value")

    def wire(self, *points: Point, arrow: bool = True, cls: str | None = None) -> str:
        """An orthogonal polyline with rounded corners, ending in an arrowhead."""
        p = np.array(points, dtype=float)
        if arrow:  # stop the line inside the head, so its round cap does not poke out
            d = p[-1] - p[-2]
            p[-1] = p[-1] - d / np.linalg.norm(d) * (self.arrow[0] - 1)
        path = [f"M{_f(p[0, 0])},{_f(p[0, 1])}"]
        for a, b, c in zip(p, p[1:], p[2:]):
            r = min(self.corner, np.linalg.norm(b - a) / 2, np.linalg.norm(c - b) / 2)
            u, v = (b - a) / np.linalg.norm(b - a), (c - b) / np.linalg.norm(c - b)
            s, e = b - u * r, b + v * r
            path.append(f"L{_f(s[0])},{_f(s[1])}Q{_f(b[0])},{_f(b[1])} {_f(e[0])},{_f(e[1])}")
        path.append(f"L{_f(p[-1, 0])},{_f(p[-1, 1])}")
        out = f'<path class="{cls or self.prefix + "-wire"}" d="{"".join(path)}"/>'
        return out + self.head(points[-2], points[-1]) if arrow else out

    def head(self, start: Point, tip: Point) -> str:
        """A filled arrowhead at `tip`, pointing away from `start`."""
        t = np.array(tip, dtype=float)
        u = t - np.array(start, dtype=float)
        u /= np.linalg.norm(u)
        n = np.array([-u[1], u[0]])
        length, half = self.arrow
        a, b = t - u * length + n * half, t - u * length - n * half
        pts = " ".join(f"{_f(q[0])},{_f(q[1])}" for q in (t, a, b))
        return f'<polygon class="{self.prefix}-head" points="{pts}"/>'

    def dot(self, x: float, y: float) -> str:
        """A junction where a wire branches."""
        return f'<circle class="{self.prefix}-dot" cx="{_f(x)}" cy="{_f(y)}" r="3.2"/>'

    def box(self, x: float, y: float, w: float, h: float, cls: str | None = None, r: float = 7) -> str:
        """A rounded rectangle centred on (x, y)."""
        return (
            f'<rect class="{cls or self.prefix + "-box"}" x="{_f(x - w / 2)}" y="{_f(y - h / 2)}" width="{_f(w)}"'
            f' height="{_f(h)}" rx="{_f(r)}"/>'
        )

    def node(self, x: float, y: float, op: str) -> str:
        """A ⊗ (``op="×"``) or ⊕ (``op="+"``) node: a circle with the sign drawn as strokes."""
        k = self.node_r * (0.5 if op == "×" else 0.62)
        if op == "×":
            sign = f"M{_f(x - k)},{_f(y - k)}L{_f(x + k)},{_f(y + k)}M{_f(x - k)},{_f(y + k)}L{_f(x + k)},{_f(y - k)}"
        else:
            sign = f"M{_f(x - k)},{_f(y)}L{_f(x + k)},{_f(y)}M{_f(x)},{_f(y - k)}L{_f(x)},{_f(y + k)}"
        return (
            f'<circle class="{self.prefix}-node" cx="{_f(x)}" cy="{_f(y)}" r="{self.node_r}"/>'
            f'<path class="{self.prefix}-wire" d="{sign}"/>'
        )

    def badge(self, x: float, y: float, n: int) -> str:
        """A number, light on a dark disc (or the reverse on a dark page)."""
        return (
            f'<circle class="{self.prefix}-badge" cx="{_f(x)}" cy="{_f(y)}" r="{self.badge_r}"/>'
            f'<text class="{self.prefix}-badge-n" x="{_f(x)}" y="{_f(y + 4.6)}" text-anchor="middle">{n}</text>'
        )
