"""The observation certificate: per game and rule pass / FAIL / not observed with how
often the rule was exercised; every divergence with its rule, source quote, the table at
that step, the record prefix that shows it and a re-run command; what the records could
not show; and the verdict, apart from the conformance certificate. The Markdown report
groups the divergences by rule and shows the shortest few of each, with a count of the
rest (the console and JSON reports list them all).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fives_engine import find_game
from fives_tools.certify.observe.diagnose import likely_causes
from fives_tools.certify.observe.model import Divergence, Note, Observation, plural
from fives_tools.text import clean

#: What a field left out of the records keeps from being observed.
UNSHOWN = {
    "offered": "the legal actions offered at each turn: that they are complete and that"
    " nothing illegal is offered is not observed",
    "score": "the score of each play: play scoring is not observed",
    "ended": "how each hand ended: going out and blocks as the implementation saw them are"
    " not observed",
    "scores": "the scores after each hand: settlement is not observed",
    "leader": "the leader after going out: left to the rules, not observed",
    "result": "the match result: the end of the match is not observed",
}
#: What no record can show: the implementation's own choices.
OWN_CHOICES = (
    "the leader of the first hand and after a block (a neutral draw: the implementation's"
    " own choice, not judged)"
)


@dataclass(frozen=True)
class Files:
    """Where a divergence's prefix and table were written (``fives audit --prefixes``)."""

    prefix: str
    table: str | None
    moves: int
    picture: str | None


def rule_rows(obs: Observation, game: str) -> list[tuple[str, str, int, int]]:
    """(rule, status, times exercised, times failed) for every rule of the game."""
    tally = obs.games[game]
    return [
        (rule, obs.status(game, rule), tally.exercised[rule], tally.failed[rule])
        for rule in find_game(game).rules
    ]


def unshown(obs: Observation, game: str) -> list[str]:
    """What the records of ``game`` could not show, in words, with the counts."""
    tally = obs.games[game]
    lines = []
    for name, words in UNSHOWN.items():
        possible, present = tally.possible[name], tally.present[name]
        if present < possible:
            lines.append(f"{name}: given at {present} of {possible} places; {words}")
    return [*lines, OWN_CHOICES]


def causes(obs: Observation) -> list[tuple[str, int, int]]:
    """The rules behind the divergences, the one explaining most first (see diagnose)."""
    return likely_causes([d.candidates or (d.rule,) for d in obs.against])


def causes_line(obs: Observation) -> str:
    parts = [
        f"{rule} ({plural(shared, 'divergence')}"
        + (f", {alone} explained by it alone)" if alone != shared else ")")
        for rule, alone, shared in causes(obs)
    ]
    return "likely causes, most likely first: " + "; ".join(parts)


def rerun(div: Divergence, files: Files | None) -> str:
    if files is None and div.rerun:
        return div.rerun
    target = files.prefix if files is not None else div.record.split(" ")[0]
    return f"fives audit {target}"


def _where(div: Divergence) -> str:
    at = f", action {div.action}" if div.action is not None else ""
    return f"{div.record}, hand {div.hand}{at}"


def _rule_lines(game: str, rule: str) -> list[str]:
    known = find_game(game).rules.get(rule)
    if known is None:
        return [f"  rule {rule}"]
    lines = [f"  rule {rule}: {known.statement}", f"  source: {known.cite}"]
    if known.cite.quote:
        lines.append(f'  quote: "{known.cite.quote}"')
    return lines


def describe(number: int, div: Divergence, files: Files | None) -> list[str]:
    lines = [
        f"divergence {number}: {_where(div)} ({div.checked}): {div.rule}",
        f"  {div.what}",
        f"  expected {div.expected}; recorded {div.got}",
    ]
    if div.table:
        lines.append(f"  table: {div.table}")
    lines += _rule_lines(div.game, div.rule)
    if files is not None:
        lines.append(f"  record prefix: {files.prefix}")
        if files.table is not None:
            lines.append(
                f"  picture: fives render --record {files.table} --move {files.moves}"
                f" -o divergence-{number}.svg"
                + (f" (drawn: {files.picture})" if files.picture else "")
            )
    lines.append(f"  re-run: {rerun(div, files)}")
    return lines


def _notes(title: str, notes: list[Note]) -> list[str]:
    if not notes:
        return []
    out = ["", title]
    for n in notes:
        at = f", action {n.action}" if n.action is not None else ""
        hand = f", hand {n.hand}" if n.hand else ""
        out.append(f"  {n.record}{hand}{at}: {n.text}")
    return out


