"""Families of rules, by ID prefix: the rules that decide one kind of answer.

A rule's ID names what it is about (``score.ends.*`` the scoring ends, ``settle.*`` the
settlement ...); :mod:`.fields` and :mod:`.events` say which families decide each field
and each event of a reply.
"""

from __future__ import annotations

#: The rules that score a total (the raw score) and keep it (display points).
RAW_RULES = ("score.play.", "score.unit.raw")
DISPLAY_RULES = ("score.unit.display",)
#: The rules that decide the scoring ends, and so their total.
ENDS_RULES = ("score.ends.", "layout.", "play.", "equipment.")
#: The rules of a turn and a hand: who acts, what they may do, when the hand ends.
TURN_RULES = (
    "turn.",
    "lead.",
    "hand.",
    "deal.",
    "side.",
    "play.",
    "layout.",
    "equipment.",
    "match.",
)
#: The rules that decide whether a scripted action or play is legal where it comes: whose
#: turn it is (turns, the lead of each hand), what they hold, where a tile fits. A request's
#: own actions and plays are legal by the sources, so an implementation refusing one as a
#: ``bad-request`` went wrong in these (the score, the settlement and the end of a hand
#: or match do not decide whether an action is accepted, unless the refusal names them).
SCRIPT_RULES = ("turn.", "lead.", "hand.own-tiles", "play.", "layout.", "equipment.")
#: The rules of the result of a hand and a match.
RESULT_RULES = ("score.", "settle.", "match.")
SPINNER_RULES = ("layout.spinner.",)
#: Every rule (the prefix every ID starts with): a field that no family narrows.
ANY = ("",)
