"""Barrage (base game, introductory and full) for turbine: rules, board, decisions, hooks for expansions."""
