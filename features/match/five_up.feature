@match
Feature: Five Up matches: settle every hand, then the unique highest side at or over 61 wins
  Plays score for the player's side as they are made. When a hand ends it is settled first;
  only then is the target checked. Among the sides at or over 61 display points (305 raw) the
  unique highest wins; if the highest are tied, further whole hands are played until one side
  is alone on top. The player who went out leads the next hand; after a block a new neutral
  draw decides. The hands are scripted in the fixtures, each play's total worked by hand.

  @five-up @rule:lead.went-out-leads @rule:settle.deduct-each-hand
  Scenario: Two players: a hand scored and settled; the player who went out leads the next
    Given the five-up match scripted in fixture "match/five-up-two-players-hand"
    When the scripted hands are played
    Then the score events are
      | seat | cause     | raw | display |
      | 0    | play      | 5   | 1       |
      | 1    | play      | 5   | 1       |
      | 0    | play      | 10  | 2       |
      | 1    | deduction | -20 | -4      |
    And the display scores are "7 1"
    And the leaders are "0 0"
    And seat 0 is to act
    And every fact of fixture "match/five-up-two-players-hand" holds for five-up

  @five-up @rule:match.settle-then-check
  Scenario: Reaching 61 in the middle of a hand wins nothing until the hand is settled
    Given the five-up match scripted in fixture "match/five-up-61-mid-hand-is-not-a-win"
    When the scripted hands are played
    Then the display scores are "3 57"
    And the match goes on
    And every fact of fixture "match/five-up-61-mid-hand-is-not-a-win" holds for five-up

  @five-up @rule:match.tie-plays-on @rule:match.settle-then-check @rule:score.last-play
  Scenario: A tie at 61 plays a further whole hand; then the side alone on top wins
    Given the five-up match scripted in fixture "match/five-up-tie-plays-on"
    When the scripted hands are played
    Then the score events are
      | seat | cause     | raw | display |
      | 0    | play      | 10  | 2       |
      | 1    | play      | 10  | 2       |
      | 1    | play      | 10  | 2       |
      | 0    | play      | 15  | 3       |
      | 1    | deduction | 0   | 0       |
      | 0    | play      | 10  | 2       |
      | 1    | play      | 10  | 2       |
      | 1    | play      | 10  | 2       |
      | 0    | play      | 15  | 3       |
      | 1    | deduction | 0   | 0       |
    And the display scores are "66 65"
    And side 0 wins the match
    And every fact of fixture "match/five-up-tie-plays-on" holds for five-up

  @five-up @implementation-defined @rule:settle.partners-apart @rule:settle.block-no-winner @rule:lead.after-block
  Scenario: Partners: a block deducts every hand from its team; a neutral draw picks the next leader
    Given the five-up match scripted in fixture "match/five-up-four-players-block"
    When the scripted hands are played
    Then the score events are
      | seat | side | cause     | raw |
      | 2    | 0    | play      | 10  |
      | 1    | 1    | play      | 10  |
      | 0    | 0    | play      | 5   |
      | 1    | 1    | play      | 10  |
      | 3    | 1    | play      | 15  |
      | 0    | 0    | deduction | -15 |
      | 1    | 1    | deduction | -15 |
      | 2    | 0    | deduction | -55 |
      | 3    | 1    | deduction | -10 |
    And the display scores are "-11 2"
    And the leaders are "0 2"
    And every fact of fixture "match/five-up-four-players-block" holds for five-up

  @five-up @rule:settle.deduct-each-hand @rule:side.alone
  Scenario: Three players: each remaining hand rounded on its own
    Given the five-up match scripted in fixture "match/five-up-three-players-hand"
    When the scripted hands are played
    Then the display scores are "1 10 4"
    And every fact of fixture "match/five-up-three-players-hand" holds for five-up

  @five-up @rule:lead.after-block @rule:hand.end.block @rule:settle.block-no-winner
  Scenario: Two players: a block deducts both hands; the next leader comes from a new draw
    Given the five-up match scripted in fixture "match/five-up-two-players-block"
    When the scripted hands are played
    Then the score events are
      | seat | cause     | raw | display |
      | 0    | play      | 5   | 1       |
      | 1    | play      | 10  | 2       |
      | 1    | play      | 5   | 1       |
      | 0    | play      | 10  | 2       |
      | 1    | play      | 15  | 3       |
      | 0    | deduction | -35 | -7      |
      | 1    | deduction | -50 | -10     |
    And the display scores are "16 4"
    And the match goes on
    And the leaders are "0 1"
    And seat 1 is to act
    And every fact of fixture "match/five-up-two-players-block" holds for five-up

  @five-up @rule:lead.after-block @rule:hand.end.block @rule:settle.block-no-winner
  Scenario: Three players: a block deducts every hand; the next leader comes from a new draw
    Given the five-up match scripted in fixture "match/five-up-three-players-block"
    When the scripted hands are played
    Then the score events are
      | seat | cause     | raw  | display |
      | 1    | play      | 5    | 1       |
      | 2    | play      | 10   | 2       |
      | 1    | play      | 5    | 1       |
      | 0    | deduction | -10  | -2      |
      | 1    | deduction | -110 | -22     |
      | 2    | deduction | -5   | -1      |
    And the display scores are "-2 -20 1"
    And the leaders are "0 1"
    And seat 1 is to act
    And every fact of fixture "match/five-up-three-players-block" holds for five-up
