"""Sparks: a tiny game of bidding for generators, written as a turbine plugin."""
