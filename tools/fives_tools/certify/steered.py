"""Picking the steered games (:mod:`.adapters.steered`, ``spec/steered-deals.yaml``) with
the reference engine: each is for the rules the audit judged in its playouts, in how many
of :data:`PLAYOUTS` of them. No deal forces a block or a tie whatever the players choose,
so :func:`pick` chooses games (from seeded shuffles, and deals climbed to block often)
until each rule is most likely judged whatever an engine chooses
(``python -m fives_tools.certify.steered`` rewrites the file).
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import yaml

from fives_engine import Setup, find_game, game_names
from fives_engine.deal import Deal, random_deal
from fives_tools import files
from fives_tools.certify.adapters import selfplay
from fives_tools.certify.adapters.steered import FILE, PLAYOUTS, Steered

#: hands dealt per steered game: enough for a block, or going out, to be followed by a hand
HANDS = 3
#: hands dealt per game climbed to block: more chances of a block before the last hand
BLOCK_HANDS = 6
#: the low targets tried, in raw points: a match then ends (or ties) within the deals
LOW_TARGETS = (5, 10, 25)
#: the seeds of the shuffles tried at each table
SEEDS = range(1, 7)
#: a rule is judged likely enough once the chosen games' playouts miss it this seldom
MISSED = 0.05
#: the most steered games kept per game
MOST = 24
#: the climb of a game that blocks or ties: its steps, and the playouts each step is tried
#: with (other seeds than the playouts that say what a game is for)
CLIMB_STEPS = 60
CLIMB_SEEDS = range(1001, 1011)


# -- picking them with the reference engine ----------------------------------------------


def tables(game: str) -> Iterator[tuple[int, bool | None, str | None]]:
    """Every table of the game: player counts, partnerships where optional, deal options."""
    ruleset = find_game(game)
    for players in (2, 3, 4):
        ways = [True, False] if ruleset.partnerships(players) == "optional" else [None]
        for partners in ways:
            for option in [None, *ruleset.deal_options]:
                yield players, partners, option


def blocked_early(game: Any) -> bool:
    """A hand before the last blocked: a block, and the hand after it, are judged."""
    return any(h.is_terminal and h.went_out is None for h in game.match.hands[:-1])


def tied(game: Any) -> bool:
    """The match tied at the top."""
    return any(e.kind == "tie" for e in game.match.events)


def how_often(steered: Steered, wanted: Callable[[Any], bool], seeds: range) -> int:
    """In how many playouts of the reference engine (choice seeds ``seeds``) the game
    played from ``steered``'s deals is ``wanted``."""
    ruleset = find_game(steered.game)
    setup = Setup.of(
        ruleset, steered.players, steered.partnerships, steered.deal_option, steered.target
    )
    deals = list(steered.deals)
    return sum(
        wanted(selfplay.play(ruleset, setup, seed, steered.unit, deals=deals)) for seed in seeds
    )


def climbed(
    start: Steered, wanted: Callable[[Any], bool], rng: random.Random, steps: int = CLIMB_STEPS
) -> Steered:
    """``start`` with tiles swapped between hands and boneyard, one deal at a time, a swap
    kept when no fewer of the same playouts are ``wanted`` (:data:`CLIMB_SEEDS`, apart
    from the playouts that later say what the game is for). No deal of these games forces
    a block or a tie whatever the players choose: the climb makes them likely."""
    best = how_often(start, wanted, CLIMB_SEEDS)
    for _ in range(steps):
        deals = list(start.deals)
        which = rng.randrange(len(deals))
        deal = Deal.from_json(deals[which])
        pools = [list(h) for h in deal.hands] + [list(deal.boneyard)]
        a, b = rng.sample(range(len(pools)), 2)
        i, j = rng.randrange(len(pools[a])), rng.randrange(len(pools[b]))
        pools[a][i], pools[b][j] = pools[b][j], pools[a][i]
        deals[which] = Deal.of(pools[:-1], pools[-1], deal.leader, deal.draws).to_json()
        tried = replace(start, deals=tuple(deals))
        found = how_often(tried, wanted, CLIMB_SEEDS)
        if found >= best:
            start, best = tried, found
    return start


