"""The games that ship with turbine, each a plugin registered by entry point."""
