"""An observation record's text decoded straight into checked values, in C (msgspec).

The published contract is ``spec/schemas/observation.schema.json``; the types here say the
same, so that decoding a record *is* checking it: a record the decoder takes is one the
schema takes (``tests/test_record_decoder.py`` holds the two to the same verdicts), its
nesting bounded by its types rather than by a walk in Python. A record the decoder
refuses is read again the way that explains it (:func:`.load.check_record` of
:func:`fives_engine.record.parse_json`: the JSON Schema validator names the field and
what was expected); that reading alone decides, so the decoder may be stricter than the
schema where the schema's answer is rare (an integer written ``1.0``, one of 20 digits,
an event nesting lists in lists), never more lenient.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from fives_engine.errors import RecordError
from fives_engine.record import parse_json
from fives_tools.certify.observe.load import check_record, check_rules, formed

#: an integer as a record writes one; the 64-bit bound keeps every one the decoder
#: takes within ``fives_engine.record.MAX_DIGITS`` (a longer one is the schema's to judge)
Int = Annotated[int, Meta(ge=-(2**63), le=2**63 - 1)]
Seat = Annotated[int, Meta(ge=0, le=3)]
#: the schema's pattern ``^\[[0-6]\|[0-6]\]$`` as the 49 texts it matches: a set is looked
#: up in C, a pattern is matched by Python's ``re`` (a third of the decoding's time)
Tile = Literal[
    "[0|0]", "[0|1]", "[0|2]", "[0|3]", "[0|4]", "[0|5]", "[0|6]",
    "[1|0]", "[1|1]", "[1|2]", "[1|3]", "[1|4]", "[1|5]", "[1|6]",
    "[2|0]", "[2|1]", "[2|2]", "[2|3]", "[2|4]", "[2|5]", "[2|6]",
    "[3|0]", "[3|1]", "[3|2]", "[3|3]", "[3|4]", "[3|5]", "[3|6]",
    "[4|0]", "[4|1]", "[4|2]", "[4|3]", "[4|4]", "[4|5]", "[4|6]",
    "[5|0]", "[5|1]", "[5|2]", "[5|3]", "[5|4]", "[5|5]", "[5|6]",
    "[6|0]", "[6|1]", "[6|2]", "[6|3]", "[6|4]", "[6|5]", "[6|6]",
]  # fmt: skip
ActionText = Annotated[str, Meta(min_length=1, max_length=64)]
Scalar = str | Int | float | bool | None
Inner = Scalar | list[Scalar] | dict[str, Scalar | list[Scalar]]
#: what an event's field (or an implementation's) holds: a scalar, or a list or object of
#: them two levels deep (``"opponents": {"pips": 12, "rounded": 10}``)
Value = Scalar | list[Inner] | dict[str, Inner]


class _Closed(Struct, forbid_unknown_fields=True, omit_defaults=True):
    """An object of the schema with ``additionalProperties: false``."""


class Deal(_Closed):
    hands: Annotated[list[list[Tile]], Meta(min_length=2, max_length=4)]
    leader: Seat | UnsetType = UNSET
    boneyard: list[Tile] | UnsetType = UNSET
    draws: list[list[Tile | None]] | UnsetType = UNSET


class Action(_Closed):
    """One entry of ``hands[].actions``: an action, a house move or where it stopped
    (which of them, each without the others' keys, :func:`.load.formed` says)."""

    seat: Seat | UnsetType = UNSET
    house: Annotated[str, Meta(min_length=1, max_length=200)] | UnsetType = UNSET
    stopped: Literal["stopped", "crash", "stall"] | UnsetType = UNSET
    message: Annotated[str, Meta(max_length=2000)] | UnsetType = UNSET
    action: ActionText | UnsetType = UNSET
    offered: Annotated[list[ActionText], Meta(max_length=200)] | UnsetType = UNSET
    score: Int | UnsetType = UNSET
    tile: Tile | UnsetType = UNSET


class Hand(_Closed):
    deal: Deal
    actions: list[Action]
    events: list[dict[str, Value]] | UnsetType = UNSET
    ended: Literal["out", "block"] | UnsetType = UNSET
    scores: list[Int] | UnsetType = UNSET


class Setup(_Closed):
    players: Annotated[int, Meta(ge=2, le=4)]
    partnerships: bool | UnsetType | None = UNSET
    deal_option: str | UnsetType | None = UNSET
    target: Annotated[int, Meta(ge=1, le=2**63 - 1)] | UnsetType | None = UNSET
    hand_size: Annotated[int, Meta(ge=1, le=14)] | UnsetType | None = UNSET
    hand_scores: Literal["cumulative", "per-hand"] | UnsetType | None = UNSET
    scores: list[Int] | UnsetType | None = UNSET
    seed: Int | UnsetType | None = UNSET


class Result(_Closed):
    scores: list[Int] | UnsetType = UNSET
    winner: Annotated[int, Meta(ge=0, le=2**63 - 1)] | UnsetType | None = UNSET


class Record(_Closed):
    format: Literal["fives-record"]
    version: Literal[1]
    game: str
    setup: Setup
    hands: list[Hand]
    implementation: dict[str, Value] | UnsetType = UNSET
    result: Result | UnsetType = UNSET

    def __post_init__(self) -> None:
        told = self.implementation
        if told is not UNSET and not all(
            isinstance(told.get(key, ""), str) for key in ("name", "version")
        ):
            raise ValueError("implementation's name and version are text")


_TYPED = msgspec.json.Decoder(Record)
_PLAIN = msgspec.json.Decoder()


def accepts(text: str | bytes) -> bool:
    """Whether the decoder takes ``text`` as an observation record: the schema's part of
    :func:`read_record`, held to the schema by the tests."""
    try:
        _TYPED.decode(text)
    except (msgspec.DecodeError, RecursionError):  # ValidationError is a DecodeError
        return False
    data = _PLAIN.decode(text)
    return all(formed(entry) for hand in data["hands"] for entry in hand["actions"])


def read_record(text: str) -> dict[str, Any]:
    """The observation record ``text`` holds, checked as :func:`.load.check_record` checks
    it; RecordError naming the field at fault otherwise, always in the words that reading
    gives (the schema validator's where the schema refuses it)."""
    try:
        _TYPED.decode(text)
        data: dict[str, Any] = _PLAIN.decode(text)
        check_rules(data)  # each entry's form too
    except (msgspec.DecodeError, RecursionError, RecordError):
        return check_record(parse_json(text))
    return data
