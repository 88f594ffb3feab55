"""The build configuration installs every package and data file under `turbine`."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


def source_packages() -> dict[str, Path]:
    found = {}
    for import_root, folder in CONFIG["package-dir"].items():
        base = ROOT / folder
        for init in sorted(base.rglob("__init__.py")):
            relative = init.parent.relative_to(base)
            name = ".".join([import_root, *relative.parts]) if relative.parts else import_root
            found[name] = init.parent
    return found


def test_every_source_package_is_installed():
    missing = sorted(set(source_packages()) - set(CONFIG["packages"]))
    assert not missing, f"add these to [tool.setuptools] packages in pyproject.toml: {missing}"


def test_every_data_folder_is_package_data():
    for name, folder in source_packages().items():
        data = folder / "data"
        if data.is_dir() and any(data.glob("*.json")):
            globs = CONFIG.get("package-data", {}).get(name, [])
            assert "data/*.json" in globs, f"{name}: add data/*.json to [tool.setuptools.package-data]"
