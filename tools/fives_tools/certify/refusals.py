"""An engine that refuses a play the rules allow (spec/protocol.md, "My engine refuses
this play").

Some engines cannot make every legal play (a two-ended engine has no spinner's arms). Its
adapter answers ``{"error": {"kind": "refused", "play": P, "message": M}}``, ``P`` one of
the request's own plays or actions, all legal by the sources. That is the engine failing
the rule that allows ``P``, so the case *fails* on a ``refused`` field (blamed by
:mod:`.findings.fields` on the rules of ``P``'s place), where ``unsupported`` would have
made it an error that no rule carries.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fives_tools.certify.compare import Mismatch
from fives_tools.text import clean

#: The ``error.kind`` of a refusal, and the field its failure is reported on.
REFUSED = "refused"
#: What the case expected of the refused play.
ACCEPTED = "the play accepted (the rules allow it)"


def request_plays(request: Mapping[str, Any]) -> list[str]:
    """The plays and actions a request makes, all legal: a ``layout``'s ``plays``, a
    ``turns`` request's ``actions``, each scripted hand's ``actions`` of a ``match``."""
    out = [str(p) for p in request.get("plays") or ()]
    out += [str(a) for a in request.get("actions") or ()]
    for hand in request.get("hands") or ():
        if isinstance(hand, Mapping):
            out += [str(a) for a in hand.get("actions") or ()]
    return out


def refusal(reply: Mapping[str, Any], request: Mapping[str, Any]) -> Mismatch | str | None:
    """A ``refused`` reply as the mismatch it fails the case with, or why it is no
    refusal the protocol knows (an error of the case: a play the request does not make);
    None for any other reply."""
    error = reply.get("error")
    if not isinstance(error, Mapping) or error.get("kind") != REFUSED:
        return None
    play = " ".join(str(error.get("play", "")).split())
    made = {" ".join(p.split()) for p in request_plays(request)}
    if play not in made:
        shown = clean(play) or "(no play)"
        return f"the implementation refused {shown}, which is not a play of the request"
    said = clean(str(error.get("message", ""))).splitlines()
    return Mismatch(REFUSED, ACCEPTED, {"play": play, "message": said[0] if said else ""})
