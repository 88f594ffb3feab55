"""Build ``plugins/barrage/RULES_COVERAGE.md`` from the rules reference and the tests.

Every rule ID of ``docs/rules/barrage.md`` (B-…, U-…, D-…) gets a row: where it
is implemented (``IMPL`` below; each ``file.py:name`` is checked to exist by
``test_barrage_coverage.py``) and the tests that cite the ID in their name,
docstring or comments (found by reading this folder).  Regenerate with
``python tests/barrage/barrage_rules_coverage.py`` after adding rules or tests.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

HERE = Path(__file__).parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE.parent))  # the shared scanning, when run as a script
from rules_coverage_checks import cited_by_tests, defined_ids, find_reference, table, write  # noqa: E402

PLUGIN = REPO / "plugins" / "barrage"
OUT = PLUGIN / "RULES_COVERAGE.md"
REFERENCE_CANDIDATES = (
    REPO / "docs" / "rules" / "barrage.md",  # shipped with the repository
    REPO.parent / "shared" / "rules" / "barrage.md",
    REPO / "shared" / "rules" / "barrage.md",
    REPO.parent.parent / "shared" / "rules" / "barrage.md",  # a checkout in a folder of worktrees
)

FULL = (
    "Not implemented: full game only (draft, Patent Office, advanced tiles), waiting for the full-game issue"
)
AUTOMA = (
    "Not implemented: Automa / solo play is out of scope, its rulebook is not among the sources (U-1, D-11)"
)
HEADING = "Heading: see its numbered rules"
R = "rules.py:BarrageRules."
C = "construction.py:"
P = "production.py:"
K = "contracts.py:"
S = "scoring.py:"
W = "water.py:"
DP = "decisions/production.py:"
DD = "decisions/draft.py:"

IMPL: dict[str, str] = {
    "B-14.2": "technology/__init__.py:base_tiles, technology.json",
    "B-14.2.1": "technology/__init__.py:base_tiles, technology/__init__.py:advanced_stacks",
    "B-14.2.2": f"{R}start_turn (patent), {C}load_and_turn",
    "B-14.2.3": "data/technology.json; technology/__init__.py:advanced_stacks",
    "B-14.3": f"base_plugin.py:BarrageBase.barrage_after_build, {C}cost_with",
    "B-14.3.1": f"{C}cost_with (cost modifiers during payment), {C}place (effect after placement)",
    "B-14.3.2": f"{C}tile_choices (engineer-free tiles also for engineer constructions)",
    "B-14.3.3": "technology/vp.py:VpPerRaisedDam, technology/vp.py:VpPerPowerhouse, "
    "technology/vp.py:VpPerAdvancedTile",
    "B-14.4": f"{R}free_construction, {R}start_turn (construct free)",
    "B-14.4.1": "technology/free.py:NoEngineers, technology/free.py:NoEngineersNoExcavators "
    "(U-22 option free_build_uses_space)",
    "B-14.4.2": f"{R}start_turn (the construction is the whole turn)",
    "B-14.4.3": f"{R}turn_actions, {R}free_construction (U-23 option)",
    "B-14.4.4": f"{C}place (surcharge unless AT-I-W)",
    "B-14.5": "patent_office.py:refresh, base_plugin.py:BarrageBase.barrage_end_of_round",
    "B-14.5.1": "patent_office.py:reveal",
    "B-14.5.2": "patent_office.py:reveal",
    "B-14.6": f"technology/anton.py:AntonTile, {R}advanced_tiles_owned (U-13)",
    "B-16.6": f"officers/krylov.py:AntonKrylov, {C}tile_choices",
    "B-16.6.1": "officers/krylov.py:AntonKrylov.setup",
    "B-16.6.2": f"{C}tile_choices (anton=<id>), {C}physical_tile, {R}tile_effect",
    "B-16.6.3": f"{C}tile_choices (U-28 option anton_empty_wheel)",
    "B-16.6.4": f"{C}tile_choices (free constructions copy engineer-free tiles)",
    "B-16.7": f"officers/sekibo.py:MahiriSekibo, {R}personal_space, {R}officer",
    "B-16.7.1": f"{R}personal_space, {R}start_turn (U-21 option mahiri_uses)",
    "B-16.7.2": f"{R}copyable, decisions/copy.py:ChooseCopy",
    "B-16.7.3": f"decisions/copy.py:ExtraAction, {R}start_turn (copy expiry; U-9.1, U-9.2 options)",
    "B-16.7.4": f"{R}copyable (U-9.3 option mahiri_copy_pool)",
    "B-16.7.5": f"{C}tile_choices (copy=<id>), {C}physical_tile",
    "B-16.7.6": f"{R}capacities, water.py:room (U-10)",
    "B-0": "Definition (conventions)",
    "B-0.0": "Definition (sources)",
    "B-0.1": "Definition (ID scheme); IDs are used in test names and data ids",
    "B-0.2": "Definition; UNCERTAIN items are options in options.py:BarrageOptions",
    "B-0.3": "Definition (terminology); machinery and credits counted in units in state.py:Player",
    "B-0.4": f"{C}surcharge (building spaces); tables.py:Space (action spaces)",
    "B-1": HEADING,
    "B-1.1": "plugin.py:turbine_variants (base game only; Leeghwater is a separate plugin)",
    "B-1.2": f"plugin.py:turbine_variants (2–4 players). {AUTOMA}",
    "B-1.3": "options.py:BarrageOptions (mode full by default, intro)",
    "B-1.4": f"{R}__init__ (PhaseMachine, 5 phases); {R}_scoring (ends after round 5)",
    "B-2": HEADING,
    "B-2.1": "Data: data/*.json (map, tiles, contracts, neutral dams); supplies unlimited (U-17)",
    "B-2.2": "Data: data/companies.json (5/5/5/4 pieces), constants.json (12 engineers); state.py:Player",
    "B-2.3": HEADING,
    "B-2.3.1": "Definition (characters have no rules of their own)",
    "B-2.3.2": f"Supplies unlimited (U-17); {R}notices says when the box would run out",
    "B-3": HEADING,
    "B-3.1": HEADING,
    "B-3.1.1": "Data: data/map.json (areas); board.py:build_board",
    "B-3.1.2": "Data: data/map.json; board.py:load_board",
    "B-3.1.3": f"board.py:load_board (paths end at the sea); {W}move_water",
    "B-3.1.4": "Data: data/map.json headstreams; board.py:load_board",
    "B-3.1.5": "Data: data/map.json [EXT] (B-23)",
    "B-3.2": HEADING,
    "B-3.2.1": f"{C}sites (elevations only on own dams)",
    "B-3.2.2": f"{C}sites (one structure per space)",
    "B-3.2.3": f"state.py:State dam_height; {R}capacities",
    "B-3.2.4": f"{R}initial_state (neutral dams); {C}sites (no elevation on neutral or others' dams)",
    "B-3.2.5": f"{C}place (built counter = leftmost piece)",
    "B-3.3": HEADING,
    "B-3.3.1": f"{R}_income, decisions/water.py:PlaceWater; {R}initial_state (neutral water)",
    "B-3.3.2": f"{W}move_water (held water never moves); {DP}produce",
    "B-3.3.3": "decisions/water.py:PlaceWater.apply (delayed water waits on the tile)",
    "B-3.3.4": f"{W}move_water",
    "B-3.4": HEADING,
    "B-3.4.1": f"{P}systems (conduit source basin → destination basin)",
    "B-3.4.2": "Data: no conduit leads into its own basin (checked by the board tests)",
    "B-3.4.3": "Data: data/map.json conduit values",
    "B-3.5": HEADING,
    "B-3.5.1": f"state.py:Player energy; {S}score_round; {R}_end_of_round",
    "B-3.5.2": f"{DP}produce (contract pending with the production's energy)",
    "B-3.6": HEADING,
    "B-3.6.1": f"{R}gain (machinery into the personal supply)",
    "B-3.6.2": f"{DP}produce (conduit fee to the owner); {R}start_turn (credits paid to the supply)",
    "B-3.6.3": f"{C}load_and_turn, {C}rotate",
    "B-3.7": HEADING,
    "B-3.7.1": f"{R}initial_state (10 VP); the 100 flip is only a display matter",
    "B-3.7.2": f"{R}add_vp (U-16 option vp_floor_zero)",
    "B-3.8": "state.py:State, state.py:Player",
    "B-3.9": HEADING,
    "B-3.9.1": f"state.py:Player energy; {R}_end_of_round (back to 0)",
    "B-3.9.2": f"tables.py:credits_for_energy; {S}bonus_reward (30+ counts as 30)",
    "B-3.9.3": f"{R}ranking_energy; {S}energy_awards (U-20)",
    "B-3.9.4": f"{S}bonus_reward (sections of 6)",
    "B-4": HEADING,
    "B-4.1": f"{R}initial_state",
    "B-4.1.1": "Not applicable: one map topology for both sides (D-12)",
    "B-4.1.2": "Definition (table layout)",
    "B-4.1.3": "Supplies unlimited (U-17)",
    "B-4.1.4": "Supplies unlimited (U-17)",
    "B-4.1.5": "Supplies unlimited (U-17)",
    "B-4.1.6": f"{R}initial_state (4 of 8 headstream tiles)",
    "B-4.1.7": f"{R}_pools (intro: BT-6 removed; full: all 6 shuffled, 5 placed), {R}initial_state",
    "B-4.1.8": f"{R}initial_state (objective)",
    "B-4.1.9": f"{R}initial_state (players − 1 national contracts)",
    "B-4.1.10": f"{R}initial_state (3 stacks, 2 face up each)",
    "B-4.1.11": f"{R}initial_state (one neutral dam per area, height 1/2/3, 1 water)",
    "B-4.1.12": f"{R}_full_setup, patent_office.py:reveal (intro: no Patent Office)",
    "B-4.2": HEADING,
    "B-4.2.1": f"{R}__init__ (assignment); state.py:Player company/officer",
    "B-4.2.2": f"state.py:Player (wheel); {R}initial_state",
    "B-4.2.3": "state.py:Player built (pieces taken leftmost first)",
    "B-4.2.4": f"{R}initial_state (6 credits, 6 excavators, 4 mixers)",
    "B-4.2.5": f"{R}initial_state (12 engineers, basic tiles, starting contract)",
    "B-4.2.6": f"{R}initial_state (intro: 5 basic tiles with the joker; full: 4),"
    f" officers/krylov.py:AntonKrylov.setup",
    "B-4.2.7": f"{R}initial_state (energy 0)",
    "B-4.2.8": f"{R}initial_state (10 VP)",
    "B-4.2.9": f"{R}initial_state (turn order of the used seats)",
    "B-4.2.10": "officers/sekibo.py:MahiriSekibo.setup (U-9.4 option mahiri_credits)",
    "B-4.3": f"{R}__init__ (intro assignment from constants.json)",
    "B-4.3.1": f"{R}initial_state (turn order = table order)",
    "B-4.3.2": "options.py:BarrageOptions intro_columns (U-2)",
    "B-4.4": f"{R}_full_setup, decisions/draft.py:ChoosePair, decisions/draft.py:ChooseStartingContract",
    "B-4.4.1": f"{R}_full_setup (companies drawn for the player count)",
    "B-4.4.2": f"{R}_full_setup (officers drawn and paired at random with the game Rng)",
    "B-4.4.3": f"{R}_full_setup (starting contracts drawn)",
    "B-4.4.4": f"{R}_full_setup (seat 1 first; option first_chooser=random)",
    "B-4.4.5": f"{DD}ChoosePair, {DD}ChooseStartingContract (small sub-decisions in choosing order)",
    "B-4.5": HEADING,
    "B-4.5.1": "decisions/draft.py:ChooseStartingContract.apply (turn order = reverse choosing order)",
    "B-4.5.2": f"{R}initial_state",
    "B-4.6": f"{R}initial_state (nationals, blocked spaces); {S}final_scoring (2 players: 15/10)",
    "B-4.7": HEADING,
    "B-4.7.1": f"{R}initial_state (spaces marked 4 blocked with 3 players)",
    "B-4.7.2": f"{R}initial_state (spaces marked 3+ and 4 blocked with 2 players)",
    "B-4.7.3": f"{R}_end_of_round (blocked spaces stay blocked)",
    "B-4.7.4": "Data: data/management_board.json marks [EXT]; tables.py:management_spaces",
    "B-4.8": HEADING,
    "B-4.8.1": AUTOMA,
    "B-4.8.2": AUTOMA,
    "B-5": HEADING,
    "B-5.1": f"{R}__init__ (income, actions, water, scoring, end of round)",
    "B-5.2": f"{R}_income (no water in round 5); {R}_scoring (game over before phase 5)",
    "B-6": HEADING,
    "B-6.1": HEADING,
    "B-6.1.1": f"{R}_income",
    "B-6.1.2": f"{R}_income (every revealed income)",
    "B-6.1.3": f"{R}_income (U-3 option income_order)",
    "B-6.2": HEADING,
    "B-6.2.1": f"{C}place, {R}_income (income_reveal_at 2/4/5)",
    "B-6.2.2": "Data: data/companies.json (3rd income 7 VP)",
    "B-6.2.3": f"{P}powerhouse_bonus; {R}ability_unlocked",
    "B-6.2.4": f"{C}place (income at once)",
    "B-6.2.5": "Data: data/companies.json [EXT] (D-6)",
    "B-6.3": f"{R}gain",
    "B-6.4": HEADING,
    "B-6.4.1": f"{R}_income (headstream water per tile and round)",
    "B-6.4.2": f"{R}_income",
    "B-7": HEADING,
    "B-7.1": f"{R}__init__ (actions phase in turn order)",
    "B-7.2": f"{R}turn_actions, {R}start_turn",
    "B-7.3": f"{R}turn_actions (engineers and credits)",
    "B-7.4": f"{R}turn_actions (only performable actions)",
    "B-7.5": f"{R}turn_actions, {R}start_turn (red frame + printed cost)",
    "B-7.6": f"{R}_settle (no engineers: pass,"
    f" unless an engineer-free construction is possible), {R}free_construction",
    "B-7.7": f"{R}turn_actions (the Bank is always legal)",
    "B-7.8": f"{R}turn_actions (construction spaces, management board, Patent Office,"
    f" Mahiri space {R}personal_space)",
    "B-7.9": f"{R}start_turn (occupancy), {R}turn_actions",
    "B-7.10": f"{R}turn_actions (each side is its own space)",
    "B-7.11": f"{R}_end_of_round",
    "B-8": HEADING,
    "B-8.1": f"{R}turn_actions, {R}start_turn (construction spaces 1/2/3/3+3)",
    "B-8.1.1": "state.py:Player spaces_used; decisions/free_site.py:ChooseFreeSite (rewards use no space)",
    "B-8.2": (
        f"{R}start_turn, decisions/structure.py:ChooseStructure → decisions/site.py:ChooseSite → "
        "decisions/tile.py:ChooseTile → decisions/pay.py:ChoosePayment"
    ),
    "B-8.2.1": f"{C}load_and_turn, {C}place",
    "B-8.2.2": f"{C}can_construct, {C}buildable",
    "B-8.3": HEADING,
    "B-8.3.1": "state.py:WHEEL_SECTORS",
    "B-8.3.2": f"{C}load_and_turn",
    "B-8.3.3": f"{C}rotate",
    "B-8.4": HEADING,
    "B-8.4.1": f"{C}rotate",
    "B-8.4.2": f"{C}rotate",
    "B-8.4.3": f"{C}rotate",
    "B-8.4.4": f"{S}final_scoring (wheel not counted); {C}payments (personal supply only)",
    "B-8.5": HEADING,
    "B-8.5.1": f"{R}start_turn (workshop), {R}gain (rotate rewards)",
    "B-8.5.2": f"{C}rotate",
    "B-8.6": HEADING,
    "B-8.6.1": f"{C}tiles_for",
    "B-8.6.2": f"{C}tiles_for, {C}can_construct",
    "B-9": HEADING,
    "B-9.1": f"{C}cost_table, {C}requirements, {C}surcharge",
    "B-9.1.1": f"{C}cost_table (elevation by the dam's area)",
    "B-9.1.2": "officers/adler.py:WilhelmAdler, officers/mcdowell.py:JillMcDowell, "
    "officers/jordan.py:SolomonJordan. Tiles: technology/cost.py:ConduitCap5, "
    "technology/free.py:NoEngineersNoExcavators, technology/cost.py:Interchangeable",
    "B-9.1.3": "Definition (reminder on the board)",
    "B-9.2": HEADING,
    "B-9.2.1": f"{C}sites",
    "B-9.2.2": f"{C}sites",
    "B-9.2.3": f"{C}sites",
    "B-9.2.4": f"{C}sites",
    "B-9.2.5": f"{C}sites",
    "B-9.2.6": f"{C}sites",
    "B-10": HEADING,
    "B-10.1": HEADING,
    "B-10.1.1": f"{R}start_turn",
    "B-10.1.2": "Data: data/management_board.json sections",
    "B-10.1.3": "Data: data/management_board.json [EXT] (D-4)",
    "B-10.2": "tables.py:management_spaces; data/management_board.json",
    "B-10.2.1": "Data: data/management_board.json (printed costs)",
    "B-10.3": HEADING,
    "B-10.3.1": f"{R}turn_actions, {P}best_energy",
    "B-10.4": HEADING,
    "B-10.4.1": f"{R}start_turn, decisions/water.py:PlaceWater (up to 2, the second may be skipped)",
    "B-10.4.2": f"decisions/water.py:PlaceWater.apply (flows at once through {W}move_water)",
    "B-10.4.3": "state.py:State headstream_water (no limit)",
    "B-10.5": HEADING,
    "B-10.5.1": f"{R}start_turn (Bank)",
    "B-10.5.2": f"{R}turn_actions (Bank always offered)",
    "B-10.6": HEADING,
    "B-10.6.1": f"{R}start_turn, {C}rotate",
    "B-10.7": HEADING,
    "B-10.7.1": f"{R}start_turn (machinery shop)",
    "B-10.8": HEADING,
    "B-10.8.1": f"{R}start_turn, {K}take",
    "B-10.8.2": f"{K}available, {K}refill, {R}_settle (refill at the end of the turn)",
    "B-10.8.3": f"{K}take",
    "B-10.8.4": "decisions/contract.py:DiscardContract (discard down to the hand limit; U-19)",
    "B-10.8.5": f"{K}refill (U-18)",
    "B-10.8.6": f"{R}turn_actions (U-25 option take_two_needs_two)",
    "B-10.9": f"{R}turn_actions, {R}start_turn, patent_office.py:take",
    "B-10.9.1": f"{R}start_turn (patent: tile into the supply), patent_office.py:take",
    "B-10.9.2": "patent_office.py:take (slot stays empty until Phase 5)",
    "B-10.9.3": f"{R}turn_actions (exclusive space, empty slot not offered)",
    "B-11": HEADING,
    "B-11.1": HEADING,
    "B-11.1.1": f"{P}systems (own powerhouse)",
    "B-11.1.2": f"{P}systems (own or neutral dam with water)",
    "B-11.1.3": f"{P}systems (a built conduit of any owner)",
    "B-11.2": f"{DP}produce, {DP}CompanyAbility; steps 1–2 {DP}ChooseProduction, {DP}ChooseMarkers",
    "B-11.2.1": f"{DP}produce (U-4 option contract_before_flow)",
    "B-11.3": HEADING,
    "B-11.3.1": f"{P}amounts",
    "B-11.3.2": f"{P}systems (neutral dams)",
    "B-11.4": HEADING,
    "B-11.4.1": f"{P}amounts, {P}systems",
    "B-11.4.2": f"{R}turn_actions, {P}best_energy",
    "B-11.5": HEADING,
    "B-11.5.1": f"{DP}produce",
    "B-11.5.2": f"{R}gain (energy parts); {DP}CompanyAbility (Italy)",
    "B-11.5.3": f"{R}tile_energy, technology/energy.py:EnergyPerBase,"
    f" technology/energy.py:EnergyTwiceConduit",
    "B-11.6": HEADING,
    "B-11.6.1": f"{DP}produce",
    "B-11.6.2": f"{DP}produce",
    "B-11.6.3": f"{DP}produce",
    "B-12": HEADING,
    "B-12.1": HEADING,
    "B-12.1.1": f"{W}move_water",
    "B-12.1.2": f"{W}move_water, {W}capacities, {R}capacities",
    "B-12.1.3": f"{W}move_water (SEA)",
    "B-12.1.4": f"{W}take_from_dam, {W}release",
    "B-12.2": f"{W}move_water over board.py:load_board paths",
    "B-12.2.1": f"{W}flow_phase, {W}add_to_headstream",
    "B-12.2.2": f"{W}release, {R}release",
    "B-12.2.3": f"{W}place_at_dam",
    "B-12.2.4": f"{W}flow_phase (A→D, one marker at a time)",
    "B-12.2.5": "Data: data/map.json (upper red site first) [EXT]",
    "B-12.3": HEADING,
    "B-12.3.1": f"{W}move_water",
    "B-12.3.2": f"{W}flow_phase, {R}_water_flow",
    "B-12.3.3": f"{W}release, {DP}produce",
    "B-13": HEADING,
    "B-13.1": "Data: data/contracts.json; tables.py:contracts",
    "B-13.1.1": f"tables.py:contracts; {R}gain",
    "B-13.2": HEADING,
    "B-13.2.1": "state.py:Player contracts / fulfilled",
    "B-13.2.2": f"{R}hand_limit_of, decisions/contract.py:TakeContracts.apply",
    "B-13.3": HEADING,
    "B-13.3.1": f"{K}fulfillable (energy of this production only)",
    "B-13.3.2": f"{DP}produce (one contract decision per production)",
    "B-13.3.3": f"{K}fulfil",
    "B-13.3.4": f"{DP}produce",
    "B-13.4": HEADING,
    "B-13.4.1": f"{K}fulfillable",
    "B-13.4.2": f"{K}fulfil",
    "B-13.4.3": f"{K}fulfillable",
    "B-13.5": HEADING,
    "B-13.5.1": f"{DP}produce; tile energy: {R}tile_energy",
    "B-13.5.2": f"{R}gain, {DP}CompanyAbility",
    "B-13.5.3": f"{K}fulfillable (tile flag; option tile_energy_contracts, U-6)",
    "B-13.6": HEADING,
    "B-13.6.1": f"{K}discount",
    "B-13.7": HEADING,
    "B-13.7.1": f"decisions/free_site.py:ChooseFreeSite, {R}gain",
    "B-13.7.2": f"decisions/free_site.py:ChooseFreeSite.answers, {C}sites, {C}place",
    "B-13.7.3": "decisions/free_site.py:ChooseFreeSite.apply (U-7 option reward_red_frame)",
    "B-13.7.4": f"{R}_sub_actions (no site: skip, U-8)",
    "B-13.7.5": f"{R}gain (U-26 option optional_parts)",
    "B-13.8": "Data: data/contracts.json (the text's contracts are there)",
    "B-13.9": "Data: data/contracts.json [EXT] (D-7)",
    "B-13.9.1": "tables.py:reward_parts (resources first, then the rest in order)",
    "B-13.9.2": "Data: data/contracts.json (row order)",
    "B-14": HEADING,
    "B-14.1": HEADING,
    "B-14.1.1": f"{C}tiles_for (joker in the intro game)",
    "B-14.1.2": f"{C}tiles_for (basic tiles have no effect)",
    "B-15": HEADING,
    "B-15.1": HEADING,
    "B-15.1.1": "Data: data/companies.json rows",
    "B-15.1.2": f"{P}powerhouse_bonus, {R}ability_unlocked",
    "B-15.1.3": "Data: data/companies.json (checked on load)",
    "B-15.1.4": "Data: data/companies.json [EXT]",
    "B-15.1.5": f"{R}ability_unlocked",
    "B-15.2": HEADING,
    "B-15.2.1": f"companies.py:USA, {R}_after_water, {W}natural_flow_energy",
    "B-15.2.2": f"{W}release (does not pass the basin's own row)",
    "B-15.2.3": f"{W}natural_flow_energy",
    "B-15.2.4": f"{W}natural_flow_energy",
    "B-15.3": HEADING,
    "B-15.3.1": f"companies.py:Italy, {DP}CompanyAbility",
    "B-15.3.2": f"{R}start_production (AT-II-P with bonuses; U-12 option)",
    "B-15.4": HEADING,
    "B-15.4.1": f"companies.py:Germany, {DP}CompanyAbility, {DP}ChooseRepeat",
    "B-15.4.2": f"{P}energy (REPEAT: no modifier, no bonus)",
    "B-15.4.3": f"{DP}produce (each production its own contract)",
    "B-15.4.4": f"{P}energy (U-5 option floor_on_repeat)",
    "B-15.4.5": f"{R}start_production (AT-II-P with bonuses; U-12 option)",
    "B-15.4.6": f"{DP}produce",
    "B-15.5": HEADING,
    "B-15.5.1": f"companies.py:France, {K}discount",
    "B-15.5.2": f"{K}fulfillable (only after productions)",
    "B-16": HEADING,
    "B-16.1": HEADING,
    "B-16.1.1": "officers/adler.py:WilhelmAdler",
    "B-16.1.2": "officers/adler.py:WilhelmAdler",
    "B-16.1.3": f"{C}surcharge (unchanged)",
    "B-16.2": f"officers/del_monte.py:GrazianoDelMonte, {R}capacities",
    "B-16.2.1": "officers/del_monte.py:GrazianoDelMonte; water.py:del_monte_capacity",
    "B-16.2.2": f"{R}capacities (flow, end scoring), technology/water.py:FillDam",
    "B-16.2.3": f"{R}capacities (neutral dams unchanged)",
    "B-16.3": HEADING,
    "B-16.3.1": "officers/fiesler.py:ViktorFiesler",
    "B-16.3.2": f"officers/fiesler.py:ViktorFiesler, {P}energy",
    "B-16.3.3": f"{DP}produce (contract uses the final energy)",
    "B-16.4": HEADING,
    "B-16.4.1": "officers/mcdowell.py:JillMcDowell",
    "B-16.4.2": f"officers/mcdowell.py:JillMcDowell, {C}payments",
    "B-16.5": HEADING,
    "B-16.5.1": f"officers/jordan.py:SolomonJordan, {C}payments",
    "B-16.5.2": "decisions/pay.py:ChoosePayment.apply (credits to the supply)",
    "B-16.5.3": f"{C}load_and_turn (only machinery goes on the wheel)",
    "B-17": f"{R}_water_flow",
    "B-17.1": f"{R}__init__ (after every pass)",
    "B-17.2": f"{R}_water_flow, {W}flow_phase",
    "B-17.3": f"{W}flow_phase",
    "B-17.4": f"{R}_after_water",
    "B-17.5": f"{W}move_water",
    "B-17.6": f"{R}_water_flow (every round)",
    "B-18": f"{S}score_round",
    "B-18.1": f"{S}energy_awards",
    "B-18.2": HEADING,
    "B-18.2.1": f"{S}energy_awards",
    "B-18.2.2": f"{S}energy_awards",
    "B-18.2.3": f"{S}energy_awards",
    "B-18.2.4": f"{S}energy_awards",
    "B-18.3": HEADING,
    "B-18.3.1": "tables.py:credits_for_energy",
    "B-18.3.2": f"{S}score_round",
    "B-18.3.3": "Data: data/constants.json energy_track_credits [EXT] (D-5)",
    "B-18.4": HEADING,
    "B-18.4.1": f"{S}score_round (bonus tile of the round)",
    "B-18.4.2": f"{S}bonus_reward",
    "B-18.4.3": f"{S}bonus_reward",
    "B-18.4.4": f"{S}bonus_count",
    "B-18.5": f"{S}score_round (each round its own tile); {R}_scoring",
    "B-19": f"{R}_end_of_round",
    "B-19.1": f"{R}__init__ (game over after round 5's scoring)",
    "B-19.2": f"{R}_end_of_round (U-27 option tie_order)",
    "B-19.3": f"{R}_end_of_round",
    "B-19.4": f"{R}_end_of_round",
    "B-19.5": "base_plugin.py:BarrageBase.barrage_end_of_round, patent_office.py:refresh",
    "B-19.6": f"{R}_end_of_round (nothing else reset)",
    "B-20": f"{S}final_scoring",
    "B-20.1": f"{R}_scoring",
    "B-20.2": f"{S}final_scoring, {S}split_places, {S}objective_count",
    "B-20.3": f"{S}final_scoring",
    "B-20.4": f"{S}final_scoring, {S}held_water",
    "B-20.5": f"{R}rank_key (U-15 shared victory)",
    "B-21": "Data tables (below)",
    "B-21.1": "Data: data/officers.json; officers.py (the four intro officers)",
    "B-21.2": "Data: data/companies.json; companies.py",
    "B-21.3": "Data: data/technology.json; technology/ modules",
    "B-21.4": f"Data: data/scoring_tiles.json; {S}bonus_count",
    "B-21.5": f"Data: data/scoring_tiles.json; {S}objective_count",
    "B-21.5.1": f"{S}structures_by_area (pieces, U-14)",
    "B-21.6": f"{R}gain (reward kinds); tables.py:reward_parts",
    "B-21.7": "Data: data/constants.json",
    "B-22": "Worked examples (test vectors, below)",
    "B-22.5": "technology/vp.py:VpPerPowerhouse",
    "B-23": "Data: data/map.json, data/headstream_tiles.json [EXT]",
    "B-23.1": HEADING,
    "B-23.2": "Data: data/map.json; board.py:load_board",
    "B-23.3": "Data: data/headstream_tiles.json",
    "B-23.4": "Data (pointers to the tables above)",
    "B-23.5": "Missing-data list (D-…, below)",
    "B-24": "Uncertainty register (U-…, below)",
    "B-25": "Source discrepancies (see data/DATA_NOTES.md and README)",
    "B-26": "Glossary",
    # uncertainty register
    "U-1": AUTOMA,
    "U-2": "options.py:BarrageOptions intro_columns",
    "U-3": "options.py:BarrageOptions income_order",
    "U-4": "options.py:BarrageOptions contract_before_flow",
    "U-5": "options.py:BarrageOptions floor_on_repeat, repeat_same_dam",
    "U-6": f"{K}fulfillable (option tile_energy_contracts)",
    "U-7": "options.py:BarrageOptions reward_red_frame",
    "U-8": f"{R}_sub_actions (a rewarded build with no space is skipped)",
    "U-9.1": f"{R}start_turn (option mahiri_extra_action)",
    "U-9.2": f"{R}start_turn, {R}_settle (option mahiri_copy_until)",
    "U-9.3": f"{R}copyable (option mahiri_copy_pool)",
    "U-9.4": "officers/sekibo.py:MahiriSekibo.setup (option mahiri_credits)",
    "U-10": f"{W}room (over-full dam keeps its marker, takes no more)",
    "U-11": "technology/water.py:FillDam (option fill_dam)",
    "U-12": f"{R}start_production (option tile_production_abilities)",
    "U-13": f"{R}advanced_tiles_owned (option anton_counts_as_advanced)",
    "U-14": f"{S}structures_by_area (pieces, no cap)",
    "U-15": f"{R}rank_key (shared victory)",
    "U-16": "options.py:BarrageOptions vp_floor_zero",
    "U-17": f"Unlimited supplies; {R}notices",
    "U-18": f"{K}refill (slot stays empty)",
    "U-19": "decisions/contract.py:DiscardContract.apply (discarded contracts leave the game)",
    "U-20": "options.py:BarrageOptions energy_cap_ranking",
    "U-21": f"{R}personal_space (option mahiri_uses)",
    "U-22": f"{R}start_turn (option free_build_uses_space)",
    "U-23": f"{R}free_construction (option free_build_only_without_engineers)",
    "U-24": f"{P}max_markers (fee paid in advance; the other reading is not implemented, see README)",
    "U-25": "options.py:BarrageOptions take_two_needs_two",
    "U-26": "options.py:BarrageOptions optional_parts",
    "U-27": "options.py:BarrageOptions tie_order",
    "U-28": f"{C}tile_choices (option anton_empty_wheel)",
    # missing data
    "D-1": "Data: data/map.json [EXT]",
    "D-2": "Data: data/headstream_tiles.json [EXT]",
    "D-3": "Data: data/map.json neutral_dam_tiles (lower site of one basin per tile) [INF]",
    "D-4": "Data: data/management_board.json [EXT]",
    "D-5": "Data: data/constants.json energy_track_credits [EXT]",
    "D-6": "Data: data/companies.json [EXT]",
    "D-7": "Data: data/contracts.json [EXT]",
    "D-8": "Data: data/map.json conduit_colours (no rules effect)",
    "D-9": "Data: data/contracts.json SC-1…SC-4 [EXT]",
    "D-10": "Data: data/scoring_tiles.json BT-6 intro false [INF]",
    "D-11": AUTOMA,
    "D-12": "Assumed: one topology for both map sides",
    "D-13": "Data: data/technology.json; technology/__init__.py:advanced_stacks",
    "D-14": "officers/sekibo.py:MahiriSekibo.setup (U-9.4 option mahiri_credits; no other officer bonus)",
    "D-15": "Data: data/constants.json (sections of 6, credits [EXT])",
}
for _n in range(1, 53):  # the worked examples: implemented where their rule is
    IMPL.setdefault(f"B-22.{_n}", "Worked example; see the tests")
for _n in range(1, 9):
    IMPL.setdefault(f"B-23.1.{_n}", "Data: data/map.json (checked by the data and board tests)")
for _n in range(1, 7):
    IMPL.setdefault(f"B-23.2.{_n}", "Data: data/map.json [EXT]")
    IMPL.setdefault(f"B-23.4.{_n}", "Data (pointer)")
IMPL["B-23.4.6"] = AUTOMA
IMPL["B-22.30"] = (
    f"{R}_full_setup, decisions/draft.py:ChooseStartingContract.apply (draft and reverse turn order)"
)
IMPL["B-22.31"] = "patent_office.py:reveal"
IMPL["B-22.36"] = f"{R}start_production, technology/energy.py:ProductionPlus2"
IMPL["B-22.37"] = "technology/resources.py:RotatePerElevation"
IMPL["B-22.51"] = f"{R}free_construction, {R}_settle"

ID = re.compile(r"(?<![A-Za-z0-9])([BUD])[-_](\d+(?:[._]\d+)*)")


def reference() -> Path:
    path = find_reference(REFERENCE_CANDIDATES)
    if path is None:
        raise FileNotFoundError("docs/rules/barrage.md not found")
    return path


def rule_ids() -> list[str]:
    """Every rule ID defined by the reference: numbered rules, headings, U- and D- rows."""
    return defined_ids(
        reference().read_text(encoding="utf-8"), r"^(?:#+ |- \*\*|\| )((?:B|U|D)-\d+(?:\.\d+)*)\b"
    )


def _normal(prefix: str, digits: str) -> str:
    return f"{prefix}-" + digits.replace("_", ".")


def citations() -> dict[str, list[str]]:
    """Rule ID -> tests (``module::function``) citing it in name, docstring or body."""
    return cited_by_tests(
        HERE,
        lambda text: {_normal(m[1], m[2]) for m in ID.finditer(text)},
        skip="test_barrage_coverage.py",  # checks this file, cites no rule
    )


def _sort_key(rule: str) -> tuple[int, tuple[int, ...]]:
    prefix, _, number = rule.partition("-")
    return ("BUD".index(prefix), tuple(int(x) for x in number.split(".")))


def build() -> str:
    header = [
        "# Barrage (introductory game): rules coverage",
        "",
        "Every rule ID of `docs/rules/barrage.md` (rules `B-…`, uncertainty register `U-…`,",
        "missing data `D-…`) → where it is implemented → the tests that cite it (in their name,",
        "docstring or body).  Generated by `tests/barrage/barrage_rules_coverage.py`;",
        "`tests/barrage/test_barrage_coverage.py` checks that this file is current, that every",
        "ID has a row and that every `file.py:name` named here exists.  Headings, definitions",
        "and data rows have no test of their own unless one cites them; the data files are",
        "checked by `test_barrage_data.py` and `test_barrage_board.py`.  Paths are relative",
        "to `plugins/barrage/`.",
        "",
    ]
    return table(header, sorted(rule_ids(), key=_sort_key), IMPL, citations())


if __name__ == "__main__":
    write(OUT, build(), rule_ids(), IMPL)
