"""The benchmark report: one Markdown document, every section always present."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from benchmarks import block_dominoes, peer
from benchmarks.certification import Certification
from benchmarks.fuzzing import FuzzRate
from benchmarks.memory import Traced
from benchmarks.openspiel_bot import UCT_C, BotRun
from benchmarks.openspiel_games import Loop, OpenSpielGames
from benchmarks.perft import PerftRun
from benchmarks.side_by_side import Rate, SideBySide
from benchmarks.test_suite_time import SuiteTime
from benchmarks.workload import Workload

SECTIONS = (
    "Headline",
    "Machine",
    "Random playouts",
    "The peers",
    "OpenSpiel games",
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
DOMINOES_TARGET = 1.0  # the fast path's actions/s against dominoes, every table
OPENSPIEL_TARGET = 2.0  # the fast path's actions/s against python_block_dominoes
GAMES_TARGET = 1.0  # our OpenSpiel games against OpenSpiel's dominoes, the same loop, every table
CERTIFY_TARGET = 3.0
SUITE_TARGET_S = 120.0
FUZZ_TARGETS = {"layout": 2000.0, "hands": 500.0}  # requests/s through the protocol, 2 jobs


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
    per_play_fast: dict[str, dict[str, float]] = field(default_factory=dict)  # the fast path
    openspiel_games: OpenSpielGames | None = None  # None without the openspiel extra


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
    peers = [
        (f"dominoes {side.peer_version}", side.peer, DOMINOES_TARGET),
        (f"OpenSpiel {block_dominoes.GAME}", side.openspiel, OPENSPIEL_TARGET),
    ]
    for name, theirs, target in peers:
        for path, ours in (("fast path", side.fast), ("plain engine", side.ours)):
            measure = f"actions/s against {name} (all tables), {path}"
            if theirs is None:
                rows.append([measure, f"at least {target:g}x", "peer not installed", "-"])
                continue
            worst = min(rate.actions_per_s for rate in ours.values()) / theirs.actions_per_s
            best = max(rate.actions_per_s for rate in ours.values()) / theirs.actions_per_s
            met = _met(worst >= target) if path == "fast path" else "(before)"
            rows.append([measure, f"at least {target:g}x", f"{_x(worst)} to {_x(best)}", met])
    rows += _games_headline(r.openspiel_games)
    for path, costs in (("fast path", r.per_play_fast), ("plain engine", r.per_play)):
        if not costs:
            continue
        per_play = max(cost["ratio"] for cost in costs.values())
        rows.append(
            [
                f"time per play, plays 20-28 against 1-5 (worst game), {path}",
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


def _vs(rate: Rate, theirs: Rate | None) -> str:
    return "-" if theirs is None else _x(rate.actions_per_s / theirs.actions_per_s)


def _playouts(r: Results) -> list[str]:
    side = r.playouts
    rows = []
    for table, plain in side.ours.items():
        fast = side.fast[table]
        rows.append(
            [
                table.label,
                f"{plain.count.actions / plain.count.hands:.1f}",
                _n(plain.actions_per_s),
                _n(fast.actions_per_s),
                _x(fast.actions_per_s / plain.actions_per_s),
                _vs(plain, side.peer),
                _vs(fast, side.peer),
                _vs(plain, side.openspiel),
                _vs(fast, side.openspiel),
            ]
        )
    header = [
        "table",
        "actions/hand",
        "plain actions/s",
        "fast actions/s",
        "fast / plain",
        "plain vs dominoes",
        "fast vs dominoes",
        "plain vs OpenSpiel",
        "fast vs OpenSpiel",
    ]
    return [
        f"{r.workload.hands} seeded hands per table, fastest of {side.rounds} round(s), through"
        " the plain engine (`fives_engine.HandState`: before) and the fast path"
        " (`fives_fast.FastHand`: after); the peers ran in the same rounds (next section)."
        " Both paths play the very same hands (same deals, same legal actions in the same"
        " order, same random choices): the run checks that their counts of hands, actions"
        " and plays are equal. *OpenSpiel* is its `python_block_dominoes`.",
        "",
        *_table(header, rows),
    ]


def _peer_row(label: str, rate: Rate) -> list[object]:
    return [
        label,
        _n(rate.hands_per_s),
        _n(rate.actions_per_s),
        _n(rate.plays_per_s),
        f"{rate.count.actions / rate.count.hands:.1f}",
    ]


def _peer(r: Results) -> list[str]:
    side = r.playouts
    rows = []
    notes = []
    if side.peer is None:
        notes.append(
            f"`{peer.PACKAGE}` is not installed: `pip install -e '.[bench]'` installs"
            f" {peer.PACKAGE}=={peer.VERSION}."
        )
    else:
        rows.append(_peer_row(f"{peer.PACKAGE} {side.peer_version}, 4 partners", side.peer))
    if side.openspiel is None:
        notes.append(
            f"OpenSpiel is not installed: `pip install -e '.[openspiel]'` installs"
            f" {block_dominoes.PACKAGE}, whose `{block_dominoes.GAME}` is the second peer."
        )
    else:
        version = f"{block_dominoes.PACKAGE} {side.openspiel_version}"
        label = f"{block_dominoes.GAME} ({version}), 2 players"
        rows.append(_peer_row(label, side.openspiel))
        block = side.openspiel
        notes.append("Our games through OpenSpiel's loop: the next section.")
        nodes = block.count.actions + block_dominoes.DEAL_NODES * block.count.hands
        notes.append(
            f"With its {block_dominoes.DEAL_NODES} chance nodes per game counted as actions"
            f" too, `{block_dominoes.GAME}` applies {_n(nodes / block.seconds)} actions/s."
        )
    lines = _table(["who", "hands/s", "actions/s", "plays/s", "actions/hand"], rows)
    return [
        f"`{peer.PACKAGE}`: {r.workload.peer_games} random games per round (`Game.new()`, then"
        " a uniformly random `make_move(*valid_moves[i])` until `result` is set)."
        f" `{block_dominoes.GAME}`: {r.workload.openspiel_games} random games per round through"
        " the OpenSpiel API (`new_initial_state()`, then a uniformly random outcome of"
        " `chance_outcomes()` at each chance node, a uniformly random `legal_actions()` at"
        " each player's node, until `is_terminal()`).",
        "",
        *lines,
        "",
        *[note + "\n" for note in notes],
        "An action is one turn taken, counted the same way for all: for us a play, a draw or"
        " a pass (one `apply_action`, chosen uniformly from `legal_actions()`); for"
        " `dominoes` a play (one `make_move`) or a pass (a `None` in its `moves`, which it"
        " makes inside `make_move` since the player has no choice); for"
        f" `{block_dominoes.GAME}` a play (one `apply_action` at a player's node; it has no"
        " pass and its deal is chance nodes, timed like our deals but not counted). Plays/s"
        " compares plays alone. Our actions do more: both the turn and the layout are"
        " checked, every play is scored against the scoring ends, spinners open four ways,"
        " and each action is logged (the plain engine as an event; the fast path as a small"
        " record, made into the same event only when read).",
    ]


def _games_headline(g: OpenSpielGames | None) -> list[list[object]]:
    measure = "our OpenSpiel games against OpenSpiel's Python dominoes (every table)"
    if g is None:
        return [[measure, f"at least {GAMES_TARGET:g}x", "OpenSpiel not installed", "-"]]
    rows: list[list[object]] = []
    for what, rate in (("", _bare), (", observation tensor read", _observed)):
        ratios = [rate(loop) / rate(g.peer(name)) for name, loop in g.ours.items()]
        rows.append(
            [
                measure + what,
                f"at least {GAMES_TARGET:g}x",
                f"{_x(min(ratios))} to {_x(max(ratios))}",
                _met(min(ratios) >= GAMES_TARGET),
            ]
        )
    return rows


def _bare(loop: Loop) -> float:
    return loop.actions_per_s


def _observed(loop: Loop) -> float:
    return loop.observed_per_s


def _openspiel_games(r: Results) -> list[str]:
    g = r.openspiel_games
    if g is None:
        return [
            "Not run: the `openspiel` extra is not installed (`pip install -e '.[openspiel]'`)."
        ]
    rows = []
    for name, loop in [*g.ours.items(), *g.peers.items()]:
        peer = g.peers.get(name) or g.peer(name)
        floor = g.floors[name]
        rows.append(
            [
                f"`{name}`",
                f"{loop.count.actions / loop.count.hands:.1f}",
                f"{loop.chance_nodes / loop.count.hands:.1f}",
                _n(loop.actions_per_s),
                "-" if peer is loop else f"{_x(loop.actions_per_s / peer.actions_per_s)}",
                _n(loop.observed_per_s),
                "-" if peer is loop else f"{_x(loop.observed_per_s / peer.observed_per_s)}",
                _n(floor.actions_per_s),
                f"{loop.actions_per_s / floor.actions_per_s:.0%}",
                f"{loop.observed_per_s / floor.observed_per_s:.0%}",
            ]
        )
    header = [
        "game",
        "actions/game",
        "chance nodes/game",
        "actions/s",
        "vs OpenSpiel's",
        "actions/s, tensor read",
        "vs OpenSpiel's, tensor read",
        "floor actions/s",
        "of the floor",
        "of the floor, tensor read",
    ]
    return [
        f"{r.workload.openspiel_table_games} random games per game string per round, fastest of"
        f" {g.rounds} round(s), every game through the same loop and in the same rounds"
        f" ({block_dominoes.GAME}'s loop: `new_initial_state()`, a uniformly random outcome"
        " of `chance_outcomes()` at each chance node, a uniformly random `legal_actions()` at"
        " each player's node, until `is_terminal()`; chance nodes timed, not counted), with"
        f" open-spiel {g.version}. Ours (`fives_openspiel` on the fast path) are one hand each"
        f" (`per_hand=true`), measured against `{block_dominoes.GAME}` at two and three players"
        " and `python_team_dominoes` at four. *Tensor read*: the same games again, each"
        " player's node also calling `observation_tensor()` for the player to act. *Floor*:"
        " `benchmarks_null`, a game that does no game work (fixed lists of legal actions and"
        " chance outcomes, a tensor never written), in the shape of the row (its chance nodes"
        " and actions per game, its tensor size) through the same loop: the most pyspiel's"
        " Python loop allows.",
        "",
        *_table(header, rows),
    ]


def _per_play(r: Results) -> list[str]:
    rows = []
    for game, cost in r.per_play.items():
        row = [game, f"{cost['early_us']:.2f}", f"{cost['late_us']:.2f}", _x(cost["ratio"])]
        fast = r.per_play_fast.get(game)
        if fast is not None:
            row += [f"{fast['early_us']:.2f}", f"{fast['late_us']:.2f}", _x(fast["ratio"])]
        rows.append([*row, f"{cost['early_plays']:,.0f} / {cost['late_plays']:,.0f}"])
    header = ["game", "plain plays 1-5 (µs)", "plain plays 20-28 (µs)", "plain late / early"]
    if r.per_play_fast:
        header += ["fast plays 1-5 (µs)", "fast plays 20-28 (µs)", "fast late / early"]
    median = (
        " Each time is the median of the plays counted: on a shared machine a few plays"
        " timed across a preemption take milliseconds and would sway a mean."
    )
    return [
        f"Plain engine: `Layout.play` plus `Ruleset.play_score`, {r.workload.layouts} whole"
        " random layouts per game (all 28 tiles). Fast path: `FastHand.apply_action` plus"
        " `Ruleset.play_raw`, one seat holding all 28 tiles, the same random layouts (same"
        " seed, same legal plays in the same order)." + median,
        "",
        *_table([*header, "plays counted"], rows),
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
        "Every case against the reference engine, all passing on both paths, in"
        f" {r.workload.certify_repeat} interleaved rounds (in process, subprocess, adapter"
        " start + stop); times are the median round's, the ratio the median of the rounds'"
        f" ratios ({_ratio_range(c.ratios)}). The subprocess path starts a fresh"
        " `python -m fives_tools.certify.adapters.stdio_server` (what `fives certify` runs)"
        " and speaks NDJSON to it, every message checked against its schema.",
        "",
        *_table(header, rows),
    ]


def _ratio_range(ratios: tuple[float, ...]) -> str:
    if not ratios:
        return "one round"
    return f"rounds: {min(ratios):.2f}x to {max(ratios):.2f}x"


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
        " hands; our tables (plain, then fast) and the peers alternate round by round and"
        " each keeps its fastest round. The per-play cost is timed play by play"
        " (`perf_counter_ns`) after a warm-up batch. Memory is measured apart from timing."
        " Ratios only mean something within one report: they were measured side by side on"
        " the same machine.",
    ]


_RENDER: dict[str, Callable[[Results], list[str]]] = {
    "Headline": _headline,
    "Machine": _machine,
    "Random playouts": _playouts,
    "The peers": _peer,
    "OpenSpiel games": _openspiel_games,
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
