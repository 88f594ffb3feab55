"""``turbine schema VARIANT [--with EXPANSION]``: one game's save schema with its options
and action union; without VARIANT, the generic save schema (``test_cli_info``)."""

from __future__ import annotations

import json

import pytest
from cli_helpers import assert_one_line_error

jsonschema = pytest.importorskip("jsonschema", reason="pip install jsonschema (in turbine's test extra)")


def test_a_variant_with_an_expansion(run):
    result = run("schema", "power_grid", "--with", "subsidy")
    assert result.returncode == 0, result.stderr
    document = json.loads(result.stdout)
    jsonschema.Draft202012Validator.check_schema(document)
    defs = document["$defs"]
    assert defs["LogEntry"]["properties"]["action"] == {"$ref": "#/$defs/action"}
    assert defs["SaveFile"]["properties"]["options"] == {"$ref": "#/$defs/options"}
    assert defs["SaveFile"]["properties"]["variant"] == {"const": "power_grid"}
    assert set(defs["options"]["properties"]) >= {"map", "subsidy"}
    tags = set(defs["action"]["discriminator"]["mapping"])
    assert {"bid", "build", "power", "pass"} <= tags
    action = jsonschema.Draft202012Validator({"$ref": "#/$defs/action", "$defs": defs})
    assert action.is_valid({"type": "bid", "amount": 12})
    assert not action.is_valid({"type": "bid", "amount": "twelve"})
    plant = defs["OpenAuction"]["properties"]["plant"]  # saved by sort key, not as printed
    assert plant["type"] == "integer" and plant["description"].startswith("the plant's sort key, 3 × its")


def test_unknown_variant_or_expansion(run):
    assert_one_line_error(run("schema", "chess"), "unknown variant 'chess'", "installed: ")
    assert_one_line_error(run("schema", "barrage", "--with", "subsidy"), "subsidy", "barrage")
