@settlement
Feature: Five Up: each remaining hand rounded on its own and deducted, then the target
  When a hand ends, by going out or a block, each player's remaining pips are summed,
  rounded to the nearest multiple of 5 (a remainder of 1 or 2 rounds down, 3 or 4 rounds up,
  multiples stay) and divided by 5: that many display points come off the player's side.
  Partners are rounded apart. A block has no winner and no bonus, but still deducts. Only
  after the hand is settled is the target checked: among the sides at or over 61, the unique
  highest wins; a tie at the top plays on. Scores below are raw points (5 raw = 1 display).

  @five-up @source-example @rule:settle.round-nearest-five @rule:settle.deduct-each-hand @rule:score.unit.display
  Scenario: "剩余2点不扣分，剩余3点扣1显示分": 2 pips cost nothing, 3 pips cost 1 display point
    Given a five-up table of 3 players at scores "12 12 12"
    And seat 0 has gone out with a play scoring 0
    And seat 1 holds "[0|2]"
    And seat 2 holds "[1|2]"
    When the hand is settled
    Then the score events are
      | seat | cause     | pips | rounded | raw | display |
      | 1    | deduction | 2    | 0       | 0   | 0       |
      | 2    | deduction | 3    | 5       | -5  | -1      |
    And the display scores are "2 2 1"
    And every fact of fixture "settlement/five-up-remainder-two-and-three" holds for five-up

  @five-up @rule:settle.round-nearest-five @rule:settle.block-no-winner
  Scenario: Remainders 1 round down, 3 and 4 round up, in a block with no winner
    Given a five-up table of 3 players at scores "20 20 20"
    And the hand is blocked
    And seat 0 led the hand
    And seat 0 holds "[0|1]"
    And seat 1 holds "[0|4]"
    And seat 2 holds "[2|6]"
    When the hand is settled
    Then the score events are
      | seat | pips | rounded | display |
      | 0    | 1    | 0       | 0       |
      | 1    | 4    | 5       | -1      |
      | 2    | 8    | 10      | -2      |
    And the display scores are "4 3 2"
    And the block has no winner
    And every fact of fixture "settlement/five-up-remainder-one-four-eight" holds for five-up

  @five-up @rule:score.last-play @rule:settle.deduct-only
  Scenario: The last tile scores as usual; the player who went out gains nothing more
    Given a five-up table of 3 players at scores "0 0 0"
    And seat 0 has gone out with a play scoring 10
    And seat 1 holds "[0|5]"
    And seat 2 holds "[5|6] [6|6]"
    When the hand is settled
    Then the score events are
      | seat | cause     | pips | rounded | display |
      | 0    | play      |      |         | 2       |
      | 1    | deduction | 5    | 5       | -1      |
      | 2    | deduction | 23   | 25      | -5      |
    And the scores are "10 -5 -25"
    And every fact of fixture "settlement/five-up-last-play-then-deductions" holds for five-up

  @five-up @source-example @rule:settle.partners-apart @rule:side.partnership
  Scenario: "两位搭档各剩3原始点数…队伍共扣2显示分": partners with 3 pips each cost 2 display points
    Given a five-up table of 4 players in partnerships at scores "20 20"
    And seat 0 has gone out with a play scoring 0
    And seat 1 holds "[1|2]"
    And seat 2 holds "[0|0]"
    And seat 3 holds "[0|3]"
    When the hand is settled
    Then the score events are
      | seat | side | pips | rounded | display |
      | 1    | 1    | 3    | 5       | -1      |
      | 2    | 0    | 0    | 0       | 0       |
      | 3    | 1    | 3    | 5       | -1      |
    And the display scores are "4 2"
    And every fact of fixture "settlement/five-up-partners-three-each" holds for five-up

  @five-up @rule:settle.block-no-winner @rule:settle.deduct-each-hand
  Scenario: A two-player block: no winner, and both hands are deducted
    Given a five-up table of 2 players at scores "100 100"
    And the hand is blocked
    And seat 1 led the hand
    And seat 0 holds "[0|1] [1|1]"
    And seat 1 holds "[2|3] [3|3]"
    When the hand is settled
    Then the display scores are "19 18"
    And the block has no winner
    And the match goes on
    And every fact of fixture "settlement/five-up-block-deducts-from-both" holds for five-up

  @five-up @rule:match.settle-then-check @rule:match.target
  Scenario: A side at 61 during the hand is checked only after settlement
    Given a five-up table of 2 players at scores "305 300"
    And seat 1 has gone out with a play scoring 5
    And seat 0 holds "[2|3]"
    When the hand is settled
    Then the display scores are "60 61"
    And side 1 wins the match
    And every fact of fixture "settlement/five-up-settle-before-the-target" holds for five-up

  @five-up @rule:match.target @rule:score.unit.display
  Scenario: The target is 61 display points, 305 raw: a side at 70 raw (14 display) plays on
    Given a five-up table of 2 players at scores "60 0"
    And seat 0 has gone out with a play scoring 10
    And seat 1 holds "[0|1]"
    When the hand is settled
    Then the display scores are "14 0"
    And the match goes on
    And every fact of fixture "settlement/five-up-sixty-one-display-points" holds for five-up

  @five-up @rule:match.settle-then-check
  Scenario: Of two sides over 61 the unique highest wins
    Given a five-up table of 3 players at scores "310 320 100"
    And seat 2 has gone out with a play scoring 0
    And seat 0 holds "[0|1]"
    And seat 1 holds "[0|2] [0|3]"
    When the hand is settled
    Then the display scores are "62 63 20"
    And side 1 wins the match
    And every fact of fixture "settlement/five-up-unique-highest-wins" holds for five-up

  @five-up @rule:match.tie-plays-on
  Scenario: A tie at the top over 61 plays on
    Given a five-up table of 2 players at scores "315 310"
    And seat 1 has gone out with a play scoring 5
    And seat 0 holds "[0|0]"
    When the hand is settled
    Then the display scores are "63 63"
    And the match goes on
    And every fact of fixture "settlement/five-up-tie-at-the-top-plays-on" holds for five-up

  @five-up @rule:side.alone
  Scenario: Three players each form a side of their own and pay for their own hand
    Given a five-up table of 3 players at scores "50 40 30"
    And the hand is blocked
    And seat 0 led the hand
    And seat 0 holds "[0|5]"
    And seat 1 holds "[4|6]"
    And seat 2 holds "[0|0]"
    When the hand is settled
    Then the scores are "45 30 30"
    And the block has no winner
    And every fact of fixture "settlement/five-up-three-players-each-alone" holds for five-up

  @five-up @rule:score.last-play
  Scenario: The last tile scores as usual before the hand is settled
    Given a five-up table of 2 players at scores "100 100"
    And seat 0 has gone out with a play scoring 10
    And seat 1 holds "[0|0]"
    When the hand is settled
    Then the display scores are "22 20"
    And every fact of fixture "settlement/five-up-last-play-scores" holds for five-up

  @five-up @rule:match.settle-then-check @rule:match.target
  Scenario: A side exactly on 61 display points (305 raw) after the settlement has reached the target
    Given a five-up table of 2 players at scores "300 200"
    And seat 0 has gone out with a play scoring 5
    And seat 1 holds "[0|0]"
    When the hand is settled
    Then the display scores are "61 40"
    And side 0 wins the match
    And every fact of fixture "settlement/five-up-61-display-wins" holds for five-up

  @five-up @rule:settle.deduct-only
  Scenario: Going out gains nothing for the other player's tiles
    Given a five-up table of 2 players at scores "60 40"
    And seat 1 has gone out with a play scoring 0
    And seat 0 holds "[3|4]"
    When the hand is settled
    Then the scores are "55 40"
    And every fact of fixture "settlement/five-up-going-out-gains-nothing" holds for five-up

  @five-up @rule:settle.deduct-only
  Scenario: Three players: the player who goes out gains only the last play
    Given a five-up table of 3 players at scores "30 20 10"
    And seat 2 has gone out with a play scoring 5
    And seat 0 holds "[6|6]"
    And seat 1 holds "[1|2]"
    When the hand is settled
    Then the scores are "20 15 15"
    And every fact of fixture "settlement/five-up-going-out-gains-nothing-three-players" holds for five-up

  @five-up @rule:settle.deduct-only
  Scenario: Partners: going out gains the team nothing for the opponents' tiles
    Given a five-up table of 4 players in partnerships at scores "50 50"
    And seat 3 has gone out with a play scoring 0
    And seat 0 holds "[5|5]"
    And seat 1 holds "[0|1]"
    And seat 2 holds "[4|4]"
    When the hand is settled
    Then the scores are "30 50"
    And every fact of fixture "settlement/five-up-going-out-gains-nothing-partners" holds for five-up

  @five-up @rule:settle.deduct-each-hand
  Scenario: Partners: the partner of the player who went out is deducted too
    Given a five-up table of 4 players in partnerships at scores "20 20"
    And seat 0 has gone out with a play scoring 0
    And seat 1 holds "[1|2]"
    And seat 2 holds "[2|4]"
    And seat 3 holds "[3|5]"
    When the hand is settled
    Then the scores are "15 5"
    And the display scores are "3 1"
    And every fact of fixture "settlement/five-up-partner-of-the-player-out-deducted" holds for five-up

  @five-up @rule:settle.partners-apart
  Scenario: Partners with 2 pips each lose nothing, where 4 pips together would cost 1
    Given a five-up table of 4 players in partnerships at scores "50 50"
    And the hand is blocked
    And seat 0 led the hand
    And seat 0 holds "[0|1]"
    And seat 1 holds "[0|2]"
    And seat 2 holds "[0|4]"
    And seat 3 holds "[1|1]"
    When the hand is settled
    Then the display scores are "9 10"
    And the block has no winner
    And every fact of fixture "settlement/five-up-partners-two-and-two" holds for five-up

  @five-up @rule:settle.deduct-each-hand
  Scenario: Every remaining hand is settled, a hand of no pips included
    Given a five-up table of 2 players at scores "20 20"
    And the hand is blocked
    And seat 0 led the hand
    And seat 0 holds "[0|0]"
    And seat 1 holds "[1|4]"
    When the hand is settled
    Then the score events are
      | seat | cause     | pips | rounded | raw | display |
      | 0    | deduction | 0    | 0       | 0   | 0       |
      | 1    | deduction | 5    | 5       | -5  | -1      |
    And every fact of fixture "settlement/five-up-zero-pip-hand-settled" holds for five-up

  @five-up @rule:match.target
  Scenario: Five Up is played to 61 display points: 300 raw (60 display) is one short
    Given a five-up table of 2 players at scores "150 290"
    And seat 1 has gone out with a play scoring 10
    And seat 0 holds "[0|0]"
    When the hand is settled
    Then the display scores are "30 60"
    And the match goes on
    And every fact of fixture "settlement/five-up-60-display-plays-on" holds for five-up

  @five-up @rule:match.target
  Scenario: Five Up, two players: 60 after settlement is short of the 61 target; the match goes on
    Given a five-up table of 2 players at scores "295 100"
    And seat 0 has gone out with a play scoring 5
    And seat 1 holds "[0|1]"
    When the hand is settled
    Then the display scores are "60 20"
    And the match goes on
    And every fact of fixture "settlement/five-up-two-players-sixty-plays-on" holds for five-up

  @five-up @rule:match.target
  Scenario: Five Up, three players: 60 after settlement is short of the 61 target; the match goes on
    Given a five-up table of 3 players at scores "295 100 100"
    And seat 0 has gone out with a play scoring 5
    And seat 1 holds "[0|1]"
    And seat 2 holds "[0|0]"
    When the hand is settled
    Then the display scores are "60 20 20"
    And the match goes on
    And every fact of fixture "settlement/five-up-three-players-sixty-plays-on" holds for five-up

  @five-up @rule:match.target
  Scenario: Five Up, three players: exactly 61 after settlement reaches the target and wins
    Given a five-up table of 3 players at scores "300 100 100"
    And seat 0 has gone out with a play scoring 5
    And seat 1 holds "[0|1]"
    And seat 2 holds "[0|2]"
    When the hand is settled
    Then the display scores are "61 20 20"
    And side 0 wins the match
    And every fact of fixture "settlement/five-up-three-players-sixty-one-wins" holds for five-up

  @five-up @rule:match.target
  Scenario: Five Up, four players: a team at 60 after settlement is short of the 61 target; the match goes on
    Given a five-up table of 4 players in partnerships at scores "295 100"
    And seat 0 has gone out with a play scoring 5
    And seat 1 holds "[0|1]"
    And seat 2 holds "[0|2]"
    And seat 3 holds "[0|0]"
    When the hand is settled
    Then the display scores are "60 20"
    And the match goes on
    And every fact of fixture "settlement/five-up-four-players-sixty-plays-on" holds for five-up

  @five-up @rule:match.target
  Scenario: Five Up, four players: a team at exactly 61 after settlement reaches the target and wins
    Given a five-up table of 4 players in partnerships at scores "300 100"
    And seat 0 has gone out with a play scoring 5
    And seat 1 holds "[0|1]"
    And seat 2 holds "[0|2]"
    And seat 3 holds "[1|1]"
    When the hand is settled
    Then the display scores are "61 20"
    And side 0 wins the match
    And every fact of fixture "settlement/five-up-four-players-sixty-one-wins" holds for five-up

  @five-up @implementation-defined @rule:score.unit.display @rule:score.negative
  Scenario: Display points of a negative raw score are rounded down: -8 raw is -2 display
    Given a five-up table of 2 players at scores "-3 12"
    And seat 1 has gone out with a play scoring 0
    And seat 0 holds "[1|2]"
    When the hand is settled
    Then the scores are "-8 12"
    And the display scores are "-2 2"
    And every fact of fixture "settlement/five-up-negative-display-rounds-down" holds for five-up

  @five-up @rule:match.tie-plays-on
  Scenario: Three players: two players tied at the top over 61 play on
    Given a five-up table of 3 players at scores "315 310 200"
    And seat 1 has gone out with a play scoring 5
    And seat 0 holds "[0|0]"
    And seat 2 holds "[0|1]"
    When the hand is settled
    Then the scores are "315 315 200"
    And the match goes on
    And every fact of fixture "settlement/five-up-three-players-tie-plays-on" holds for five-up

  @five-up @rule:match.tie-plays-on
  Scenario: Four players: both partnerships tied at the top over 61 play on
    Given a five-up table of 4 players in partnerships at scores "315 310"
    And seat 1 has gone out with a play scoring 5
    And seat 0 holds "[0|0]"
    And seat 2 holds "[0|1]"
    And seat 3 holds "[0|2]"
    When the hand is settled
    Then the scores are "315 315"
    And the match goes on
    And every fact of fixture "settlement/five-up-four-players-tie-plays-on" holds for five-up

  @five-up @rule:score.negative @rule:settle.block-no-winner
  Scenario: A deduction larger than the score takes it below zero
    Given a five-up table of 2 players at scores "20 0"
    And the hand is blocked
    And seat 0 led the hand
    And seat 0 holds "[0|0]"
    And seat 1 holds "[3|4]"
    When the hand is settled
    Then the scores are "20 -5"
    And every fact of fixture "settlement/five-up-block-below-zero" holds for five-up

  @five-up @rule:match.settle-then-check
  Scenario: Three players: reaching 61 in the hand is not a win; the unique highest after settlement wins
    Given a five-up table of 3 players at scores "310 300 0"
    And seat 1 has gone out with a play scoring 5
    And seat 0 holds "[0|1]"
    And seat 2 holds "[0|0]"
    When the hand is settled
    Then the scores are "310 305 0"
    And side 0 wins the match
    And every fact of fixture "settlement/five-up-three-players-highest-after-settlement" holds for five-up
