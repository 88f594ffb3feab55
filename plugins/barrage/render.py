"""A text view of a Barrage game (rich markup) for the command line.

Sections, top to bottom: the round and who decides; the bonus tiles and the
objective; the headstreams; the map by area and basin (dams with owner, height
and water, powerhouses, conduits with value, destination and owner); each
company (VP, energy, supply, engineers, pieces left, powerhouse bonus, tiles,
wheel, contracts); the management board (who occupies each space, the Bank);
the contracts on offer.  Face-down stacks show only their size.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from turbine.core.layout import broken, fitted, pack, plural

from .decisions.words import OBJECTIVE_TEXT, contract_text
from .production import powerhouse_bonus
from .state import BLOCKED, WHEEL_SECTORS, Player, State
from .tables import MACHINERY_LOTS, NEUTRAL, NOBODY, PIECES, POWERHOUSE, STRUCTURES

if TYPE_CHECKING:
    from .api import BarrageGame

STYLES = {"black": "bright_black", "orange": "dark_orange"}
"""A company colour's terminal style where its name is none (black on a dark terminal)."""
AREA_TITLES = ("Mountains", "Hills", "Plains")
BONUS_TEXT = {
    "fulfilled_contracts": "per fulfilled contract",
    "powerhouses": "per powerhouse",
    "bases": "per base",
    "conduits": "per conduit",
    "elevations": "per elevation",
    "advanced_tiles": "per advanced tile",
}


def bonus_text(counts: str) -> str:
    """What a bonus tile pays for, ``per fulfilled contract``; an expansion's count (the
    Leeghwater Project's ``buildings``) in the same words, ``per building``."""
    return BONUS_TEXT.get(counts) or f"per {counts.replace('_', ' ').removesuffix('s')}"


SPACE_TEXT = {
    "production": "production {amount:+d}",
    "water": "{amount} water to headstreams (flows in phase 3)",
    "water_now": "{amount} water to a headstream, flows now",
    "rotate": "rotate the wheel {amount}",
    "contracts": "take private contracts: {amount}",
}


def who(r: BarrageGame, state: State, owner: int) -> str:
    """An owner code as a coloured company name (its player's name before the draft; or
    neutral / nobody)."""
    if owner == NEUTRAL:
        return "neutral"
    if owner == NOBODY:
        return "[dim]free[/dim]"
    if owner == BLOCKED:
        return "[dim]blocked[/dim]"
    company = r.company(state, owner)
    if not company.id:
        return f"[bold]{r.player(owner)}[/]"
    return f"[{STYLES.get(company.colour, company.colour) or 'bold'}]{company.name}[/]"


def named(r: BarrageGame, state: State, seat: int) -> str:
    """`` (Anna)``: the player of a company, after :func:`who` (which gives the name
    itself before the draft)."""
    return f" ({r.player(seat)})" if r.company(state, seat).id else ""


def render(r: BarrageGame, state: State, seat: int | None) -> str:
    lines: list[str] = []
    lines += _header(r, state)
    lines += _headstreams(r, state)
    lines += _map(r, state)
    lines += _energy(r, state)
    lines += _companies(r, state)
    lines += _management(r, state)
    lines += _contracts(r, state)
    if r.full:
        lines += _patent_office(r, state)
        lines += _draft(r, state)
    return "\n".join(lines)


def _header(r: BarrageGame, state: State) -> list[str]:
    flow = state.flow
    round_no = min(flow.round, 5)
    to_move = r.to_move(state)
    if flow.over:
        status = "[bold]game over[/bold]"
    elif to_move is None:
        status = r.phase_name(state)
    else:
        asked = f": {flow.pending[-1].question(r, state)}" if flow.pending else ""
        status = f"{r.phase_name(state)} · {who(r, state, to_move)} to decide{asked}"
    lines = [f"[bold]Round {round_no} of 5[/bold] · {status}"]
    tiles = []
    for i, tile in enumerate(state.bonus_tiles):
        vp_each, counts, _ = r.bonus_table[tile]
        text = f"R{i + 1} {tile} {vp_each} VP {bonus_text(counts)}"
        if i + 1 == round_no and not flow.over:
            text = f"[bold]{text} (now)[/bold]"
        elif i + 1 < round_no or flow.over:
            text = f"[dim]{text}[/dim]"
        tiles.append(text)
    lines.append("Bonus tiles: " + " · ".join(tiles))
    counts = r.objective_table[state.objective]
    lines.append(
        f"Objective {state.objective}: most {OBJECTIVE_TEXT.get(counts, counts)} (15/10/5 VP at the end)"
    )
    return lines


