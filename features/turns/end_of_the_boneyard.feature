@turns
Feature: The end of the boneyard, in the four-player deal E8
  A player without a legal play draws one tile at a time while the boneyard has tiles, the
  last one included; a pass waits for an empty boneyard. A playable tile drawn is played at
  once, the last tile of the boneyard too. The hand is blocked only when the boneyard is
  empty and nobody can play: a player who has just drawn a playable last tile can.

  Deal E8 plays the same in all three games: no double is played before the last tile,
  [2|2], is drawn, and by then every other tile with a 2 is in the layout.

  Background:
    Given a deal for 4 players
    And seat 0 holds "[0|6] [2|6] [3|5] [5|5] [5|6]"
    And seat 1 holds "[0|2] [0|4] [2|3] [2|5] [4|6]"
    And seat 2 holds "[1|1] [1|3] [3|3] [3|4] [4|4]"
    And seat 3 holds "[0|0] [1|5] [3|6] [4|5] [6|6]"
    And the boneyard holds "[1|2] [1|6] [0|5] [2|4] [0|3] [0|1] [1|4] [2|2]"
    And seat 0 leads

  @five-up @exact-61 @all-fives @rule:turn.pass-empty-boneyard
  Scenario Outline: With one tile left, a player without a play draws it and may not pass (<game>)
    Given the <game> rules
    When the actions "[0|6] [0|2]@[0|6]:small-end draw [1|2]@[0|2]:big-end [1|5]@[1|2]:small-end [2|6]@[0|6]:big-end [2|5]@[1|5]:big-end draw draw draw [2|4]@[2|6]:small-end [4|5]@[2|4]:big-end [3|5]@[4|5]:big-end [2|3]@[3|5]:small-end draw draw draw" are taken
    And seat 2 attempts "pass"
    Then the action is rejected citing rule "turn.pass-empty-boneyard"
    And seat 2 is to act
    And the legal actions are "draw"
    And every fact of fixture "turns/one-tile-left-is-drawn" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:turn.play-drawn-tile
  Scenario Outline: The last tile drawn plays, so the player who drew it plays it at once (<game>)
    Given the <game> rules
    When the actions "[0|6] [0|2]@[0|6]:small-end draw [1|2]@[0|2]:big-end [1|5]@[1|2]:small-end [2|6]@[0|6]:big-end [2|5]@[1|5]:big-end draw draw draw [2|4]@[2|6]:small-end [4|5]@[2|4]:big-end [3|5]@[4|5]:big-end [2|3]@[3|5]:small-end draw draw draw draw" are taken
    And seat 2 attempts "pass"
    Then the action is rejected citing rule "turn.play-drawn-tile"
    And seat 2 is to act
    And the legal actions are "[2|2]@[2|3]:small-end [2|2]@[2|5]:small-end"
    And every fact of fixture "turns/last-tile-drawn-is-played" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:hand.end.block
  Scenario Outline: An empty boneyard is no block while the tile just drawn can be played (<game>)
    Given the <game> rules
    When the actions "[0|6] [0|2]@[0|6]:small-end draw [1|2]@[0|2]:big-end [1|5]@[1|2]:small-end [2|6]@[0|6]:big-end [2|5]@[1|5]:big-end draw draw draw [2|4]@[2|6]:small-end [4|5]@[2|4]:big-end [3|5]@[4|5]:big-end [2|3]@[3|5]:small-end draw draw draw draw" are taken
    Then the tiles drawn are "[1|2] [1|6] [0|5] [2|4] [0|3] [0|1] [1|4] [2|2]"
    And seat 2 is to act
    And every fact of fixture "turns/no-block-while-the-drawn-tile-plays" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |
