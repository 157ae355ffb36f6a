"""A rule book speaks of its own game: its glossary in that game's words, and its citations
from that game's own source only (a fixture may cite another game's sentence on the same
point for the suite's sake; the book of All Fives does not quote Five Up)."""

from __future__ import annotations

from pathlib import Path

import yaml

from fives_engine import find_game, game_names
from fives_tools.book.learn import glossary
from fives_tools.book.model import Book, build_book
from fives_tools.certify.cases import load_cases

LEARN = Path(__file__).resolve().parent.parent / "spec" / "learn.yaml"
OTHER = {"five-up": "Exact 61", "exact-61": "Five Up", "all-fives": "Exact 61"}


def test_each_glossary_speaks_only_of_its_game() -> None:
    entries = yaml.safe_load(LEARN.read_text("utf-8"))["glossary"]
    for game in game_names():
        terms = {t.term: t.meaning for t in glossary(find_game(game), entries)}
        assert all(OTHER[game] not in meaning for meaning in terms.values()), game
    out = {t.term: t.meaning for t in glossary(find_game("exact-61"), entries)}["going out"]
    assert "for the player who went out" in out


def test_a_book_keeps_only_its_own_games_sources() -> None:
    book = Book.__new__(Book)
    object.__setattr__(book, "own_files", frozenset({"003_815413e965e6200a.txt"}))
    sources = [
        {"file": "000_cbc147b889cb67a5.txt", "heading": "出牌计分", "quote": "..."},
        {"file": "003_815413e965e6200a.txt", "heading": "Skora", "quote": "..."},
    ]
    assert book.own(sources) == [sources[1]]


def test_the_all_fives_book_reads_its_open_questions_in_its_own_words() -> None:
    """An interpretation several games share may give a game its own words (``in_game``):
    the All Fives book's readings speak of All Fives alone."""
    book = build_book("all-fives", load_cases(), {})
    words = " ".join(str(i.get(k, "")) for i in book.interpretations for k in TOLD)
    assert "Five Up" not in words and "Exact 61" not in words
    negative = next(i for i in book.interpretations if i["id"] == "score.negative")
    assert negative["reading"].endswith("deducted 5 points is at -5.")
    whole = yaml.safe_load((LEARN.parent / "interpretations.yaml").read_text("utf-8"))
    shared = next(i for i in whole["interpretations"] if i["id"] == "score.negative")
    assert "Exact 61" in shared["reading"]  # the register keeps every game's words


TOLD = ("question", "reading", "why")
