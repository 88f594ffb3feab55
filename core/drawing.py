"""Pictures of a game: an SVG of the board, drawn by the game and its expansions.

The core owns the picture (:class:`Canvas`) and its layout; each active plugin
draws its own part through the game hook ``turbine_draw(rules, state, seat,
canvas)`` by asking the canvas for a :class:`Panel` (a titled box with its own
coordinates) and putting shapes in it.  The game draws the board; an expansion
adds a panel for its own components, so nothing of a game has to know its
expansions' pieces.

The SVG is plain text written here, not through a drawing library: a board is
rectangles, circles, lines and labels, and writing them directly keeps the
output byte-for-byte the same for the same state (no generated ids, no
timestamps, numbers rounded to one decimal, attributes in the order given),
which the golden tests and the replay page rely on.

Every shape may carry a ``cls`` (the SVG ``class``) and ``data`` attributes
(``data-name="Moscow"``): the tests count and check shapes by them, and they
say what a shape is to anyone reading the SVG.

Seat colours are the Okabe–Ito palette, chosen to stay distinct under the
common colour-vision deficiencies; a seat's pieces are also labelled (its
number or name), so colour is never the only clue.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any
from xml.sax.saxutils import escape, quoteattr

if TYPE_CHECKING:
    from .session import Game

__all__ = [
    "FONT",
    "SEAT_COLOURS",
    "SEAT_INKS",
    "Canvas",
    "Element",
    "Panel",
    "draw",
    "seat_colour",
    "seat_ink",
    "svg",
]

SEAT_COLOURS: tuple[str, ...] = ("#E69F00", "#56B4E9", "#009E73", "#D55E00", "#0072B2", "#CC79A7")
"""Okabe–Ito: orange, sky blue, bluish green, vermilion, blue, reddish purple (seat 1 first)."""
SEAT_INKS: tuple[str, ...] = ("#000000", "#000000", "#FFFFFF", "#FFFFFF", "#FFFFFF", "#000000")
"""A label colour readable on each seat colour."""
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
"""Fonts every system has one of: a picture never fetches a font."""

PAD = 12
TITLE_HEIGHT = 22
HEADER_HEIGHT = 34
GAP = 14


def seat_colour(seat: int) -> str:
    """The colour of ``seat`` (from 0); seats beyond six reuse the palette."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def seat_ink(seat: int) -> str:
    """A text colour readable on :func:`seat_colour`."""
    return SEAT_INKS[seat % len(SEAT_INKS)]


def _number(value: float) -> str:
    """A coordinate as short, stable text: one decimal at most."""
    text = f"{round(float(value), 1):.1f}"
    text = text[:-2] if text.endswith(".0") else text
    return "0" if text == "-0" else text


class Element:
    """One SVG element: its tag, attributes (kept in the order given), children and text."""

    __slots__ = ("attrs", "children", "tag", "text")

    def __init__(self, tag: str, attrs: dict[str, Any] | None = None, text: str = "") -> None:
        self.tag = tag
        self.attrs: dict[str, Any] = attrs or {}
        self.children: list[Element] = []
        self.text = text

    def add(self, child: Element) -> Element:
        """Append ``child`` and return it."""
        self.children.append(child)
        return child

    def write(self, out: list[str]) -> None:
        """Append this element's SVG text to ``out``."""
        attrs = "".join(_attribute(name, value) for name, value in self.attrs.items())
        if not self.children and not self.text:
            out.append(f"<{self.tag}{attrs}/>")
            return
        out.append(f"<{self.tag}{attrs}>")
        if self.text:
            out.append(escape(self.text))
        for child in self.children:
            child.write(out)
        out.append(f"</{self.tag}>")

    def walk(self) -> Iterator[Element]:
        """This element and every element under it, in document order."""
        yield self
        for child in self.children:
            yield from child.walk()


@functools.lru_cache(maxsize=1 << 16, typed=True)
def _attribute(name: str, value: Any) -> str:
    """`` name="value"`` as written: a replay's page draws every board again, with mostly the
    same attributes, so each is quoted once (``typed``: ``True`` and ``1`` are written apart)."""
    return f" {name}={quoteattr(_value(value))}"


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return _number(value)
    return str(value)


def _attrs(cls: str, data: dict[str, Any] | None, style: dict[str, Any]) -> dict[str, Any]:
    attrs: dict[str, Any] = {}
    if cls:
        attrs["class"] = cls
    for key, value in (data or {}).items():
        attrs[f"data-{key}"] = value
    for key, value in style.items():
        if value is not None:
            attrs[key.replace("_", "-")] = value
    return attrs


