"""Placeholder, replaced below."""
class GreedyBot:
    def __init__(self, rules, seat, seed):
        self.rules = rules
    def choose(self, state, legal):
        return legal[0]
