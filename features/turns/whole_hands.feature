@turns
Feature: Whole hands for two and three players
  Forced draws before a playable tile, the drawn tile played at once, going out or a block:
  every play's total worked by hand in the fixtures' comments.


  @five-up @exact-61 @rule:hand.end.going-out @rule:turn.draw-until-playable
  Scenario Outline: Two players: three draws, the drawn [6|6] played, seat 0 goes out (<game>)
    Given the <game> rules
    And a deal for 2 players
    And seat 0 holds "[0|6] [1|2] [3|4] [3|6] [5|5]"
    And seat 1 holds "[0|1] [1|3] [2|4] [3|3] [4|5]"
    And the boneyard holds "[1|4] [0|0] [6|6] [1|1] [3|5] [0|2] [2|6] [0|3] [2|5] [2|2] [1|5] [1|6] [4|4] [0|5] [4|6] [5|6] [2|3] [0|4]"
    And seat 0 leads
    When the actions "[3|4] [4|5]@[3|4]:big-end [3|6]@[3|4]:small-end draw draw draw [6|6]@[3|6]:big-end [0|6]@[6|6]:straight-b [0|0]@[0|6]:small-end [5|5]@[4|5]:big-end [0|1]@[0|0]:straight-b [1|2]@[0|1]:big-end" are taken
    And seat 1 attempts "draw"
    Then the action is rejected citing rule "hand.end.going-out"
    And the tiles drawn are "[1|4] [0|0] [6|6]"
    And the hand ends by going out
    And every fact of fixture "turns/two-players-going-out" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |

  @five-up @exact-61 @rule:hand.end.going-out @rule:turn.play-drawn-tile
  Scenario Outline: Three players: two draws, the drawn [0|5] played, seat 1 goes out (<game>)
    Given the <game> rules
    And a deal for 3 players
    And seat 0 holds "[1|3] [1|4] [1|6] [4|5] [5|5]"
    And seat 1 holds "[0|2] [0|4] [1|1] [3|6] [4|4]"
    And seat 2 holds "[0|3] [1|5] [2|5] [2|6] [3|5]"
    And the boneyard holds "[3|4] [5|6] [0|5] [1|2] [4|6] [2|3] [0|6] [0|0] [6|6] [2|4] [2|2] [0|1] [3|3]"
    And seat 0 leads
    When the actions "[4|5] [0|4]@[4|5]:small-end [2|5]@[4|5]:big-end draw draw draw [0|5]@[0|4]:small-end [0|2]@[2|5]:small-end [3|5]@[0|5]:big-end [3|4]@[3|5]:small-end [4|4]@[3|4]:big-end [0|3]@[0|2]:small-end [1|3]@[0|3]:big-end [1|1]@[1|3]:small-end [1|5]@[1|1]:straight-b [1|6]@[1|1]:branch-a [3|6]@[1|6]:big-end" are taken
    Then the tiles drawn are "[3|4] [5|6] [0|5]"
    And the hand ends by going out
    And nobody is to act
    And every fact of fixture "turns/three-players-going-out" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |

  @all-fives @rule:deal.hand-size @rule:hand.end.going-out
  Scenario Outline: All Fives, two players dealt nine each: draws, going out (<game>)
    Given the <game> rules
    And a deal for 2 players
    And seat 0 holds "[0|5] [1|3] [2|2] [2|3] [2|5] [2|6] [3|4] [4|4] [6|6]"
    And seat 1 holds "[0|3] [0|6] [1|1] [1|4] [1|5] [1|6] [3|5] [3|6] [4|5]"
    And the boneyard holds "[4|6] [5|6] [0|4] [0|0] [0|1] [1|2] [2|4] [0|2] [3|3] [5|5]"
    And seat 0 leads
    When the actions "[3|4] [3|5]@[3|4]:small-end [0|5]@[3|5]:big-end [1|4]@[3|4]:big-end [1|3]@[1|4]:small-end [0|6]@[0|5]:small-end [2|6]@[0|6]:big-end [0|3]@[1|3]:big-end [2|2]@[2|6]:small-end draw draw draw [0|4]@[0|3]:small-end [4|4]@[0|4]:big-end [4|6]@[4|4]:straight-b [2|5]@[2|2]:straight-b [1|6]@[4|6]:big-end [2|3]@[2|2]:branch-a [5|6]@[2|5]:big-end [6|6]@[5|6]:big-end" are taken
    And seat 1 attempts "pass"
    Then the action is rejected citing rule "hand.end.going-out"
    And the tiles drawn are "[4|6] [5|6] [0|4]"
    And the hand ends by going out
    And every fact of fixture "turns/all-fives-two-players" holds for <game>

    Examples:
      | game      |
      | all-fives |

  @all-fives @rule:deal.hand-size @rule:hand.end.block
  Scenario Outline: All Fives, three players dealt seven each: a pass, then a block (<game>)
    Given the <game> rules
    And a deal for 3 players
    And seat 0 holds "[1|5] [1|6] [2|3] [2|4] [2|5] [3|3] [3|4]"
    And seat 1 holds "[0|0] [0|6] [1|2] [3|5] [4|4] [4|5] [6|6]"
    And seat 2 holds "[0|1] [0|4] [0|5] [1|1] [2|6] [3|6] [5|5]"
    And the boneyard holds "[2|2] [1|3] [5|6] [1|4] [0|2] [0|3] [4|6]"
    And seat 0 leads
    When the actions "[2|4] [4|5]@[2|4]:big-end [0|5]@[4|5]:big-end [2|3]@[2|4]:small-end [3|5]@[2|3]:big-end [0|1]@[0|5]:small-end [1|5]@[0|1]:big-end draw draw draw [5|6]@[1|5]:big-end [2|6]@[5|6]:big-end [2|5]@[2|6]:small-end draw draw draw draw pass [5|5]@[2|5]:big-end" are taken
    Then seat 1 passes 1 time
    And the hand ends in a block
    And every fact of fixture "turns/all-fives-three-players-block" holds for <game>

    Examples:
      | game      |
      | all-fives |


  @five-up @exact-61 @all-fives @rule:hand.end.block
  Scenario Outline: A draw that empties the boneyard with nobody able to play blocks at once (<game>)
    Given the <game> rules
    And a deal for 4 players
    And seat 0 holds "[0|0] [0|1] [0|2] [2|6] [4|5]"
    And seat 1 holds "[1|5] [2|4] [3|3] [4|6] [5|6]"
    And seat 2 holds "[0|4] [0|5] [1|3] [2|3] [3|5]"
    And seat 3 holds "[2|2] [2|5] [3|4] [3|6] [5|5]"
    And the boneyard holds "[4|4] [0|3] [6|6] [1|4] [1|6] [0|6] [1|2] [1|1]"
    And seat 0 leads
    When the actions "[2|6] [4|6]@[2|6]:big-end [2|3]@[2|6]:small-end [3|6]@[2|3]:big-end [4|5]@[4|6]:small-end [5|6]@[4|5]:big-end draw draw draw [6|6]@[5|6]:big-end draw draw [1|6]@[6|6]:straight-b [0|1]@[1|6]:small-end draw [0|6]@[0|1]:small-end draw draw" are taken
    And seat 2 attempts "pass"
    Then the action is rejected citing rule "hand.end.block"
    And nobody is to act
    And the hand ends in a block
    And every fact of fixture "turns/block-right-after-a-draw" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:turn.play-drawn-tile
  Scenario Outline: The last tile drawn plays, so it is played at once, though another player could play (<game>)
    Given the <game> rules
    And a deal for 4 players
    And seat 0 holds "[0|3] [1|1] [2|2] [2|5] [3|3]"
    And seat 1 holds "[1|5] [2|4] [3|4] [3|6] [4|6]"
    And seat 2 holds "[0|1] [0|2] [0|6] [2|6] [5|6]"
    And seat 3 holds "[0|0] [3|5] [4|5] [5|5] [6|6]"
    And the boneyard holds "[1|2] [1|6] [1|4] [1|3] [2|3] [0|4] [4|4] [0|5]"
    And seat 0 leads
    When the actions "[2|5] [2|4]@[2|5]:small-end [5|6]@[2|5]:big-end [4|5]@[2|4]:big-end draw draw [1|6]@[5|6]:big-end [1|5]@[1|6]:small-end draw draw draw draw draw draw" are taken
    And seat 2 attempts "pass"
    Then the action is rejected citing rule "turn.play-drawn-tile"
    And seat 2 is to act
    And the legal actions are "[0|5]@[1|5]:big-end [0|5]@[4|5]:big-end"
    And every fact of fixture "turns/last-tile-drawn-played-while-another-can-play" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @all-fives @rule:hand.end.going-out
  Scenario: A play that reaches the target does not end a turns hand: it has no scores
    Given an all-fives deal for 2 players
    And the deal option "five-each"
    And the agreed target 1
    And seat 0 holds "[0|6] [1|2] [3|4] [3|6] [5|5]"
    And seat 1 holds "[0|1] [1|3] [2|4] [3|3] [4|5]"
    And the boneyard holds "[1|4] [0|0] [6|6] [1|1] [3|5] [0|2] [2|6] [0|3] [2|5] [2|2] [1|5] [1|6] [4|4] [0|5] [4|6] [5|6] [2|3] [0|4]"
    And seat 0 leads
    When the actions "[3|4] [4|5]@[3|4]:big-end [3|6]@[3|4]:small-end draw draw draw [6|6]@[3|6]:big-end [0|6]@[6|6]:straight-b" are taken
    Then seat 1 is to act
    And the legal actions are "[0|0]@[0|6]:small-end [0|1]@[0|6]:small-end"
    And every fact of fixture "turns/all-fives-target-does-not-end-a-hand" holds for all-fives