class Group:
    """Shapes in a coordinate system of their own (a panel's content, a piece)."""

    def __init__(self, element: Element) -> None:
        self.element = element

    def group(
        self, x: float = 0, y: float = 0, *, cls: str = "", data: dict[str, Any] | None = None
    ) -> Group:
        """A sub-group whose origin is at (``x``, ``y``) of this one."""
        attrs = _attrs(cls, data, {})
        if x or y:
            attrs["transform"] = f"translate({_number(x)},{_number(y)})"
        return Group(self.element.add(Element("g", attrs)))

    def rect(
        self,
        x: float,
        y: float,
        width: float,
        height: float,
        *,
        fill: str = "none",
        stroke: str | None = "#333333",
        stroke_width: float | None = None,
        rx: float | None = None,
        dash: str | None = None,
        opacity: float | None = None,
        cls: str = "",
        data: dict[str, Any] | None = None,
    ) -> Element:
        style = {
            "fill": fill,
            "fill_opacity": opacity,
            "stroke": stroke,
            "stroke_width": stroke_width,
            "rx": rx,
        }
        style["stroke_dasharray"] = dash
        attrs = {"x": x, "y": y, "width": width, "height": height, **_attrs(cls, data, style)}
        return self.element.add(Element("rect", attrs))

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: str = "none",
        stroke: str | None = "#333333",
        stroke_width: float | None = None,
        opacity: float | None = None,
        cls: str = "",
        data: dict[str, Any] | None = None,
    ) -> Element:
        style = {"fill": fill, "fill_opacity": opacity, "stroke": stroke, "stroke_width": stroke_width}
        return self.element.add(Element("circle", {"cx": cx, "cy": cy, "r": r, **_attrs(cls, data, style)}))

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        stroke: str = "#333333",
        stroke_width: float = 1,
        dash: str | None = None,
        cls: str = "",
        data: dict[str, Any] | None = None,
    ) -> Element:
        style = {"stroke": stroke, "stroke_width": stroke_width, "stroke_dasharray": dash}
        attrs = {"x1": x1, "y1": y1, "x2": x2, "y2": y2, **_attrs(cls, data, style)}
        return self.element.add(Element("line", attrs))

    def polygon(
        self,
        points: Sequence[tuple[float, float]],
        *,
        fill: str = "none",
        stroke: str | None = "#333333",
        stroke_width: float | None = None,
        cls: str = "",
        data: dict[str, Any] | None = None,
    ) -> Element:
        text = " ".join(f"{_number(x)},{_number(y)}" for x, y in points)
        style = {"fill": fill, "stroke": stroke, "stroke_width": stroke_width}
        return self.element.add(Element("polygon", {"points": text, **_attrs(cls, data, style)}))

    def polyline(
        self,
        points: Sequence[tuple[float, float]],
        *,
        stroke: str = "#333333",
        stroke_width: float = 1,
        dash: str | None = None,
        cls: str = "",
        data: dict[str, Any] | None = None,
    ) -> Element:
        text = " ".join(f"{_number(x)},{_number(y)}" for x, y in points)
        style = {"fill": "none", "stroke": stroke, "stroke_width": stroke_width, "stroke_dasharray": dash}
        return self.element.add(Element("polyline", {"points": text, **_attrs(cls, data, style)}))

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float = 12,
        anchor: str = "start",
        weight: str | None = None,
        fill: str = "#111111",
        halo: bool = False,
        cls: str = "",
        data: dict[str, Any] | None = None,
    ) -> Element:
        """A label whose baseline starts (or, by ``anchor``, is centred or ends) at (``x``, ``y``).

        ``halo`` draws a white outline under the letters, so a label stays readable
        where it crosses a line of the board."""
        style: dict[str, Any] = {
            "font_size": size,
            "text_anchor": anchor,
            "font_weight": weight,
            "fill": fill,
        }
        if halo:
            style.update(stroke="#FFFFFF", stroke_width=3, paint_order="stroke", stroke_linejoin="round")
        return self.element.add(Element("text", {"x": x, "y": y, **_attrs(cls, data, style)}, text))

    def piece(
        self, cx: float, cy: float, seat: int, label: str = "", *, r: float = 7, cls: str = "piece"
    ) -> Element:
        """A seat's piece: a disc in its colour with a short label (its number by default)."""
        group = self.group(cx, cy, cls=cls, data={"seat": seat + 1})
        group.circle(0, 0, r, fill=seat_colour(seat), stroke="#222222", stroke_width=1)
        group.text(0, r * 0.45, label or str(seat + 1), size=r * 1.25, anchor="middle", fill=seat_ink(seat))
        return group.element


class Panel(Group):
    """A titled box of the picture; shapes are placed in its content area, origin top left."""

    def __init__(self, key: str, title: str, width: float, height: float, side: bool, order: int) -> None:
        self.key = key
        self.title = title
        self.width = width
        self.height = height
        self.side = side
        self.order = order
        super().__init__(Element("g", {"transform": f"translate({PAD},{TITLE_HEIGHT})"}))

    @property
    def outer(self) -> tuple[float, float]:
        """The panel's size with its frame and title."""
        return self.width + 2 * PAD, self.height + TITLE_HEIGHT + PAD


