"""The Leeghwater Project, an expansion of Barrage (rules reference: ``docs/rules/leeghwater.md``).

This package holds, for now, only the expansion's data layer: the data files in
``data/``, their typed and validated view in :mod:`.data_model`, and the notes
that say where every value comes from (``data/DATA_NOTES.md``).  The rules come
later and will reach Barrage only through Barrage's own hooks
(:mod:`turbine.plugins.barrage.hookspecs`); ``HOOKS_NEEDED.md`` records which
hook serves each of the expansion's hook points and where a hook is missing.
Nothing here is registered as a plugin yet, so no game can pick it up by
accident.
"""
