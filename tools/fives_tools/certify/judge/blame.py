"""What a failing case implicates: the rules its differing fields can be wrong because of.

A case lists every rule its answer depends on, but a difference in one field does not
depend on all of them. Each differing field names the *families* of rules that decide it,
by the one judgement ``fives fuzz`` makes too (:mod:`fives_tools.certify.findings`: the
rules of each field and event, narrowed by the case's hand-worked facts); the failure
implicates the case's own rules of those families. What is the case's own:

* scores, display scores, the winner, ``match_over`` and ``hands_played`` follow from the
  events, so add nothing when the events differ too;
* a case whose request carries a forbidden play (``reject``) also implicates that rule at
  every other level: a layout that differs there may be one the forbidden play was made
  on;
* a deal refused (``illegal-deal``) where the case expects an answer also implicates the
  rule the refusal names, though the case does not list it (:func:`refused_deal`);
* a case's own action or play refused as a ``bad-request`` naming a rule of a turn
  implicates the case's rules of a turn alone (:func:`refused_script`);
* any other error, and a failure with no differing field, implicate every rule of the
  case.

When the case lists no rule of those families (a fixture written for another point), the
failure implicates its game's rules of those families; when the families are every rule,
all the case's rules. A level never implicates the rules it cannot see (:data:`BLIND`).

Each failure is also said in words, from the implementation's own answer: "your ends total
12, which is right; 12 is not a positive multiple of 5, so it scores 0; you scored 10".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from fives_engine import find_game
from fives_tools.certify.cases import levels
from fives_tools.certify.findings.finding import CASE, Finding, text
from fives_tools.certify.findings.status import ERROR, FAIL, IMPLEMENTATION_DEFINED, MUST
from fives_tools.certify.judge.families import ANY, SCRIPT_RULES
from fives_tools.certify.judge.fields import Evidence, field_rules
from fives_tools.certify.runner import Result

#: Rules a level cannot see, by ID prefix: a case of that level neither fails nor passes
#: because of them (attach points and connections do not depend on scoring; the scoring
#: ends and their total do not depend on the unit a score is kept in).
BLIND: dict[str, tuple[str, ...]] = {
    levels.SCORING_ENDS: ("score.unit.",),
    levels.ATTACH_POINTS: ("score.",),
    levels.CONNECTIONS: ("score.",),
}

#: Fields that follow from a hand's events, so add nothing when the events differ too
#: (alone, they implicate the rules of :data:`fives_tools.certify.judge.fields.FIELD_RULES`).
FROM_EVENTS = frozenset({"scores", "display_scores", "winner", "match_over", "hands_played"})


@dataclass(frozen=True)
class Blame:
    """The rules a failing case implicates, and why, in the implementation's terms."""

    rules: tuple[str, ...]
    why: tuple[str, ...]
    #: the ID prefixes of every rule that decides a differing field, of the case or not
    families: tuple[str, ...] = ANY
    #: whether the implementation stopped before the point the case checks (it refused
    #: one of the request's own actions): its primary rule is then no more implicated
    #: than the others
    short: bool = False


#: The rule a refusal names in its words, as the reference engine writes it.
NAMED_RULE = re.compile(r"\[rule ([\w.-]+)\]")


def applied_rule(result: Result) -> str | None:
    """The rule the implementation's refusal names (its ``error.rule``, else a ``[rule
    ...]`` in its message): the rule it applied to refuse."""
    error = (result.reply or {}).get("error")
    if not isinstance(error, dict):
        return None
    rule = error.get("rule")
    if not isinstance(rule, str):
        found = NAMED_RULE.search(str(error.get("message", "")))
        rule = found.group(1) if found else None
    return rule


def refused_by(result: Result) -> str | None:
    """The rule an implementation named when it refused a request the case expects it to
    answer, if the case lists it."""
    rule = applied_rule(result)
    return rule if not result.mismatches and rule in result.case.rules else None


def refused_deal(result: Result) -> str | None:
    """The rule an implementation's refusal of the deal or table names (``illegal-deal``),
    when the case expects an answer, not a refusal. Nothing was dealt
    (spec/protocol.md), so every field the case expects is missing because of that rule,
    applied where the sources say it does not apply, whether or not the case lists it (a
    deal of the right size refused by a wrong hand size fails a match case written for
    the lead); in a match, possibly applied to a state its earlier hands left wrong."""
    error = (result.reply or {}).get("error")
    if not isinstance(error, dict) or error.get("kind") != "illegal-deal":
        return None
    if "error" in result.case.facts:
        return None  # a refusal expected: the error field says which rule differs
    rule = applied_rule(result)
    return rule if rule in find_game(result.case.game).rules else None


def refused_script(result: Result, visible: list[str], reason: str) -> Blame | None:
    """A ``bad-request`` answer to a case: the suite sends no malformed request
    (spec/protocol.md), so the implementation refused one of the request's own actions
    or plays, all legal by the sources. Refused as illegal where it comes (the refusal
    names a rule of :data:`SCRIPT_RULES`), it is decided by those rules: the case's rules
    of them. Refused because the hand or the match is over (the refusal names their end,
    a rule of another family), or for a reason it does not name, every rule the case can
    see may have brought it there: None."""
    error = (result.reply or {}).get("error")
    if not isinstance(error, dict) or error.get("kind") != "bad-request":
        return None
    named = applied_rule(result)
    if named is None or not named.startswith(SCRIPT_RULES):
        return None
    rules = tuple(rule for rule in visible if rule.startswith(SCRIPT_RULES))
    return Blame(rules, (reason,), SCRIPT_RULES, short=True) if rules else None


