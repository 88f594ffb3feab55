"""Power Grid with the Russia and Japan maps."""