def candidates(game: str, seeds: range) -> Iterator[Steered]:
    """Steered games to try at every table of the game (:func:`tables`): ``HANDS``
    seeded deals each (each with its neutral draw, used where the rules draw for the
    lead) at the usual and low targets; and games climbed (:func:`climbed`) to block
    before their last hand, at the usual target, and to tie at the top, at low ones."""
    ruleset = find_game(game)
    ties = ruleset.tie_at_target != "not-applicable"
    for players, partners, option in tables(game):
        setup = Setup.of(ruleset, players, partners, option)
        name = f"{game}-{players}{'p' if partners else ''}" + (f"-{option}" if option else "")
        for seed in seeds:
            for target in (None, *LOW_TARGETS):
                rng = random.Random(seed)
                dealt = [random_deal(ruleset, setup, rng, None) for _ in range(HANDS)]
                deals = tuple(d.to_json() for d in dealt)
                label = f"{name}{f'-t{target}' if target else ''}-s{seed}"
                yield Steered(label, game, players, deals, {}, partners, option, target)
                if seed == seeds[0] and target is None:
                    more = [random_deal(ruleset, setup, rng, None) for _ in range(BLOCK_HANDS)]
                    six = tuple(d.to_json() for d in more)
                    start = Steered(f"{name}-blocks", game, players, six, {}, partners, option)
                    yield climbed(start, blocked_early, random.Random(seed))
                if seed == seeds[0] and target is not None and ties:
                    start = Steered(
                        f"{name}-ties-t{target}", game, players, deals, {}, partners, option, target
                    )
                    yield climbed(start, tied, random.Random(seed))


def judged(steered: Steered, playouts: int = PLAYOUTS) -> dict[str, int]:
    """Per rule, in how many of ``playouts`` random playouts of the reference engine dealt
    ``steered``'s deals the audit judged it (and found nothing wrong)."""
    from fives_tools.certify.adapters.reference import handle
    from fives_tools.certify.findings.observation import Observation
    from fives_tools.certify.observe.audit import audit_records

    out: Counter[str] = Counter()
    for seed in range(1, playouts + 1):
        reply = handle(steered.table().request(seed))  # not the climb's seeds
        obs = Observation()
        audit_records([(steered.id, reply["record"])], obs, "")
        tally = obs.games[steered.game]
        out.update(r for r, n in tally.exercised.items() if n and not tally.failed[r])
    return dict(out)


def pick(game: str, seeds: range = SEEDS) -> list[Steered]:
    """Steered games that together judge every rule of ``game`` most likely, chosen
    greedily among :func:`candidates`: the one whose playouts judge most of the rules not
    yet likely judged first, until each rule is missed by the chosen games' playouts with
    a chance below :data:`MISSED` (or no candidate adds to it, or :data:`MOST` are
    chosen)."""
    wanted = set(find_game(game).rules)
    tried = [(s, judged(s)) for s in candidates(game, seeds)]
    chosen: list[Steered] = []
    missed = dict.fromkeys(wanted, 1.0)

    def gain(found: dict[str, int]) -> float:
        return sum(missed[r] * n / PLAYOUTS for r, n in found.items() if missed.get(r, 0) > MISSED)

    while any(m > MISSED for m in missed.values()) and tried and len(chosen) < MOST:
        best, found = max(tried, key=lambda t: (gain(t[1]), -len(t[0].id)))
        if gain(found) == 0:
            break
        tried.remove((best, found))
        rules = {r: found[r] for r in sorted(found) if missed.get(r, 0) > MISSED}
        chosen.append(replace(best, rules=rules))
        for rule, n in found.items():
            if rule in missed:
                missed[rule] *= 1 - n / PLAYOUTS
    return chosen


HEADER = """\
# Steered games (spec/protocol.md, "Steered games"): deals the suite hands an engine
# that declares selfplay_deals, to play with its own choices. Each is for the rules listed,
# with in how many of {playouts} random playouts of the reference engine the audit judged
# each there (the rules the games before it had not yet made likely). Blocks, ties at the
# top and going out depend on the players' choices: no deal forces them, so the games
# are chosen so that together each rule is missed with a chance below {missed}.
# Written by `python -m fives_tools.certify.steered` (picked from seeded shuffles and
# block-prone deals); do not edit.
"""


def main(argv: list[str] | None = None) -> int:
    """Pick the steered games of every game and write them to ``spec/``."""
    out = Path(argv[0]) if argv else Path(__file__).resolve().parents[3] / "spec" / FILE
    chosen = [s.to_json() for game in game_names() for s in pick(game)]
    text = HEADER.format(playouts=PLAYOUTS, missed=MISSED) + yaml.safe_dump(
        {"steered": chosen}, sort_keys=False, width=100, default_flow_style=None
    )
    files.write_text(out, text)  # whole or not at all
    print(f"{out}: {len(chosen)} steered games", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
