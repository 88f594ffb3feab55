"""The checks a plugin passes when it is discovered, each giving a reason a person can act on.

A plugin whose hook has a misnamed parameter, whose options model rejects its
own defaults, or whose hook name is misspelt would otherwise be accepted and
fail later: inside a game, with a traceback, or never (pluggy simply does not
call a hook nobody specified).  :class:`~turbine.core.plugins.Registry` runs
these checks on each plugin as it loads it and leaves a plugin that fails one
out, with the reason; the conformance kit (:func:`turbine.core.testing.check_plugin`)
runs the same checks on an author's own plugin.

Every reason is a predicate of the plugin (``implements …``, ``has …``), so
that ``f"plugin {name!r} {reason}"`` is the sentence shown to the user.
"""

from __future__ import annotations

import difflib
import inspect
import typing
from collections.abc import Callable, Iterable, Mapping
from types import ModuleType
from typing import Annotated, Any

import msgspec
import pluggy
from pydantic import BaseModel, TypeAdapter, ValidationError
from pydantic_core import PydanticUndefined, to_json

from . import hookspecs
from .errors import said_by_validator
from .rules import Rules
from .savefile import non_finite
from .specs import BotSpec, ExpansionSpec, VariantSpec
from .state import StatePart


class PluginProblem(Exception):
    """What is wrong with one plugin: :attr:`reason` completes ``plugin 'NAME' …``."""

    def __init__(self, reason: str) -> None:
        self.reason = " ".join(reason.split())
        super().__init__(self.reason)


def hook_implementations(module: Any, name: str) -> dict[str, list[pluggy.HookImpl]]:
    """The plugin's hook implementations by hook name, as pluggy reads them.

    They are read on a plugin manager without specifications, which checks
    nothing, so that each problem can be reported by the checks below in one line.
    """
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    try:
        pm.register(module, name=name)
    except Exception as exc:  # pluggy refused the object itself (not a plugin at all)
        raise PluginProblem(f"cannot be registered with pluggy: {type(exc).__name__}: {exc}") from None
    return {
        hook: list(caller.get_hookimpls())
        for hook, caller in vars(pm.hook).items()
        if not hook.startswith("_") and caller.get_hookimpls()
    }


def spec_manager(spec_sources: Iterable[ModuleType | type]) -> pluggy.PluginManager:
    """A plugin manager holding the hook specifications of ``spec_sources`` (each once)."""
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    seen: set[int] = set()
    for source in spec_sources:
        if id(source) in seen:
            continue
        seen.add(id(source))
        pm.add_hookspecs(source)
    return pm


def known_hooks(pm: pluggy.PluginManager) -> list[str]:
    """The names of the hooks specified on ``pm``."""
    return [n for n, c in vars(pm.hook).items() if not n.startswith("_") and c.has_spec()]


def unknown_hook_reason(hook: str, known: Iterable[str], where: str) -> str:
    """``implements HOOK, which is no hook of WHERE (did you mean …?); mark it …``."""
    close = difflib.get_close_matches(hook, list(known), n=1)
    hint = f" (did you mean {close[0]}?)" if close else ""
    return (
        f"implements {hook}, which is no hook of {where}{hint}; mark it "
        "@hookimpl(optionalhook=True) if it is meant for another game"
    )


def check_signatures(impls: Mapping[str, list[pluggy.HookImpl]], pm: pluggy.PluginManager) -> None:
    """Each implementation of a hook specified on ``pm`` takes only the hook's parameters.

    The same rules as pluggy's ``PluginManager._verify_hook``: an implementation
    may take fewer parameters than the specification (pluggy passes them by
    name), never one it does not have; a wrapper must be a generator function.
    """
    for hook, hook_impls in impls.items():
        caller = getattr(pm.hook, hook, None)
        if caller is None or caller.spec is None:
            continue
        spec = caller.spec
        for impl in hook_impls:
            extra = [arg for arg in impl.argnames if arg not in spec.argnames]
            if extra:
                takes = ", ".join(spec.argnames) or "nothing"
                raise PluginProblem(
                    f"implements {hook}({', '.join(impl.argnames)}) with "
                    f"{'parameters' if len(extra) > 1 else 'a parameter'} the hook does not have "
                    f"({', '.join(extra)}); {hook} takes {takes}"
                )
            if (impl.wrapper or impl.hookwrapper) and not inspect.isgeneratorfunction(impl.function):
                raise PluginProblem(f"implements {hook} as a wrapper, but not as a generator function")
            if impl.wrapper and impl.hookwrapper:
                raise PluginProblem(f"implements {hook} with both wrapper=True and hookwrapper=True")
            if caller.is_historic() and (impl.wrapper or impl.hookwrapper):
                raise PluginProblem(f"implements the historic hook {hook} as a wrapper")


