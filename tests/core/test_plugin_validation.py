"""A broken plugin fails alone, with its name and the reason (issue 14, item 12).

Each case below is one a new plugin author met: a hook with a misnamed
parameter, an option default of the wrong type, an options model given as a
dict, a misspelt hook name.  Discovery leaves the plugin out with the reason;
every other game keeps working; using the broken one raises one
:class:`PluginError` naming the plugin.
"""

from __future__ import annotations

import types
from abc import abstractmethod
from typing import Any, Literal

import msgspec
import pytest
from pydantic import BaseModel, Field, field_validator
from turbine.core import (
    BadOptions,
    BotSpec,
    ExpansionSpec,
    Game,
    PluginError,
    PluginInfo,
    Registry,
    VariantSpec,
    bots,
    hookimpl,
)
from turbine.core.plugin_checks import PluginProblem, check_options_model, check_rules_class
from turbine.core.state import StatePart
from turbine.core.testing import ConformanceError, check_plugin
from turbine_sparks import plugin as sparks
from turbine_sparks.game import SparksRules


class TaxRecord(msgspec.Struct):
    paid: int = 0


class TaxOptions(BaseModel):
    rate: int = Field(2, ge=0, le=5)


def expansion(name: str = "tax", options: Any = TaxOptions, requires=("sparks",), **hooks: Any):
    """A small expansion plugin of Sparks, as a module."""
    module = types.ModuleType(f"{name}_plugin")
    module.PLUGIN_INFO = PluginInfo(name, "1.0", requires)  # type: ignore[attr-defined]
    module.turbine_expansions = hookimpl(  # type: ignore[attr-defined]
        lambda: [ExpansionSpec(id=name, variant="sparks", name=name.title(), options=options)]
    )
    for hook, function in hooks.items():
        setattr(module, hook, hookimpl(function))
    return module


def registry_with(*plugins: types.ModuleType) -> Registry:
    return Registry([("core", bots), ("sparks", sparks), *((p.PLUGIN_INFO.name, p) for p in plugins)])


def assert_left_out(reg: Registry, name: str, *fragments: str) -> str:
    """``name`` is left out with a reason holding ``fragments``; Sparks still plays."""
    assert name not in reg.plugins
    reason = reg.errors[name]
    for fragment in fragments:
        assert fragment in reason, reason
    assert "\n" not in reason
    game = Game(reg, "sparks", players=2, seed=1)
    game.play(game.legal()[0])
    assert len(game.log) == 1
    return reason


def test_a_misnamed_hook_parameter_is_found_at_discovery():
    def turbine_phase_end(rules: Any, state: Any, phse: str) -> None:
        raise AssertionError("never called")

    reg = registry_with(expansion(turbine_phase_end=turbine_phase_end))
    reason = assert_left_out(
        reg, "tax", "turbine_phase_end(rules, state, phse)", "(phse)", "rules, state, phase"
    )
    with pytest.raises(PluginError) as refused:
        Game(reg, "sparks", players=2, seed=1, expansions=["tax"])
    assert str(refused.value) == f"plugin 'tax' {reason}"


def test_fewer_parameters_than_the_hook_are_fine():
    def turbine_phase_end(phase: str) -> None:
        return None

    reg = registry_with(expansion(turbine_phase_end=turbine_phase_end))
    assert "tax" in reg.plugins
    assert reg.errors == {}


def test_an_option_default_of_the_wrong_type_is_found_at_discovery():
    class Options(BaseModel):
        rate: int = "two"  # type: ignore[assignment]

    reg = registry_with(expansion(options=Options))
    reason = assert_left_out(reg, "tax", "option rate", "'two'", "not a valid int")
    with pytest.raises(PluginError, match=r"^plugin 'tax' gives the expansion 'tax' an option rate"):
        Game(reg, "sparks", players=2, seed=1, expansions=["tax"])
    assert reason.startswith("gives the expansion 'tax' an option rate whose default 'two'")


