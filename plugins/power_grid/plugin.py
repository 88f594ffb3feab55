"""Entry point of the Power Grid plugin (placeholder until the rules land)."""

from turbine.core.specs import PluginInfo

PLUGIN_INFO = PluginInfo(name="power_grid", version="0.1.0", description="Power Grid: Russia and Japan")
