"""Power Grid's score breakdown: P-9.3's ranking, component by component."""

from __future__ import annotations

from pg_helpers import k, new_state


def test_P_9_3_breakdown_is_the_ranking_cities_powerable_money_cities():
    """P-9.3: cities powerable (plant 13 powers 1 city, plant 18 powers 2: wind, no fuel),
    then money, then connected cities; a ranking, not a sum (P-9.5: the largest network
    may lose)."""
    r, s = new_state(3, seed=1, map="russia")
    for p, plant, money, cities in zip(s.players, (13, 13, 18), (30, 31, 2), (5, 2, 2), strict=True):
        p.plants = [k(plant)]
        p.res = [0, 0, 0, 0]
        p.money = money
        p.cities = list(range(cities))
    breakdown = r.score_breakdown(s)
    assert breakdown.ranked
    assert breakdown.sources == ("cities powerable", "money", "cities")
    assert breakdown.points == ((1, 30, 5), (1, 31, 2), (2, 2, 2))
    assert breakdown.totals() == r.scores(s) == [1, 1, 2]
    assert breakdown.reading() == "ranked by cities powerable, then money, then cities"
    assert breakdown.without_empty() == breakdown
    s.ended = True
    s.flow.over = True
    assert r.winner(s) == [2]  # the first component decides before money and cities