def test_an_options_model_given_as_a_dict_is_found_at_discovery():
    reg = registry_with(expansion(options={"rate": 2}))
    assert_left_out(reg, "tax", "options that are a dict, not a pydantic model")
    assert sorted(reg.variants) == ["sparks"]  # `turbine variants` lists the others


def test_an_options_model_given_as_an_instance_says_to_give_the_class():
    reg = registry_with(expansion(options=TaxOptions()))
    assert_left_out(reg, "tax", "options that are an instance of TaxOptions, not the model; give the class")


def test_a_misspelt_hook_name_is_found_at_discovery():
    def turbine_phase_ends(rules: Any, state: Any, phase: str) -> None:
        raise AssertionError("never called")

    reg = registry_with(expansion(turbine_phase_ends=turbine_phase_ends))
    assert_left_out(reg, "tax", "implements turbine_phase_ends", "did you mean turbine_phase_end?")
    with pytest.raises(PluginError, match=r"^plugin 'tax' implements turbine_phase_ends, which is no hook"):
        Game(reg, "sparks", players=2, seed=1, expansions=["tax"])


def test_a_hook_of_another_game_is_accepted_when_marked_optional():
    def barrage_end_of_round(game: Any, state: Any, round_no: int) -> None:
        raise AssertionError("never called in Sparks")

    module = expansion()
    module.barrage_end_of_round = hookimpl(optionalhook=True)(barrage_end_of_round)  # type: ignore[attr-defined]
    reg = registry_with(module)
    assert "tax" in reg.plugins
    game = Game(reg, "sparks", players=2, seed=1, expansions=["tax"])
    assert game.expansions == ["tax"]


def test_a_game_hook_is_checked_against_the_game_the_plugin_requires(turbine_registry):
    """Barrage's hooks are reachable by a plugin that requires barrage (B-12: end of round)."""

    def barrage_end_of_round(game: Any, state: Any, round_number: int) -> None:
        raise AssertionError("never called")

    module = types.ModuleType("late_plugin")
    module.PLUGIN_INFO = PluginInfo("late", "1.0", ("barrage",))  # type: ignore[attr-defined]
    module.turbine_expansions = hookimpl(lambda: [ExpansionSpec("late", "barrage", "Late")])  # type: ignore[attr-defined]
    module.barrage_end_of_round = hookimpl(barrage_end_of_round)  # type: ignore[attr-defined]
    reg = Registry.discover(extra=[("late", module)])
    assert "late" not in reg.plugins
    assert "barrage_end_of_round(game, state, round_number)" in reg.errors["late"]
    assert "barrage" in reg.plugins and "leeghwater" in reg.plugins


def test_a_declared_requirement_that_is_missing_leaves_the_plugin_out():
    reg = registry_with(expansion(requires=("sparks", "nowhere")))
    assert_left_out(reg, "tax", "requires nowhere, which is not installed")


def test_an_expansion_of_a_game_it_does_not_require_is_refused():
    reg = registry_with(expansion(requires=()))
    assert_left_out(reg, "tax", "expansion 'tax' of sparks", "PluginInfo.requires")


def test_a_plugin_requiring_a_broken_plugin_is_left_out_too():
    broken = expansion(options={"rate": 2})
    follower = types.ModuleType("follower")
    follower.PLUGIN_INFO = PluginInfo("follower", "1.0", ("tax",))  # type: ignore[attr-defined]
    reg = registry_with(broken, follower)
    said = reg.errors["follower"]
    assert said.startswith("requires tax, which is installed but left out (gives the expansion")


def test_a_registry_hook_that_returns_the_wrong_kind_is_refused():
    module = types.ModuleType("odd")
    module.PLUGIN_INFO = PluginInfo("odd", "1.0")  # type: ignore[attr-defined]
    module.turbine_variants = hookimpl(lambda: [{"id": "odd"}])  # type: ignore[attr-defined]
    reg = registry_with(module)
    assert_left_out(reg, "odd", "returns a dict from turbine_variants, not a VariantSpec")


