"""Which rules an implementation's own games judged nowhere, and why: what a game would
have had to show (random games seldom block, tie at the top or settle a partnership),
and whether steered games were dealt (spec/protocol.md, "Steered games"). The certificate
names each such rule with this reason, never a pass."""

from __future__ import annotations

from fives_engine import find_game
from fives_tools.certify.findings.observation import Observation
from fives_tools.certify.findings.status import FAIL, READING

#: What a game must show for a rule the random games seldom reach, by rule.
REACHES = {
    "hand.end.block": "no game blocked",
    "lead.after-block": "no hand followed a block",
    "lead.neutral-draw": "no record wrote the neutral draw (deal.draws) that picked a leader",
    "lead.went-out-leads": "no hand followed one a player went out of",
    "match.tie-plays-on": "no match tied at the top",
    "side.partnership": "no game of four in partnerships",
    "side.alone": "no game of players alone",
    "deal.options": "no game at a deal option",
    "score.negative": "no side's score fell below zero",
    "score.unit.display": "no hand's events (with their display points) agreed with the rules",
    "settle.exact-61.block-winner": "no hand blocked",
}


def unjudged(obs: Observation, game: str, steered: str) -> list[tuple[str, str]]:
    """(rule, why) for each rule of ``game`` no checked step of its games judged:
    what a game would have to show, and ``steered`` (why no steered game reached it:
    the implementation does not declare ``selfplay_deals``), or that even the steered
    games did not."""
    tally = obs.games.get(game)
    out = []
    for rule in find_game(game).rules:
        if tally is not None and (tally.exercised[rule] or tally.failed[rule]):
            continue
        if tally is not None and obs.status(game, rule) in (FAIL, READING):
            continue
        why = REACHES.get(rule, "no checked step of its games exercised it")
        why += f": {steered}" if steered else ", not even in the steered games"
        out.append((rule, why))
    return out


__all__ = ["REACHES", "unjudged"]
