"""Clones written from a state's types: equal to the state, sharing nothing that can change."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from turbine.core import Game, default_registry
from turbine.core.copier import copier, shares_nothing
from turbine.core.rng import Rng
from turbine.core.state import clone


class Frozen(msgspec.Struct, frozen=True):
    name: str
    sizes: tuple[int, ...]


class Leaf(msgspec.Struct):
    value: int
    marks: list[int]


class Quiet(msgspec.Struct):
    """A record with nothing in it (as an expansion's empty ``ext``)."""


class Cat(msgspec.Struct, tag=True):
    lives: list[int]


class Dog(msgspec.Struct, tag=True):
    tricks: dict[str, list[int]]


class Tree(msgspec.Struct):
    leaves: list[Leaf]
    grid: list[list[int]]
    table: dict[str, int]
    nested: dict[str, Leaf]
    tags: set[str]
    label: Frozen
    maybe: Leaf | None
    pet: Cat | Dog | None
    rng: Rng
    quiet: Quiet
    pair: tuple[int, str]
    children: list[Tree] = []


def _tree() -> Tree:
    child = Tree(
        [Leaf(9, [])], [[]], {}, {}, set(), Frozen("c", ()), None, Dog({"sit": [1]}), Rng(3), Quiet(), (0, "")
    )
    return Tree(
        leaves=[Leaf(1, [1, 2]), Leaf(2, [])],
        grid=[[0], [1, 1], []],
        table={"a": 1},
        nested={"x": Leaf(3, [3])},
        tags={"t"},
        label=Frozen("f", (1, 2)),
        maybe=Leaf(4, [4]),
        pet=Cat([7]),
        rng=Rng(5),
        quiet=Quiet(),
        pair=(1, "one"),
        children=[child],
    )


def test_a_clone_is_equal_and_shares_nothing_that_can_change() -> None:
    tree = _tree()
    copy = clone(tree, Tree)
    assert copier(Tree) is not None  # the generated path, not the fallback
    assert copy == tree
    assert shares_nothing(tree, copy) is None
    copy.children[0].pet.tricks["sit"].append(2)  # type: ignore[union-attr]
    copy.rng.next_u64()
    copy.maybe.marks.append(5)  # type: ignore[union-attr]
    assert tree == _tree()  # the original did not move
    assert copy.label is tree.label  # what cannot change is shared, not copied


def test_shares_nothing_names_the_shared_part() -> None:
    tree = _tree()
    assert shares_nothing(tree, msgspec.structs.replace(tree)) is not None  # a shallow copy
    copy = clone(tree, Tree)
    copy.children[0].grid = tree.children[0].grid
    assert shares_nothing(tree, copy) == "state.children[0].grid"
    copy = clone(tree, Tree)
    copy.nested["x"] = tree.nested["x"]
    assert shares_nothing(tree, copy) == "state.nested['x']"


class Loose(msgspec.Struct):
    anything: Any


class FrozenHolder(msgspec.Struct, frozen=True):
    items: list[int]


class HoldsFrozenList(msgspec.Struct):
    holder: FrozenHolder


@pytest.mark.parametrize("kind", [Loose, HoldsFrozenList])
def test_types_it_cannot_reason_about_fall_back_to_msgpack(kind: type) -> None:
    assert copier(kind) is None
    value = Loose({"a": [1]}) if kind is Loose else HoldsFrozenList(FrozenHolder([1]))
    copy = clone(value, kind)
    assert copy == value
    assert shares_nothing(value, copy) is None


@pytest.mark.parametrize(
    ("variant", "players", "options", "expansions"),
    [
        ("power_grid", 2, {}, ()),
        ("power_grid", 6, {"map": "japan"}, ()),
        ("barrage", 4, {"mode": "full"}, ()),
        ("barrage", 3, {"mode": "full"}, ("leeghwater",)),
    ],
)
def test_every_position_of_a_game_clones_deep(
    variant: str, players: int, options: dict[str, Any], expansions: tuple[str, ...]
) -> None:
    game = Game(default_registry(), variant, players=players, seed=3, options=options, expansions=expansions)
    rules, state = game.rules, game.state
    rng = Rng.from_seed(3)
    while not rules.is_over(state):
        copy = rules.clone(state)
        assert copy == state
        assert shares_nothing(state, copy) is None
        legal = rules.legal_actions(state)
        rules.apply(state, rng.choice(legal), legal)


class Base(msgspec.Struct, kw_only=True):
    owner: list[int]


class Keyworded(Base):
    """Fields given by keyword only (inherited from a ``kw_only`` base) and by position."""

    marks: list[int]
    count: int = 0


class Special(Leaf):
    """A subclass where its base is declared: a copy keeps its class and its own field."""

    extra: list[int] = []


class Checked(msgspec.Struct):
    """A record that runs code of its own when built."""

    marks: list[int]
    built: list[int] = []

    def __post_init__(self) -> None:
        self.built.append(len(self.marks))


class Holder(msgspec.Struct):
    keyworded: Keyworded
    leaf: Leaf
    checked: Checked


def test_records_of_every_shape_are_rebuilt_exactly() -> None:
    holder = Holder(Keyworded(owner=[1], marks=[2], count=3), Special(1, [2], extra=[3]), Checked([1, 2]))
    assert holder.checked.built == [2]
    copy = clone(holder, Holder)
    assert copier(Holder) is not None
    assert copy == holder
    assert shares_nothing(holder, copy) is None
    assert type(copy.leaf) is Special  # not rebuilt as the declared Leaf
    assert copy.leaf.extra == [3]  # type: ignore[attr-defined]
    assert copy.checked.built == [2]  # copied, not built again (its code did not run)


def test_rules_find_the_copier_again_when_the_state_type_changes() -> None:
    game = Game(default_registry(), "power_grid", players=2, seed=1)
    rules = game.rules
    assert rules.clone(game.state) == game.state
    rules.state_type = Tree  # (as a game whose expansions retype its state would)
    tree = _tree()
    copy = rules.clone(tree)  # type: ignore[arg-type]
    assert type(copy) is Tree and copy == tree and shares_nothing(tree, copy) is None
    assert copy.label is tree.label  # Tree's own copier, which shares what cannot change
