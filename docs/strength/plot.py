"""The search bot's win rate against thinking time, from the reports ``run.sh`` wrote.

    python docs/strength/plot.py        # writes docs/strength/win-rate.svg, prints the table

Needs matplotlib (``pip install matplotlib``); the reports are ``turbine tournament
--json`` output, one per row, named ``GAME-Pp-Ss.json`` (the default settings: the
table and the plot) or ``GAME-Pp-Ss-KEY=VALUE.json`` (``mcts.KEY=VALUE`` as well, or
several, ``KEY=VALUE,KEY=VALUE``: the second table, printed after the first).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

HERE = Path(__file__).parent
NAMES = {
    "power_grid": "Power Grid, Russia",
    "barrage": "Barrage, full game",
    "leeghwater": "Barrage with the Leeghwater Project",
}
ORDER = tuple(NAMES)
"""The games in the order of the table."""
ROW = re.compile(
    r"(?P<game>[a-z_]+)-(?P<players>\d)p-(?P<seconds>[\d.]+)s"
    r"(-(?P<setting>[a-z]+=[\w.]+(,[a-z]+=[\w.]+)*))?\.json$"
)


def rows(settings: bool = False) -> list[dict]:
    """One entry per report: the game, players, seconds and mcts's standing (``settings``:
    the reports played with a setting other than the defaults, instead)."""
    out = []
    for path in sorted(HERE.glob("results/*.json")):
        match = ROW.match(path.name)
        if match is None or (match["setting"] is not None) != settings:
            continue
        report = json.loads(path.read_text())
        mcts = next(s for s in report["standings"] if s["bot"] == "mcts")
        out.append(
            {
                "game": match["game"],
                "players": int(match["players"]),
                "seconds": float(match["seconds"]),
                "games": report["finished"],
                "wins": mcts["wins"],
                "rate": mcts["win_rate"],
                "low": mcts["win_rate_95"][0],
                "high": mcts["win_rate_95"][1],
                "parity": report["parity"],
                "wall": report["seconds"],
                "setting": match["setting"],
            }
        )
    return sorted(out, key=lambda r: (ORDER.index(r["game"]), -r["players"], r["seconds"]))


def table(entries: list[dict], settings: bool = False) -> str:
    setting = "| setting " if settings else ""
    lines = [
        f"| game | players | time per decision {setting}"
        "| games | mcts wins | win rate | 95% interval | parity |",
        "|---|---|---|---|---|---|---|---|" + ("---|" if settings else ""),
    ]
    for r in entries:
        setting = f"| `{r['setting'].replace(',', ' ')}` " if settings else ""
        lines.append(
            f"| {NAMES[r['game']]} | {r['players']} | {r['seconds']:g} s {setting}"
            f"| {r['games']} | {r['wins']:g} "
            f"| {r['rate']:.0%} | {r['low']:.0%}–{r['high']:.0%} | {r['parity']:.0%} |"
        )
    return "\n".join(lines)


def plot(entries: list[dict], out: Path) -> None:
    import matplotlib

    matplotlib.use("svg")
    import matplotlib.pyplot as plt

    plt.rcParams["svg.hashsalt"] = "turbine"  # the same file for the same figures
    plt.rcParams["svg.fonttype"] = "none"
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.6), sharey=True)
    colours = {"power_grid": "#0072B2", "barrage": "#D55E00", "leeghwater": "#009E73"}
    for ax, players in zip(axes, (2, 4), strict=True):
        for game, colour in colours.items():
            points = [r for r in entries if r["game"] == game and r["players"] == players]
            if not points:
                continue
            shift = {"power_grid": 0.95, "barrage": 1.0, "leeghwater": 1.05}[game]  # side by side
            x = [r["seconds"] * shift for r in points]
            y = [r["rate"] for r in points]
            err = [[r["rate"] - r["low"] for r in points], [r["high"] - r["rate"] for r in points]]
            ax.errorbar(x, y, yerr=err, marker="o", capsize=3, color=colour, label=NAMES[game])
        ax.axhline(1 / players, color="grey", linestyle=":", label="parity")
        ax.axhline(0.8 if players == 2 else 0.5, color="grey", linestyle="--", label="target")
        ax.set_xscale("log")
        ax.set_xticks([0.03, 0.1, 0.3, 1])
        ax.set_xticklabels(["0.03", "0.1", "0.3", "1"])
        ax.set_ylim(0, 1)
        ax.set_xlabel("seconds per decision")
        ax.set_title(f"mcts against {players - 1} greedy bot{'s' if players > 2 else ''}")
    axes[0].set_ylabel("mcts win rate (95% interval)")
    axes[0].legend(loc="lower left", fontsize="small")
    fig.tight_layout()
    fig.savefig(out, metadata={"Date": None})
    plt.close(fig)


def main() -> None:
    entries = rows()
    print(table(entries))
    print()
    print(table(rows(settings=True), settings=True))
    plot(entries, HERE / "win-rate.svg")


if __name__ == "__main__":
    main()
