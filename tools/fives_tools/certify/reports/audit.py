"""The observation certificate's facts and its JSON and Markdown forms: per game and rule
pass / FAIL / reading / not observed with how often the rule was exercised; the likely
causes; each divergence with its rule, source quote, how its numbers arise, the table at
that step, the record prefix that shows it and a re-run command; what the records could
not show; and the verdict, apart from the conformance certificate.

The JSON report holds every divergence; the Markdown shows the first few of each rule
(:mod:`.shown`) and says where the rest are: in the JSON report when one was written, else
how to write it. The console's and the HTML page's forms are :mod:`.console` and
:mod:`.html`.
"""

from __future__ import annotations

import dataclasses
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fives_engine import find_game
from fives_tools.certify.findings.finding import Finding
from fives_tools.certify.findings.observation import Note, Observation, plural
from fives_tools.certify.findings.status import IMPLEMENTATION_DEFINED, label
from fives_tools.certify.judge import shown
from fives_tools.files import write_json_items
from fives_tools.rerun import command
from fives_tools.text import clean, clean_lines, code_block
from fives_tools.text import markdown as md

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
    """(rule, divergences it alone explains, divergences it may explain), most likely first."""
    return [(c.rule, c.alone, c.shared) for c in shown.causes(obs)]


def where(div: Finding) -> str:
    at = f", action {div.action}" if div.action is not None else ""
    return f"{div.record}, hand {div.hand}{at}"


def summary(number: int, div: Finding) -> str:
    """The divergence on one line: where, what was checked, the rule and the two answers."""
    return (
        f"divergence {number}: {where(div)} ({div.checked}): {div.rule}: expected"
        f" {div.expected}; recorded {div.got}"
    )


def cause_text(obs: Observation, cause: shown.Cause) -> str:
    """A likely cause: its rule, the divergences it alone explains, its first example."""
    counts = f"explains {cause.alone} alone" + (
        f", may explain {cause.shared}" if cause.shared != cause.alone else ""
    )
    reading = " (a reading answered otherwise, not a failure)" if cause.reading else ""
    example = summary(cause.example, obs.divergences[cause.example - 1])
    return f"{cause.rule}{reading}: {counts}; first: {example}"


def everything(json_path: str | None) -> str:
    """Where all of what a report leaves out is: the JSON report, named only when one was
    written (a report never points at a file that is not there), else how to write it."""
    return f"in {json_path}" if json_path else "with --json FILE"


def rest_text(group: shown.RuleGroup, json_path: str | None) -> str:
    """The divergences of a rule that a report does not show, counted, and where they are."""
    return (
        f"and {group.rest} more of this rule; all {everything(json_path)}, each with its"
        " record prefix and re-run command"
    )


def rerun(div: Finding, files: Files | None) -> str:
    """The command that shows the divergence again: its prefix's audit when written, else
    the one it came with (its file's audit, or the game asked of an implementation)."""
    if files is not None:
        return command("fives", "audit", files.prefix)
    return div.rerun or command("fives", "audit", div.record.split(" ")[0])


def _rule_lines(game: str, rule: str) -> list[str]:
    known = find_game(game).rules.get(rule)
    if known is None:
        return [f"  rule {rule}"]
    lines = [f"  rule {rule}: {known.statement}", f"  source: {known.cite}"]
    if known.cite.quote:
        lines.append(f'  quote: "{known.cite.quote}"')
    return lines


def standing(div: Finding) -> list[str]:
    """What the divergence weighs: a reading is no failure, a consequence is counted with
    its cause (nothing for a ``must`` divergence of its own)."""
    lines = []
    if div.requirement == IMPLEMENTATION_DEFINED:
        about = f" of {div.interpretation}" if div.interpretation else ""
        lines.append(
            f"  implementation-defined: a reading{about} answered otherwise, not a failure"
        )
    if div.consequence_of is not None:
        lines.append(
            f"  follows from divergence {div.consequence_of}: counted with it, not for {div.rule}"
        )
    return lines


def describe(number: int, div: Finding, files: Files | None) -> list[str]:
    lines = [
        f"divergence {number}: {where(div)} ({div.checked}): {div.rule}",
        f"  {div.what}",
        f"  expected {div.expected}; recorded {div.got}",
        *standing(div),
        *(f"  {line}" for line in div.explain),
    ]
    if div.table:
        lines.append(f"  table: {div.table}")
    lines += _rule_lines(div.game, div.rule)
    if files is not None:
        lines.append(f"  record prefix: {files.prefix}")
        if files.table is not None:
            draw = ["--record", files.table, "--move", str(files.moves)]
            lines.append(
                f"  picture: {command('fives', 'render', *draw, '-o', f'divergence-{number}.svg')}"
                + (f" (drawn: {files.picture})" if files.picture else "")
            )
    lines.append(f"  re-run: {rerun(div, files)}")
    return lines


def followers(obs: Observation, number: int, limit: int | None = None) -> list[str]:
    """The divergences that follow from divergence ``number``, one line each; past
    ``limit``, a count of the rest."""
    following = shown.consequences(obs.divergences).get(number, [])
    lines = [f"  followed by {summary(n, obs.divergences[n - 1])}" for n in following[:limit]]
    if limit is not None and len(following) > limit:
        lines.append(f"  and {len(following) - limit} more that follow from it")
    return lines


