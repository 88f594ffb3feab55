"""The wheel installs every module and data file under `turbine`, and nothing else."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {"core": "turbine/core", "cli": "turbine/cli", "plugins": "turbine/plugins"}


@pytest.fixture(scope="module")
def wheel_names(tmp_path_factory) -> set[str]:
    out = tmp_path_factory.mktemp("wheel")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
    )
    if result.returncode != 0:
        pytest.fail(f"building the wheel failed:\n{result.stderr}")
    (wheel,) = out.glob("turbine_games-*.whl")
    return set(zipfile.ZipFile(wheel).namelist())


def expected_files() -> list[str]:
    files = []
    for folder, target in FOLDERS.items():
        base = ROOT / folder
        for path in sorted(base.rglob("*")):
            if "__pycache__" in path.parts or not path.is_file():
                continue
            data = path.suffix == ".json" and path.parent.name == "data"
            template = path.suffix == ".tmpl" and "templates" in path.parts  # `turbine plugin new`
            if path.suffix == ".py" or data or template:
                files.append(f"{target}/{path.relative_to(base).as_posix()}")
    return files


def test_every_module_and_data_file_is_in_the_wheel(wheel_names):
    missing = [name for name in expected_files() if name not in wheel_names]
    assert not missing, f"not in the wheel: {missing[:10]}"


def test_the_wheel_ships_python_m_turbine(wheel_names):
    """``python -m turbine`` runs the namespace package's ``__main__`` module (from the folder turbine/)."""
    assert "turbine/__main__.py" in wheel_names
    assert "turbine/__init__.py" not in wheel_names  # turbine stays a namespace package


def test_the_wheel_holds_only_turbine(wheel_names):
    tops = {name.split("/")[0] for name in wheel_names}
    assert {t for t in tops if not t.endswith(".dist-info")} == {"turbine"}


def test_one_distribution_name_and_every_plugin_package_depends_on_it():
    """The distribution is ``turbine-games`` (``turbine`` on the package index is another
    project, which a plugin's ``pip install -U`` would otherwise fetch): the project, the
    version lookups, the examples and the packages ``turbine plugin new`` writes agree."""
    import tomllib

    from turbine.cli import launch
    from turbine.core import session

    name = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["name"]
    assert name == session.DISTRIBUTION == launch.DISTRIBUTION == "turbine-games"
    packages = [*ROOT.glob("examples/*/pyproject.toml"), *ROOT.glob("cli/templates/*/pyproject.toml.tmpl")]
    assert len(packages) == 5
    for path in packages:
        assert 'dependencies = ["turbine-games"]' in path.read_text(), path