def _headstreams(r: BarrageGame, state: State) -> list[str]:
    from .tables import headstream_tiles

    b = r.water_board
    parts = []
    for h, (name, tile) in enumerate(zip(r.board.headstreams, state.headstream_tiles, strict=True)):
        per_round = "/".join(str(n) for n in headstream_tiles()[tile])
        basin = b.basins[b.headstream_basin[h]].id
        waiting = state.headstream_water[h]
        parts.append(f"{name} ({tile}, rounds 1–4: {per_round}) → {basin}: {waiting} waiting")
    return ["", "[bold]Headstreams[/bold] (water waiting moves in phase 3)", *("  " + p for p in parts)]


def _map(r: BarrageGame, state: State) -> list[str]:
    b = r.board
    wb = r.water_board
    lines = ["", "[bold]Map[/bold] (* red frame: +3 credits for a base or powerhouse)"]
    for area, title in enumerate(AREA_TITLES):
        lines.append(f" {title}")
        for z in b.zones:
            if b.zone_area[z] != area:
                continue
            basin = wb.basins[r.basin_of_zone[z]]
            river = "the sea" if basin.river_to < 0 else wb.basins[basin.river_to].id
            lines.append(f"  Z-{z} (river to {river})")
            dams = []
            caps = r.capacities(state)
            for d in b.dams_in_zone[z]:
                site = b.dams[d]
                star = "*" if site.red else ""
                owner = state.dam_owner[d]
                if owner == NOBODY:
                    dams.append(f"{site.id}{star} [dim]free[/dim]")
                else:
                    cap = caps[d]
                    dams.append(
                        f"{site.id}{star} {who(r, state, owner)} height {state.dam_height[d]} "
                        f"water {state.dam_water[d]}/{cap}"
                    )
            if dams:
                lines.append("    dams:        " + " · ".join(dams))
            phs = []
            for p in b.powerhouses_in_zone[z]:
                star = "*" if b.powerhouses[p].red else ""
                phs.append(f"{b.powerhouses[p].id}{star} {who(r, state, state.ph_owner[p])}")
            if phs:
                lines.append("    powerhouses: " + " · ".join(phs))
            conduits = [
                f"{c.id} value {c.value} → Z-{c.to_zone} {who(r, state, state.conduit_owner[c.index])}"
                for c in b.conduits
                if c.zone == z
            ]
            if conduits:
                lines.append("    conduits:    " + " · ".join(conduits))
    return lines


def _wheel(player: Player) -> str:
    """What is on the wheel, sector by sector, with the turns left before it returns (B-8.4)."""
    cells = []
    for step in range(1, WHEEL_SECTORS):
        k = (player.wheel_open + step) % WHEEL_SECTORS
        content = " ".join(
            x
            for x in (
                player.wheel_tile[k],
                f"{player.wheel_exc[k]} exc." if player.wheel_exc[k] else "",
                f"{player.wheel_mix[k]} mix." if player.wheel_mix[k] else "",
            )
            if x
        )
        if content:
            cells.append(f"{content} (back in {step} turn{'s' if step > 1 else ''})")
    return " · ".join(cells) or "empty"


