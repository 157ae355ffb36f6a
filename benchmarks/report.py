"""The benchmark report: one Markdown document, every section always present."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from benchmarks import peer
from benchmarks.certification import Certification
from benchmarks.fuzzing import FuzzRate
from benchmarks.memory import Traced
from benchmarks.openspiel_bot import UCT_C, BotRun
from benchmarks.perft import PerftRun
from benchmarks.side_by_side import SideBySide
from benchmarks.test_suite_time import SuiteTime
from benchmarks.workload import Workload

SECTIONS = (
    "Headline",
    "Machine",
    "Random playouts",
    "The peer: dominoes",
    "Per-play cost",
    "Perft",
    "Certification",
    "Fuzzing",
    "Test suite",
    "Peak memory",
    "OpenSpiel bot",
    "Method",
)
PER_PLAY_TARGET = 1.5
CERTIFY_TARGET = 3.0
SUITE_TARGET_S = 120.0
FUZZ_TARGETS = {"layout": 2000.0, "hands": 300.0}  # requests/s through the protocol, 2 jobs


@dataclass(frozen=True)
class Results:
    workload: Workload
    machine: dict[str, str]
    playouts: SideBySide
    per_play: dict[str, dict[str, float]]  # game -> per_play_cost()
    perft: list[PerftRun]
    certification: Certification
    fuzzing: list[FuzzRate]
    suite: SuiteTime | None  # None when skipped
    memory: tuple[Traced, Traced, int]  # one hand, a batch, the batch's hands
    bot: list[BotRun] | None = None  # None without the openspiel extra


def _table(header: Sequence[str], rows: Sequence[Sequence[object]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return lines


def _n(value: float) -> str:
    return f"{value:,.0f}"


def _x(ratio: float) -> str:
    return f"{ratio:.2f}x"


def _met(ok: bool) -> str:
    return "yes" if ok else "**no**"


def _headline(r: Results) -> list[str]:
    rows: list[list[object]] = []
    side = r.playouts
    if side.peer is not None:
        worst = min(rate.actions_per_s for rate in side.ours.values()) / side.peer.actions_per_s
        best = max(rate.actions_per_s for rate in side.ours.values()) / side.peer.actions_per_s
        rows.append(
            [
                f"actions/s against dominoes {side.peer_version} (all tables)",
                "at least 1x",
                f"{_x(worst)} to {_x(best)}",
                _met(worst >= 1),
            ]
        )
    else:
        rows.append(["actions/s against dominoes", "at least 1x", "peer not installed", "-"])
    per_play = max(cost["ratio"] for cost in r.per_play.values())
    rows.append(
        [
            "time per play, plays 20-28 against 1-5 (worst game)",
            f"within {PER_PLAY_TARGET}x",
            _x(per_play),
            _met(per_play <= PER_PLAY_TARGET),
        ]
    )
    cert = r.certification
    rows.append(
        [
            "certification, subprocess protocol against in-process",
            f"within {CERTIFY_TARGET:g}x",
            _x(cert.ratio),
            _met(cert.ratio <= CERTIFY_TARGET),
        ]
    )
    for kind, target in FUZZ_TARGETS.items():
        rates = [f for f in r.fuzzing if f.requests == kind and f.jobs == 2 and f.count]
        if rates:
            top = max(rates, key=lambda f: f.per_s)
            rows.append(
                [
                    f"fives fuzz, {_KINDS[kind]} through the protocol (--jobs 2, {top.path})",
                    f"at least {target:,.0f}/s",
                    f"{top.per_s:,.0f}/s",
                    _met(top.per_s >= target),
                ]
            )
    if r.suite is not None and not r.suite.selection:
        fastest = min(run.seconds for run in (r.suite.serial, r.suite.parallel) if run)
        rows.append(
            [
                f"the whole test run ({r.machine['cpus']} CPUs)",
                f"under {SUITE_TARGET_S:g} s on 2 cores",
                f"{fastest:.0f} s",
                _met(fastest < SUITE_TARGET_S),
            ]
        )
    return _table(["measure", "target", "measured", "met"], rows)


def _machine(r: Results) -> list[str]:
    return _table(["fact", "value"], list(r.machine.items()))


def _playouts(r: Results) -> list[str]:
    side = r.playouts
    theirs = side.peer
    rows = []
    for table, rate in side.ours.items():
        row: list[object] = [
            table.label,
            _n(rate.hands_per_s),
            _n(rate.actions_per_s),
            _n(rate.plays_per_s),
            f"{rate.count.actions / rate.count.hands:.1f}",
        ]
        if theirs is not None:
            row += [
                _x(rate.actions_per_s / theirs.actions_per_s),
                _x(rate.plays_per_s / theirs.plays_per_s),
            ]
        rows.append(row)
    header = ["table", "hands/s", "actions/s", "plays/s", "actions/hand"]
    if theirs is not None:
        header += ["actions/s vs peer", "plays/s vs peer"]
    return [
        f"{r.workload.hands} seeded hands per table, fastest of {side.rounds} round(s);"
        " the peer ran in the same rounds (next section).",
        "",
        *_table(header, rows),
    ]


def _peer(r: Results) -> list[str]:
    side = r.playouts
    if side.peer is None:
        return [
            f"`{peer.PACKAGE}` is not installed: `pip install -e '.[bench]'` installs"
            f" {peer.PACKAGE}=={peer.VERSION}."
        ]
    rate = side.peer
    rows = [
        [
            f"{peer.PACKAGE} {side.peer_version}, 4 partners",
            _n(rate.hands_per_s),
            _n(rate.actions_per_s),
            _n(rate.plays_per_s),
            f"{rate.count.actions / rate.count.hands:.1f}",
        ]
    ]
    lines = _table(["table", "hands/s", "actions/s", "plays/s", "actions/hand"], rows)
    return [
        f"{r.workload.peer_games} random games per round (`Game.new()`, then a uniformly"
        " random `make_move(*valid_moves[i])` until `result` is set).",
        "",
        *lines,
        "",
        "An action is one turn taken, counted the same way for both: for us a play, a draw or"
        " a pass (one `apply_action`, chosen uniformly from `legal_actions()`); for the peer a"
        " play (one `make_move`) or a pass (a `None` in its `moves`, which it makes inside"
        " `make_move` since the player has no choice). Plays/s compares plays alone. Our"
        " actions do more: both the turn and the layout are checked, every play is scored"
        " against the scoring ends, spinners open four ways, and each action is logged as"
        " an event.",
    ]


def _per_play(r: Results) -> list[str]:
    rows = [
        [
            game,
            f"{cost['early_us']:.2f}",
            f"{cost['late_us']:.2f}",
            _x(cost["ratio"]),
            f"{cost['early_plays']:,.0f} / {cost['late_plays']:,.0f}",
        ]
        for game, cost in r.per_play.items()
    ]
    return [
        f"`Layout.play` plus `Ruleset.play_score`, {r.workload.layouts} whole random layouts"
        " per game (all 28 tiles).",
        "",
        *_table(
            ["game", "plays 1-5 (µs)", "plays 20-28 (µs)", "late / early", "plays counted"], rows
        ),
    ]


def _perft(r: Results) -> list[str]:
    rows: list[list[object]] = [
        [
            run.name,
            run.depth,
            _n(run.leaves),
            _n(run.applied),
            f"{run.seconds * 1000:.1f}",
            _n(run.leaves_per_s),
            _n(run.applied_per_s),
        ]
        for run in r.perft
    ]
    seconds = sum(run.seconds for run in r.perft)
    leaves = sum(run.leaves for run in r.perft)
    applied = sum(run.applied for run in r.perft)
    rows.append(
        [
            "**all**",
            "",
            _n(leaves),
            _n(applied),
            f"{seconds * 1000:.1f}",
            _n(leaves / seconds),
            _n(applied / seconds),
        ]
    )
    header = ["position", "depth", "leaves", "actions applied", "ms", "leaves/s", "applied/s"]
    return [
        "`fives_engine.perft.perft(state, depth)` on each position of"
        " `fixtures/perft/positions.perft` and on a seeded opening of each game, one depth"
        f" deeper at a time within {r.workload.perft_budget_s:g} s per position (or until"
        " every line of the hand is over).",
        "",
        *_table(header, rows),
    ]


def _certification(r: Results) -> list[str]:
    c = r.certification
    rows = [
        [
            c.cases,
            f"{c.in_process_s * 1000:.0f}",
            f"{c.subprocess_s * 1000:.0f}",
            _x(c.ratio),
            f"{c.start_stop_s * 1000:.0f}",
            f"{c.per_case_overhead_ms:.3f}",
        ]
    ]
    header = [
        "cases",
        "in-process (ms)",
        "subprocess (ms)",
        "ratio",
        "adapter start + stop (ms)",
        "protocol per case (ms)",
    ]
    return [
        "Every case against the reference engine, all passing on both paths; fastest of"
        f" {r.workload.certify_repeat}. The subprocess path starts a fresh"
        " `python -m fives_tools.certify.adapters.stdio_server` (what `fives certify` runs)"
        " and speaks NDJSON to it, every message checked against its schema.",
        "",
        *_table(header, rows),
    ]


_KINDS = {"layout": "layout requests", "hands": "whole-hand requests"}


def _fuzzing(r: Results) -> list[str]:
    rows = [
        [
            f.path,
            _KINDS[f.requests],
            f.jobs,
            f.count or "-",
            f"{f.seconds:.2f}" if f.count else "-",
            _n(f.per_s) if f.count else f.note,
        ]
        for f in r.fuzzing
    ]
    header = ["implementation reached", "requests", "jobs", "compared", "seconds", "per second"]
    return [
        "`fives fuzz` campaigns of the reference engine against itself (seed 1, no"
        " disagreement), wall time including the adapter processes' start; a request is"
        " generated, answered by the implementation and by the reference engine in process,"
        " and compared. Whole-hand requests are `turns`, `perft`, `settlement` and `match`.",
        "",
        *_table(header, rows),
    ]


def _suite(r: Results) -> list[str]:
    s = r.suite
    if s is None:
        return ["Skipped (`--skip-pytest`)."]
    what = "the whole suite" if not s.selection else "`" + " ".join(s.selection) + "` only"
    rows = [["serial (`-p no:xdist`)", f"{s.serial.seconds:.1f}", s.serial.summary]]
    if s.parallel is None:
        rows.append(["`-n auto`", "-", "pytest-xdist is not installed"])
    else:
        rows.append(["`-n auto` (pytest-xdist)", f"{s.parallel.seconds:.1f}", s.parallel.summary])
    same = "yes" if s.same_outcomes else "**no**"
    return [
        f"`python -m pytest` on {what}, wall time including start-up.",
        "",
        *_table(["run", "seconds", "outcome"], rows),
        "",
        f"Every test has the same outcome in both runs (compared test by test): {same}.",
    ]


def _memory(r: Results) -> list[str]:
    one, batch, hands = r.memory
    rows = [
        ["one random hand (the largest over the tables)", f"{one.peak_mib:.3f}"],
        [f"{hands} random hands (every table)", f"{batch.peak_mib:.3f}"],
        ["certification, in process (every case)", f"{r.certification.peak_mib:.3f}"],
    ]
    return [
        "Peak of what Python allocated while the work ran (tracemalloc), above what was"
        " allocated before; the rulesets are loaded beforehand. A batch peaks above one"
        " hand because CPython keeps freed small objects on free lists for reuse, traced as"
        " allocated until a full collection empties them: after the batch and a collection,"
        f" {batch.retained_mib:.3f} MiB was still allocated.",
        "",
        *_table(["work", "peak (MiB)"], rows),
    ]


def _bot(r: Results) -> list[str]:
    if r.bot is None:
        return [
            "Not run: the `openspiel` extra is not installed (`pip install -e '.[openspiel]'`)."
        ]
    rows = [
        [
            run.bot,
            f"`{run.game}`",
            run.games,
            run.simulations,
            f"{run.win_rate:.0%}",
            run.draws,
            f"{run.mean_return:+.1f}",
            f"{run.seconds:.1f}",
        ]
        for run in r.bot
    ]
    return [
        "OpenSpiel's search bots (random rollouts, UCT constant"
        f" {UCT_C:g}) against uniform random in the `fives_openspiel` games: one hand per"
        " game at two players, the bot's seat alternating; a win is a positive return (the"
        " bot's side scored more in the hand). `MCTS` searches the true state, hidden tiles"
        " included (it cheats); `IS-MCTS` searches worlds resampled from what it has seen"
        " (`resample_from_infostate`: the hidden tiles dealt anew, consistent with every"
        " draw and pass so far). Decisions with one legal action are not searched.",
        "",
        *_table(
            ["bot", "game", "hands", "simulations", "bot wins", "draws", "mean return", "seconds"],
            rows,
        ),
    ]


def _method(r: Results) -> list[str]:
    return [
        "All numbers come from one run of `python -m benchmarks` in one process (the test"
        " suite and the adapter run as child processes). Wall time is `time.perf_counter`,"
        " after a garbage collection. Playouts are seeded, so every round repeats the same"
        " hands; our tables and the peer alternate round by round and each keeps its"
        " fastest round. The per-play cost is timed play by play (`perf_counter_ns`) after"
        " a warm-up batch. Memory is measured apart from timing. Ratios only mean something"
        " within one report: they were measured side by side on the same machine.",
    ]


_RENDER: dict[str, Callable[[Results], list[str]]] = {
    "Headline": _headline,
    "Machine": _machine,
    "Random playouts": _playouts,
    "The peer: dominoes": _peer,
    "Per-play cost": _per_play,
    "Perft": _perft,
    "Certification": _certification,
    "Fuzzing": _fuzzing,
    "Test suite": _suite,
    "Peak memory": _memory,
    "OpenSpiel bot": _bot,
    "Method": _method,
}


def render(r: Results) -> str:
    title = f"# Benchmarks, {r.machine['date']}"
    if r.workload.name != "full":
        title += f" ({r.workload.name} workload: the command works; the numbers mean nothing)"
    lines = [title]
    for section in SECTIONS:
        lines += ["", f"## {section}", "", *_RENDER[section](r)]
    return "\n".join(lines) + "\n"