def check_hook_names(
    impls: Mapping[str, list[pluggy.HookImpl]], pm: pluggy.PluginManager, where: str
) -> None:
    """Each implementation names a hook specified on ``pm``, unless marked ``optionalhook``."""
    known = known_hooks(pm)
    for hook, hook_impls in impls.items():
        if hook in known:
            continue
        if any(not impl.optionalhook for impl in hook_impls):
            raise PluginProblem(unknown_hook_reason(hook, known, where))


def check_registration(module: Any, name: str, pm: pluggy.PluginManager) -> None:
    """pluggy's own verification, behind the checks above: whatever it still refuses,
    in one line."""
    try:
        pm.register(module, name=name)
    except pluggy.PluginValidationError as exc:
        raise PluginProblem(f"is refused by pluggy: {exc}") from None
    finally:
        if pm.is_registered(module):
            pm.unregister(module)


# -- what the registry hooks return ------------------------------------------------------


def check_variant_spec(spec: object) -> VariantSpec:
    """A :class:`VariantSpec` whose player range and options model are usable."""
    if not isinstance(spec, VariantSpec):
        raise PluginProblem(f"returns {_a(spec)} from turbine_variants, not a VariantSpec")
    if not (isinstance(spec.min_players, int) and isinstance(spec.max_players, int)) or not (
        1 <= spec.min_players <= spec.max_players
    ):
        raise PluginProblem(
            f"gives the variant {spec.id!r} the player range {spec.min_players!r}–{spec.max_players!r}"
        )
    if not callable(spec.rules):
        raise PluginProblem(f"gives the variant {spec.id!r} rules that cannot be called ({_a(spec.rules)})")
    check_options_model(spec.options, f"the variant {spec.id!r}")
    check_rules_versions(spec, f"the variant {spec.id!r}")
    if isinstance(spec.rules, type):
        check_rules_class(spec.rules, f"the variant {spec.id!r}")
    for source in spec.hookspecs:
        try:
            spec_manager([source])
        except Exception as exc:
            raise PluginProblem(
                f"gives the variant {spec.id!r} hook specifications that pluggy refuses: {exc}"
            ) from None
    return spec


def check_expansion_spec(spec: object) -> ExpansionSpec:
    """An :class:`ExpansionSpec` whose options model (if any) is usable."""
    if not isinstance(spec, ExpansionSpec):
        raise PluginProblem(f"returns {_a(spec)} from turbine_expansions, not an ExpansionSpec")
    if spec.options is not None:
        check_options_model(spec.options, f"the expansion {spec.id!r}")
    check_rules_versions(spec, f"the expansion {spec.id!r}")
    return spec


def check_rules_versions(spec: VariantSpec | ExpansionSpec, owner: str) -> None:
    """``rules_version`` a whole number from 1, ``oldest_rules_version`` none or one from 1
    to it: saves record them, and a save must be able to name the rules it was played under."""
    current, oldest = spec.rules_version, spec.oldest_rules_version

    def whole(value: object) -> bool:
        return type(value) is int and value >= 1

    if not whole(current):
        raise PluginProblem(f"gives {owner} the rules version {current!r}; it must be a whole number from 1")
    if oldest is not None and not (whole(oldest) and oldest <= current):
        raise PluginProblem(
            f"gives {owner} the oldest rules version {oldest!r}; it must be a whole number from 1 to "
            f"its rules version {current}"
        )


