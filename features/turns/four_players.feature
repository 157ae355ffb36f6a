@turns
Feature: Turns, in the four-player deal B4
  The leader may lead any tile, then play goes clockwise. A player with a legal play must
  play it and may not draw. Without one, they draw from the boneyard one tile at a time and
  stop at the first playable tile, which they must play at once, not another tile. With the
  boneyard empty and still no play, they pass; nobody passes while the boneyard has tiles.
  When the boneyard is empty and nobody can play, the hand is blocked.

  Deal B4 plays the same in all three games: its only double, [5|5], is played last.

  Background:
    Given a deal for 4 players
    And seat 0 holds "[0|3] [1|1] [2|2] [2|5] [3|3]"
    And seat 1 holds "[0|5] [1|5] [2|4] [3|4] [3|6]"
    And seat 2 holds "[0|1] [0|2] [0|6] [2|6] [5|6]"
    And seat 3 holds "[0|0] [3|5] [4|5] [5|5] [6|6]"
    And the boneyard holds "[1|2] [1|6] [1|4] [1|3] [2|3] [0|4] [4|4] [4|6]"
    And seat 0 leads

  @five-up @exact-61 @all-fives @rule:lead.any-tile @rule:turn.clockwise
  Scenario Outline: The leader may lead any tile, and nobody else acts first (<game>)
    Given the <game> rules
    When seat 1 attempts "[0|5]"
    Then the action is rejected citing rule "turn.clockwise"
    And seat 0 is to act
    And the legal actions are "[0|3] [1|1] [2|2] [2|5] [3|3]"
    And every fact of fixture "turns/four-players-lead" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:turn.must-play @rule:lead.any-tile
  Scenario Outline: The leader holds a legal play (any tile may lead), so may not draw before leading (<game>)
    Given the <game> rules
    When seat 0 attempts "draw"
    Then the action is rejected citing rule "turn.must-play"
    And seat 0 is to act
    And the legal actions are "[0|3] [1|1] [2|2] [2|5] [3|3]"
    And every fact of fixture "turns/no-draw-before-the-lead" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:turn.clockwise
  Scenario Outline: After the lead the next player acts; nobody skips ahead (<game>)
    Given the <game> rules
    When the actions "[2|5]" are taken
    And seat 2 attempts "[2|6]@[2|5]:small-end"
    Then the action is rejected citing rule "turn.clockwise"
    And seat 1 is to act
    And the legal actions are "[0|5]@[2|5]:big-end [1|5]@[2|5]:big-end [2|4]@[2|5]:small-end"
    And every fact of fixture "turns/nobody-acts-out-of-turn" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:turn.pass-empty-boneyard
  Scenario Outline: A player without a play draws: no pass while the boneyard has tiles (<game>)
    Given the <game> rules
    When the actions "[2|5] [2|4]@[2|5]:small-end [5|6]@[2|5]:big-end [4|5]@[2|4]:big-end" are taken
    And seat 0 attempts "pass"
    Then the action is rejected citing rule "turn.pass-empty-boneyard"
    And the legal actions are "draw"
    And every fact of fixture "turns/no-pass-while-the-boneyard-has-tiles" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:turn.play-drawn-tile @rule:turn.draw-until-playable
  Scenario Outline: The playable tile just drawn is played at once, not another tile (<game>)
    Given the <game> rules
    When the actions "[2|5] [2|4]@[2|5]:small-end [5|6]@[2|5]:big-end [4|5]@[2|4]:big-end draw draw" are taken
    And seat 0 attempts "[1|2]@[4|5]:big-end"
    Then the action is rejected citing rule "turn.play-drawn-tile"
    And the tiles drawn are "[1|2] [1|6]"
    And the legal actions are "[1|6]@[5|6]:big-end"
    And every fact of fixture "turns/drawn-tile-not-another" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:turn.draw-until-playable
  Scenario Outline: A drawn tile that cannot be played is followed by another draw (<game>)
    Given the <game> rules
    When the actions "[2|5] [2|4]@[2|5]:small-end [5|6]@[2|5]:big-end [4|5]@[2|4]:big-end draw" are taken
    Then the tiles drawn are "[1|2]"
    And seat 0 is to act
    And the legal actions are "draw"
    And every fact of fixture "turns/unplayable-draw-draws-again" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:turn.play-drawn-tile
  Scenario Outline: Drawing stops at the first playable tile (<game>)
    Given the <game> rules
    When the actions "[2|5] [2|4]@[2|5]:small-end [5|6]@[2|5]:big-end [4|5]@[2|4]:big-end draw draw" are taken
    And seat 0 attempts "draw"
    Then the action is rejected citing rule "turn.play-drawn-tile"
    And every fact of fixture "turns/drawn-tile-no-further-draw" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:turn.must-play
  Scenario Outline: A player holding a legal play must play, not draw (<game>)
    Given the <game> rules
    When the actions "[2|5] [2|4]@[2|5]:small-end [5|6]@[2|5]:big-end [4|5]@[2|4]:big-end draw draw [1|6]@[5|6]:big-end" are taken
    And seat 1 attempts "draw"
    Then the action is rejected citing rule "turn.must-play"
    And seat 1 is to act
    And the legal actions are "[0|5]@[4|5]:big-end [1|5]@[1|6]:small-end [1|5]@[4|5]:big-end"
    And every fact of fixture "turns/must-play-not-draw" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:turn.must-play
  Scenario Outline: A player whose only legal play is on the table must play it, not draw (<game>)
    Given the <game> rules
    When the actions "[2|5] [2|4]@[2|5]:small-end" are taken
    And seat 2 attempts "draw"
    Then the action is rejected citing rule "turn.must-play"
    And seat 2 is to act
    And the legal actions are "[5|6]@[2|5]:big-end"
    And every fact of fixture "turns/must-play-the-only-play" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:turn.clockwise @rule:hand.own-tiles
  Scenario Outline: Out of turn with a tile not held is rejected for the turn (<game>)
    Given the <game> rules
    When the actions "[2|5]" are taken
    And seat 2 attempts "[2|4]@[2|5]:small-end"
    Then the action is rejected citing rule "turn.clockwise"
    And seat 1 is to act
    And the legal actions are "[0|5]@[2|5]:big-end [1|5]@[2|5]:big-end [2|4]@[2|5]:small-end"
    And every fact of fixture "turns/out-of-turn-reported-first" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:play.match-attach-point
  Scenario Outline: A held tile that does not match is rejected for the layout's rule (<game>)
    Given the <game> rules
    When the actions "[2|5]" are taken
    And seat 1 attempts "[3|4]@[2|5]:small-end"
    Then the action is rejected citing rule "play.match-attach-point"
    And seat 1 is to act
    And every fact of fixture "turns/held-tile-that-does-not-match" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:hand.own-tiles
  Scenario Outline: A player plays only their own tiles (<game>)
    Given the <game> rules
    When the actions "[2|5] [2|4]@[2|5]:small-end [5|6]@[2|5]:big-end [4|5]@[2|4]:big-end draw draw [1|6]@[5|6]:big-end" are taken
    And seat 1 attempts "[3|5]@[4|5]:big-end"
    Then the action is rejected citing rule "hand.own-tiles"
    And every fact of fixture "turns/only-own-tiles" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:turn.pass-empty-boneyard
  Scenario Outline: With the boneyard empty and no play the player passes; nobody draws (<game>)
    Given the <game> rules
    When the actions "[2|5] [2|4]@[2|5]:small-end [5|6]@[2|5]:big-end [4|5]@[2|4]:big-end draw draw [1|6]@[5|6]:big-end [1|5]@[1|6]:small-end draw draw draw draw draw draw" are taken
    And seat 2 attempts "draw"
    Then the action is rejected citing rule "turn.pass-empty-boneyard"
    And the tiles drawn are "[1|2] [1|6] [1|4] [1|3] [2|3] [0|4] [4|4] [4|6]"
    And the legal actions are "pass"
    And every fact of fixture "turns/no-draw-from-an-empty-boneyard" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:hand.end.block @rule:turn.pass-empty-boneyard
  Scenario Outline: Passes on the empty boneyard, then a block the moment nobody can play (<game>)
    Given the <game> rules
    When the actions "[2|5] [2|4]@[2|5]:small-end [5|6]@[2|5]:big-end [4|5]@[2|4]:big-end draw draw [1|6]@[5|6]:big-end [1|5]@[1|6]:small-end draw draw draw draw draw draw pass [3|5]@[4|5]:big-end [0|3]@[3|5]:small-end [0|5]@[0|3]:small-end pass [5|5]@[0|5]:big-end" are taken
    And seat 0 attempts "pass"
    Then the action is rejected citing rule "hand.end.block"
    And seat 2 passes 2 times
    And the hand ends in a block
    And nobody is to act
    And every fact of fixture "turns/four-players-block" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:hand.end.block
  Scenario Outline: An empty boneyard is no block while another player can play: the hand goes on (<game>)
    Given the <game> rules
    When the actions "[2|5] [2|4]@[2|5]:small-end [5|6]@[2|5]:big-end [4|5]@[2|4]:big-end draw draw [1|6]@[5|6]:big-end [1|5]@[1|6]:small-end draw draw draw draw draw draw pass" are taken
    Then seat 2 passes 1 time
    And seat 3 is to act
    And every fact of fixture "turns/no-block-while-another-can-play" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:turn.pass-empty-boneyard
  Scenario Outline: With the boneyard empty and no play the player passes and the turn goes on (<game>)
    Given the <game> rules
    When the actions "[2|5] [2|4]@[2|5]:small-end [5|6]@[2|5]:big-end [4|5]@[2|4]:big-end draw draw [1|6]@[5|6]:big-end [1|5]@[1|6]:small-end draw draw draw draw draw draw pass" are taken
    Then seat 3 is to act
    And the legal actions are "[3|5]@[4|5]:big-end [3|5]@[1|5]:big-end [5|5]@[4|5]:big-end [5|5]@[1|5]:big-end"
    And every fact of fixture "turns/pass-goes-to-the-next-player" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:turn.must-play
  Scenario Outline: A rejected action without a seat is the attempt of the player to act (<game>)
    Given the <game> rules
    When the actions "[2|5]" are taken
    And the player to act attempts "draw"
    Then the action is rejected citing rule "turn.must-play"
    And seat 1 is to act
    And every fact of fixture "turns/reject-without-a-seat" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |
