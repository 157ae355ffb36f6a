"""The engine's errors.

Kinds of bad input are kept apart, as python-chess keeps its move errors siblings: text
that is not notation at all (:class:`NotationError`), and well-formed input that the rules
forbid (:class:`IllegalMoveError`): a play the layout refuses (:class:`IllegalPlayError`)
or an action the turn refuses (:class:`IllegalActionError`), siblings, neither a kind of
the other. All are ``ValueError`` so callers that only care about "bad input" can catch
one thing; every message quotes the input it rejects.
"""

from __future__ import annotations


class FivesError(Exception):
    """Base class of every error the engine raises on purpose."""


class NotationError(FivesError, ValueError):
    """Text that does not follow the notation of ``spec/notation.md``."""


class IllegalMoveError(FivesError, ValueError):
    """Well-formed input that the rules of the game forbid here: a play or an action.

    ``rule`` names the rule ID of ``spec/`` it breaks, so that a report can cite it.
    """

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(f"{message} [rule {rule}]")
        self.rule = rule


class IllegalPlayError(IllegalMoveError):
    """A well-formed play that the rules of the game forbid in this layout; the layout is
    left unchanged."""


class RulesetError(FivesError, ValueError):
    """A game document in ``spec/`` that is malformed or unknown."""


class IllegalActionError(IllegalMoveError):
    """A well-formed action (play, draw or pass) that the turn rules forbid in this state.

    A sibling of :class:`IllegalPlayError`, not a kind of it: a refused draw or pass is no
    illegal play. The message quotes the action, the seat and the state,
    :attr:`IllegalMoveError.rule` names the rule broken, and the state is left unchanged.
    """


class IllegalDealError(FivesError, ValueError):
    """A deal (hands, boneyard, leader) the rules of the game do not allow.

    ``rule`` names the rule ID of ``spec/`` the deal breaks.
    """

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(f"{message} [rule {rule}]")
        self.rule = rule


class RecordError(FivesError, ValueError):
    """A game record that is malformed, inconsistent or replays an illegal action.

    ``action`` is the 1-based number of the offending action in the whole match (None when
    the fault is not in an action) and ``reason`` says what is wrong there.
    """

    def __init__(self, reason: str, action: int | None = None) -> None:
        where = f"action {action}: " if action is not None else ""
        super().__init__(f"{where}{reason}")
        self.action = action
        self.reason = reason