def _energy(r: BarrageGame, state: State) -> list[str]:
    """The energy track this round: each company's energy, the credits and the bonus
    tile share it would earn now (B-18.3, B-18.4)."""
    from .scoring import bonus_count, bonus_reward
    from .tables import credits_for_energy

    round_no = min(state.flow.round, 5)
    full = r.consts["bonus_section_size"] * round_no
    tile = state.bonus_tiles[round_no - 1]
    vp_each, counts, _ = r.bonus_table[tile]
    lines = ["", f"[bold]Energy track[/bold] (round {round_no}: full bonus tile from {full} energy)"]
    ranked = sorted(range(len(state.players)), key=lambda s: -state.players[s].energy)
    for seat in ranked:
        p = state.players[seat]
        gained = credits_for_energy(p.energy)
        credits = f"{gained} credit{'' if gained == 1 else 's'}" if p.energy else "3 credits and -3 VP"
        value = vp_each * bonus_count(r, state, seat, counts)
        bonus = bonus_reward(round_no, p.energy, value)
        flipped = " (flipped: 30+)" if p.energy > 30 else ""
        lines.append(
            f"  {who(r, state, seat)} {p.energy}{flipped}: now worth {credits}, bonus tile {bonus} VP"
        )
    return lines


def _companies(r: BarrageGame, state: State) -> list[str]:
    order = ", ".join(f"{i + 1}. {who(r, state, s)}" for i, s in enumerate(state.turn_order))
    lines = ["", f"[bold]Companies[/bold] (turn order: {order})"]
    for seat in range(len(state.players)):
        lines += _company(r, state, seat)
    return lines


def _company(
    r: BarrageGame, state: State, seat: int, details: bool = True, width: int | None = None
) -> list[str]:
    """One company: VP and energy, officer, supply, pieces, tiles, wheel, contracts,
    then what expansions say of it (``barrage_company_lines``); ``details``: with what
    each special tile does; ``width``: break the long lines there
    (:func:`turbine.core.layout.broken`)."""
    lines: list[str] = []
    p = state.players[seat]
    company = r.company(state, seat)
    officer = r.officers[p.officer]
    energy = f"{p.energy}" + (" (marker flipped: counts as 30)" if p.energy > 30 else "")
    colour = company.colour
    player = f" · {r.player(seat)}" if company.id else ""  # before the draft, who() names the player
    lines += broken(
        f"{who(r, state, seat)}{f' ({colour})' if colour else ''}{player} · {officer.name} · "
        f"[bold]{p.vp} VP[/bold] · energy this round {energy}",
        width,
        "  ",
    )
    if officer.text:
        lines += broken(f"officer: {officer.text}", width, "    ")
    if p.copy:
        lines += broken(f"copying {r.officers[p.copy].name}: {r.officers[p.copy].text}", width, "    ")
    if officer.personal_space:
        lines += broken(
            f"personal space used {p.copy_uses}/{r.options.mahiri_uses} this round", width, "    "
        )
    passed = (
        state.flow.phase == 1 and seat in state.flow.order and state.flow.done[state.flow.order.index(seat)]
    )
    supply = (
        f"supply: {plural(p.credits, 'credit')}, {plural(p.excavators, 'excavator')}, "
        f"{plural(p.mixers, 'mixer')} · engineers {p.engineers}/12{' (passed)' if passed else ''} · "
        f"constructions this round {p.spaces_used}/4"
    )
    lines += broken(supply, width, "    ")
    left = ", ".join(f"{STRUCTURES[k]} {PIECES[k] - p.built[k]}" for k in range(4))
    built = p.built[POWERHOUSE]
    ability = "unlocked" if r.ability_unlocked(state, seat) else "from the 3rd powerhouse"
    pieces = (
        f"pieces left: {left} · production bonus +{powerhouse_bonus(r, built)} · "
        f"{company.name} ability {ability}"
    )
    lines += broken(pieces, width, "    ")
    lines += broken(f"tiles: {' '.join(p.tiles) or '-'} · wheel: {_wheel(p)}", width, "    ")
    for t in (
        ()
        if not details
        else sorted(
            {
                t
                for t in (*p.tiles, *p.wheel_tile)
                if t and r.tiles[t].text not in ("", t) and t not in STRUCTURES
            }
        )
    ):
        lines += broken(f"{t}: {r.tiles[t].text}", width, "      ")
    return lines + _contracts_and_more(r, state, seat, width)


