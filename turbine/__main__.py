"""``python -m turbine``: the same as the ``turbine`` command.

``turbine`` is a namespace package (no ``__init__.py``; ``core/``, ``cli/`` and
``plugins/`` are mapped to its sub-packages), and ``python -m`` runs a namespace
package's ``__main__`` module.  This folder holds only that module; setup.py
lists it as the package ``turbine`` so that a wheel ships it as
``turbine/__main__.py`` and an editable install adds this folder to the
namespace (a ``py_modules`` entry would make the editable install map
``turbine`` as a plain module and lose the namespace).
"""

from turbine.cli.launch import main

if __name__ == "__main__":
    main()
