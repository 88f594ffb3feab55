"""`turbine demo`: the quick start's bot game, with a result and a replayable save."""

from __future__ import annotations

from cli_helpers import needs_sparks, run_cli
from turbine.cli.demo import pick_variant
from turbine.core import Registry, VariantSpec, bots


@needs_sparks
def test_demo_plays_to_the_end_and_leaves_a_verified_save(tmp_path):
    result = run_cli("demo", "sparks", "--players", "3", "--out", "d.json", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "Winner" in result.stdout and "after round 4" in result.stdout
    assert "moves saved to d.json" in result.stdout
    replay = run_cli("replay", "d.json", "--verify", cwd=tmp_path)
    assert replay.returncode == 0, replay.stderr


def test_default_demo_variant_is_the_highest_priority(registry):
    from turbine.core import PluginInfo, hookimpl
    from turbine_sparks.plugin import SparksOptions, SparksRules

    class Showcase:
        PLUGIN_INFO = PluginInfo("showcase", "1")

        @hookimpl
        def turbine_variants(self):
            return [VariantSpec("zz_show", "Show", 2, 4, SparksOptions, SparksRules, demo_priority=5)]

    assert pick_variant(registry, None) == "sparks"
    assert pick_variant(Registry([("core", bots), ("showcase", Showcase())]), None) == "zz_show"
