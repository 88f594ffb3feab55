"""Catch-up subsidy and carbon tax: example expansions of Power Grid, written as turbine plugins."""
