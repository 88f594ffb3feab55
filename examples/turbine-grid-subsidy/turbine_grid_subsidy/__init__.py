"""Catch-up subsidy: an example expansion of Power Grid, written as a turbine plugin."""
