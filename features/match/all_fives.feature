@match
Feature: All Fives matches: raw points, and the first to the target wins at once
  Plays score raw points; at the end of a hand each player's remaining pips, rounded to the
  nearest five, come off their score. The target is usually 250 with two players and 200 with
  three or four; the first player (or partnership) to reach it wins the moment they do.

  @all-fives @rule:settle.deduct-each-hand @rule:lead.went-out-leads
  Scenario: Two players: the loser's pips rounded and subtracted; the player who went out leads next
    Given the all-fives match scripted in fixture "match/all-fives-two-players-hand"
    When the scripted hands are played
    Then the scores are "5 -5"
    And the leaders are "0 0"
    And every fact of fixture "match/all-fives-two-players-hand" holds for all-fives

  @all-fives @implementation-defined @rule:lead.after-block @rule:lead.neutral-draw
  Scenario: Three players: a block, every player's own pips subtracted, a new draw for the lead
    Given the all-fives match scripted in fixture "match/all-fives-three-players-block"
    When the scripted hands are played
    Then the scores are "0 -50 0"
    And the leaders are "0 2"
    And seat 2 is to act
    And every fact of fixture "match/all-fives-three-players-block" holds for all-fives

  @all-fives @implementation-defined @rule:match.first-to-target @rule:side.partnership
  Scenario: Partners: the play reaching 200 wins at once, in the middle of the hand
    Given the all-fives match scripted in fixture "match/all-fives-target-mid-hand"
    When the scripted hands are played
    Then the scores are "200 10"
    And side 0 wins the match
    And every fact of fixture "match/all-fives-target-mid-hand" holds for all-fives

  @all-fives @implementation-defined @rule:side.alone
  Scenario: Four players alone: every play and every remaining hand counts for one player
    Given the all-fives match scripted in fixture "match/all-fives-four-alone"
    When the scripted hands are played
    Then the scores are "-10 5 -45 5"
    And every fact of fixture "match/all-fives-four-alone" holds for all-fives

  @all-fives @implementation-defined @rule:match.first-to-target @rule:score.last-play
  Scenario: A last tile that reaches the target wins, and nothing follows the win
    Given the all-fives match scripted in fixture "match/all-fives-last-tile-wins"
    When the scripted hands are played
    Then the scores are "250 15"
    And side 0 wins the match
    And every fact of fixture "match/all-fives-last-tile-wins" holds for all-fives

  @all-fives @implementation-defined @rule:deal.options @rule:match.target
  Scenario: The five-each deal and an agreed target of 15
    Given the all-fives match scripted in fixture "match/all-fives-agreed-target-five-each"
    When the scripted hands are played
    Then the scores are "15 5"
    And side 0 wins the match
    And every fact of fixture "match/all-fives-agreed-target-five-each" holds for all-fives

  @all-fives @rule:match.target
  Scenario: Two players play to 250: a player reaching 200 has not won
    Given the all-fives match scripted in fixture "match/all-fives-two-players-play-to-250"
    When the scripted hands are played
    Then the scores are "200 0"
    And the match goes on
    And seat 1 is to act
    And every fact of fixture "match/all-fives-two-players-play-to-250" holds for all-fives

  @all-fives @rule:match.target
  Scenario: With an agreed target of 300, reaching the usual 250 is no win
    Given the all-fives match scripted in fixture "match/all-fives-agreed-target-not-the-usual"
    When the scripted hands are played
    Then the scores are "250 0"
    And the match goes on
    And every fact of fixture "match/all-fives-agreed-target-not-the-usual" holds for all-fives

  @all-fives @rule:match.target @rule:side.partnership
  Scenario: Four players in partnership play to 200: the partners reaching it win
    Given the all-fives match scripted in fixture "match/all-fives-partners-play-to-200"
    When the scripted hands are played
    Then side 0 wins the match
    And every fact of fixture "match/all-fives-partners-play-to-200" holds for all-fives

  @all-fives @implementation-defined @rule:match.target
  Scenario: An agreed target of 7, no multiple of 5, is held against the raw points as it is
    Given the all-fives match scripted in fixture "match/all-fives-target-not-a-multiple-of-five"
    When the scripted hands are played
    Then the scores are "15 5"
    And side 0 wins the match
    And every fact of fixture "match/all-fives-target-not-a-multiple-of-five" holds for all-fives

  @all-fives @rule:lead.after-block @rule:hand.end.block @rule:settle.deduct-each-hand
  Scenario: Two players: a block subtracts each player's own pips; the next leader is drawn anew
    Given the all-fives match scripted in fixture "match/all-fives-two-players-block"
    When the scripted hands are played
    Then the score events are
      | seat | cause     | raw |
      | 1    | play      | 5   |
      | 1    | play      | 5   |
      | 0    | play      | 10  |
      | 0    | play      | 15  |
      | 0    | deduction | -20 |
      | 1    | deduction | -70 |
    And the scores are "5 -60"
    And the leaders are "0 1"
    And seat 1 is to act
    And every fact of fixture "match/all-fives-two-players-block" holds for all-fives

  @all-fives @rule:lead.after-block @rule:hand.end.block @rule:settle.deduct-each-hand
  Scenario: Three players: a block subtracts each player's own pips; the next leader is drawn anew
    Given the all-fives match scripted in fixture "match/all-fives-three-players-block-leader-named"
    When the scripted hands are played
    Then the scores are "0 -50 0"
    And the leaders are "0 1"
    And seat 1 is to act
    And every fact of fixture "match/all-fives-three-players-block-leader-named" holds for all-fives