def listed(answer: object, hook: str) -> list[Any]:
    """One plugin's answer to a hook that returns a list (``turbine_variants``): the
    list, ``None`` as none, and a bare item refused (``[spec]`` was meant)."""
    if answer is None:
        return []
    if not isinstance(answer, (list, tuple)):
        raise PluginProblem(f"returns {_a(answer)} from {hook}, not a list (return [it] for one)")
    return list(answer)


def check_state_parts(impls: Mapping[str, list[pluggy.HookImpl]]) -> None:
    """``turbine_state_parts`` answers a list of :class:`~turbine.core.state.StatePart`
    whose records are msgspec Structs: asked at discovery, since a game asks it only
    when it starts (where a wrong answer would stop the game with a traceback)."""
    for impl in impls.get("turbine_state_parts", ()):
        try:
            answer = impl.function()
        except Exception as exc:
            raise PluginProblem(f"failed in turbine_state_parts: {type(exc).__name__}: {exc}") from None
        for part in listed(answer, "turbine_state_parts"):
            if not isinstance(part, StatePart):
                raise PluginProblem(f"returns {_a(part)} in turbine_state_parts, not a StatePart")
            if not isinstance(part.key, str) or not part.key.isidentifier():
                raise PluginProblem(f"registers a state part keyed {part.key!r}, not a Python name")
            for which in ("shared", "seat"):
                record = getattr(part, which)
                if record is None or (isinstance(record, type) and issubclass(record, msgspec.Struct)):
                    continue
                raise PluginProblem(
                    f"registers the state part {part.key!r} with {which}={_a(record)}, not a msgspec Struct"
                )


def check_bot_spec(spec: object) -> BotSpec:
    if not isinstance(spec, BotSpec):
        raise PluginProblem(f"returns {_a(spec)} from turbine_bots, not a BotSpec")
    if not callable(spec.factory):
        raise PluginProblem(f"gives the bot {spec.name!r} a factory that cannot be called")
    try:
        signature = inspect.signature(spec.factory)
    except (TypeError, ValueError):  # a builtin with no signature to read: called as it is
        return spec
    named = {"options": None} if spec.options is not None else {}
    try:
        signature.bind(None, 0, 0, **named)
    except TypeError as exc:
        taking = "(rules, seat, seed, options=…)" if named else "(rules, seat, seed)"
        raise PluginProblem(
            f"gives the bot {spec.name!r} a factory that cannot be called as factory{taking}: {exc}"
        ) from None
    return spec


def check_cli_command(item: object) -> tuple[str, Callable[..., Any]]:
    if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str) and callable(item[1])):
        raise PluginProblem(f"returns {_a(item)} from turbine_cli_commands, not a (name, function) pair")
    return item[0], item[1]


def check_rules_class(rules: type, owner: str) -> None:
    """A rules class is a :class:`~turbine.core.rules.Rules` with every method the engine
    needs, and actions that saves can hold (a tagged union of msgspec records: each log
    entry is decoded back into one)."""
    if not issubclass(rules, Rules):
        raise PluginProblem(f"gives {owner} rules {rules.__name__} that are not a turbine.core.Rules")
    missing = sorted(getattr(rules, "__abstractmethods__", ()))
    if missing:
        raise PluginProblem(f"gives {owner} rules {rules.__name__} that do not define {', '.join(missing)}")
    action_type = getattr(rules, "action_type", None)
    if action_type is None:
        raise PluginProblem(f"gives {owner} rules {rules.__name__} with no action_type")
    try:
        msgspec.json.schema(action_type)  # fails where a decoder would: an untagged union, say
    except Exception as exc:
        raise PluginProblem(
            f"gives {owner} actions that saves cannot hold ({rules.__name__}.action_type): {exc}"
        ) from None