def _contracts_and_more(r: BarrageGame, state: State, seat: int, width: int | None) -> list[str]:
    """A company's contracts, then what expansions say of it."""
    return _contract_lines(r, state, seat, width) + _expansion_lines(r, state, seat, width)


def _contract_lines(r: BarrageGame, state: State, seat: int, width: int | None) -> list[str]:
    p = state.players[seat]
    held = " · ".join(contract_text(r, c) for c in p.contracts) or "-"
    return broken(f"contracts: {held} · fulfilled: {' '.join(p.fulfilled) or '-'}", width, "    ")


def _expansion_lines(r: BarrageGame, state: State, seat: int, width: int | None) -> list[str]:
    """What expansions say of a company (``barrage_company_lines``)."""
    lines = []
    for more in r.pm.hook.barrage_company_lines(game=r, state=state, seat=seat):
        for line in more or ():
            lines += broken(line, width, "    ")
    return lines


# -- the compact turn view and the named views ----------------------------------------


MENU_TEXT = {
    "production": "production {amount:+d}",
    "water": "{amount} water, phase 3",
    "water_now": "{amount} water now",
    "rotate": "turn wheel {amount}",
}
MENU_MACHINERY = {1: "1 exc", 2: "1 exc or mix", 3: "1 exc + 1 mix"}
"""An action space's effect in a menu, short enough for two columns of moves
(``eng`` engineers, ``cr`` credits, ``exc`` excavators, ``mix`` mixers)."""


def space_text(r: BarrageGame, state: State, space_id: str) -> str:
    """What an action space costs and does: ``2 engineers + 3 credits: production +1``."""
    for space in r.spaces:
        if space.id != space_id:
            continue
        cost = f"{space.engineers} eng" + (f" + {space.credits} cr" if space.credits else "")
        if space.kind == "patent":
            return f"{cost}: tile {state.patent_display[space.amount]}"
        if space.kind == "machinery":
            return f"{cost}: {MENU_MACHINERY[space.amount]}"
        if space.kind == "contracts":
            return f"{cost}: take {plural(space.amount, 'contract')}"
        return f"{cost}: {MENU_TEXT.get(space.kind, space.kind).format(amount=space.amount)}"
    return ""


def placement_text(r: BarrageGame, state: State, seat: int, action: object, notation: str) -> str:
    """A turn's placement with its cost and effect (B-7, B-8, B-10): the notation first."""
    from .actions import Bank, Construct, ConstructFree, Ext, Pass, Place

    if type(action) is Place and action.space in r.personal_places:  # B-16.7.1: Mahiri's space
        player = state.players[seat]
        officer = r.officers[player.officer]
        cost = "1 eng" + (f" + {officer.personal_space_repeat_credits} cr" if player.copy_uses else "")
        more = ", then one more action" if r.options.mahiri_extra_action else ""
        return f"{notation}  ({cost}: copy another officer{more})"
    if type(action) is Place:
        return f"{notation}  ({space_text(r, state, action.space)})"
    if type(action) is Construct:
        used = state.players[seat].spaces_used
        need, credits = r.construction_spaces[used]
        cost = f"{need} eng" + (f" + {credits} cr" if credits else "")
        what = _structures(r, state, seat, state.players[seat].credits - credits, False)
        return f"{notation}  ({cost}: build {what}; space {used + 1} of 4)"
    if type(action) is Ext:  # G-4: the expansion's action space says it
        space = r.space_of.get(action.name)
        return space.show(r, state, seat, action) if space is not None else notation
    if type(action) is Bank:
        return f"{notation}  (1 cr per eng)"
    if type(action) is ConstructFree:  # B-14.4: AT-I-P or AT-III-B
        what = _structures(r, state, seat, state.players[seat].credits, True)
        return f"{notation}  (0 eng: build {what} with an engineer-free tile, no construction space)"
    if type(action) is Pass:  # B-7.6
        engineers = state.players[seat].engineers
        return f"{notation}  (no more turns this round; {plural(engineers, 'engineer')} unused)"
    return notation


