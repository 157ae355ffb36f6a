"""The spec is consistent: games load, rules cite real headings, every rule is exercised,
every rule or tag cited anywhere exists, interpretations referenced are registered."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from fives_engine import RulesetError, find_game, game_names, load_game
from fives_engine.rules import base_rules
from fives_tools.certify.cases import coverage, levels, load_cases

SPEC = Path(__file__).resolve().parent.parent / "spec"
SOURCES = yaml.safe_load((SPEC / "sources.yaml").read_text(encoding="utf-8"))["sources"]
TAGS = yaml.safe_load((SPEC / "tags.yaml").read_text(encoding="utf-8"))
INTERPRETATIONS = {
    i["id"]: i
    for i in yaml.safe_load((SPEC / "interpretations.yaml").read_text("utf-8"))["interpretations"]
}


def test_the_three_games_are_registered() -> None:
    assert game_names() == ["five-up", "exact-61", "all-fives"]


@pytest.mark.parametrize("game", ["five-up", "exact-61", "all-fives"])
def test_every_rule_cites_its_own_seed_and_a_real_heading(game: str) -> None:
    ruleset = find_game(game)
    assert ruleset.rules, game
    for rule in ruleset.rules.values():
        assert rule.cite.file == ruleset.source, rule.id
        assert SOURCES[rule.cite.file]["game"] == game
        assert rule.cite.heading in SOURCES[rule.cite.file]["headings"], rule.id
        assert rule.cite.quote, f"{rule.id} quotes nothing"
        assert rule.statement


def test_parameters_that_differ_between_games_are_data() -> None:
    five_up, exact, all_fives = (find_game(g) for g in ("five-up", "exact-61", "all-fives"))
    assert five_up.spinners == exact.spinners == "every-double"
    assert all_fives.spinners == "first-double"
    assert all_fives.parameters["deal"] == {2: 9, 3: 7, 4: 5}
    assert all_fives.parameters["deal_options"] == {
        "five-each": {2: 5, 3: 5, 4: 5},
        "seven-five": {2: 7, 3: 5, 4: 5},
    }
    assert five_up.score_unit == exact.score_unit == "display" and all_fives.score_unit == "raw"
    assert five_up.parameters["target"] == exact.parameters["target"] == {"raw": 305}
    assert all_fives.parameters["target"] == {2: 250, 3: 200, 4: 200}
    assert (
        exact.parameters["overshoot"] == "discard-event"
        and five_up.parameters["overshoot"] == "allowed"
    )


def test_a_house_variant_is_a_small_yaml_file(tmp_path: Path) -> None:
    variant = tmp_path / "house.yaml"
    variant.write_text(
        "name: house\nextends: all-fives\nparameters: {spinners: every-double}\n", "utf-8"
    )
    ruleset = load_game(variant)
    assert ruleset.spinners == "every-double"
    assert ruleset.score_unit == "raw"  # inherited
    assert set(ruleset.rules) == set(find_game("all-fives").rules)


def test_a_bad_game_document_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: bad\nextends: no-such-game\n", "utf-8")
    with pytest.raises(
        RulesetError, match=r"bad.yaml: field 'extends': no game document named 'no-such-game'"
    ):
        load_game(bad)
    with pytest.raises(RulesetError, match="unknown game 'five-down'"):
        find_game("five-down")


def _schema(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((SPEC / "schemas" / f"{name}.schema.json").read_text("utf-8"))
    return jsonschema.Draft202012Validator(schema)


@pytest.mark.parametrize("path", sorted((SPEC / "games").glob("*.yaml")), ids=lambda p: p.stem)
def test_every_game_document_fits_its_schema(path: Path) -> None:
    doc = yaml.safe_load(path.read_text("utf-8"))
    assert [e.message for e in _schema("game").iter_errors(doc)] == []


def test_the_interpretations_register_fits_its_schema() -> None:
    register = yaml.safe_load((SPEC / "interpretations.yaml").read_text("utf-8"))
    assert [e.message for e in _schema("interpretations").iter_errors(register)] == []


#: A citation as it once stood in all-fives.yaml: in a flow mapping the unquoted quote ends
#: at its first comma, and the rest of the sentence becomes keys with null values.
CUT = "{heading: Uppsetning, quote: Með 2 leikmenn, hver tekur 9 dominoes. Með 3 leikmenn}"


def test_a_quote_cut_by_yaml_is_refused_by_the_schemas_and_the_loader(tmp_path: Path) -> None:
    cite = yaml.safe_load(CUT)
    assert cite["quote"] == "Með 2 leikmenn" and None in cite.values()
    game = {"name": "cut", "rules": {"deal.hand-size": {"cite": cite}}}
    assert any("unexpected" in e.message for e in _schema("game").iter_errors(game))
    register = {
        "interpretations": [
            {
                "id": "cut",
                "games": ["all-fives"],
                "question": "?",
                "reading": "-",
                "why": "-",
                "sources": [{"file": "003_815413e965e6200a.txt", **cite}],
            }
        ]
    }
    assert any("unexpected" in e.message for e in _schema("interpretations").iter_errors(register))
    variant = tmp_path / "cut.yaml"
    variant.write_text(
        f"name: cut\nextends: all-fives\nrules:\n  deal.hand-size:\n    cite: {CUT}\n", "utf-8"
    )
    with pytest.raises(RulesetError, match=r"deal\.hand-size\.cite: unknown key 'hver tekur"):
        load_game(variant)


def test_each_game_states_its_rules_in_its_own_terms() -> None:
    """A statement written once for the family printed Five Up's words as the rules of the
    other games: display points and a clockwise turn in All Fives (raw points only, "the
    next player"), and a last play scored before the settlement in Exact 61."""
    all_fives = find_game("all-fives").rules.values()
    assert [r.id for r in all_fives if "display" in r.statement] == []
    assert [r.id for r in all_fives if "clockwise" in r.statement] == []
    assert [r.id for r in all_fives if "straight side A" in r.statement] == []
    last_play = find_game("exact-61").rules["score.last-play"].statement
    assert "before the hand is settled" not in last_play and "going-out event" in last_play
    negative = find_game("exact-61").rules["score.negative"].statement
    assert "applied in full" not in negative and "discarded" in negative


def test_an_open_question_is_a_reading_the_rule_resting_on_it_links() -> None:
    """The sources are silent on a floor (all three games), on what going out pays in Five
    Up and on how four play All Fives: the rules whose statements rest on those readings
    link them, so their cases are implementation-defined."""
    links = {
        (game, rule.id): set(rule.interpretations)
        for game in game_names()
        for rule in find_game(game).rules.values()
    }
    for game in game_names():
        assert "score.negative" in links[(game, "score.negative")], game
    assert "five-up.settlement-reward" in links[("five-up", "settle.deduct-only")]
    assert "all-fives.four-players" in links[("all-fives", "side.partnership")]
    assert "exact-61.block-zero-event" in links[("exact-61", "settle.exact-61.block-events")]
    assert INTERPRETATIONS["score.led-double"]["games"] == ["all-fives"]
    for case in load_cases():
        if case.primary in ("score.negative", "settle.deduct-only"):
            assert case.level == "implementation-defined", case.id


def test_a_rule_may_rest_on_several_readings_and_a_bad_link_is_named(tmp_path: Path) -> None:
    """The block's events rest on two readings; a link that is no ID is refused in one line."""
    events = find_game("exact-61").rules["settle.exact-61.block-events"]
    assert events.interpretations == ("exact-61.block-seat-order", "exact-61.block-zero-event")
    assert events.interpretation == "exact-61.block-seat-order"
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "name: bad\nextends: exact-61\nrules:\n  match.target: {interpretation: [1]}\n", "utf-8"
    )
    with pytest.raises(
        RulesetError,
        match=r"bad.yaml: rules\.match\.target\.interpretation: expected an interpretation ID",
    ):
        load_game(bad)