@pytest.mark.parametrize("hook", ["turbine_variants", "turbine_expansions", "turbine_bots"])
def test_a_registry_hook_that_returns_one_item_rather_than_a_list_is_refused(hook):
    """``return spec`` where ``return [spec]`` was meant: the plugin is left out with the
    reason, and the other games still play (it stopped every command with a traceback)."""
    module = types.ModuleType("odd")
    module.PLUGIN_INFO = PluginInfo("odd", "1.0", ("sparks",))  # type: ignore[attr-defined]
    item = {
        "turbine_variants": VariantSpec(
            id="odd", name="Odd", rules=SparksRules, options=TaxOptions, min_players=2, max_players=4
        ),
        "turbine_expansions": ExpansionSpec(id="odd", variant="sparks", name="Odd"),
        "turbine_bots": BotSpec(name="odd", factory=lambda rules, seat, seed: None),
    }[hook]
    setattr(module, hook, hookimpl(lambda: item))
    reg = registry_with(module)
    assert_left_out(reg, "odd", f"{type(item).__name__} from {hook}, not a list (return [it] for one)")


def _bot_plugin(spec: BotSpec) -> types.ModuleType:
    module = types.ModuleType("smart_plugin")
    module.PLUGIN_INFO = PluginInfo("smart", "1.0", ("sparks",))  # type: ignore[attr-defined]
    module.turbine_bots = hookimpl(lambda: [spec])  # type: ignore[attr-defined]
    return module


def test_a_bot_whose_factory_takes_other_arguments_is_refused_at_discovery():
    """``__init__(self, rules, seat)`` stopped the first game with a TypeError inside turbine."""

    class SmartBot:
        def __init__(self, rules: Any, seat: int) -> None:
            self.seat = seat

    reg = registry_with(_bot_plugin(BotSpec(name="smart", factory=SmartBot, variants=("sparks",))))
    assert_left_out(
        reg,
        "smart",
        "gives the bot 'smart' a factory that cannot be called as factory(rules, seat, seed): "
        "too many positional arguments",
    )
    taking = BotSpec(name="smart", factory=lambda rules, seat, seed: None, options=TaxOptions)
    assert_left_out(registry_with(_bot_plugin(taking)), "smart", "factory(rules, seat, seed, options=…)")


def test_the_kit_names_a_bot_for_a_variant_that_is_not_installed():
    """A bot for ``oops-game`` (the distribution's name, not the variant's id) was listed by
    ``turbine plugins`` and offered for no game, without a word."""
    plugin = _bot_plugin(BotSpec(name="smart", factory=lambda rules, seat, seed: None, variants=("spark",)))
    with pytest.raises(
        ConformanceError,
        match=r"^plugin 'smart' gives the bot 'smart' for the variant 'spark', which no installed plugin "
        r"provides \(did you mean 'sparks'\?\); variants: ",
    ):
        check_plugin(plugin, registry=registry_with())


@pytest.mark.parametrize(
    ("answer", "fragment"),
    [
        (lambda: StatePart("tax", shared=TaxRecord), "a StatePart from turbine_state_parts, not a list"),
        (lambda: [{"key": "tax"}], "returns a dict in turbine_state_parts, not a StatePart"),
        (lambda: [StatePart("tax", seat=dict)], "with seat=the class dict, not a msgspec Struct"),
        (lambda: [StatePart("no good", shared=TaxRecord)], "keyed 'no good', not a Python name"),
        (lambda: 1 / 0, "failed in turbine_state_parts: ZeroDivisionError"),
    ],
)
def test_state_parts_are_checked_at_discovery(answer, fragment):
    """A game asks ``turbine_state_parts`` only as it starts, where a wrong answer
    stopped the game with a traceback: discovery asks it first."""
    reg = registry_with(expansion(turbine_state_parts=answer))
    assert_left_out(reg, "tax", fragment)