def check_options_model(model: object, owner: str) -> None:
    """``model`` is a pydantic model class whose defaults are valid values of their own fields.

    pydantic does not validate defaults, so ``rounds: int = "three"`` is accepted
    and every game would start with ``"three"`` rounds.  Each default is checked
    strictly against its field's type and constraints (a default is used as it
    is written, never converted), and the model must accept them all given as
    options (its validators see the complete default options).
    """
    if isinstance(model, BaseModel):
        raise PluginProblem(
            f"gives {owner} options that are an instance of {type(model).__name__}, not the model; "
            f"give the class itself (options={type(model).__name__})"
        )
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        raise PluginProblem(
            f"gives {owner} options that are {_a(model)}, not a pydantic model; "
            "give a subclass of pydantic.BaseModel"
        )
    try:
        fields = dict(model.model_fields)
    except Exception as exc:  # a model that cannot even be built
        raise PluginProblem(f"gives {owner} an options model pydantic cannot build: {exc}") from None
    for name, field in fields.items():
        if _holds_a_set(field.annotation):
            raise PluginProblem(
                f"gives {owner} an option {name} of type {_type_name(field.annotation)}: a set has no "
                "order, so saves of the same game would differ from run to run; use a list or a tuple"
            )
        if field.default_factory is not None:
            try:
                default = field.default_factory()  # type: ignore[call-arg]
            except Exception as exc:
                raise PluginProblem(
                    f"gives {owner} an option {name} whose default factory fails: {type(exc).__name__}: {exc}"
                ) from None
        elif field.default is PydanticUndefined:
            continue  # required: nothing to check
        else:
            default = field.default
        annotation: Any = field.annotation if field.annotation is not None else Any
        checked: Any = Annotated[(annotation, *field.metadata)] if field.metadata else annotation
        adapter: TypeAdapter[Any] = TypeAdapter(checked)
        try:
            adapter.validate_python(default, strict=True)
        except ValidationError as exc:
            message = said_by_validator(exc.errors()[0]) if exc.errors() else str(exc)
            raise PluginProblem(
                f"gives {owner} an option {name} whose default {default!r} is not a valid "
                f"{_type_name(annotation)}: {message}"
            ) from None
        except Exception as exc:  # a type pydantic cannot check in strict mode
            raise PluginProblem(
                f"gives {owner} an option {name} whose default cannot be checked: {exc}"
            ) from None
        try:
            to_json(default)  # a save holds the options
            if non_finite(default) is not None:  # pydantic would write null
                raise ValueError("NaN and infinities are no JSON numbers")
        except Exception as exc:
            raise PluginProblem(
                f"gives {owner} an option {name} whose default {default!r} cannot be saved as JSON: {exc}"
            ) from None
    defaults = {
        field.alias or name: field.get_default(call_default_factory=True)
        for name, field in fields.items()
        if not field.is_required()
    }
    if len(defaults) == len(fields):
        try:
            model.model_validate(defaults)
        except ValidationError as exc:
            raise PluginProblem(
                f"gives {owner} an options model that rejects its own defaults: {_first_error(exc)}"
            ) from None


def _holds_a_set(annotation: Any) -> bool:
    """Whether a set or frozenset is part of the type (``set[str] | None`` too)."""
    if annotation in (set, frozenset) or typing.get_origin(annotation) in (set, frozenset):
        return True
    return any(_holds_a_set(arg) for arg in typing.get_args(annotation))


def _first_error(exc: ValidationError) -> str:
    errors = exc.errors()
    if not errors:
        return str(exc)
    where = ".".join(str(p) for p in errors[0]["loc"]) or "options"
    return f"{where}: {said_by_validator(errors[0])}"


def _type_name(annotation: Any) -> str:
    if isinstance(annotation, type):
        return annotation.__name__
    if typing.get_origin(annotation) is typing.Literal:
        return "one of " + ", ".join(repr(a) for a in typing.get_args(annotation))
    return str(annotation).replace("typing.", "")


def _a(value: object) -> str:
    """``a dict``, ``None``, ``the class Foo``: what a value is, for a reason."""
    if value is None:
        return "None"
    if isinstance(value, type):
        return f"the class {value.__name__}"
    kind = type(value).__name__
    return f"{'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind}"