def _structures(r: BarrageGame, state: State, seat: int, budget: int, free: bool) -> str:
    """The structures a construction could complete, ``base, conduit or powerhouse`` (B-8.2.2)."""
    from .construction import buildable_structures

    names = [STRUCTURES[s] for s in buildable_structures(r, state, seat, budget, free)]
    return f"{', '.join(names[:-1])} or {names[-1]}" if len(names) > 1 else "".join(names)


VIEWS = {
    "map": "the headstreams and the map: dams, powerhouses, conduits, water",
    "company": "every company in full ('company N': seat N only)",
    "actions": "the management board: who occupies each action space",
    "contracts": "the contracts on offer, the Patent Office and the draft",
    "energy": "the energy track this round and what each place earns",
    "network": "your dams, the conduits out of them, the powerhouses they reach and the energy "
    "a production would give now ('network N': seat N's)",
}


def turn_view(r: BarrageGame, state: State, seat: int) -> str:
    """The panel at ``seat``'s decision: the round's bonus tile and the objective, the
    seat's company in full, one line for each other company, and the energy track
    (the map, the board and the contracts are views of their own)."""
    round_no = min(state.flow.round, 5)
    tile = state.bonus_tiles[round_no - 1]
    vp_each, counts, _ = r.bonus_table[tile]
    objective = OBJECTIVE_TEXT.get(r.objective_table[state.objective], state.objective)
    width = r.table_width  # what a decision is taken on is read whole: long lines break
    bonus = broken(
        f"Round {round_no} of 5 · bonus tile {tile}: {vp_each} VP {bonus_text(counts)}, in full "
        f"from {r.consts['bonus_section_size'] * round_no} energy",
        width,
    )
    goal = broken(f"Objective {state.objective}: most {objective} (15/10/5 VP at the end)", width)
    lines = bonus + goal
    if not r.company(state, seat).id and (state.draft_pairs or state.draft_contracts):
        lines += _draft(r, state, width)
        if r.table_rows is not None and len(lines) > r.table_rows:  # a short terminal
            draft = _draft(r, state, width, short=True)
            if len(draft) > r.table_rows:  # three or four pairs at 80 × 24: an ability a line
                draft = _draft(r, state, width, short=True, cut=True)
            lines = [*(bonus if len(draft) + len(bonus) <= r.table_rows else []), *draft]
        return "\n".join(lines)
    lines += _company(r, state, seat, details=False, width=width)
    others = []
    for other in state.turn_order:
        if other == seat:
            continue
        p = state.players[other]
        figures = [
            f"{p.vp} VP",
            f"energy {p.energy}",
            f"{p.credits} cr {p.excavators} exc {p.mixers} mix",
            f"engineers {p.engineers}",
            f"contracts {len(p.contracts)} held, {len(p.fulfilled)} fulfilled",
        ]
        # broken between figures, never inside one; further lines 4 columns in, as broken's
        others += pack(
            f"  {who(r, state, other)}{named(r, state, other)}: ", figures, " · ", width, room=width
        )
    if r.phase_name(state) == "draft":  # the turn order is set when the draft ends (B-4.2)
        order = " ".join(str(s + 1) for s in state.draft_order)
        lines += [f"Others (the draft's order by seat: {order})", *others]
    else:
        order = " ".join(str(s + 1) for s in state.turn_order)
        lines += [f"Others (turn order by seat: {order})", *others]
    rows = r.table_rows
    if rows is not None and len(lines) > rows:  # a short terminal
        lines = _short_panel(r, state, seat, bonus, goal, rows)
    return "\n".join(lines)