def test_an_unknown_expansion_is_still_bad_options():
    reg = registry_with(expansion())
    with pytest.raises(BadOptions, match="unknown expansion 'taxes' for sparks; available: tax"):
        Game(reg, "sparks", players=2, seed=1, expansions=["taxes"])


@pytest.mark.parametrize(
    ("field", "default", "fragment"),
    [
        ("int", "3", "'3' is not a valid int"),  # a default is used as written: never converted
        ("bounded", 9, "9 is not a valid int: Input should be less than or equal to 5"),
        ("choice", "c", "'c' is not a valid one of 'a', 'b'"),
        ("floaty", "1.5", "'1.5' is not a valid float"),
    ],
)
def test_each_default_is_checked_strictly_against_its_field(field, default, fragment):
    annotations = {"int": int, "bounded": int, "choice": Literal["a", "b"], "floaty": float}
    value = Field(default, le=5) if field == "bounded" else default
    model = type("Options", (BaseModel,), {"__annotations__": {field: annotations[field]}, field: value})
    with pytest.raises(PluginProblem) as problem:
        check_options_model(model, "the variant 'x'")
    assert fragment in problem.value.reason


def test_good_defaults_pass_and_a_validator_that_rejects_them_does_not():
    class Good(BaseModel):
        rounds: int = Field(4, ge=1)
        share: float = 1  # an int is a float
        tags: list[str] = Field(default_factory=list)
        mode: Literal["a", "b"] = "a"
        required: int

    check_options_model(Good, "the variant 'x'")

    class Picky(BaseModel):
        rounds: int = 3

        @field_validator("rounds")
        @classmethod
        def even(cls, value: int) -> int:
            if value % 2:
                raise ValueError("rounds must be even")
            return value

    with pytest.raises(PluginProblem, match="rejects its own defaults: rounds: rounds must be even"):
        check_options_model(Picky, "the variant 'x'")


def test_a_default_a_save_cannot_hold_is_found_at_discovery():
    """Options are saved with the game: a default that is no JSON value (a function) would
    pass the type check of an ``object`` field and crash the first ``turbine new``."""

    def callback() -> None: ...

    class Callback(BaseModel):
        cb: object = callback

    shown = r"an option cb whose default <function .*callback at 0x[0-9a-f]+> cannot be saved"
    with pytest.raises(PluginProblem, match=shown):
        check_options_model(Callback, "the variant 'x'")


@pytest.mark.parametrize("default", [float("nan"), float("inf"), [1.0, float("-inf")]])
def test_a_default_that_is_no_finite_number_is_found_at_discovery(default):
    """pydantic writes NaN and the infinities as ``null``: the save could not be set up again."""

    class Ratio(BaseModel):
        ratio: float | list[float] = default

    with pytest.raises(PluginProblem, match=r"an option ratio whose default .* cannot be saved as JSON"):
        check_options_model(Ratio, "the variant 'x'")


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e400"])
def test_an_option_that_is_no_finite_number_is_bad_options(value):
    """``-o ratio=inf`` made a save that no turbine could load (``"ratio": null``)."""

    class Ratio(BaseModel):
        ratio: float = 1.0
        many: list[float] = []

    from turbine.core.session import validate_options

    with pytest.raises(BadOptions, match=r"option ratio: give a finite number \(a save cannot hold"):
        validate_options(Ratio, {"ratio": float(value)})
    with pytest.raises(BadOptions, match=r"option many\[1\]: give a finite number"):
        validate_options(Ratio, {"many": [1.0, float(value)]})
    assert validate_options(Ratio, {"ratio": 2.5}).ratio == 2.5  # type: ignore[attr-defined]


def test_a_set_option_is_found_at_discovery():
    """A set is saved in the order of its hashes, which changes from run to run: two
    saves of the same game would differ (their log digests too)."""

    class Tags(BaseModel):
        tags: set[str] | None = None
        fine: list[str] = Field(default_factory=list)

    with pytest.raises(PluginProblem, match=r"an option tags of type set\[str\] \| None: a set has no order"):
        check_options_model(Tags, "the variant 'x'")


