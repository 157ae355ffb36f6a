"""``settlement`` and ``match`` requests: finished hands and scripted matches, with scores
placed just below, on and above the target.

The engine says what a hand is worth (a settlement run from zero); the generator then
starts each side where that worth lands it near the target, so target checks, exact hits,
discarded overshoots and ties at the top come up far more often than at random.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from fives_engine import (
    DOUBLE_SIX,
    FivesError,
    HandState,
    MatchState,
    Ruleset,
    Setup,
    Tile,
    find_game,
)
from fives_engine.deal import Deal
from fives_engine.tiles import pip_count
from fives_fast import FastHand
from fives_fast.tables import action_of
from fives_tools.certify.fuzz.gen_hands import (
    BLOCK_TRIES,
    action_texts,
    new_deal,
    pick_table,
    play_out,
    played_hand,
    setup_of,
)
from fives_tools.certify.fuzz.scope import Scope

STEP = 5  # raw scores move in fives
BLANK = Tile.of(0, 0)


def _below(rng: random.Random, target: int) -> int:
    """A score under the target, often within a few fives of it."""
    if rng.random() < 0.6:
        return max(0, target - STEP * rng.randint(1, 8))
    return STEP * rng.randrange(target // STEP)


def near_target(
    rng: random.Random, target: int, sides: int, gains: Sequence[int] = (), play_on: bool = False
) -> list[int]:
    """Scores before a hand: a side that gains lands just below, on or above the target;
    now and then two sides start tied, or (where a tie at the top plays on, so a side may
    pass the target before the hand is settled) two sides end the hand tied at the top."""
    scores = [_below(rng, target) for _ in range(sides)]
    for side, gain in enumerate(gains):
        if gain > 0 and rng.random() < 0.7:
            scores[side] = max(0, min(target - STEP, target - gain + STEP * rng.choice([-1, 0, 1])))
    if sides > 1 and rng.random() < 0.3:
        a, b = rng.sample(range(sides), 2)
        scores[b] = scores[a]
        if play_on and len(gains) == sides and rng.random() < 0.5:
            top = target + STEP * rng.randint(0, 2)
            scores[a], scores[b] = max(0, top - gains[a]), max(0, top - gains[b])
    return scores


def _gains(game: str, setup: Setup, request: dict[str, Any]) -> list[int]:
    """What the settlement request is worth to each side, from scores of zero."""
    match = MatchState(find_game(game), setup, [0] * setup.sides)
    match.finish_hand(
        [[Tile.parse(t) for t in h] for h in request["hands"]],
        request.get("went_out"),
        request["leader"],
        request["last_play"],
    )
    return match.scores


def twisted_hands(rng: random.Random, sizes: Sequence[int], twist: str) -> list[list[Tile]]:
    """Remaining hands of the given sizes; ``zero``: one holds the blank alone, ``equal``:
    two weigh the same (when the greedy search finds such a hand)."""
    pool = [t for t in DOUBLE_SIX if t != BLANK]
    rng.shuffle(pool)
    hands = [[pool.pop() for _ in range(n)] for n in sizes]
    held = [s for s, n in enumerate(sizes) if n]
    if twist == "zero" and held:
        hands[rng.choice(held)] = [BLANK]
    elif twist == "equal" and len(held) > 1:
        a, b = rng.sample(held, 2)
        hands[b] = _matching(pool + hands[b], pip_count(hands[a]), len(hands[b])) or hands[b]
    return hands


def _matching(pool: list[Tile], pips: int, size: int) -> list[Tile] | None:
    """``size`` tiles of ``pool`` weighing ``pips``, found greedily (None if it fails)."""
    chosen: list[Tile] = []
    for tile in sorted(pool, key=lambda t: -t.pips):
        if len(chosen) < size and pip_count(chosen) + tile.pips <= pips:
            rest = size - len(chosen) - 1
            if rest or pip_count(chosen) + tile.pips == pips:
                chosen.append(tile)
    return chosen if len(chosen) == size and pip_count(chosen) == pips else None


def settlement_request(
    rng: random.Random, game: str, scope: Scope, *, twist: str
) -> dict[str, Any]:
    """A hand played to its end (``twist`` ``block`` seeks a block; ``zero``/``equal``
    reshape the remaining hands), settled from scores near the target."""
    played = played_hand(rng, game, scope, want_block=twist == "block")
    state = played.replay()
    hands = state.hands()
    if twist in ("zero", "equal"):
        hands = twisted_hands(rng, [len(h) for h in hands], twist)
    went_out = state.went_out if state.went_out >= 0 else None
    request: dict[str, Any] = {
        "type": "settlement",
        "game": game,
        **played.table.fields(),
        "hands": [[str(t) for t in sorted(h)] for h in hands],
        "leader": played.leader,
        # the total after the last play is the one its play event scores
        "last_play": Ruleset.play_raw(state.total) if went_out is not None else 0,
    }
    if went_out is not None:
        request["went_out"] = went_out
    else:
        request["block"] = True
    target = played.setup.target
    gains = _gains(game, played.setup, request)
    play_on = played.ruleset.tie_at_target == "play-on"
    request["scores"] = near_target(rng, target, played.setup.sides, gains, play_on)
    return request


def _next_deal(rng: random.Random, match: MatchState, illegal: bool) -> dict[str, Any]:
    """The next deal as the rules want it (or, ``illegal``, with a leader they refuse).
    After a block the lead is drawn for again: mostly by a neutral draw, where engines
    that let the block's lightest hand lead go wrong."""
    after_block = bool(match.hands) and match.next_leader is None
    by_draw = rng.random() < (0.8 if after_block else 0.3)
    deal = new_deal(rng, match.ruleset, match.setup, by_draw=by_draw)
    out = deal.to_json()
    went_out = match.next_leader
    if went_out is not None:
        out.pop("draws", None)
        out.pop("leader", None)
        if illegal:
            out["leader"] = (went_out + 1) % match.setup.players
        elif rng.random() < 0.3:
            out["leader"] = went_out
    return out