def _fields(evidence: Evidence) -> tuple[set[str], list[str]]:
    """The families every differing field of ``evidence.others`` implicates, and why;
    the fields that follow from the events add nothing when the events differ too."""
    events_differ = any(m.field == "events" for m in evidence.others)
    families: set[str] = set()
    why = []
    for mismatch in evidence.others:
        if mismatch.field in FROM_EVENTS and events_differ:
            continue
        prefixes, reason = field_rules(mismatch, evidence)
        families |= prefixes
        why.append(reason)
    return families, why


def after_cut(result: Result, visible: list[str], reason: str) -> Blame | None:
    """A refused script judged where it first went wrong: cut to the most actions the
    implementation answers (:class:`Cut`), its answer there differs from the rules' in
    fields that name their rules, as a record's step does in the audit (a wrong leader,
    another seat to act). None when the prefix shows nothing the case's rules decide."""
    if result.cut is None:
        return None
    families, why = _fields(Evidence(result.cut.mismatches))
    rules = tuple(rule for rule in visible if rule.startswith(tuple(families)))
    if not rules or "" in families:
        return None
    where = f"after the first {result.cut.kept} actions of the script your answer differs"
    return Blame(rules, (reason, f"{where}: {'; '.join(why)}"), tuple(sorted(families)), True)


def error_message(result: Result) -> str:
    """The first line of the message of the implementation's refusal."""
    error = (result.reply or {}).get("error")
    message = error.get("message", "") if isinstance(error, dict) else ""
    return str(message).splitlines()[0] if message else "(no message)"


def implicated(result: Result) -> Blame:
    """The rules ``result``'s differences implicate (every rule the level can see for an
    error, or when no field narrows them), with one reason per differing field."""
    case = result.case
    blind = BLIND.get(case.capability, ())
    visible = [rule for rule in case.rules if not rule.startswith(blind)] or list(case.rules)
    mismatches = list(result.mismatches)
    if not mismatches:
        reason = result.message.splitlines()[0] if result.message else result.status
        return (
            after_cut(result, visible, reason)
            or refused_script(result, visible, reason)
            or Blame(tuple(visible), (reason,))
        )
    evidence = Evidence(mismatches, case.facts, result.reply or {}, case.request)
    families, why = _fields(evidence)
    forbidden = case.facts.get("error")
    if (
        case.kind == "layout"
        and case.capability != levels.ATTACH_POINTS
        and case.request.get("reject")
        and isinstance(forbidden, dict)
        and forbidden.get("rule")
    ):
        # the layout may differ because the forbidden play was made: its rule decides
        families.add(str(forbidden["rule"]))
        why.append(
            f"did you make the play {case.request['reject']}, which {forbidden['rule']} forbids?"
        )
    if "" in families:
        families = {""}
    rules = [rule for rule in visible if rule.startswith(tuple(families))]
    if not rules and families != {""}:
        # the field is decided by rules the case does not list: those of its game
        rules = [
            rule
            for rule in find_game(case.game).rules
            if rule.startswith(tuple(families)) and not rule.startswith(blind)
        ]
    rules = rules or visible
    refused = refused_deal(result)
    if refused is not None:
        # the rule it refused by, applied where it does not apply, is implicated with the
        # others: a later hand's deal is refused by the state the earlier hands left
        rules = [refused, *(rule for rule in rules if rule != refused)]
        families.add(refused)
        why.insert(0, f"you refused the deal by {refused}: {error_message(result)}")
    return Blame(tuple(rules), tuple(why), tuple(sorted(families)))


def findings(result: Result, blamed: str | None = None) -> list[Finding]:
    """A failing case's differences as findings (``kind`` case), one per differing field
    (one for a failure with none: an error), each blamed on ``blamed`` (the rule the run
    ranks first of those the case implicates) or else the first implicated, with every
    implicated rule its candidate: the same shape the audit's divergences and fuzz's
    disagreements take, read back by :meth:`Finding.from_json`."""
    if result.status not in (FAIL, ERROR):
        return []
    case, blame = result.case, implicated(result)
    rule = blamed or (blame.rules[0] if blame.rules else case.primary)
    requirement = MUST if case.level == MUST else IMPLEMENTATION_DEFINED
    events_differ = any(m.field == "events" for m in result.mismatches)
    # the fields that follow from the events say nothing more when they differ too
    shown = [m for m in result.mismatches if not (events_differ and m.field in FROM_EVENTS)]
    differences = [(m.field, text(m.expected), text(m.got)) for m in shown] or [
        ("error", "an answer", error_message(result) if result.reply else result.status)
    ]
    return [
        Finding(
            record=case.id,
            game=case.game,
            hand=0,
            action=None,
            checked=checked,
            rule=rule,
            what="; ".join(blame.why) or result.message,
            expected=expected,
            got=got,
            prefix=case.request,
            candidates=blame.rules,
            requirement=requirement,
            interpretation=case.interpretation,
            kind=CASE,
        )
        for checked, expected, got in differences
    ]
