@settlement
Feature: All Fives: each player's remaining pips rounded and subtracted from their own score
  At the end of each hand the players total the pips left in their hands, rounded to the
  nearest multiple of five, and subtract them from their own score: a hand of seven counts
  five, a hand of eight counts ten. Scores are raw points. The first to reach the target wins
  at once, so a hand that brings a player there is not settled.

  @all-fives @source-example @rule:settle.round-nearest-five @rule:settle.deduct-each-hand
  Scenario: "Handur með sjö heildarpunkta fer í fimm, en hönd með átta … í tíu": 7 counts 5, 8 counts 10
    Given an all-fives table of 3 players at scores "50 40 30"
    And seat 0 has gone out with a play scoring 0
    And seat 1 holds "[3|4]"
    And seat 2 holds "[2|6]"
    When the hand is settled
    Then the score events are
      | seat | pips | rounded | raw |
      | 1    | 7    | 5       | -5  |
      | 2    | 8    | 10      | -10 |
    And the scores are "50 35 20"
    And every fact of fixture "settlement/all-fives-seven-to-five-eight-to-ten" holds for all-fives

  @all-fives @implementation-defined @rule:settle.deduct-each-hand @rule:side.partnership
  Scenario: Partners: each player's hand rounded alone, both subtracted from the team
    Given an all-fives table of 4 players in partnerships at scores "100 100"
    And seat 1 has gone out with a play scoring 10
    And seat 0 holds "[1|2]"
    And seat 2 holds "[1|3]"
    And seat 3 holds "[0|6]"
    When the hand is settled
    Then the score events are
      | seat | side | cause     | raw |
      | 1    | 1    | play      | 10  |
      | 0    | 0    | deduction | -5  |
      | 2    | 0    | deduction | -5  |
      | 3    | 1    | deduction | -5  |
    And the scores are "90 105"
    And every fact of fixture "settlement/all-fives-partners-rounded-apart" holds for all-fives

  @all-fives @implementation-defined @rule:side.alone @rule:settle.deduct-each-hand
  Scenario: Four players alone: a block subtracts each player's own rounded pips
    Given an all-fives table of 4 players playing alone at scores "10 20 30 40"
    And the hand is blocked
    And seat 3 led the hand
    And seat 0 holds "[0|1]"
    And seat 1 holds "[2|2]"
    And seat 2 holds "[3|4] [4|5]"
    And seat 3 holds "[5|5] [6|6]"
    When the hand is settled
    Then the scores are "10 15 15 20"
    And the block has no winner
    And every fact of fixture "settlement/all-fives-four-alone-block" holds for all-fives

  @all-fives @implementation-defined @rule:match.first-to-target @rule:match.target
  Scenario: The play that reaches 250 wins at once and the hand is not settled
    Given an all-fives table of 2 players at scores "240 100"
    And seat 0 has gone out with a play scoring 10
    And seat 1 holds "[5|6] [6|6]"
    When the hand is settled
    Then the scores are "250 100"
    And side 0 wins the match
    And every fact of fixture "settlement/all-fives-last-play-reaches-the-target" holds for all-fives

  @all-fives @rule:side.alone
  Scenario: Three players each score alone; each hand comes off its own player
    Given an all-fives table of 3 players at scores "100 90 80"
    And seat 2 has gone out with a play scoring 10
    And seat 0 holds "[1|4]"
    And seat 1 holds "[4|6]"
    When the hand is settled
    Then the scores are "95 80 90"
    And every fact of fixture "settlement/all-fives-three-players-each-alone" holds for all-fives

  @all-fives @rule:score.last-play
  Scenario: The last tile scores as usual, then the remaining hand is subtracted
    Given an all-fives table of 2 players at scores "20 30"
    And seat 0 has gone out with a play scoring 10
    And seat 1 holds "[2|3]"
    When the hand is settled
    Then the scores are "30 25"
    And every fact of fixture "settlement/all-fives-last-play-scores" holds for all-fives

  @all-fives @rule:match.target
  Scenario: Two players play to 250: a score of 205 does not win
    Given an all-fives table of 2 players at scores "200 50"
    And seat 0 has gone out with a play scoring 5
    And seat 1 holds "[2|3]"
    When the hand is settled
    Then the scores are "205 45"
    And the match goes on
    And every fact of fixture "settlement/all-fives-two-players-play-to-250" holds for all-fives

  @all-fives @rule:side.partnership
  Scenario: Partners share one score: seat 2's last play scores for seats 0 and 2
    Given an all-fives table of 4 players in partnerships at scores "40 60"
    And seat 2 has gone out with a play scoring 10
    And seat 0 holds "[0|2]"
    And seat 1 holds "[0|0]"
    And seat 3 holds "[0|1]"
    When the hand is settled
    Then the scores are "50 60"
    And every fact of fixture "settlement/all-fives-partners-share-a-score" holds for all-fives

  @all-fives @rule:settle.deduct-each-hand
  Scenario: Every remaining hand is settled, a hand of no pips included
    Given an all-fives table of 2 players at scores "30 30"
    And the hand is blocked
    And seat 1 led the hand
    And seat 0 holds "[0|0]"
    And seat 1 holds "[4|6]"
    When the hand is settled
    Then the scores are "30 20"
    And every fact of fixture "settlement/all-fives-zero-pip-hand-settled" holds for all-fives

  @all-fives @implementation-defined @rule:match.target @rule:match.first-to-target
  Scenario: Partners play to 200: the last play taking the team from 190 to 200 wins at once
    Given an all-fives table of 4 players in partnerships at scores "190 120"
    And seat 2 has gone out with a play scoring 10
    And seat 0 holds "[1|4]"
    And seat 1 holds "[2|3]"
    And seat 3 holds "[0|5]"
    When the hand is settled
    Then the scores are "200 120"
    And side 0 wins the match
    And every fact of fixture "settlement/all-fives-partners-reach-200" holds for all-fives

  @all-fives @rule:settle.deduct-each-hand
  Scenario: A remaining hand of [0|0] alone is settled like any other, for 0 points
    Given an all-fives table of 3 players at scores "50 40 30"
    And seat 0 has gone out with a play scoring 5
    And seat 1 holds "[0|0]"
    And seat 2 holds "[3|4]"
    When the hand is settled
    Then the score events are
      | seat | cause     | pips | rounded | raw |
      | 0    | play      |      |         | 5   |
      | 1    | deduction | 0    | 0       | 0   |
      | 2    | deduction | 7    | 5       | -5  |
    And the scores are "55 40 25"
    And every fact of fixture "settlement/all-fives-zero-pip-hand" holds for all-fives

  @all-fives @rule:match.target
  Scenario: All Fives, two players: 245 is short of the 250 target; the match goes on
    Given an all-fives table of 2 players at scores "240 100"
    And seat 0 has gone out with a play scoring 5
    And seat 1 holds "[0|0]"
    When the hand is settled
    Then the scores are "245 100"
    And the match goes on
    And every fact of fixture "settlement/all-fives-two-players-245-plays-on" holds for all-fives

  @all-fives @rule:match.target
  Scenario: All Fives, two players: a last play that takes seat 0 to exactly 250 wins the match
    Given an all-fives table of 2 players at scores "240 100"
    And seat 0 has gone out with a play scoring 10
    And seat 1 holds "[0|0]"
    When the hand is settled
    Then the scores are "250 100"
    And side 0 wins the match
    And every fact of fixture "settlement/all-fives-two-players-250-wins" holds for all-fives

  @all-fives @implementation-defined @rule:match.first-to-target
  Scenario: All Fives, two players: passing 250 (to 255) reaches the target and wins
    Given an all-fives table of 2 players at scores "240 100"
    And seat 0 has gone out with a play scoring 15
    And seat 1 holds "[0|0]"
    When the hand is settled
    Then the scores are "255 100"
    And side 0 wins the match
    And every fact of fixture "settlement/all-fives-two-players-past-250-wins" holds for all-fives

  @all-fives @rule:match.target
  Scenario: All Fives, three players: 195 is short of the 200 target; the match goes on
    Given an all-fives table of 3 players at scores "190 100 100"
    And seat 0 has gone out with a play scoring 5
    And seat 1 holds "[0|0]"
    And seat 2 holds "[0|1]"
    When the hand is settled
    Then the scores are "195 100 100"
    And the match goes on
    And every fact of fixture "settlement/all-fives-three-players-195-plays-on" holds for all-fives

  @all-fives @rule:match.target
  Scenario: All Fives, three players: reaching exactly 200 wins
    Given an all-fives table of 3 players at scores "190 100 100"
    And seat 0 has gone out with a play scoring 10
    And seat 1 holds "[0|0]"
    And seat 2 holds "[0|1]"
    When the hand is settled
    Then the scores are "200 100 100"
    And side 0 wins the match
    And every fact of fixture "settlement/all-fives-three-players-200-wins" holds for all-fives

  @all-fives @rule:match.target
  Scenario: All Fives, four players: a team at 195 is short of the 200 target; the match goes on
    Given an all-fives table of 4 players in partnerships at scores "190 100"
    And seat 0 has gone out with a play scoring 5
    And seat 1 holds "[0|0]"
    And seat 2 holds "[0|2]"
    And seat 3 holds "[0|1]"
    When the hand is settled
    Then the scores are "195 100"
    And the match goes on
    And every fact of fixture "settlement/all-fives-four-players-195-plays-on" holds for all-fives

  @all-fives @rule:match.target
  Scenario: All Fives, four players: a team reaching exactly 200 wins
    Given an all-fives table of 4 players in partnerships at scores "190 100"
    And seat 0 has gone out with a play scoring 10
    And seat 1 holds "[0|0]"
    And seat 2 holds "[0|2]"
    And seat 3 holds "[0|1]"
    When the hand is settled
    Then the scores are "200 100"
    And side 0 wins the match
    And every fact of fixture "settlement/all-fives-four-players-200-wins" holds for all-fives

  @all-fives @rule:settle.round-nearest-five @rule:settle.deduct-each-hand
  Scenario: All Fives, two players: a hand of 2 pips counts 0, a hand of 3 pips counts 5
    Given an all-fives table of 2 players at scores "30 30"
    And the hand is blocked
    And seat 0 led the hand
    And seat 0 holds "[0|2]"
    And seat 1 holds "[1|2]"
    When the hand is settled
    Then the score events are
      | seat | pips | rounded | raw |
      | 0    | 2    | 0       | 0   |
      | 1    | 3    | 5       | -5  |
    And the scores are "30 25"
    And every fact of fixture "settlement/all-fives-two-players-nearest-five" holds for all-fives

  @all-fives @rule:score.negative @rule:settle.deduct-each-hand
  Scenario: All Fives, three players: a deduction larger than the score takes it below zero
    Given an all-fives table of 3 players at scores "10 10 0"
    And the hand is blocked
    And seat 0 led the hand
    And seat 0 holds "[0|0]"
    And seat 1 holds "[1|1]"
    And seat 2 holds "[3|4]"
    When the hand is settled
    Then the scores are "10 10 -5"
    And every fact of fixture "settlement/all-fives-three-players-below-zero" holds for all-fives

  @all-fives @rule:score.negative @rule:side.partnership
  Scenario: All Fives partners: the deductions from both partners' hands take their side below zero
    Given an all-fives table of 4 players in partnerships at scores "5 20"
    And seat 3 has gone out with a play scoring 5
    And seat 0 holds "[3|4]"
    And seat 1 holds "[0|1]"
    And seat 2 holds "[1|2]"
    When the hand is settled
    Then the scores are "-5 25"
    And every fact of fixture "settlement/all-fives-partners-below-zero" holds for all-fives
