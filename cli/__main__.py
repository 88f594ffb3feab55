"""``python -m turbine.cli``: the same as the ``turbine`` command."""

from turbine.cli.launch import main

if __name__ == "__main__":
    main()