def note_lines(
    notes: list[Note], limit: int | None = None, json_path: str | None = None
) -> list[str]:
    """The notes, one line each; past ``limit``, a count of the rest."""
    out = []
    for n in notes[:limit]:
        at = f", action {n.action}" if n.action is not None else ""
        hand = f", hand {n.hand}" if n.hand else ""
        out.append(f"{n.record}{hand}{at}: {n.text}")
    if limit is not None and len(notes) > limit:
        out.append(f"and {len(notes) - limit} more (listed with -v; all {everything(json_path)})")
    return out


#: Each list of notes, with its heading.
NOTES = (
    ("could not decide (not judged):", "undecided"),
    ("refused actions applied as the implementation did:", "followed"),
    ("replays stopped early:", "stopped"),
    ("records that could not be read:", "unreadable"),
    ("engine errors (stopped, crashed or stalled; no rule's failure):", "errors"),
)


def _note_json(note: Note) -> dict[str, Any]:
    return {"record": note.record, "hand": note.hand, "action": note.action, "text": note.text}


def _divergence_json(div: Finding, written: Files | None) -> dict[str, Any]:
    """A divergence's text form (:meth:`Finding.to_json`) with its rule's statement and
    source quote, and the command that shows it again."""
    rule = find_game(div.game).rules.get(div.rule)
    source = None
    if rule is not None:
        source = {"file": rule.cite.file, "heading": rule.cite.heading, "quote": rule.cite.quote}
    return {
        **div.to_json(),
        "statement": rule.statement if rule else None,
        "source": source,
        "rerun": rerun(div, written),
        "files": None if written is None else dataclasses.asdict(written),  # --prefixes
    }


#: What the JSON report says it is, for ``fives report`` to read it back.
KIND = "audit"


def to_json(obs: Observation, files: list[Files | None] | None = None) -> dict[str, Any]:
    return {**_report(obs), "divergences": list(divergences_json(obs, files))}


def write_json(path: Path, obs: Observation, files: list[Files | None] | None = None) -> None:
    """Write :func:`to_json` to ``path`` (atomically), each divergence turned to text as it
    is written: an audit of an engine wrong at every step writes a report of any length
    in the memory of one divergence."""
    write_json_items(path, _report(obs), "divergences", divergences_json(obs, files))


def divergences_json(
    obs: Observation, files: list[Files | None] | None = None
) -> Iterator[dict[str, Any]]:
    """Each divergence's text form in the report, in order."""
    files = files or [None] * len(obs.divergences)
    for div, written in zip(obs.divergences, files, strict=True):
        yield _divergence_json(div, written)


def _report(obs: Observation) -> dict[str, Any]:
    """The JSON report but its divergences (``divergences`` stands where they go)."""
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
            # the counts themselves, so that the reports of shards merge (fives audit --merge)
            "tally": {
                name: dict(sorted(getattr(tally, name).items()))
                for name in ("exercised", "present", "possible")
            },
        }
        for game, tally in sorted(obs.games.items())
    }
    return {
        "report": KIND,
        "verdict": obs.verdict(),
        "ok": obs.ok,
        "games": games,
        "divergences": [],
        "likely_causes": [
            {
                "rule": c.rule,
                "alone": c.alone,
                "may_explain": c.shared,
                "reading": c.reading,
                "example": c.example,
            }
            for c in shown.causes(obs)
        ],
        "undecided": [_note_json(n) for n in obs.undecided],
        "stopped": [_note_json(n) for n in obs.stopped],
        "followed": [_note_json(n) for n in obs.followed],
        "unreadable": [_note_json(n) for n in obs.unreadable],
        "errors": [_note_json(n) for n in obs.errors],
        **({"interrupted": obs.interruption.to_json()} if obs.interruption else {}),
    }


def group_counts(group: shown.RuleGroup) -> str:
    """A rule's divergences counted: readings said to be no failures, consequences with them."""
    text = plural(len(group.numbers), "divergence")
    if group.reading:
        text += " (readings answered otherwise, not failures)"
    if group.consequences:
        text += f", and {plural(group.consequences, 'consequence')} counted with them"
    return text


def _group_heading(group: shown.RuleGroup, json_path: str | None) -> str:
    heading = f"## `{group.rule}`: {group_counts(group)}"
    if group.rest:
        where_rest = f"in {json_path}" if json_path else "(all with `--json FILE`)"
        heading += f"; the {len(group.shown)} shortest shown, {group.rest} more {where_rest}"
    return heading


def markdown(
    obs: Observation, files: list[Files | None] | None = None, json_path: str | None = None
) -> str:
    """The Markdown certificate; ``json_path``, the JSON report written beside it, if any."""
    files = files or [None] * len(obs.divergences)
    out = ["# Observation certificate", "", f"**{obs.verdict()}**", ""]
    found = shown.causes(obs)
    if found:
        out += ["Likely causes, most likely first:", ""]
        out += [f"{i}. {md(cause_text(obs, c))}" for i, c in enumerate(found, 1)] + [""]
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
        out += [f"| `{r}` | {label(s)} | {n} |" for r, s, n, _ in rule_rows(obs, game)]
        out += ["", "Not shown by the records:", ""]
        out += [f"- {u}" for u in unshown(obs, game)]
        out.append("")
    for group in shown.groups(obs):
        out += [_group_heading(group, json_path), ""]
        for number in group.shown:
            div, written = obs.divergences[number - 1], files[number - 1]
            text = [*describe(number, div, written), *followers(obs, number, shown.PER_RULE)]
            out += [f"### Finding {number}", "", *code_block(clean_lines(text)), ""]
            if written is not None and written.picture is not None:
                link = urllib.parse.quote(written.picture)  # a name never ends the link
                out += [f"![the table at divergence {number}]({link})", ""]
    return clean("\n".join(out), lines=True)
