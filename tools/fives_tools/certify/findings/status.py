"""One vocabulary of outcomes and requirements, for every kind of evidence and every
report: a case, a fuzz class and a rule of an audit each end in one of these words, and
the JSON reports write them as they are here (python-chess keeps one ``Status`` the same
way). How a table shows them is the reports' :func:`label`.
"""

from __future__ import annotations

#: A case's outcome; also a rule's in an audit (pass, fail) beside the two below.
PASS, FAIL, ERROR, SKIP = "pass", "fail", "error", "skip"
STATUSES = (PASS, FAIL, ERROR, SKIP)
#: A rule whose only divergences are readings of an interpretation answered otherwise:
#: reported, never a failure (as an implementation-defined case in the certificate).
READING = "reading"
#: A rule no checked step exercised: never a pass, the verdict claims no more than was seen.
NOT_OBSERVED = "not observed"
#: A rule whose value every record supplied itself (a target of its own): the records were
#: judged by it, not it against the rules, so it is never a pass.
TAKEN = "taken from the record"
#: The requirement of a case, a rule's divergence or a fuzz class.
MUST, IMPLEMENTATION_DEFINED = "must", "implementation-defined"


def label(status: str) -> str:
    """The word a table shows: a failure and an error in capitals, to stand out."""
    return status.upper() if status in (FAIL, ERROR) else status
