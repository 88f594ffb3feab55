"""The Grant Office: an example expansion of Barrage, written as a turbine plugin.

It uses only Barrage's published hooks (``turbine.plugins.barrage.hookspecs``) and
its public classes (``actions.Ext``, ``decisions.Decision``), so it shows what a
second expansion needs from Barrage: nothing beyond what is already there.
The rules, with their IDs (GR-1 …), are in the package's README.
"""