def test_every_rule_is_exercised_by_a_case_and_a_scenario_or_fixture() -> None:
    table = coverage.matrix()
    unexercised = [(g, r) for g, rows in table.items() for r, refs in rows.items() if not refs]
    assert not unexercised
    # the matrix also renders for people
    assert "NOT EXERCISED" not in coverage.render(table)


def test_every_rule_id_cited_exists() -> None:
    known = set(base_rules())
    for case in load_cases():
        assert set(case.rules) <= set(find_game(case.game).rules), case.id
    for scenario in coverage.read_scenarios():
        assert scenario.rules <= known, (
            f"{scenario.where} cites unknown rules {scenario.rules - known}"
        )
        for game in scenario.games:
            assert scenario.rules <= set(find_game(game).rules), (
                f"{scenario.where}: not rules of {game}"
            )


REGISTERED = {tag for group in TAGS.values() for tag in group}


def test_the_tag_registry_knows_every_level() -> None:
    assert list(TAGS["levels"]) == list(levels.LEVELS)
    assert list(TAGS["games"]) == game_names()


def test_every_case_tag_is_registered() -> None:
    for case in load_cases():
        assert case.tags <= REGISTERED, f"{case.id}: unregistered tags {case.tags - REGISTERED}"


def test_every_scenario_tag_is_registered() -> None:
    registered = REGISTERED
    for scenario in coverage.read_scenarios():
        unknown = {t for t in scenario.tags if not t.startswith("rule:")} - registered
        assert not unknown, f"{scenario.where}: unregistered tags {unknown}"
        assert scenario.games, f"{scenario.where}: no game tag"


def test_interpretations_are_registered_and_cited() -> None:
    for interp in INTERPRETATIONS.values():
        assert interp["reading"] and interp["why"] and interp["sources"], interp["id"]
        for source in interp["sources"]:
            assert source["heading"] in SOURCES[source["file"]]["headings"], interp["id"]
    for game in game_names():
        for rule in find_game(game).rules.values():
            for reading in rule.interpretations:
                assert reading in INTERPRETATIONS, (game, rule.id, reading)
                assert game in INTERPRETATIONS[reading]["games"], (game, rule.id, reading)
    for case in load_cases():
        if case.level == "implementation-defined":
            assert case.interpretation in INTERPRETATIONS, case.id
