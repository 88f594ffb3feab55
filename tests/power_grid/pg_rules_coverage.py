"""Build ``plugins/power_grid/RULES_COVERAGE.md`` from the rules reference and the tests.

Every rule ID of ``docs/rules/power_grid.md`` gets a row: where it is implemented
(``IMPL`` below, checked against the code by ``test_pg_rules_coverage.py``) and the tests
whose name or docstring cites the ID (found by grepping this folder).  Regenerate with
``python tests/power_grid/pg_rules_coverage.py`` after adding rules or tests.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE.parent))  # the shared scanning, when run as a script
from rules_coverage_checks import cited_by_tests, defined_ids, find_reference, reference_candidates, table  # noqa: E402

PLUGIN = REPO / "plugins" / "power_grid"
OUT = PLUGIN / "RULES_COVERAGE.md"
REFERENCE_CANDIDATES = reference_candidates(REPO, "power_grid.md")

R = "rules.py"
DATA = "data/"
# ID -> where it is implemented.  "module:function" entries are checked to exist.
# Entries starting with "Definition" / "Not implemented" / "Data" are prose.
IMPL: dict[str, str] = {
    "P-0.1": "Definition (ID scheme); used in test names and docstrings",
    "P-0.2": "Definition; U-items are options in options.py:PowerGridOptions",
    "P-0.3": "Definition (glossary)",
    "P-1.1": "Data: data/russia.json, data/japan.json; data_model.py:load_map",
    "P-1.2": "Data: data/rules.json (houses); U-15 option house_limit",
    "P-1.3": "Data: data/rules.json tokens; rules.py:initial_state; tables.py:initial_reserve",
    "P-1.4": "Data: data/rules.json starting_money; bank unlimited (D-5)",
    "P-1.5": "Definition (player aid; its resupply numbers are T-4)",
    "P-1.6": "Data: data/plants.json; data_model.py:load_plants",
    "P-1.7": "state.py STEP3; rules.py:initial_state",
    "P-1.8": "Data: data/plants.json (special); options.py flow_generator",
    "P-1.9": "Data: resupply tables in data/russia.json, data/japan.json (T-4)",
    "P-1.10": "Definition",
    "P-2.1": "options.py map; rules.py:__init__ (load_map)",
    "P-2.2": (
        "rules.py:_check_regions, rules.py:initial_state; "
        "maps.py:legal_region_sets, maps.py:random_region_set"
    ),
    "P-2.3": "rules.py:initial_state; tables.py:starting_money",
    "P-2.4": "rules.py:initial_state (Rng shuffle of the order; seat order = seat numbers)",
    "P-2.5": "rules.py:initial_state; tables.py:initial_market_counts; data initial_resource_market",
    "P-2.6": "rules.py:initial_state; tables.py:initial_reserve",
    "P-2.7": "rules.py:initial_state; rules.py:actual_market",
    "P-2.8": "rules.py:initial_state (flow_generator)",
    "P-2.9": "rules.py:initial_state, rules.py:_seeded_plants",
    "P-2.10": "rules.py:initial_state, rules.py:_seeded_plants",
    "P-2.11": "rules.py:initial_state (pool[unseen:])",
    "P-2.12": "rules.py:initial_state (machine.start; step 1)",
    "P-3.1": "rules.py:__init__ (PhaseMachine with five phases)",
    "P-3.2": "core PhaseMachine (Turns.EACH_ONCE)",
    "P-3.3": "state.py step/step3; rules.py:_building_end, rules.py:_step3_drawn",
    "P-3.4": "rules.py:_rank, rules.py:_order_begin",
    "P-3.5": "rules.py:_rank",
    "P-3.6": "rules.py:_rank (unique sort keys)",
    "P-3.7": "rules.py:__init__ (phase orders)",
    "P-3.8": "rules.py:_order_begin",
    "P-3.9": "rules.py:_auction_end",
    "P-4.1": "rules.py:_sell (machine.finish)",
    "P-4.2": "rules.py:_auction_options; core EACH_ONCE cursor",
    "P-4.3": "rules.py:_pass, rules.py:_auction_options",
    "P-4.4": "rules.py:_auction_options, rules.py:_open",
    "P-4.5": "rules.py:_open, rules.py:_drop_out, rules.py:legal_actions (bids)",
    "P-4.6": "rules.py:_open",
    "P-4.7": "rules.py:_sell, rules.py:_draw, rules.py:_draw_one",
    "P-4.8": "rules.py:_sell (core finish: first seat not done)",
    "P-4.9": (
        "rules.py:_sell, rules.py:_discard, rules.py:_old_plants, rules.py:_return_options, "
        "rules.py:perform_return"
    ),
    "P-4.10": "rules.py:_auction_options",
    "P-4.11": "rules.py:_auction_end",
    "P-4.12": "No check needed (nothing requires capacity)",
    "P-5.1": "rules.py:__init__ (resources phase, reverse order)",
    "P-5.2": "rules.py:_buy_options, rules.py:perform (price_table); tables.py:price_by_count",
    "P-5.3": "plants.py:capacities, plants.py:storable",
    "P-5.4": "rules.py:_buy_options, plants.py:storable",
    "P-5.5": "plants.py:storable (one pool per player, A.3)",
    "P-5.6": "rules.py:_buy_options",
    "P-5.7": "state.py Player.res",
    "P-6.1": "rules.py:__init__ (building phase, reverse order), rules.py:_build_options",
    "P-6.2": "rules.py:__init__ (space_now), rules.py:_build_options; tables.py:space_costs",
    "P-6.3": "rules.py:__init__ (space_now), rules.py:_build; tables.py:next_space",
    "P-6.4": "rules.py:_build_options",
    "P-6.5": "rules.py:_distances, rules.py:_nearest; maps.py:all_pairs, maps.py:Nearest",
    "P-6.6": "Data: links with cost 0; maps.py:all_pairs",
    "P-6.7": "rules.py:_build_options (full cost every time)",
    "P-6.8": "rules.py:_build_options (seat not in houses)",
    "P-6.9": "rules.py:__init__ (space_now), data spaces; tables.py:next_space",
    "P-6.10": "rules.py:_build_options (done always legal)",
    "P-6.11": "rules.py:_build (rules.py:_outdated)",
    "P-6.12": "rules.py:_nearest (U-14), rules.py:_build_options (in_play)",
    "P-6.13": "rules.py:_distances (worked out for the cities he has now); maps.py:Nearest",
    "P-6.14": "rules.py:_build_options",
    "P-6.15": "rules.py:_building_end, rules.py:_bureau_begin",
    "P-7.1": "rules.py:legal_actions (Power), rules.py:_power",
    "P-7.2": (
        "plants.py:runs_on, plants.py:can_fuel, rules.py:_power_options, rules.py:_power, "
        "rules.py:_burn_options, rules.py:_burn"
    ),
    "P-7.3": "rules.py:_pay (see README: fewer cities for the same plants not offered)",
    "P-7.4": "rules.py:_power, rules.py:_burn",
    "P-7.5": "rules.py:_pay, rules.py:_settle; tables.py:income",
    "P-7.6": "rules.py:_resupply; tables.py:resupply_amounts",
    "P-7.7": "rules.py:_resupply (count model: tokens fill from the expensive end)",
    "P-7.8": "rules.py:_resupply; tables.py:resupplied_count",
    "P-7.9": "rules.py:_resupply; tables.py:resupplied_count",
    "P-7.10": "rules.py:_market_update",
    "P-7.11": "core PhaseMachine (next round)",
    "P-7.12": "rules.py:_building_end (ended before Phase 5)",
    "P-8.1": "rules.py:_building_end",
    "P-8.2": "rules.py:_bureau_begin",
    "P-8.3": "rules.py:_draw_one, rules.py:_step3_drawn",
    "P-8.4": "rules.py:_step3_drawn, rules.py:_auction_end",
    "P-8.5": "rules.py:_step3_drawn, rules.py:_bureau_begin",
    "P-8.6": "rules.py:_step3_drawn, rules.py:_order_begin",
    "P-8.7": "rules.py:actual_market; sizes follow from the removals",
    "P-8.8": "rules.py:__init__ (space_now[3]); tables.py:space_costs",
    "P-8.9": "rules.py:_market_update",
    "P-8.10": "rules.py:_resupply",
    "P-8.11": "rules.py:_step3_drawn, rules.py:_building_end (U-17, U-18)",
    "P-8.12": "rules.py:_draw callers only",
    "P-9.1": "rules.py:_building_end",
    "P-9.2": "rules.py:_building_end (game over)",
    "P-9.3": "rules.py:rank_key, plants.py:max_powerable",
    "P-9.4": "rules.py:_building_end (no Phase 5)",
    "P-9.5": "rules.py:rank_key",
    "P-9.6": "rules.py:_building_end",
    "P-10.1": "Data: data/plants.json; actions.py:plant_label",
    "P-10.2": "Data: data/plants.json fuel; rules.py FUEL",
    "P-10.3": "plants.py:capacities, plants.py:can_fuel",
    "P-10.4": "Data: data/plants.json",
    "P-10.5": "Data: sort_key (33⅓ = 100); state.py STEP3",
    "P-10.6": "rules.py:_draw_one, rules.py:_auction_options, plants.py:capacities",
    "P-11.1": "Data: data/russia.json initial_resource_market",
    "P-11.2": "Data: data/russia.json removed_plants; rules.py:initial_state",
    "P-11.3": "Data: data/russia.json plant_market; rules.py:actual_market",
    "P-11.4": "rules.py:initial_state, rules.py:_seeded_plants",
    "P-11.5": "rules.py:_pass",
    "P-11.6": "Data: outdated_removal false; rules.py:_outdated",
    "P-11.7": "Data: no_sale_removal false; rules.py:_no_sale",
    "P-11.8": "rules.py:_build_options",
    "P-11.9": "rules.py:_resupply; data/russia.json",
    "P-11.10": "Data: data/russia.json",
    "P-11.11": "Definition (nothing else)",
    "P-12.1": "Data: data/japan.json initial_resource_market",
    "P-12.2": "Data: data/japan.json plant_market; rules.py:actual_market",
    "P-12.3": "rules.py:initial_state, rules.py:_seeded_plants",
    "P-12.4": "rules.py:_no_sale, rules.py:_auction_end, rules.py:_round_end",
    "P-12.5": "rules.py:_outdated, rules.py:_draw, rules.py:_build",
    "P-12.6": "rules.py:_build_options (Start), rules.py:_build (networks)",
    "P-12.7": "rules.py:_build_options; data start cities",
    "P-12.8": "Data: start-city spaces; data_model.py:load_map (U-8)",
    "P-12.9": "rules.py:_build_options (U-10)",
    "P-12.10": "rules.py:_build_options",
    "P-12.11": "rules.py:_build_options",
    "P-12.12": "Data: small-city spaces; data_model.py:load_map (U-11)",
    "P-12.13": "Data: per-city spaces; rules.py:__init__ (space_now); tables.py:space_costs",
    "P-12.14": "rules.py:_resupply; data/japan.json",
    "P-12.15": "rules.py:max_cities, rules.py:_rank, rules.py:_building_end",
    "P-12.16": "Definition (nothing else)",
    "P-14.1": "rules.py:_rank",
    "P-14.2": "rules.py:_auction_end",
    "P-14.3": "rules.py:_auction_options (core EACH_ONCE cursor)",
    "P-14.4": "rules.py:_sell",
    "P-14.5": "rules.py:_open (eligible bidders)",
    "P-14.6": "rules.py:_open, rules.py:_pass",
    "P-14.7": "rules.py:_open",
    "P-14.8": "rules.py:_discard, rules.py:perform_return",
    "P-14.9": "plants.py:capacities, plants.py:can_fuel",
    "P-14.10": "rules.py:_distances; maps.py:Nearest",
    "P-14.11": "rules.py:_distances; maps.py:all_pairs",
    "P-14.12": "rules.py:__init__ (space_now); tables.py:space_costs",
    "P-14.13": "maps.py:all_pairs",
    "P-14.14": "maps.py:all_pairs",
    "P-14.15": "rules.py:_build_options",
    "P-14.16": "rules.py:_outdated",
    "P-14.17": "rules.py:_power, rules.py:_pay",
    "P-14.18": "rules.py:legal_actions (every fuelable set of plants)",
    "P-14.19": "rules.py:_resupply",
    "P-14.20": "rules.py:_resupply",
    "P-14.21": "rules.py:_building_end",
    "P-14.22": "rules.py:_building_end",
    "P-14.23": "rules.py:rank_key",
    "P-14.24": "rules.py:_draw_one (bisect below STEP3)",
    "P-14.25": "rules.py:_draw_one, rules.py:_auction_options",
    "P-14.26": "rules.py:_draw_one",
    "P-14.27": "Data: sort_key; rules.py:_auction_options (NUMBER 33)",
    "P-14.28": "rules.py:_build_options",
    "P-14.29": "rules.py:_build_options; data start-city spaces",
    "P-14.30": "rules.py:_build_options",
    "P-14.31": "rules.py:_auction_options, rules.py:_pass",
    "P-14.32": "rules.py:_resupply (reserve only)",
    "P-14.33": "rules.py:_pay",
    "P-14.34": "plants.py:storable (pool model)",
    "T-1": "Data: data/rules.json income; rules.py:_pay; tables.py:income",
    "T-2": "Data: data/rules.json player_counts; rules.py:__init__; tables.py:player_count_row",
    "T-3": "Data: plant_market sizes; rules.py:__init__, rules.py:actual_market; tables.py:market_size",
    "T-4": "Data: resupply tables; rules.py:_resupply; tables.py:resupply_amounts",
    "T-5": "Data: data/rules.json resource_market; rules.py:__init__ (price_table); tables.py:price_by_count",
    "T-6": "Data: initial_resource_market; rules.py:initial_state; tables.py:initial_market_counts",
    "T-7": "Data: data/plants.json",
    "T-8": "rules.py:initial_state, rules.py:_seeded_plants",
    "T-9": "Data: city spaces; rules.py:__init__ (space_now); tables.py:space_costs",
    "T-10": "rules.py:initial_state",
    "T-11": "rules.py:_step3_drawn, rules.py:_auction_end, rules.py:_bureau_begin, rules.py:_order_begin",
    "T-12": "rules.py:initial_state; tables.py:initial_reserve",
    "T-13": "maps.py:legal_region_sets",
    "U-1": "Data: 12-space uranium track (settled by the data)",
    "U-2": "options.py deck_seeding; rules.py:_seeded_plants",
    "U-3": "rules.py:initial_state ((a) only: (b) would box 13 and the seeded plants)",
    "U-4": "options.py pass_removal_trigger; rules.py:_pass",
    "U-5": "options.py pass_removal_skip_outdated; rules.py:_pass",
    "U-6": "options.py outdated_threshold; rules.py:_outdated",
    "U-7": "rules.py:_draw, rules.py:_build ((a) only; (b) gives the same results)",
    "U-8": "options.py start_city_second_space; data_model.py:load_map (b), rules.py:_build_options (c)",
    "U-9": "options.py first_network_anywhere; rules.py:_build_options",
    "U-10": "options.py round1_extend; rules.py:_build_options",
    "U-11": "options.py small_city_steps; data_model.py:load_map",
    "U-12": "rules.py:max_cities ((a) only; (b) needs a per-network model)",
    "U-13": "options.py late_start_occupied; rules.py:_build_options",
    "U-14": "options.py paths_outside_play; rules.py:_nearest",
    "U-15": "options.py house_limit; rules.py:_build_options",
    "U-16": "rules.py:perform (Buy takes the cheapest; (b) not offered, see README)",
    "U-17": "rules.py:_step3_drawn, rules.py:_building_end ((a) only)",
    "U-18": "options.py step3_at_step2_start; rules.py:_step3_drawn",
    "U-19": "rules.py:rank_key (shared victory)",
    "U-20": "plants.py:capacities ((a) only)",
    "U-21": "Settled with U-1",
    "U-22": "options.py no_sale_timing; rules.py:_auction_end, rules.py:_round_end",
    "U-23": "options.py russia_no_sale; rules.py:__init__",
    "U-24": "rules.py:_build (networks counts starts)",
    "U-25": "Data: one resupply table per map",
    "D-1": "Data: data/russia.json, data/japan.json (DATA_NOTES.md)",
    "D-2": "Data: data/japan.json spaces",
    "D-3": "Data: resupply tables",
    "D-4": "Data: data/plants.json",
    "D-5": "Bank unlimited, as the reference recommends: the note count is not given (see README)",
    "D-6": "Data: 12-space uranium track",
    "D-7": "Seat numbers are the clockwise seating (rules.py:_open)",
    "D-8": "options.py house_limit (U-15)",
    "D-9": "Data: income table stops at 20; never needed",
    "D-10": "Definition (page references)",
    "A.1": "rules.py:_draw, rules.py:_draw_one, rules.py:_outdated, rules.py:_step3_drawn",
    "A.2": "rules.py:_resupply",
    "A.3": "plants.py:storable, plants.py:max_kept",
    "A.4": "rules.py:_distances, rules.py:_build_options; maps.py:all_pairs, maps.py:Nearest",
    "A.5": "plants.py:max_powerable, plants.py:can_fuel",
    "A.6": "rules.py:__init__ (phases), rules.py:_order_begin, rules.py:_auction_end, rules.py:_building_end",
}


def reference() -> Path | None:
    return find_reference(REFERENCE_CANDIDATES)


def rule_ids(text: str) -> list[str]:
    """Every rule, table, uncertain item, data item and appendix procedure, in order."""
    return defined_ids(
        text, r"\*\*(P-\d+\.\d+)", r"^### (T-\d+)", r"^\| (U-\d+) \|", r"\*\*(D-\d+) ", r"^### (A\.\d+)"
    )


def _key(rule_id: str) -> tuple[int, int, int]:
    order = {"P": 0, "T": 1, "U": 2, "D": 3, "A": 4}
    head, _, rest = rule_id.replace(".", "-", 1).partition("-")
    nums = [int(x) for x in re.findall(r"\d+", rest)] + [0]
    return order[head], nums[0], nums[1]


def _cited(text: str) -> list[str]:
    """The IDs a test's name and docstring cite (``P_3_2``, ``T-4``, ``A.1``…)."""
    out = []
    for head, a, b in sorted(set(re.findall(r"(?:^|[^A-Za-z0-9])([PTUDA])[_.-](\d+)(?:[_.](\d+))?", text))):
        rule = f"{head}-{a}.{b}" if head == "P" and b else f"{head}-{a}"
        out.append(f"A.{a}" if head == "A" else rule)
    return out


def tests_citing() -> dict[str, list[str]]:
    """Rule ID -> tests whose name or docstring cites it."""
    return cited_by_tests(HERE, _cited, body=False, prefix="test")


def build() -> str:
    ref = reference()
    if ref is None:
        raise SystemExit("rules reference not found")
    header = [
        "# Power Grid: rules coverage",
        "",
        "Every rule ID of `docs/rules/power_grid.md` → where it is implemented → the tests",
        "that cite it (by name or docstring).  Generated by `tests/power_grid/pg_rules_coverage.py`;",
        "`tests/power_grid/test_pg_rules_coverage.py` checks that this file is current, that every",
        'cited function exists and every ID has a row.  "Data" rows are covered by the data',
        "tests (`test_pg_data.py`, `test_pg_tables.py`, `test_pg_maps.py`), which cite them too.",
        "Definitions and prose-only items have no test of their own.",
        "",
    ]
    ids = sorted(rule_ids(ref.read_text(encoding="utf-8")), key=_key)
    return table(header, ids, IMPL, tests_citing(), missing="**MISSING**", sort_tests=False)


if __name__ == "__main__":
    OUT.write_text(build(), encoding="utf-8")
    sys.stdout.write(f"wrote {OUT}\n")
