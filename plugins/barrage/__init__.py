"""Barrage (base game) for turbine: data, board model and water movement (not yet playable)."""
