"""Company abilities (B-15): one small class per company.

An ability is unlocked once the company has built its 3rd powerhouse
(B-15.1.5).  The rules ask the seat's company object; companies reach a game
through the ``barrage_abilities`` registry hook (Barrage's own four through
:mod:`.base_plugin`), so expansions add companies the same way.
"""

from __future__ import annotations


class Company:
    kind = "company"
    id = ""
    name = ""
    text = ""
    colour = ""
    """Its pieces' colour (B-2), as the board names it; ``""``: none (no company yet)."""
    flow_energy = 0
    """Energy per marker flowing naturally through one of its powerhouses (USA)."""
    after_production_energy = 0
    """Energy (not for contracts) after each production action (Italy)."""
    repeat_production = False
    """May produce again with another powerhouse after a production (Germany)."""
    contract_discount = 0
    """Energy less needed to fulfil a contract after a production (France)."""


class USA(Company):
    """B-15.2: +1 energy per marker flowing naturally through your powerhouses."""

    id, name, colour, flow_energy = "CO-USA", "USA", "red", 1
    text = "+1 energy per water marker flowing naturally through your powerhouses"


class Germany(Company):
    """B-15.4: a second production with another powerhouse, without modifiers."""

    id, name, colour, repeat_production = "CO-GER", "Germany", "black", True
    text = "after a production, produce again with another powerhouse, without modifiers"


class Italy(Company):
    """B-15.3: +3 energy after each production action (not for contracts)."""

    id, name, colour, after_production_energy = "CO-ITA", "Italy", "green", 3
    text = "+3 energy after each production action (not for contracts)"


class France(Company):
    """B-15.5: contracts need 3 less energy."""

    id, name, colour, contract_discount = "CO-FRA", "France", "white", 3
    text = "contracts need 3 less energy"


class NoCompany(Company):
    """Stands in before the draft (no ability)."""


def base_companies() -> list[Company]:
    """Barrage's four companies (registered through ``barrage_abilities``)."""
    return [USA(), Germany(), Italy(), France()]


ABILITY_POWERHOUSES = 3
"""The powerhouse that unlocks a company's ability (B-6.2.3)."""