class Canvas:
    """The picture of one state as one seat sees it: panels laid out in two columns.

    The game's board panels go in the left column, in the order asked for; side
    panels (markets, players, an expansion's board) go in the right column.
    ``order`` moves a panel up or down its column (lower first; ties keep the
    order the panels were asked for).
    """

    def __init__(self, title: str, subtitle: str = "", *, seat: int | None = None) -> None:
        self.title = title
        self.subtitle = subtitle
        self.seat = seat
        """The seat whose view is drawn (``None``: everything)."""
        self.panels: list[Panel] = []

    def panel(
        self, key: str, title: str, width: float, height: float, *, side: bool = False, order: int = 0
    ) -> Panel:
        """A new panel of ``width`` × ``height`` (its content area) with ``title`` above it.

        ``key`` names it in the SVG (``data-panel``), unique in the picture."""
        if any(p.key == key for p in self.panels):
            raise ValueError(f"two panels are called {key!r}")
        made = Panel(key, title, width, height, side, order)
        self.panels.append(made)
        return made

    def _column(self, side: bool) -> list[Panel]:
        chosen = [(p.order, i, p) for i, p in enumerate(self.panels) if p.side == side]
        return [p for _, _, p in sorted(chosen, key=lambda t: (t[0], t[1]))]

    def root(self) -> Element:
        """The whole picture as an element tree."""
        columns = [self._column(False), self._column(True)]
        widths = [max((p.outer[0] for p in column), default=0) for column in columns]
        heights = [sum(p.outer[1] + GAP for p in column) for column in columns]
        width = GAP + sum(w + GAP for w in widths if w)
        height = HEADER_HEIGHT + max([*heights, 0]) + GAP
        width = max(width, 480)
        attrs: dict[str, Any] = {
            "xmlns": "http://www.w3.org/2000/svg",
            "width": width,
            "height": height,
            "viewBox": f"0 0 {_number(width)} {_number(height)}",
            "font-family": FONT,
            "class": "turbine-board",
        }
        root = Element("svg", attrs)
        root.add(Element("title", text=self.title))
        top = Group(root)
        top.rect(0, 0, width, height, fill="#FFFFFF", stroke=None, cls="background")
        top.text(GAP, 23, self.title, size=17, weight="bold", cls="heading")
        if self.subtitle:
            top.text(width - GAP, 23, self.subtitle, size=13, anchor="end", fill="#444444", cls="subheading")
        x: float = GAP
        for column, column_width in zip(columns, widths, strict=True):
            y: float = HEADER_HEIGHT
            for panel in column:
                box = top.group(x, y, cls="panel", data={"panel": panel.key})
                outer_w, outer_h = panel.outer
                box.rect(0, 0, outer_w, outer_h, fill="#FAFAF7", stroke="#888888", rx=6)
                box.text(PAD, 16, panel.title, size=13, weight="bold", cls="panel-title")
                box.element.add(panel.element)
                y += outer_h + GAP
            if column_width:
                x += column_width + GAP
        return root

    def svg(self) -> str:
        """The SVG document (UTF-8 text, ending with a newline)."""
        out: list[str] = []
        self.root().write(out)
        return "".join(out) + "\n"


def draw(game: Game, seat: int | None, state: Any = None) -> Canvas:
    """The picture of ``state`` (default: the game's current state) as ``seat`` sees it
    (``None``: everything): every active plugin draws its part (``turbine_draw``).

    The state is first narrowed to what the seat may see (:meth:`Rules.view`), so a
    picture never shows a hidden card, whatever a plugin draws."""
    rules = game.rules
    shown = rules.view(game.state if state is None else state, seat)
    round_no = rules.round_number(shown)
    parts = [
        f"round {round_no}" if round_no else "",
        "game over" if rules.is_over(shown) else rules.phase_name(shown),
    ]
    if rules.is_over(shown):  # who won, where the picture of a finished game is first read
        winners = rules.winner(shown)
        names = ", ".join(rules.player_name(s) for s in winners)
        parts.append(f"winner: {names}" if len(winners) == 1 else f"shared win: {names}")
    if seat is not None:
        parts.append(f"as seen by seat {seat + 1} ({rules.player_name(seat)})")
    canvas = Canvas(game.spec.name, " · ".join(p for p in parts if p), seat=seat)
    rules.pm.hook.turbine_draw(rules=rules, state=shown, seat=seat, canvas=canvas)
    if not canvas.panels:  # a game that draws nothing still gets a valid picture that says so
        note = canvas.panel("none", "No picture", 360, 30)
        note.text(0, 18, f"{game.spec.name} draws no board.", size=13)
    return canvas


def svg(game: Game, seat: int | None, state: Any = None) -> str:
    """:func:`draw` as SVG text."""
    return draw(game, seat, state).svg()
