#!/usr/bin/env bash
# The search bot's strength: mcts against the greedy bots at a fixed thinking time per
# decision, seats rotated, with `turbine tournament` itself.  One JSON report per row in
# docs/strength/results/ (the figures of docs/bots.md); then `python docs/strength/plot.py`.
#
#   bash docs/strength/run.sh [JOBS]        # about two hours on a 2-core machine
#
# A row already written is kept: delete its file to play it again.
set -euo pipefail
cd "$(dirname "$0")"
jobs=${1:-2}
mkdir -p results

row() {  # row GAME PLAYERS SECONDS GAMES [KEY=VALUE[,KEY=VALUE]]: mcts options besides the time
    local game=$1 players=$2 seconds=$3 games=$4 setting=${5:-}
    local out="results/${game}-${players}p-${seconds}s${setting:+-$setting}.json"
    [ -s "$out" ] && return 0
    local variant options
    case $game in
        power_grid) variant=power_grid; options=(-o map=russia) ;;
        barrage) variant=barrage; options=(-o mode=full) ;;
        leeghwater) variant=barrage; options=(-o mode=full -w leeghwater) ;;
    esac
    local field=mcts
    for _ in $(seq 2 "$players"); do field+=,greedy; done
    local extra=() pair
    if [ -n "$setting" ]; then
        for pair in ${setting//,/ }; do extra+=(--bot-option "mcts.$pair"); done
    fi
    turbine tournament "$variant" "${options[@]}" --bots "$field" --players "$players" \
        --games "$games" --seed 1000 --jobs "$jobs" --bot-option "mcts.seconds=$seconds" "${extra[@]}" \
        --json >"$out.part"
    mv "$out.part" "$out"
    echo "$out"
}

# The targets first (4 players at 0.3 s, 100 games each; 2 players at 0.3 s), then the
# other budgets.
row power_grid 4 0.3 100
row barrage 4 0.3 100
row power_grid 2 0.3 100
row barrage 2 0.3 40
for seconds in 0.03 0.1; do
    for game in power_grid barrage; do
        row "$game" 4 "$seconds" 40
        row "$game" 2 "$seconds" 30
    done
done
row power_grid 4 1 24
row power_grid 4 0.5 16  # where Power Grid's own bias is 5, between 0.3 s and 1 s
row power_grid 2 0.5 16
row power_grid 2 1 24
row barrage 4 1 24
row barrage 2 1 6

# The Leeghwater Project on Barrage (its own greedy values, HP-7): the 4-player target
# budget and one below it, and two players at the target budget.
row leeghwater 4 0.1 40
row leeghwater 4 0.3 40
row leeghwater 2 0.3 30

# Other settings of the search (a second table).  At 1 s Power Grid's own bias is 10
# (Rules.search_bias): the bias of 3 it replaced there, and a slower widening with it;
# a bias of 10 where the games keep 3 (0.3 s, and Barrage at 1 s).
row power_grid 2 1 24 bias=3
row power_grid 2 1 24 bias=3,widening=0.5
row power_grid 4 1 24 bias=3
row barrage 4 1 24 bias=10
row barrage 2 1 6 bias=10
row power_grid 2 0.3 40 bias=10
row barrage 4 0.3 40 bias=10
row power_grid 4 0.3 40 bias=10