def _short_panel(
    r: BarrageGame, state: State, seat: int, bonus: list[str], goal: list[str], rows: int
) -> list[str]:
    """The panel in a short terminal: its parts in reading order, as many of them as fit
    ``rows`` taken by how much a decision needs them: the seat's company, VP and energy
    (kept when nothing fits), its contracts, the round's bonus tile (``bonus``), its pieces,
    tiles and wheel, what expansions say of it, the turn order with the others' VP and
    energy, the objective (``goal``).  The seat's supply is left to the status line above
    the prompt, the officer's text to the ``company`` view."""
    width = r.table_width
    p = state.players[seat]
    mine = broken(  # the company's colour is on the board
        f"{who(r, state, seat)} · {r.officers[p.officer].name} · [bold]{p.vp} VP[/bold] · "
        f"energy this round {p.energy} · constructions {p.spaces_used}/4",
        width,
        "  ",
    )
    left = ", ".join(f"{STRUCTURES[k]} {PIECES[k] - p.built[k]}" for k in range(4))
    pieces = broken(
        f"pieces left: {left} · tiles: {' '.join(p.tiles) or '-'} · wheel: {_wheel(p)}", width, "    "
    )
    players = state.players
    others = pack(
        "Turn order: ",
        [
            f"{who(r, state, other)} (you)"
            if other == seat
            else f"{who(r, state, other)} ({players[other].vp} VP, energy {players[other].energy})"
            for other in state.turn_order
        ],
        " · ",
        width,
        room=width,  # further lines 4 columns in
    )
    contracts, more = _contract_lines(r, state, seat, width), _expansion_lines(r, state, seat, width)
    parts = [bonus, goal, others, mine, pieces, contracts, more]  # reading order
    return fitted(parts, (3, 5, 0, 4, 6, 2, 1), rows)


def render_view(r: BarrageGame, state: State, name: str, arg: str, seat: int | None = None) -> str:
    """One of :data:`VIEWS`; ``company N`` shows seat N's company, ``network N`` seat N's
    network (without N: ``seat``'s, else the seat to move's, else every seat's)."""
    from turbine.core.errors import ParseError

    seat_given = arg.isascii() and arg.isdigit() and 1 <= int(arg) <= len(state.players)
    if arg and name in ("company", "network") and not seat_given:
        raise ParseError(f"'{name} {arg}': give a seat number from 1 to {len(state.players)}")
    if arg and name not in ("company", "network"):  # it would be shown whole, as if understood
        raise ParseError(f"'{name} {arg}': the {name} view takes nothing after its name")
    if name == "map":
        lines = _headstreams(r, state) + _map(r, state)
    elif name == "company":
        seats = range(int(arg) - 1, int(arg)) if arg else range(len(state.players))
        lines = [line for s in seats for line in _company(r, state, s)]
    elif name == "actions":
        lines = _management(r, state) + (_patent_office(r, state) if r.full else [])
    elif name == "contracts":
        lines = _contracts(r, state) + (_patent_office(r, state) + _draft(r, state) if r.full else [])
    elif name == "energy":
        lines = _energy(r, state)
    elif name == "network":
        from .network import network

        seat = int(arg) - 1 if arg else seat if seat is not None else r.to_move(state)
        seats = range(len(state.players)) if seat is None else range(seat, seat + 1)
        lines = [line for s in seats for line in network(r, state, s)]
    else:
        raise ParseError(f"{name!r} is not a view of Barrage")
    return "\n".join(line for line in lines if line).strip("\n")


def _management(r: BarrageGame, state: State) -> list[str]:
    lines = ["", "[bold]Management board[/bold] (engineers + credits; who occupies the space)"]
    rows: dict[str, list[str]] = {}
    for i, space in enumerate(r.spaces):
        if space.kind in ("bank", "patent"):
            continue
        row = space.id[:-1]
        if space.kind == "machinery":
            what = f"pay {space.cost} → {MACHINERY_LOTS[space.amount]}"
        else:
            what = SPACE_TEXT[space.kind].format(amount=space.amount)
            if space.cost:
                what = f"pay {space.cost} → {what}"
        cost = f"{space.engineers} eng" + (f"+{space.credits} cr" if space.credits else "")
        side = "L" if space.id.endswith("L") else "R"
        cells = rows.setdefault(row, [f"{row} {what}:"])
        cells.append(f"{side} {cost} {who(r, state, state.spaces[i])}")
    section = ""
    for space in r.spaces:
        row = space.id[:-1]
        if space.kind in ("bank", "patent") or row not in rows:
            continue
        if space.section != section:
            section = space.section
            lines.append(f"  {section.capitalize()}")
        lines.append("    " + "  ".join(rows.pop(row)))
    for spaces in r.action_spaces:  # an expansion's, as it draws them
        lines += spaces.board_lines(r, state)
    bank = ", ".join(f"{who(r, state, s)} {n}" for s, n in enumerate(state.bank) if n) or "nobody yet"
    lines.append(f"  Bank (any number of engineers, 1 credit each): {bank}")
    return lines


