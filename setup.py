"""Maps the top-level folders to the single import name ``turbine``.

``core/`` → ``turbine.core``, ``cli/`` → ``turbine.cli``, ``plugins/`` →
``turbine.plugins``, with every sub-package (and folder of data files) found
automatically, so a new game or sub-package needs no change here.  The folder ``turbine/`` holds only
``turbine/__main__.py`` (``python -m turbine``); it is listed as the package
``turbine`` itself, still a namespace package without ``__init__.py``.
Everything else is in pyproject.toml.
"""

from setuptools import find_namespace_packages, setup

ROOTS = {"turbine.core": "core", "turbine.cli": "cli", "turbine.plugins": "plugins"}

packages = ["turbine"]  # the folder turbine/: only __main__.py
for name, folder in ROOTS.items():
    packages.append(name)
    # every folder, those of data files and templates too (``data/``, ``templates/…``): each
    # is a package whose files pyproject.toml's package-data ships
    packages.extend(f"{name}.{sub}" for sub in find_namespace_packages(folder, exclude=["*__pycache__*"]))

setup(packages=packages, package_dir=ROOTS)