def test_rules_the_engine_cannot_run_are_found_at_discovery():
    """The rules class must be a ``Rules`` with every method the engine calls, and its
    actions a union saves can decode (msgspec needs every record of a union tagged)."""
    from turbine_sparks import game as sparks_game
    from turbine_sparks.game import SparksRules

    class Untagged(msgspec.Struct):
        n: int

    class Other(msgspec.Struct):
        m: int

    class NoBound(SparksRules):
        """Adds nothing: every method is SparksRules' own."""

    del_bound = type("Unbounded", (SparksRules,), {"decision_bound": abstractmethod(lambda self: 0)})
    bad_actions = type("BadActions", (SparksRules,), {"action_type": Untagged | Other})
    for rules, fragment in [
        (object, "rules object that are not a turbine.core.Rules"),
        (del_bound, "rules Unbounded that do not define decision_bound"),
        (bad_actions, "actions that saves cannot hold (BadActions.action_type)"),
    ]:
        with pytest.raises(PluginProblem) as problem:
            check_rules_class(rules, "the variant 'x'")
        assert fragment in problem.value.reason
    check_rules_class(NoBound, "the variant 'x'")  # a subclass that adds nothing is whole

    module = types.ModuleType("unbounded_plugin")
    module.PLUGIN_INFO = PluginInfo("unbounded", "1.0")  # type: ignore[attr-defined]
    spec = VariantSpec("unbounded", "Unbounded", 2, 4, sparks_game.SparksOptions, del_bound)
    module.turbine_variants = hookimpl(lambda: [spec])  # type: ignore[attr-defined]
    assert_left_out(registry_with(module), "unbounded", "rules Unbounded that do not define decision_bound")


def test_every_installed_plugin_passes_the_checks(turbine_registry):
    assert turbine_registry.errors == {}
    for name, plugin in turbine_registry.plugins.items():
        check_plugin(plugin.module)  # the kit's check, on the installed plugin
        assert name


def test_the_kit_names_the_reason_for_an_authors_broken_plugin():
    def turbine_phase_end(rules: Any, state: Any, phse: str) -> None:
        raise AssertionError("never called")

    with pytest.raises(
        ConformanceError, match=r"^plugin 'tax' implements turbine_phase_end\(rules, state, phse\)"
    ):
        check_plugin(expansion(turbine_phase_end=turbine_phase_end))
    check_plugin(expansion())  # the same plugin, mended


def test_a_save_that_needs_a_broken_plugin_says_why(tmp_path):
    from turbine.core import SaveFileError

    def turbine_phase_end(rules: Any, state: Any, phse: str) -> None:
        raise AssertionError("never called")

    path = tmp_path / "game.json"
    Game(registry_with(expansion()), "sparks", players=2, seed=1, expansions=["tax"]).save(str(path))
    broken = registry_with(expansion(turbine_phase_end=turbine_phase_end))
    with pytest.raises(
        SaveFileError, match=r"^the save needs 'tax', but plugin 'tax' implements turbine_phase_end"
    ):
        Game.load(broken, str(path))


def test_check_variant_fails_with_the_reason_when_the_plugin_was_left_out():
    from turbine.core.testing import check_variant

    reg = registry_with(expansion(options={"rate": 2}))
    with pytest.raises(
        ConformanceError, match=r"^plugin 'tax' gives the expansion 'tax' options that are a dict"
    ):
        check_variant("sparks", expansions=["tax"], registry=reg)
    assert check_variant("sparks", seeds=range(1), registry=reg).games == 1