def console(obs: Observation, files: list[Files | None] | None = None) -> str:
    files = files or [None] * len(obs.divergences)
    games = ", ".join(sorted(obs.games)) or "no game"
    lines = [f"fives audit: {plural(obs.records, 'record')} of {games}"]
    for game, tally in sorted(obs.games.items()):
        lines += [
            "",
            f"{game}: {plural(tally.records, 'record')}, {plural(tally.hands, 'hand')},"
            f" {plural(tally.actions, 'action')}",
            f"  {'rule':40} {'status':13} exercised",
        ]
        for rule, status, count, failed in rule_rows(obs, game):
            fails = f" ({failed} failed)" if failed else ""
            lines.append(f"  {rule:40} {status:13} {count}{fails}")
        lines += ["  not shown by the records:", *(f"    {u}" for u in unshown(obs, game))]
    for number, (div, written) in enumerate(zip(obs.divergences, files, strict=True), 1):
        lines += ["", *describe(number, div, written)]
    lines += _notes("could not decide (not judged):", obs.undecided)
    lines += _notes("refused actions applied as the implementation did:", obs.followed)
    lines += _notes("replays stopped early:", obs.stopped)
    lines += _notes("records that could not be read:", obs.unreadable)
    if obs.against:  # consequences and readings are no likely cause
        lines += ["", causes_line(obs)]
    lines += ["", obs.verdict()]
    return clean("\n".join(lines), lines=True) + "\n"  # record text is untrusted


def _note_json(note: Note) -> dict[str, Any]:
    return {"record": note.record, "hand": note.hand, "action": note.action, "text": note.text}


def to_json(obs: Observation, files: list[Files | None] | None = None) -> dict[str, Any]:
    files = files or [None] * len(obs.divergences)
    games = {
        game: {
            "records": tally.records,
            "hands": tally.hands,
            "actions": tally.actions,
            "rules": [
                {"rule": r, "status": s, "exercised": n, "failed": f}
                for r, s, n, f in rule_rows(obs, game)
            ],
            "not_shown": unshown(obs, game),
        }
        for game, tally in sorted(obs.games.items())
    }
    divergences = []
    for div, written in zip(obs.divergences, files, strict=True):
        rule = find_game(div.game).rules.get(div.rule)
        divergences.append(
            {
                "record": div.record,
                "game": div.game,
                "hand": div.hand,
                "action": div.action,
                "checked": div.checked,
                "rule": div.rule,
                "candidates": list(div.candidates or (div.rule,)),
                "statement": rule.statement if rule else None,
                "source": {
                    "file": rule.cite.file,
                    "heading": rule.cite.heading,
                    "quote": rule.cite.quote,
                }
                if rule
                else None,
                "what": div.what,
                "expected": div.expected,
                "recorded": div.got,
                "table": div.table,
                "prefix": div.prefix,
                "rerun": rerun(div, written),
            }
        )
    return {
        "verdict": obs.verdict(),
        "ok": obs.ok,
        "games": games,
        "divergences": divergences,
        "likely_causes": [
            {"rule": rule, "alone": alone, "may_explain": shared}
            for rule, alone, shared in causes(obs)
        ],
        "undecided": [_note_json(n) for n in obs.undecided],
        "stopped": [_note_json(n) for n in obs.stopped],
        "followed": [_note_json(n) for n in obs.followed],
        "unreadable": [_note_json(n) for n in obs.unreadable],
        **({"interrupted": obs.interruption.to_json()} if obs.interruption else {}),
    }


def markdown(obs: Observation, files: list[Files | None] | None = None) -> str:
    files = files or [None] * len(obs.divergences)
    out = ["# Observation certificate", "", f"**{obs.verdict()}**", ""]
    if obs.against:
        out += [causes_line(obs), ""]
    for game, tally in sorted(obs.games.items()):
        out += [
            f"## {game}",
            "",
            f"{plural(tally.records, 'record')}, {plural(tally.hands, 'hand')},"
            f" {plural(tally.actions, 'action')}.",
            "",
            "| rule | status | exercised |",
            "|---|---|---|",
        ]
        out += [f"| `{r}` | {s} | {n} |" for r, s, n, _ in rule_rows(obs, game)]
        out += ["", "Not shown by the records:", ""]
        out += [f"- {u}" for u in unshown(obs, game)]
        out.append("")
    for rule, numbered in by_rule(obs.divergences).items():
        shown = sorted(numbered, key=lambda n: (_length(obs.divergences[n - 1]), n))[:PER_RULE]
        rest = len(numbered) - len(shown)
        more = f"; the {len(shown)} shortest shown, {rest} more in the JSON report" if rest else ""
        out += [f"## `{rule}`: {plural(len(numbered), 'divergence')}{more}", ""]
        for number in sorted(shown):
            div, written = obs.divergences[number - 1], files[number - 1]
            out += [f"### Divergence {number}", "", "```", *describe(number, div, written)]
            out += ["```", ""]
            if written is not None and written.picture is not None:
                out += [f"![the table at divergence {number}]({written.picture})", ""]
    return clean("\n".join(out), lines=True)


#: How many divergences of each rule the Markdown report shows (the JSON has them all): a
#: broken rule diverges again and again in random games, and the first few show it.
PER_RULE = 3


def by_rule(divergences: list[Divergence]) -> dict[str, list[int]]:
    """The divergences' numbers (from 1) by rule, rules in the order they first diverge."""
    out: dict[str, list[int]] = {}
    for number, div in enumerate(divergences, 1):
        out.setdefault(div.rule, []).append(number)
    return out


def _length(div: Divergence) -> int:
    """How many actions the record prefix that shows ``div`` holds: the shortest reads first."""
    hands = div.prefix.get("hands") if isinstance(div.prefix, dict) else None
    if not isinstance(hands, list):
        return 0
    return sum(len(h.get("actions") or ()) for h in hands if isinstance(h, dict))