def _hand_actions(rng: random.Random, state: HandState, seek_block: bool) -> list[int]:
    """Random legal action ids playing the hand just dealt as ``state`` (on the fast path)
    to its end; ``seek_block`` tries a few playouts for one that ends in a block."""
    dealt = FastHand.of(
        state.ruleset, [list(h) for h in state.hands], list(state.boneyard), state.leader
    )
    actions: list[int] = []
    for _ in range(3 * BLOCK_TRIES if seek_block else 1):  # a block, then the next lead
        probe = dealt.copy()
        actions, _ = play_out(rng, probe)
        if probe.blocked:
            break
    return actions


def match_request(rng: random.Random, game: str, scope: Scope, *, illegal: bool) -> dict[str, Any]:
    """One to four scripted hands from scores near an agreed or the game's target; the last
    hand may stop mid-way. ``illegal`` ends the script with a deal the rules refuse."""
    table = pick_table(rng, game, scope)
    setup = setup_of(game, table)
    ruleset = find_game(game)
    target = setup.target
    request: dict[str, Any] = {"type": "match", "game": game, **table.fields()}
    if rng.random() < 0.3:
        target = STEP * rng.randint(4, 30)
        request["target"] = target
        setup = Setup.of(ruleset, table.players, table.partnerships, table.deal_option, target)
    scores = near_target(rng, target, setup.sides)
    if ruleset.tie_at_target == "play-on" and setup.sides > 1 and rng.random() < 0.3:
        top = target + STEP * rng.randint(0, 3)  # tied at the top: the match went on
        scores[:2] = [top, top]
    request["scores"] = scores
    match = MatchState(ruleset, setup, scores)
    hands: list[dict[str, Any]] = []
    for number in range(rng.randint(1, 4)):
        if match.is_terminal:
            break
        deal_json = _next_deal(rng, match, illegal and number > 0)
        try:
            match.deal(Deal.from_json(deal_json))
        except FivesError:
            hands.append({**deal_json, "actions": []})
            break
        state = match.hand
        assert state is not None
        actions = _hand_actions(rng, state, seek_block=rng.random() < 0.6)
        keep = len(actions) if rng.random() < 0.8 else rng.randint(0, len(actions))
        taken = []
        for action in actions[:keep]:
            if match.is_terminal:
                break
            match.apply_action(action_of(action))
            taken.append(action)
        hands.append({**deal_json, "actions": action_texts(tuple(taken))})
        if keep < len(actions):
            break
    request["hands"] = hands
    return request


#: Where the top side ends a match-end request, against the target: a few fives under it,
#: tied with another side at the top, exactly on it, a few fives over it.
ENDINGS = ("under", "tie", "exact", "over")


def ending_near(rng: random.Random, target: int, gains: Sequence[int], play_on: bool) -> list[int]:
    """Scores before the scripted hands such that, after the gains, one side ends just under,
    on or over the target, or two sides end tied at the top (where ties play on; elsewhere
    the tie starts one step below the target, so no start is already over it)."""
    ending = rng.choice(ENDINGS)
    top = target + STEP * {"under": -rng.randint(1, 3), "exact": 0, "over": rng.randint(1, 3)}.get(
        ending, rng.randint(0, 2) if play_on else -1
    )
    sides = list(range(len(gains)))
    rng.shuffle(sides)
    ends = {s: top - STEP * rng.randint(2, 12) for s in sides}
    ends[sides[0]] = top
    if ending == "tie" and len(sides) > 1:
        ends[sides[1]] = top
    scores = [ends[s] - gains[s] for s in range(len(gains))]
    if not play_on:  # a start on or over the target is a match already over there
        scores = [min(score, target - STEP) for score in scores]
    return scores


def match_end_request(rng: random.Random, game: str, scope: Scope) -> dict[str, Any]:
    """One or two whole hands scripted from scores chosen so that the first hand ends the
    match near the target: it is first played from zero to learn what it is worth to each
    side, then the starts are set by ``ending_near``. A second hand, after a tie at the top
    or a near miss, plays on; the script stops where the match is won."""
    table = pick_table(rng, game, scope)
    setup = setup_of(game, table)
    ruleset = find_game(game)
    probe = MatchState(ruleset, setup, [0] * setup.sides)
    hands: list[dict[str, Any]] = []
    gains: list[int] = []
    for _ in range(rng.randint(1, 2)):
        deal_json = _next_deal(rng, probe, illegal=False)
        probe.deal(Deal.from_json(deal_json))
        assert probe.hand is not None
        actions = _hand_actions(rng, probe.hand, seek_block=rng.random() < 0.3)
        for action in actions:
            probe.apply_action(action_of(action))
        hands.append({**deal_json, "actions": list(actions)})
        gains = gains or list(probe.scores)
        if probe.is_terminal:
            break
    play_on = ruleset.tie_at_target == "play-on"
    scores = ending_near(rng, setup.target, gains, play_on)
    match = MatchState(ruleset, setup, scores)
    script: list[dict[str, Any]] = []
    for hand in hands:  # the same hands from the chosen scores, up to the win
        if match.is_terminal:
            break
        match.deal(Deal.from_json({k: v for k, v in hand.items() if k != "actions"}))
        taken = []
        for action in hand["actions"]:
            if match.is_terminal:
                break
            match.apply_action(action_of(action))
            taken.append(action)
        script.append({**hand, "actions": action_texts(tuple(taken))})
    return {"type": "match", "game": game, **table.fields(), "scores": scores, "hands": script}