def test_the_kit_checks_what_an_installed_plugin_declares(tmp_path, monkeypatch):
    """The ``turbine.expansions`` entry points name the ids the plugin provides."""
    import importlib

    (tmp_path / "levy_plugin.py").write_text(
        "from turbine.core import ExpansionSpec, PluginInfo, hookimpl\n"
        "PLUGIN_INFO = PluginInfo('levy', '1.0', ('sparks',))\n"
        "@hookimpl\n"
        "def turbine_expansions():\n"
        "    return [ExpansionSpec('levy', 'sparks', 'Levy')]\n"
    )
    info = tmp_path / "levy-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: levy\nVersion: 1.0\n")
    points = info / "entry_points.txt"
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("levy_plugin")

    points.write_text("[turbine.plugins]\nlevy = levy_plugin\n\n[turbine.expansions]\nlevies = levy_plugin\n")
    with pytest.raises(
        ConformanceError, match=r"^plugin 'levy' provides the expansion 'levy' but does not declare"
    ) as refused:
        check_plugin(module)
    assert str(refused.value).endswith(
        "in its pyproject.toml, then install the package again (entry points are read when it is installed)"
    )
    points.write_text("[turbine.plugins]\nlevy = levy_plugin\n\n[turbine.expansions]\nlevy = levy_plugin\n")
    check_plugin(module)
    points.write_text("[turbine.plugins]\nlevy = levy_plugin\n")  # declares nothing: imported every time
    check_plugin(module)


def test_a_variant_belongs_to_the_plugin_that_declares_it_whichever_loads_first(monkeypatch):
    """``beta`` declares the variant ``w`` but provides ``v``, which ``alpha`` declares:
    asking for ``w`` loads ``beta`` first, and still ``beta`` is the one left out, so that
    ``v`` is ``alpha``'s for every command (not the first plugin a command happened to load)."""
    import sys
    from importlib.metadata import EntryPoint

    from turbine.core import VariantSpec
    from turbine_sparks.plugin import SparksOptions, SparksRules

    def plugin(name: str, variant: str) -> types.ModuleType:
        module = types.ModuleType(f"{name}_plugin")
        module.PLUGIN_INFO = PluginInfo(name=name, version="1")

        @hookimpl
        def turbine_variants():
            return [VariantSpec(variant, variant.upper(), 2, 4, SparksOptions, SparksRules)]

        module.turbine_variants = turbine_variants
        monkeypatch.setitem(sys.modules, module.__name__, module)
        return module

    points = [
        EntryPoint(name=name, value=plugin(name, variant).__name__, group="turbine.plugins")
        for name, variant in (("alpha", "v"), ("beta", "v"))
    ]
    registry = Registry(
        [("core", bots)], entry_points=points, declared={"variant": {"v": "alpha", "w": "beta"}}
    )
    assert registry.find_variant("w") is None
    assert (
        registry.problem("beta")
        == "plugin 'beta' provides the variant 'v', which alpha declares and provides"
    )
    assert registry.find_variant("v") is not None and registry.variant_plugin["v"] == "alpha"


@pytest.mark.parametrize(
    ("versions", "fragment"),
    [
        ({"rules_version": 0}, "the rules version 0; it must be a whole number from 1"),
        ({"rules_version": "2"}, "the rules version '2'; it must be a whole number from 1"),
        ({"rules_version": True}, "the rules version True; it must be a whole number from 1"),
        ({"rules_version": 2, "oldest_rules_version": 3}, "the oldest rules version 3; it must be a whole"),
        ({"rules_version": 2, "oldest_rules_version": 0}, "the oldest rules version 0; it must be a whole"),
    ],
)
def test_rules_versions_a_save_cannot_name_are_refused(versions, fragment):
    """Saves record the versions, and a save must be able to name the rules it was played under."""
    from dataclasses import replace

    from turbine.core.plugin_checks import check_expansion_spec, check_variant_spec

    variant = next(s for s in sparks.turbine_variants())
    with pytest.raises(PluginProblem) as problem:
        check_variant_spec(replace(variant, **versions))
    assert fragment in problem.value.reason
    expansion = ExpansionSpec(id="x", variant="sparks", name="X", **versions)
    with pytest.raises(PluginProblem):
        check_expansion_spec(expansion)
    check_variant_spec(replace(variant, rules_version=3, oldest_rules_version=1))
