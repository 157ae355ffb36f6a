@turns
Feature: Turn flow at every table
  The lead, the order of turns, playing only one's own tiles, playing rather than drawing,
  passing on an empty boneyard and going out, at the tables the other features leave out:
  every play's total worked by hand in the fixtures' comments.

  @five-up @exact-61 @rule:lead.any-tile @rule:turn.clockwise
  Scenario Outline: Two players: the leader may lead any tile, and nobody else acts first (<game>)
    Given the <game> rules
    And a deal for 2 players
    And seat 0 holds "[0|6] [1|2] [3|4] [3|6] [5|5]"
    And seat 1 holds "[0|1] [1|3] [2|4] [3|3] [4|5]"
    And the boneyard holds "[1|4] [0|0] [6|6] [1|1] [3|5] [0|2] [2|6] [0|3] [2|5] [2|2] [1|5] [1|6] [4|4] [0|5] [4|6] [5|6] [2|3] [0|4]"
    And seat 0 leads
    When seat 1 attempts "[0|1]"
    Then the action is rejected citing rule "turn.clockwise"
    And seat 0 is to act
    And the legal actions are "[0|6] [1|2] [3|4] [3|6] [5|5]"
    And every fact of fixture "turns/two-players-lead" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |

  @five-up @exact-61 @rule:hand.own-tiles
  Scenario Outline: Two players: a player plays only their own tiles (<game>)
    Given the <game> rules
    And a deal for 2 players
    And seat 0 holds "[0|6] [1|2] [3|4] [3|6] [5|5]"
    And seat 1 holds "[0|1] [1|3] [2|4] [3|3] [4|5]"
    And the boneyard holds "[1|4] [0|0] [6|6] [1|1] [3|5] [0|2] [2|6] [0|3] [2|5] [2|2] [1|5] [1|6] [4|4] [0|5] [4|6] [5|6] [2|3] [0|4]"
    And seat 0 leads
    When the actions "[3|4]" are taken
    And seat 1 attempts "[3|6]@[3|4]:small-end"
    Then the action is rejected citing rule "hand.own-tiles"
    And seat 1 is to act
    And every fact of fixture "turns/two-players-only-own-tiles" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |

  @five-up @exact-61 @rule:lead.any-tile @rule:turn.clockwise
  Scenario Outline: Three players: the leader may lead any tile, and nobody else acts first (<game>)
    Given the <game> rules
    And a deal for 3 players
    And seat 0 holds "[1|3] [1|4] [1|6] [4|5] [5|5]"
    And seat 1 holds "[0|2] [0|4] [1|1] [3|6] [4|4]"
    And seat 2 holds "[0|3] [1|5] [2|5] [2|6] [3|5]"
    And the boneyard holds "[3|4] [5|6] [0|5] [1|2] [4|6] [2|3] [0|6] [0|0] [6|6] [2|4] [2|2] [0|1] [3|3]"
    And seat 0 leads
    When seat 1 attempts "[0|4]"
    Then the action is rejected citing rule "turn.clockwise"
    And seat 0 is to act
    And the legal actions are "[1|3] [1|4] [1|6] [4|5] [5|5]"
    And every fact of fixture "turns/three-players-lead" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |

  @five-up @exact-61 @rule:turn.must-play
  Scenario Outline: Three players: the next player clockwise, holding a legal play, may not draw (<game>)
    Given the <game> rules
    And a deal for 3 players
    And seat 0 holds "[1|3] [1|4] [1|6] [4|5] [5|5]"
    And seat 1 holds "[0|2] [0|4] [1|1] [3|6] [4|4]"
    And seat 2 holds "[0|3] [1|5] [2|5] [2|6] [3|5]"
    And the boneyard holds "[3|4] [5|6] [0|5] [1|2] [4|6] [2|3] [0|6] [0|0] [6|6] [2|4] [2|2] [0|1] [3|3]"
    And seat 0 leads
    When the actions "[4|5]" are taken
    And seat 1 attempts "draw"
    Then the action is rejected citing rule "turn.must-play"
    And seat 1 is to act
    And the legal actions are "[0|4]@[4|5]:small-end [4|4]@[4|5]:small-end"
    And every fact of fixture "turns/three-players-must-play" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |

  @five-up @exact-61 @rule:hand.own-tiles
  Scenario Outline: Three players: a player plays only their own tiles (<game>)
    Given the <game> rules
    And a deal for 3 players
    And seat 0 holds "[1|3] [1|4] [1|6] [4|5] [5|5]"
    And seat 1 holds "[0|2] [0|4] [1|1] [3|6] [4|4]"
    And seat 2 holds "[0|3] [1|5] [2|5] [2|6] [3|5]"
    And the boneyard holds "[3|4] [5|6] [0|5] [1|2] [4|6] [2|3] [0|6] [0|0] [6|6] [2|4] [2|2] [0|1] [3|3]"
    And seat 0 leads
    When the actions "[4|5]" are taken
    And seat 1 attempts "[2|5]@[4|5]:big-end"
    Then the action is rejected citing rule "hand.own-tiles"
    And seat 1 is to act
    And every fact of fixture "turns/three-players-only-own-tiles" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |

  @all-fives @rule:hand.own-tiles
  Scenario: All Fives, two players: a player plays only their own tiles
    Given the all-fives rules
    And a deal for 2 players
    And seat 0 holds "[0|5] [1|3] [2|2] [2|3] [2|5] [2|6] [3|4] [4|4] [6|6]"
    And seat 1 holds "[0|3] [0|6] [1|1] [1|4] [1|5] [1|6] [3|5] [3|6] [4|5]"
    And the boneyard holds "[4|6] [5|6] [0|4] [0|0] [0|1] [1|2] [2|4] [0|2] [3|3] [5|5]"
    And seat 0 leads
    When the actions "[3|4]" are taken
    And seat 1 attempts "[2|3]@[3|4]:small-end"
    Then the action is rejected citing rule "hand.own-tiles"
    And seat 1 is to act
    And every fact of fixture "turns/all-fives-two-players-only-own-tiles" holds for all-fives

  @all-fives @rule:hand.own-tiles
  Scenario: All Fives, three players: a player plays only their own tiles
    Given the all-fives rules
    And a deal for 3 players
    And seat 0 holds "[1|5] [1|6] [2|3] [2|4] [2|5] [3|3] [3|4]"
    And seat 1 holds "[0|0] [0|6] [1|2] [3|5] [4|4] [4|5] [6|6]"
    And seat 2 holds "[0|1] [0|4] [0|5] [1|1] [2|6] [3|6] [5|5]"
    And the boneyard holds "[2|2] [1|3] [5|6] [1|4] [0|2] [0|3] [4|6]"
    And seat 0 leads
    When the actions "[2|4]" are taken
    And seat 1 attempts "[2|3]@[2|4]:small-end"
    Then the action is rejected citing rule "hand.own-tiles"
    And seat 1 is to act
    And every fact of fixture "turns/all-fives-three-players-only-own-tiles" holds for all-fives

  @all-fives @rule:hand.end.block @rule:turn.pass-empty-boneyard @rule:turn.draw-until-playable @rule:turn.must-play
  Scenario: All Fives, three players: draws, the drawn tile played, a pass, and the next player must play
    Given the all-fives rules
    And a deal for 3 players
    And seat 0 holds "[1|5] [1|6] [2|3] [2|4] [2|5] [3|3] [3|4]"
    And seat 1 holds "[0|0] [0|6] [1|2] [3|5] [4|4] [4|5] [6|6]"
    And seat 2 holds "[0|1] [0|4] [0|5] [1|1] [2|6] [3|6] [5|5]"
    And the boneyard holds "[2|2] [1|3] [5|6] [1|4] [0|2] [0|3] [4|6]"
    And seat 0 leads
    When the actions "[2|4] [4|5]@[2|4]:big-end [0|5]@[4|5]:big-end [2|3]@[2|4]:small-end [3|5]@[2|3]:big-end [0|1]@[0|5]:small-end [1|5]@[0|1]:big-end draw draw draw [5|6]@[1|5]:big-end [2|6]@[5|6]:big-end [2|5]@[2|6]:small-end draw draw draw draw pass" are taken
    And seat 2 attempts "pass"
    Then the action is rejected citing rule "turn.must-play"
    And seat 2 is to act
    And the legal actions are "[5|5]@[2|5]:big-end [5|5]@[3|5]:big-end"
    And every fact of fixture "turns/all-fives-three-players-turn-flow" holds for all-fives

  @five-up @exact-61 @all-fives @rule:hand.end.going-out @rule:turn.play-drawn-tile
  Scenario Outline: Four players: three draws, each drawn tile played, seat 0 goes out (<game>)
    Given the <game> rules
    And a deal for 4 players
    And seat 0 holds "[0|6] [1|2] [2|5] [3|5] [6|6]"
    And seat 1 holds "[0|0] [0|3] [1|3] [3|4] [3|6]"
    And seat 2 holds "[0|1] [0|2] [3|3] [5|5] [5|6]"
    And seat 3 holds "[1|4] [1|6] [2|3] [2|6] [4|4]"
    And the boneyard holds "[0|5] [4|6] [0|4] [1|5] [1|1] [4|5] [2|2] [2|4]"
    And seat 0 leads
    When the actions "[0|6] [0|3]@[0|6]:small-end [5|6]@[0|6]:big-end [2|3]@[0|3]:big-end [2|5]@[2|3]:small-end draw [0|5]@[2|5]:big-end [0|2]@[0|5]:small-end [2|6]@[0|2]:big-end [3|5]@[5|6]:small-end [3|4]@[3|5]:small-end draw [4|6]@[2|6]:big-end [1|4]@[4|6]:small-end [1|2]@[1|4]:small-end draw [0|4]@[3|4]:big-end [0|1]@[0|4]:small-end [1|6]@[0|1]:big-end [6|6]@[1|6]:big-end" are taken
    And seat 1 attempts "draw"
    Then the action is rejected citing rule "hand.end.going-out"
    And the tiles drawn are "[0|5] [4|6] [0|4]"
    And the hand ends by going out
    And every fact of fixture "turns/four-players-going-out" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @rule:turn.pass-empty-boneyard @rule:turn.draw-until-playable
  Scenario Outline: Three players: the boneyard drawn dry, a pass, and the hand goes on to going out (<game>)
    Given the <game> rules
    And a deal for 3 players
    And seat 0 holds "[0|3] [0|4] [2|2] [2|4] [2|5]"
    And seat 1 holds "[1|5] [3|4] [3|5] [4|4] [4|5]"
    And seat 2 holds "[0|5] [1|3] [1|4] [4|6] [5|6]"
    And the boneyard holds "[1|1] [0|1] [0|2] [2|6] [0|0] [6|6] [5|5] [2|3] [3|6] [1|2] [0|6] [3|3] [1|6]"
    And seat 0 leads
    When the actions "[0|3] [3|5]@[0|3]:big-end [0|5]@[0|3]:small-end [2|5]@[3|5]:big-end [1|5]@[0|5]:big-end [1|4]@[1|5]:small-end [2|4]@[1|4]:big-end draw draw draw [0|2]@[2|4]:small-end draw [2|6]@[2|5]:small-end [0|4]@[0|2]:small-end [4|4]@[0|4]:big-end [4|6]@[2|6]:big-end draw draw draw draw draw draw draw draw draw pass [4|5]@[4|4]:straight-b [5|6]@[4|5]:big-end [0|6]@[5|6]:big-end [3|4]@[4|4]:branch-a [1|3]@[3|4]:small-end" are taken
    Then seat 0 passes 1 time
    And the hand ends by going out
    And nobody is to act
    And every fact of fixture "turns/three-players-pass" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |

  @all-fives @rule:hand.end.going-out @rule:layout.spinner.first-double
  Scenario: All Fives, three players dealt seven each: two draws, a side branch, seat 0 goes out
    Given the all-fives rules
    And a deal for 3 players
    And seat 0 holds "[0|3] [0|6] [1|2] [1|6] [3|5] [4|5] [6|6]"
    And seat 1 holds "[0|1] [1|4] [2|2] [2|4] [4|4] [4|6] [5|5]"
    And seat 2 holds "[0|0] [0|4] [1|5] [2|5] [2|6] [3|4] [5|6]"
    And the boneyard holds "[3|6] [1|3] [2|3] [1|1] [0|2] [0|5] [3|3]"
    And seat 0 leads
    When the actions "[4|5] [1|4]@[4|5]:small-end [2|5]@[4|5]:big-end [1|6]@[1|4]:small-end [2|4]@[2|5]:small-end [0|4]@[2|4]:big-end [6|6]@[1|6]:big-end [4|6]@[6|6]:straight-b [3|4]@[4|6]:small-end [0|6]@[0|4]:small-end draw [3|6]@[3|4]:small-end [2|6]@[0|6]:big-end [1|2]@[2|6]:small-end [0|1]@[1|2]:small-end [5|6]@[6|6]:branch-a [3|5]@[5|6]:small-end draw [1|3]@[3|5]:small-end [1|5]@[1|3]:small-end [0|3]@[0|1]:small-end" are taken
    And seat 1 attempts "draw"
    Then the action is rejected citing rule "hand.end.going-out"
    And the tiles drawn are "[3|6] [1|3]"
    And the hand ends by going out
    And every fact of fixture "turns/all-fives-three-players-going-out" holds for all-fives

  @five-up @exact-61 @rule:turn.clockwise
  Scenario Outline: Three players: after the lead the player to the left acts, not the one to the right (<game>)
    Given the <game> rules
    And a deal for 3 players
    And seat 0 holds "[1|3] [1|4] [1|6] [4|5] [5|5]"
    And seat 1 holds "[0|2] [0|4] [1|1] [3|6] [4|4]"
    And seat 2 holds "[0|3] [1|5] [2|5] [2|6] [3|5]"
    And the boneyard holds "[3|4] [5|6] [0|5] [1|2] [4|6] [2|3] [0|6] [0|0] [6|6] [2|4] [2|2] [0|1] [3|3]"
    And seat 0 leads
    When the actions "[4|5]" are taken
    And seat 2 attempts "[2|5]@[4|5]:big-end"
    Then the action is rejected citing rule "turn.clockwise"
    And seat 1 is to act
    And every fact of fixture "turns/three-players-clockwise" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |

  @all-fives @rule:turn.clockwise
  Scenario: All Fives, three players: after the lead the player to the left acts, not the one to the right
    Given the all-fives rules
    And a deal for 3 players
    And seat 0 holds "[1|5] [1|6] [2|3] [2|4] [2|5] [3|3] [3|4]"
    And seat 1 holds "[0|0] [0|6] [1|2] [3|5] [4|4] [4|5] [6|6]"
    And seat 2 holds "[0|1] [0|4] [0|5] [1|1] [2|6] [3|6] [5|5]"
    And the boneyard holds "[2|2] [1|3] [5|6] [1|4] [0|2] [0|3] [4|6]"
    And seat 0 leads
    When the actions "[2|4]" are taken
    And seat 2 attempts "[0|4]@[2|4]:big-end"
    Then the action is rejected citing rule "turn.clockwise"
    And seat 1 is to act
    And every fact of fixture "turns/all-fives-three-players-clockwise" holds for all-fives
