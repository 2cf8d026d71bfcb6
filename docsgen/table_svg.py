"""The table at a decision point as an SVG picture: seats around an oval table with their names
and stacks, the bets in front of the players, the pot, the button, and whose turn it is.

Seats are PHH positions (:mod:`betlaw.model.game`): p1 sits left of the button, the last seat
has the button; the button is drawn at the bottom and play goes clockwise. Every text that comes
from a scenario (player names) is XML-escaped here; the output has no blank line, so it can sit
in a Markdown page as one raw HTML block.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from html import escape

from betlaw.model.state import HandState

WIDTH, HEIGHT = 640, 370
CX, CY = WIDTH / 2, HEIGHT / 2
TABLE_RX, TABLE_RY = 190, 100  # the felt
SEAT_RX, SEAT_RY = 240, 150  # where the seat plates sit
BET_K = 0.62  # bets sit this far from the centre towards their seat
PLATE_W, PLATE_H = 136, 44
NAME_CHARS = 16

FELT, RAIL, PLATE, PLATE_LINE, TEXT, MUTED = "#2e7d4f", "#6d4c2f", "#fafafa", "#9e9e9e", "#212121", "#757575"
ACTOR, CHIP, BUTTON = "#f9a825", "#c62828", "#ffffff"


def _f(x: float) -> str:
    """Coordinates with one decimal (deterministic text)."""
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _short(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "…"


def seat_angle(seat: int, n: int) -> float:
    """Radians in SVG coordinates (y down): the button (last seat) at the bottom, then clockwise."""
    return math.pi / 2 + 2 * math.pi * ((seat + 1) % n) / n


def table_svg(state: HandState, show: Callable[[int], str], caption: str) -> str:
    """The SVG (one string, no blank line) of ``state``; ``show`` prints chip units as the scenario does."""
    g = state.game
    n = g.seats
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="betlaw-table" viewBox="0 0 {WIDTH} {HEIGHT}" '
           f'width="{WIDTH}" height="{HEIGHT}" role="img" aria-label="{escape(caption)}">',
           f"<title>{escape(caption)}</title>",
           f'<ellipse cx="{_f(CX)}" cy="{_f(CY)}" rx="{TABLE_RX + 12}" ry="{TABLE_RY + 12}" fill="{RAIL}"/>',
           f'<ellipse cx="{_f(CX)}" cy="{_f(CY)}" rx="{TABLE_RX}" ry="{TABLE_RY}" fill="{FELT}"/>']
    street = g.streets[min(state.street, len(g.streets) - 1)].name
    in_bets = sum(s.bet for s in state.seats)
    pot = sum(s.contributed for s in state.seats) - in_bets
    out.append(_text(CX, CY - 14, street, 14, "#e8f5e9", weight="bold"))
    out.append(_text(CX, CY + 8, f"pot {show(pot)}", 15, "#ffffff"))
    if in_bets:
        out.append(_text(CX, CY + 26, f"bets in front {show(in_bets)}", 11, "#c8e6c9"))
    for i, seat in enumerate(state.seats):
        a = seat_angle(i, n)
        sx, sy = CX + SEAT_RX * math.cos(a), CY + SEAT_RY * math.sin(a)
        bx, by = CX + TABLE_RX * BET_K * math.cos(a), CY + TABLE_RY * BET_K * math.sin(a)
        if seat.bet:
            out.append(f'<circle cx="{_f(bx - 16)}" cy="{_f(by)}" r="7" fill="{CHIP}" stroke="#ffffff" '
                       f'stroke-width="2" stroke-dasharray="3 2"/>')
            out.append(_text(bx + 2, by + 4, show(seat.bet), 13, "#ffffff", anchor="start", weight="bold"))
        if not g.stud and i == g.button:
            dx, dy = CX + TABLE_RX * 0.82 * math.cos(a - 0.35), CY + TABLE_RY * 0.8 * math.sin(a - 0.35)
            out.append(f'<circle cx="{_f(dx)}" cy="{_f(dy)}" r="10" fill="{BUTTON}" stroke="{TEXT}"/>')
            out.append(_text(dx, dy + 4, "D", 11, TEXT, weight="bold"))
        out.append(_plate(i, seat, state, sx, sy, show))
    out.append("</svg>")
    return "".join(out)


def _plate(i: int, seat, state: HandState, x: float, y: float, show) -> str:
    g = state.game
    acting = state.actor == i and not state.hand_over
    name = f"p{i + 1}" + (f" {_short(g.players[i])}" if g.players else "")
    if g.infinite and i < len(g.infinite) and g.infinite[i]:
        stack = "stack ∞"
    elif seat.folded:
        stack = "folded"
    elif seat.stack == 0:
        stack = "all-in"
    else:
        stack = f"stack {show(seat.stack)}"
    if acting:
        stack += " · to act"
    stroke, width = (ACTOR, 4) if acting else (PLATE_LINE, 1)
    opacity = ' opacity="0.5"' if seat.folded else ""
    parts = [f'<g class="seat{" actor" if acting else ""}"{opacity}>',
             f'<rect x="{_f(x - PLATE_W / 2)}" y="{_f(y - PLATE_H / 2)}" width="{PLATE_W}" height="{PLATE_H}" '
             f'rx="8" fill="{PLATE}" stroke="{stroke}" stroke-width="{width}"/>',
             _text(x, y - 4, name, 13, TEXT, weight="bold"),
             _text(x, y + 14, stack, 11, "#e65100" if acting else MUTED, weight="bold" if acting else "normal"),
             "</g>"]
    return "".join(parts)


def _text(x: float, y: float, text: str, size: int, fill: str, anchor: str = "middle", weight: str = "normal") -> str:
    bold = ' font-weight="bold"' if weight == "bold" else ""
    return (f'<text x="{_f(x)}" y="{_f(y)}" font-family="sans-serif" font-size="{size}" fill="{fill}" '
            f'text-anchor="{anchor}"{bold}>{escape(text)}</text>')