def _contracts(r: BarrageGame, state: State) -> list[str]:
    lines = ["", "[bold]Contracts[/bold] (requirement: reward)"]
    for colour, slots, stack in zip(("green", "yellow", "red"), state.display, state.stacks, strict=True):
        shown = " · ".join(contract_text(r, c) for c in slots if c) or "-"
        lines.append(f"  {colour} ({len(stack)} face down): {shown}")
    nationals = " · ".join(contract_text(r, c) for c in state.nationals) or "-"
    lines.append(f"  national: {nationals}")
    return lines


def _patent_office(r: BarrageGame, state: State) -> list[str]:
    """B-10.9: the three face-up advanced tiles, their spaces and the stacks left."""
    lines = ["", "[bold]Patent Office[/bold] (2 engineers + 5 credits: take the tile)"]
    for i, space in enumerate(r.spaces):
        if space.kind != "patent":
            continue
        tile = state.patent_display[space.amount]
        what = f"{tile}: {r.tiles[tile].text}" if tile else "[dim]taken[/dim]"
        lines.append(
            f"  {space.id} {space.engineers} eng+{space.credits} cr {who(r, state, state.spaces[i])} · {what}"
        )
    left = " / ".join(
        f"{name} {len(stack)}" for name, stack in zip(("I", "II", "III"), state.patent_stacks, strict=True)
    )
    lines.append(f"  stacks face down: {left}")
    return lines


def _draft(
    r: BarrageGame, state: State, width: int | None = None, short: bool = False, cut: bool = False
) -> list[str]:
    """B-4.4: the pairs and starting contracts still to choose, each pair with its
    company's and its officer's abilities on lines of their own: what the draft is
    decided on.  ``width``: break the long texts there (the turn screen cuts its lines
    at the terminal's width; the board and the views wrap them themselves); ``short``:
    for a short terminal, without the title and the choosing order; ``cut`` too: each
    ability on one line, cut by the table (the ``contracts`` view shows them whole), for
    a terminal too short for them whole."""
    if not state.draft_pairs and not state.draft_contracts:
        return []
    title = "[bold]Draft[/bold] (each seat takes a company + officer pair and a starting contract)"
    if cut:
        lines = ["[bold]Draft[/bold] ('contracts' shows it whole)"]
    else:
        lines = (
            ["[bold]Draft[/bold] (a company + officer pair and a starting contract each)"]
            if short
            else ["", *broken(title, width)]
        )
    for company, officer in state.draft_pairs:
        c, o = r.companies[company], r.officers[officer]
        lines.append(f"  {c.name} + {o.name}")
        if short:
            company, officer_text = f"{c.name} (3rd powerhouse): {c.text}", f"{o.name}: {o.text}"
            if cut:
                lines += [f"    {company}", f"    {officer_text}"]
            else:
                lines += broken(company, width, "    ") + broken(officer_text, width, "    ")
            continue
        lines += broken(f"{c.name}, from its 3rd powerhouse (B-15.1.5): {c.text}", width, "    ")
        lines += broken(f"{o.name}: {o.text}", width, "    ")
    contracts = " · ".join(contract_text(r, c) for c in state.draft_contracts)
    lines += broken(f"starting contracts: {contracts}", width, "  ")
    if short:
        return lines
    order = ", ".join(r.player(s) for s in state.draft_order)
    lines += broken(f"choosing order: {order} (turn order will be the reverse, B-4.5.1)", width, "  ")
    return lines
