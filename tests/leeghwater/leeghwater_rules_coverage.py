"""Build ``plugins/leeghwater/RULES_COVERAGE.md`` from the rules reference and the tests.

Every L- rule ID of ``docs/rules/leeghwater.md`` gets a row: where it is implemented
(``IMPL`` below; each ``file.py:name`` is checked to exist by
``test_leeghwater_coverage.py``) and the tests of this folder that cite the ID in their
name, docstring or body.  Regenerate with
``python tests/leeghwater/leeghwater_rules_coverage.py`` after adding rules or tests.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE.parent))  # the shared scanning, when run as a script
from rules_coverage_checks import (  # noqa: E402
    cited_by_tests,
    defined_ids,
    find_reference,
    reference_candidates,
    table,
    write,
)

PLUGIN = REPO / "plugins" / "leeghwater"
OUT = PLUGIN / "RULES_COVERAGE.md"
REFERENCE_CANDIDATES = reference_candidates(REPO, "leeghwater.md")

HEADING = "Heading: see its numbered rules"
BASE = "Barrage's rules, unchanged by the expansion"
W = "works.py:"
B = "buildings.py:"
A = "building_actions.py:"
OF = "officers.py:"
N = "netherlands.py:"
S = "scoring.py:"
G = "game_setup.py:"
C = "components.py:"
P = "placements.py:"
X = "refusals.py:refuse_placement"
T = "store.py:"
D = "dams.py:"
M = "machinery.py:"
OPT = "options.py:LeeghwaterOptions"

IMPL: dict[str, str] = {
    "L-1": HEADING,
    "L-1.1": "plugin.py:PLUGIN_INFO (requires barrage); plugin.py:turbine_expansions",
    "L-1.2": f"{C}validate (full game only)",
    "L-1.3": f"{C}validate (2–4 players)",
    "L-1.3.1": f"{C}validate (no solo, U-1)",
    "L-1.4": f"plugin.py:turbine_expansions (all content together); {OPT} (only the U- readings)",
    "L-1.5": f"{P}turn_actions (external works, buildings, building actions)",
    "L-2": HEADING,
    "L-2.1": "Data: data/additional_board.json, data/external_works.json, data/private_buildings.json",
    "L-2.2": "Data: data/extensions.json; data/technology.json (building tiles)",
    "L-2.3": "Data: data/netherlands.json; netherlands.py:Netherlands",
    "L-2.4": HEADING,
    "L-2.4.1": "Data: data/constants.json (checked by test_leeghwater_data.py)",
    "L-2.4.2": "Data: data/netherlands.json (U-23)",
    "L-2.4.3": "Data: data/netherlands.json",
    "L-2.4.4": f"{C}abilities, {C}component_pools",
    "L-3": HEADING,
    "L-3.1": f"{G}setup_game (after Barrage's full setup, barrage_setup_game)",
    "L-3.2": f"{G}setup_game (state.ext.leeghwater)",
    "L-3.3": f"{G}setup_game, {W}reveal_works",
    "L-3.4": f"{G}setup_game (5 of the 10 private buildings), {X}",
    "L-3.5": f"{C}bonus_tile_rows (5 of the 8 drawn by Barrage)",
    "L-3.6": f"{C}component_pools",
    "L-3.6.1": f"{C}component_pools (one removed per stack)",
    "L-3.7": f"{G}setup_game (blocked building spaces); data_model.py:AdditionalBoard",
    "L-3.7.1": BASE,
    "L-3.7.2": f"{G}setup_game ({OPT} u25_marks)",
    "L-3.7.3": "Data: data/additional_board.json building_spaces",
    "L-3.8": f"{C}abilities (the Netherlands and 4 officers join the draft pools)",
    "L-3.8.1": f"{C}abilities, {N}Netherlands",
    "L-3.8.2": f"{C}abilities, {OF}NewOfficer",
    "L-3.8.3": BASE,
    "L-3.9": f"{G}setup_player",
    "L-3.9.1": f"{G}setup_player (player.ext.leeghwater)",
    "L-3.9.2": f"{G}setup_player (pieces), {B}place_building (one piece each)",
    "L-3.9.3": f"{G}setup_player (the building tile)",
    "L-3.9.4": BASE,
    "L-3.9.5": f"{G}setup_player (Leslie's tile)",
    "L-3.9.6": f"{G}setup_player (architect available), {OF}after_placement",
    "L-3.10": f"{G}setup_game, {C}validate",
    "L-4": HEADING,
    "L-4.1": BASE,
    "L-4.2": BASE + " (buildings give no income)",
    "L-4.3": f"{P}turn_actions, {P}LeeghwaterSpaces.perform, {X}",
    "L-4.3.1": f"{P}turn_actions (x work)",
    "L-4.3.2": f"{P}turn_actions (x build), {B}can_build",
    "L-4.3.3": f"{P}turn_actions (x use), {A}can_use",
    "L-4.3.4": f"{P}turn_actions (x margot, x margot_bank)",
    "L-4.4": f"{C}bonus_tile_rows, {S}bonus_count",
    "L-4.5": f"{S}end_of_round",
    "L-4.6": f"{S}final_scoring",
    "L-5": HEADING,
    "L-5.1": f"Data: data/additional_board.json; {W}reveal_works (3 slots)",
    "L-5.2": f"{P}turn_actions (2 engineers), {W}take_work, {X}",
    "L-5.3": f"{W}work_payments, {W}can_pay_work, {W}pay_work, {W}LwWorkPay",
    "L-5.4": f"{W}can_pay_work, {P}turn_actions, {X}",
    "L-5.4.1": f"{W}special_usable ({OPT} u2_unusable_special), {X}",
    "L-5.4.2": f"{P}turn_actions (empty slots offer nothing), {X}",
    "L-5.4.3": f"{W}take_work (the slot is emptied)",
    "L-5.5": f"{W}take_work (no energy needed)",
    "L-5.6": f"{W}pay_work (machinery to the general supply)",
    "L-5.7": f"{P}turn_actions (no credits for the space)",
    "L-5.8": f"{P}turn_actions (no per-player limit)",
    "L-5.9": f"{W}LwLoan (PB-04), {P}turn_actions (Leslie's x work_wheel)",
    "L-5.10": f"{S}end_of_round, {W}reveal_works",
    "L-5.11": f"{S}final_scoring (external works score nothing)",
    "L-5.12": f"{W}take_work",
    "L-5.12.1": f"{W}LwContract, {W}contracts_for",
    "L-5.12.2": f"{W}LwPatent",
    "L-5.12.3": f"{W}take_work (Barrage's free builds), {W}special_usable",
    "L-5.12.4": f"{W}take_work, {W}LwFramedSite (the red frame paid under any U-7 option)",
    "L-5.12.5": f"{W}take_work (Barrage's free builds)",
    "L-5.12.6": "Data: data/external_works.json (EW-R5 areas)",
    "L-5.12.7": "Data: data/external_works.json (EW-R6 max value)",
    "L-5.12.8": f"{W}special_usable (U-18)",
    "L-5.12.9": f"{W}take_work (every part)",
    "L-5.12.10": f"{T}part, {W}take_work",
    "L-5.12.11": f"{W}take_work (ordinary parts first, U-27)",
    "L-5.12.12": f"{W}take_work (Barrage's optional parts)",
    "L-5.13": "Data: data/external_works.json",
    "L-5.13.1": "Data: data/external_works.json (checked by test_leeghwater_data.py)",
    "L-5.13.2": "Data: data/external_works.json (checked by test_leeghwater_data.py)",
    "L-6": HEADING,
    "L-6.1": f"{B}BuildChoice, {B}place_building (off the map)",
    "L-6.2": f"{P}LeeghwaterSpaces.perform (x build), {B}LwTile, {B}load, {B}place_building, {B}LwSpace",
    "L-6.3": f"{B}build_choices (the cost of the tile built next to)",
    "L-6.4": f"{B}can_build (one per tile, 5 pieces), {X}",
    "L-6.5": f"{B}space_options, {X}",
    "L-6.6": BASE + " (buildings give no income)",
    "L-6.7": f"{B}can_build, {B}buildable_with, {X}",
    "L-6.8": f"{B}place_building (nothing removes a building)",
    "L-6.9": f"{B}build_choices, {B}builds_building, {B}building_tiles, {X}",
    "L-6.10": f"{M}credits_per_unit, {B}payments, {B}LwPay",
    "L-7": HEADING,
    "L-7.1": f"{A}activated, {A}can_use, {X}",
    "L-7.2": f"{A}action_space; Data: data/private_buildings.json (spaces)",
    "L-7.3": f"{A}action_space, {P}LeeghwaterSpaces.perform (x use), {X}",
    "L-7.3.1": f"{A}use_building (Margot and AT-B1 do not take the left space)",
    "L-7.4": f"{A}can_use, {A}use_building (used), {X}",
    "L-7.5": f"{A}can_use (used this round)",
    "L-7.6": f"{P}LeeghwaterSpaces.perform (x use), {A}use_building, {A}effect_possible, {X}",
    "L-7.7": f"{A}action_space (never runs out)",
    "L-7.8": f"{S}end_of_round",
    "L-7.9": f"{S}final_scoring",
    "L-8": f"{A}use_building; Data: data/private_buildings.json",
    "L-8.0": "Data: data/private_buildings.json (checked by test_leeghwater_data.py)",
    "L-8.1": f"{D}LwDam, {D}dike_dams",
    "L-8.2": f"{A}LwSector, {A}returnable",
    "L-8.3": f"{A}LwHalf",
    "L-8.4": f"{W}LwLoan, {W}LwLoan.said_when_only, {W}loan_price",
    "L-8.5": f"{A}use_building (gain)",
    "L-8.6": f"{A}use_building (gain)",
    "L-8.7": f"{A}use_building (gain)",
    "L-8.8": f"{A}use_building (production), {A}effect_possible",
    "L-8.9": f"{W}resolve_reward_part (energy_contract)",
    "L-8.10": f"{W}LwContract",
    "L-9": HEADING,
    "L-9.1": f"{C}BuildingTile, {C}component_pools",
    "L-9.2": f"{A}LwNow, {B}place_building",
    "L-9.3": f"{B}build_choices (AT-B2=E, AT-B2=M)",
    "L-9.4": f"{B}place_building (AT-B3)",
    "L-9.5": f"{C}BuildingTile (advanced)",
    "L-9.6": f"{C}component_pools",
    "L-10": f"{C}bonus_tile_rows",
    "L-10.1": f"{C}bonus_tile_rows",
    "L-10.2": f"{S}bonus_count",
    "L-10.3": "Data: data/bonus_tiles.json",
    "L-10.4": f"{S}bonus_count",
    "L-11": f"{N}Netherlands",
    "L-11.1": f"{N}Netherlands",
    "L-11.2": f"{N}company_income",
    "L-11.3": f"{N}after_production, {D}LwDam",
    "L-11.3.1": f"{N}after_production (optional, one marker)",
    "L-11.3.2": f"{D}dike_dams (own dams only)",
    "L-11.3.3": f"{D}LwDam (exclude)",
    "L-11.3.4": f"{N}after_production (every production)",
    "L-11.3.5": f"{N}after_production ({OPT} u9_drop_before_contract)",
    "L-11.3.6": f"{D}ned_active",
    "L-11.3.7": "Supplies unlimited (Barrage's U-17)",
    "L-11.3.8": BASE + " (held water scores)",
    "L-12": f"{C}abilities, {OF}NewOfficer",
    "L-12.1": f"{P}turn_actions (x work_wheel)",
    "L-12.1.1": f"{G}setup_player (Leslie's tile)",
    "L-12.1.2": f"{P}turn_actions, {P}LeeghwaterSpaces.perform (x work_wheel), {X}",
    "L-12.1.3": BASE + " (the wheel)",
    "L-12.1.4": f"{P}LeeghwaterSpaces.perform (x work_wheel: no construction space)",
    "L-12.1.5": f"{P}turn_actions (tile on the wheel), {X}",
    "L-12.1.6": f"{W}can_pay_work",
    "L-12.1.7": f"{W}take_work",
    "L-12.1.8": f"{A}returnable ({OPT} u16_return_special_tiles)",
    "L-12.2": f"{P}turn_actions (x margot)",
    "L-12.2.1": f"{P}turn_actions, {P}LeeghwaterSpaces.perform (x margot), {X}",
    "L-12.2.2": f"{A}use_building (count=False), {X}",
    "L-12.2.3": f"{P}LeeghwaterSpaces.perform (x margot: the action's cost still paid)",
    "L-12.2.4": f"{P}turn_actions (once per round, U-12)",
    "L-12.2.5": f"{A}use_building",
    "L-12.3": f"{OF}hand_limit, {OF}contract_policy",
    "L-12.3.1": f"{OF}hand_limit",
    "L-12.3.2": f"{OF}contract_policy",
    "L-12.3.3": f"{OF}contract_policy ({OPT} u11_france_per_contract)",
    "L-12.3.4": BASE + " (Barrage resolves each contract's reward)",
    "L-12.4": f"{OF}after_placement, {OF}LwArchitect",
    "L-12.4.1": f"{G}setup_player (architect)",
    "L-12.4.2": f"{OF}after_placement, {OF}LwArchitect",
    "L-12.4.3": f"{OF}after_placement (engineers == 1)",
    "L-12.4.4": f"{OF}LwArchitect (Barrage's ExtraAction)",
    "L-12.4.5": f"{OF}LwArchitect, {S}end_of_round",
    "L-12.4.6": f"{OF}after_placement ({OPT} u14_architect_bank_and_copy)",
    "L-12.4.7": f"{OF}after_placement",
    "L-12.5": f"{OF}after_placement, {OF}hand_limit, {P}turn_actions",
    "L-12.5.1": f"{P}turn_actions (Mahiri's copy of Leslie needs no tile)",
    "L-12.5.2": f"{P}LeeghwaterSpaces.perform (x margot_bank, {OPT} u13_mahiri_bank_engineer)",
    "L-12.5.3": f"{OF}simone_copy_used, {OF}hand_limit",
    "L-12.5.4": f"{OF}after_placement (mahiri)",
    "L-13": f"{S}end_of_round",
    "L-13.1": f"{S}end_of_round, {W}refresh, {W}reveal_works",
    "L-13.2": BASE + " (no end of round after round 5)",
    "L-13.3": f"{S}end_of_round",
    "L-13.4": f"{W}reveal_works (from A, then B, then C)",
    "L-14": f"{S}final_scoring",
    "L-14.1": f"{S}final_scoring",
    "L-14.2": f"{S}final_scoring, {B}place_building (AT-B3)",
    "L-14.3": f"{S}final_scoring",
    "L-14.4": BASE,
    "L-14.5": BASE,
    "L-14.6": BASE,
    "L-15": HEADING,
    "L-15.1": BASE + " (buildings are off the map)",
    "L-15.2": BASE + " (external works are not contracts)",
    "L-15.3": BASE + " (buildings are off the map)",
    "L-15.4": f"{B}wild, {B}builds_building, {B}place_building, {M}machinery_payments",
    "L-15.5": f"{B}build_choices",
    "L-15.6": f"{W}contracts_for ({OPT} u3_france_discount)",
    "L-15.7": f"{B}build_choices (Anton's and Mahiri's copies)",
    "L-15.8": f"{B}place_building, {B}space_options (red frame)",
    "L-16": "Worked examples (test vectors); see the tests",
    "L-17": "plugin.py:PLUGIN_INFO (hooks only); test_leeghwater_api.py, test_leeghwater_modules.py",
}

ID = re.compile(r"(?<![A-Za-z0-9])L[-_](\d+(?:[._]\d+)*)")


def reference() -> Path:
    path = find_reference(REFERENCE_CANDIDATES)
    if path is None:
        raise FileNotFoundError("docs/rules/leeghwater.md not found")
    return path


def rule_ids() -> list[str]:
    """Every L- rule ID the reference defines: numbered rules and headings."""
    return defined_ids(reference().read_text(encoding="utf-8"), r"^(?:#+ |\s*- \*\*|\| )(L-\d+(?:\.\d+)*)\b")


def citations(folder: Path = HERE) -> dict[str, list[str]]:
    """Rule ID -> tests (``module::function``) citing it in name, docstring or body."""
    return cited_by_tests(
        folder,
        lambda text: {"L-" + m[1].replace("_", ".") for m in ID.finditer(text)},
        skip="test_leeghwater_coverage.py",  # checks this file, cites no rule
    )


def _sort_key(rule: str) -> tuple[int, ...]:
    return tuple(int(x) for x in rule.removeprefix("L-").split("."))


def build() -> str:
    ids = rule_ids()
    cited = citations()
    covered = sum(1 for rule in ids if cited.get(rule))
    header = [
        "# The Leeghwater Project: rules coverage",
        "",
        "Every L- rule ID of `docs/rules/leeghwater.md` → where it is implemented → the tests",
        "that cite it (in their name, docstring or body).  Generated by",
        "`tests/leeghwater/leeghwater_rules_coverage.py`; `tests/leeghwater/test_leeghwater_coverage.py`",
        "checks that this file is current, that every ID has a row and that every `file.py:name`",
        "named here exists.  Headings and data rows have no test of their own unless one cites",
        "them; the data files are checked by `test_leeghwater_data.py`.  The U- readings are the",
        "options of `options.py:LeeghwaterOptions`.  Paths are relative to `plugins/leeghwater/`.",
        "",
        f"{covered} of {len(ids)} IDs are cited by a test.",
        "",
    ]
    return table(header, sorted(ids, key=_sort_key), IMPL, cited)


if __name__ == "__main__":
    write(OUT, build(), rule_ids(), IMPL)
