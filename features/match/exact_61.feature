@match
Feature: Exact 61 matches: every score event is checked against exactly 61
  Every ordinary play's score is its own target-check event; the going-out settlement is one
  event; a block gives one event per scoring hand. An event that would take a side past 61
  (305 raw) is discarded whole and play goes on. The first side whose accepted event lands
  exactly on 61 wins at once, in the middle of a hand if need be.

  @exact-61 @rule:match.overshoot-discarded @rule:match.exact-61.play-events @rule:settle.exact-61.going-out-event
  Scenario: A play score and a going-out event that would pass 61 are discarded
    Given the exact-61 match scripted in fixture "match/exact-61-overshoot-discarded"
    When the scripted hands are played
    Then the score events are
      | seat | cause     | raw | result    |
      | 0    | play      | 5   | applied   |
      | 1    | play      | 5   | applied   |
      | 0    | play      | 10  | discarded |
      | 0    | going-out | 20  | discarded |
    And the display scores are "60 1"
    And the match goes on
    And every fact of fixture "match/exact-61-overshoot-discarded" holds for exact-61

  @exact-61 @rule:match.exact-hit-wins @rule:match.exact-61.play-events
  Scenario: A play landing exactly on 61 wins in the middle of the hand
    Given the exact-61 match scripted in fixture "match/exact-61-mid-hand-exact-win"
    When the scripted hands are played
    Then the display scores are "61 0"
    And side 0 wins the match
    And nobody is to act
    And every fact of fixture "match/exact-61-mid-hand-exact-win" holds for exact-61

  @exact-61 @implementation-defined @rule:settle.exact-61.block-events @rule:match.exact-hit-wins @rule:side.partnership
  Scenario: Partners' block: one event discarded, the next lands on 61 and wins
    Given the exact-61 match scripted in fixture "match/exact-61-four-players-block"
    When the scripted hands are played
    Then the score events are
      | seat | side | cause | raw | result    |
      | 2    | 0    | play  | 10  | applied   |
      | 1    | 1    | play  | 10  | applied   |
      | 0    | 0    | play  | 5   | applied   |
      | 1    | 1    | play  | 10  | applied   |
      | 3    | 1    | play  | 15  | applied   |
      | 3    | 1    | block | 45  | discarded |
      | 1    | 1    | block | 35  | applied   |
    And the display scores are "3 61"
    And side 1 wins the match
    And every fact of fixture "match/exact-61-four-players-block" holds for exact-61

  @exact-61 @rule:settle.exact-61.opponents @rule:lead.went-out-leads
  Scenario: Three players: going out scores both opponents' pips rounded once; that player leads next
    Given the exact-61 match scripted in fixture "match/exact-61-three-players-hand"
    When the scripted hands are played
    Then the display scores are "0 11 0"
    And the leaders are "0 1"
    And seat 1 is to act
    And every fact of fixture "match/exact-61-three-players-hand" holds for exact-61

  @exact-61 @rule:settle.exact-61.going-out-event
  Scenario: A last play that scores joins the opponents' pips in one going-out event
    Given the exact-61 match scripted in fixture "match/exact-61-scoring-last-play-joins-going-out"
    When the scripted hands are played
    Then the display scores are "0 3"
    And the leaders are "1 1"
    And seat 1 is to act
    And every fact of fixture "match/exact-61-scoring-last-play-joins-going-out" holds for exact-61

  @exact-61 @rule:match.overshoot-discarded @rule:match.exact-61.play-events @rule:settle.exact-61.going-out-event
  Scenario: Three players: a play score and a going-out event that would pass 61 are discarded
    Given the exact-61 match scripted in fixture "match/exact-61-three-players-overshoot"
    When the scripted hands are played
    Then the score events are
      | seat | cause     | raw | result    |
      | 1    | play      | 5   | applied   |
      | 1    | play      | 5   | applied   |
      | 1    | play      | 10  | discarded |
      | 1    | going-out | 35  | discarded |
    And the display scores are "0 60 0"
    And the match goes on
    And every fact of fixture "match/exact-61-three-players-overshoot" holds for exact-61

  @exact-61 @rule:match.exact-hit-wins @rule:match.exact-61.play-events
  Scenario: Three players: a play landing exactly on 61 wins in the middle of the hand
    Given the exact-61 match scripted in fixture "match/exact-61-three-players-mid-hand-exact-win"
    When the scripted hands are played
    Then the display scores are "0 61 0"
    And side 1 wins the match
    And nobody is to act
    And every fact of fixture "match/exact-61-three-players-mid-hand-exact-win" holds for exact-61

  @exact-61 @rule:match.exact-61.play-events @rule:match.overshoot-discarded @rule:match.exact-hit-wins
  Scenario: Four players: one partnership's play passing 61 is discarded, the other's exact 61 wins
    Given the exact-61 match scripted in fixture "match/exact-61-four-players-overshoot-then-exact"
    When the scripted hands are played
    Then the score events are
      | seat | cause | raw | result    |
      | 2    | play  | 10  | discarded |
      | 1    | play  | 10  | applied   |
    And the display scores are "60 61"
    And side 1 wins the match
    And every fact of fixture "match/exact-61-four-players-overshoot-then-exact" holds for exact-61

  @exact-61 @rule:lead.after-block @rule:hand.end.block @rule:settle.exact-61.block-differences
  Scenario: Two players: a block pays the lighter hand the difference; the next leader comes from a new draw
    Given the exact-61 match scripted in fixture "match/exact-61-two-players-block"
    When the scripted hands are played
    Then the display scores are "26 14"
    And the match goes on
    And the leaders are "0 1"
    And seat 1 is to act
    And every fact of fixture "match/exact-61-two-players-block" holds for exact-61

  @exact-61 @rule:lead.after-block @rule:hand.end.block @rule:settle.exact-61.block-differences
  Scenario: Three players: a block pays each lighter hand its differences; the next leader comes from a new draw
    Given the exact-61 match scripted in fixture "match/exact-61-three-players-block"
    When the scripted hands are played
    Then the scores are "100 10 120"
    And the display scores are "20 2 24"
    And the leaders are "0 1"
    And seat 1 is to act
    And every fact of fixture "match/exact-61-three-players-block" holds for exact-61
