@settlement
Feature: Exact 61: going out scores the opponents' pips; a block scores hand-to-hand differences
  Going out: the last play, all opponents' pips added together and rounded once, and with
  partners the partner's own pips rounded apart and deducted, form one target-check event for
  the side going out, applied or discarded together. A block: the hands, lightest first,
  each score the sum of their positive differences to heavier opposing hands (never a
  partner's), rounded once; equal hands share a rank and are taken clockwise from the leader.
  Each is its own event; only an event passing 61 is discarded, and the first event landing
  exactly on 61 ends the match. The lightest hand wins the block. Scores are raw (5 = 1 display).

  @exact-61 @rule:settle.exact-61.opponents @rule:settle.exact-61.going-out-event @rule:score.last-play
  Scenario: Going out: the last play plus the opponent's pips, as one event
    Given an exact-61 table of 2 players at scores "100 100"
    And seat 0 has gone out with a play scoring 10
    And seat 1 holds "[2|6] [3|3] [4|5]"
    When the hand is settled
    Then the score events are
      | seat | cause     | raw | display | result  |
      | 0    | going-out | 35  | 7       | applied |
    And the display scores are "27 20"
    And every fact of fixture "settlement/exact-61-going-out-two-players" holds for exact-61

  @exact-61 @rule:settle.exact-61.opponents @rule:settle.round-nearest-five
  Scenario: All opponents' pips are added together and rounded once: 3 + 3 = 6 makes 5, not 10
    Given an exact-61 table of 3 players at scores "0 0 0"
    And seat 0 has gone out with a play scoring 0
    And seat 1 holds "[1|2]"
    And seat 2 holds "[0|3]"
    When the hand is settled
    Then the scores are "5 0 0"
    And every fact of fixture "settlement/exact-61-opponents-rounded-once" holds for exact-61

  @exact-61 @rule:settle.exact-61.partner @rule:settle.exact-61.going-out-event @rule:side.partnership
  Scenario: Partners: the partner's pips are rounded apart and deducted within the one event
    Given an exact-61 table of 4 players in partnerships at scores "50 50"
    And seat 0 has gone out with a play scoring 5
    And seat 1 holds "[0|3]"
    And seat 2 holds "[1|2]"
    And seat 3 holds "[0|4]"
    When the hand is settled
    Then the score events are
      | seat | side | cause     | raw | result  |
      | 0    | 0    | going-out | 5   | applied |
    And the display scores are "11 10"
    And every fact of fixture "settlement/exact-61-partner-deducted" holds for exact-61

  @exact-61 @rule:settle.exact-61.going-out-event @rule:settle.exact-61.partner
  Scenario: A going-out event whose parts cancel is still one event, of 0
    Given an exact-61 table of 4 players in partnerships at scores "20 20"
    And seat 0 has gone out with a play scoring 0
    And seat 1 holds "[0|1]"
    And seat 2 holds "[1|4]"
    And seat 3 holds "[1|5]"
    When the hand is settled
    Then the score events are
      | seat | side | cause     | raw | result  |
      | 0    | 0    | going-out | 0   | applied |
    And the display scores are "4 4"
    And every fact of fixture "settlement/exact-61-going-out-nets-zero" holds for exact-61

  @exact-61 @rule:settle.exact-61.going-out-event @rule:match.overshoot-discarded
  Scenario: A going-out event passing 61 is discarded whole, its last play included
    Given an exact-61 table of 2 players at scores "295 200"
    And seat 0 has gone out with a play scoring 10
    And seat 1 holds "[1|4]"
    When the hand is settled
    Then the score events are
      | cause     | raw | result    |
      | going-out | 15  | discarded |
    And the display scores are "59 40"
    And the match goes on
    And every fact of fixture "settlement/exact-61-going-out-discarded-whole" holds for exact-61

  @exact-61 @rule:match.exact-hit-wins @rule:settle.exact-61.going-out-event
  Scenario: A going-out event landing exactly on 61 wins
    Given an exact-61 table of 2 players at scores "285 200"
    And seat 0 has gone out with a play scoring 5
    And seat 1 holds "[2|6] [3|4]"
    When the hand is settled
    Then the display scores are "61 40"
    And side 0 wins the match
    And every fact of fixture "settlement/exact-61-going-out-lands-on-61" holds for exact-61

  @exact-61 @rule:settle.exact-61.partner @rule:score.negative
  Scenario: A heavy partner makes going out cost the team, below zero
    Given an exact-61 table of 4 players in partnerships at scores "0 40"
    And seat 0 has gone out with a play scoring 0
    And seat 1 holds "[0|1]"
    And seat 2 holds "[4|6] [5|6]"
    And seat 3 holds "[0|2]"
    When the hand is settled
    Then the scores are "-15 40"
    And every fact of fixture "settlement/exact-61-going-out-below-zero" holds for exact-61

  @exact-61 @rule:settle.exact-61.block-differences @rule:settle.exact-61.block-events @rule:settle.exact-61.block-winner
  Scenario: A three-player block: differences to heavier hands, lightest first
    Given an exact-61 table of 3 players at scores "0 0 0"
    And the hand is blocked
    And seat 0 led the hand
    And seat 0 holds "[0|2]"
    And seat 1 holds "[3|6]"
    And seat 2 holds "[0|3] [5|6]"
    When the hand is settled
    Then the score events are
      | seat | cause | pips | rounded | display |
      | 0    | block | 2    | 20      | 4       |
      | 1    | block | 9    | 5       | 1       |
    And side 0 wins the block
    And every fact of fixture "settlement/exact-61-block-three-players" holds for exact-61

  @exact-61 @implementation-defined @rule:settle.exact-61.block-differences @rule:settle.exact-61.block-events
  Scenario: Partners in a block: never compared with each other; equal hands clockwise from the leader
    Given an exact-61 table of 4 players in partnerships at scores "0 0"
    And the hand is blocked
    And seat 2 led the hand
    And seat 0 holds "[0|3]"
    And seat 1 holds "[1|4]"
    And seat 2 holds "[4|6]"
    And seat 3 holds "[2|3]"
    When the hand is settled
    Then the score events are
      | seat | side | pips | rounded |
      | 0    | 0    | 3    | 5       |
      | 3    | 1    | 5    | 5       |
      | 1    | 1    | 5    | 5       |
    And side 0 wins the block
    And every fact of fixture "settlement/exact-61-block-partners" holds for exact-61

  @exact-61 @implementation-defined @rule:settle.exact-61.block-events @rule:match.exact-hit-wins
  Scenario: The first block event landing on 61 ends the match; the next is not applied
    Given an exact-61 table of 3 players at scores "295 100 295"
    And the hand is blocked
    And seat 1 led the hand
    And seat 0 holds "[1|3]"
    And seat 1 holds "[1|1] [6|6]"
    And seat 2 holds "[0|4]"
    When the hand is settled
    Then the score events are
      | seat | raw | result  |
      | 2    | 10  | applied |
    And side 2 wins the match
    And the block has no winner
    And every fact of fixture "settlement/exact-61-block-exact-hit-stops" holds for exact-61

  @exact-61 @rule:settle.exact-61.block-events @rule:match.overshoot-discarded
  Scenario: Only the block event passing 61 is discarded; the next player's still counts
    Given an exact-61 table of 3 players at scores "290 250 0"
    And the hand is blocked
    And seat 0 led the hand
    And seat 0 holds "[0|1]"
    And seat 1 holds "[2|6]"
    And seat 2 holds "[3|3] [4|6]"
    When the hand is settled
    Then the score events are
      | seat | raw | result    |
      | 0    | 20  | discarded |
      | 1    | 10  | applied   |
    And the scores are "290 260 0"
    And every fact of fixture "settlement/exact-61-block-discard-others-count" holds for exact-61

  @exact-61 @implementation-defined @rule:settle.exact-61.block-events
  Scenario: Partners tied for the lightest hand score in clockwise order from the leader
    Given an exact-61 table of 4 players in partnerships at scores "0 0"
    And the hand is blocked
    And seat 0 led the hand
    And seat 0 holds "[0|2]"
    And seat 1 holds "[3|4]"
    And seat 2 holds "[1|1]"
    And seat 3 holds "[2|5]"
    When the hand is settled
    Then the scores are "20 0"
    And side 0 wins the block
    And every fact of fixture "settlement/exact-61-block-partners-tied-lightest" holds for exact-61

  @exact-61 @rule:settle.exact-61.block-differences @rule:settle.exact-61.block-winner
  Scenario: Equal opposing hands score nothing from each other and make a tied block
    Given an exact-61 table of 2 players at scores "10 10"
    And the hand is blocked
    And seat 0 led the hand
    And seat 0 holds "[1|2]"
    And seat 1 holds "[0|3]"
    When the hand is settled
    Then the scores are "10 10"
    And the block has no winner
    And every fact of fixture "settlement/exact-61-block-equal-hands-tie" holds for exact-61

  @exact-61 @implementation-defined @rule:settle.exact-61.block-events
  Scenario: A hand whose differences round to 0 forms no event
    Given an exact-61 table of 2 players at scores "10 10"
    And the hand is blocked
    And seat 0 led the hand
    And seat 0 holds "[0|3]"
    And seat 1 holds "[0|5]"
    When the hand is settled
    Then the scores are "10 10"
    And side 0 wins the block
    And every fact of fixture "settlement/exact-61-block-difference-rounding-to-zero" holds for exact-61

  @exact-61 @rule:side.alone
  Scenario: Three players each play alone: both others are opponents of the one who goes out
    Given an exact-61 table of 3 players at scores "20 30 40"
    And seat 1 has gone out with a play scoring 5
    And seat 0 holds "[0|4]"
    And seat 2 holds "[0|2]"
    When the hand is settled
    Then the scores are "20 40 40"
    And every fact of fixture "settlement/exact-61-three-players-each-alone" holds for exact-61

  @exact-61 @rule:settle.round-nearest-five
  Scenario: An opponent's 7 pips round down to 5
    Given an exact-61 table of 2 players at scores "0 0"
    And seat 0 has gone out with a play scoring 0
    And seat 1 holds "[3|4]"
    When the hand is settled
    Then the scores are "5 0"
    And every fact of fixture "settlement/exact-61-remainder-two-rounds-down" holds for exact-61

  @exact-61 @rule:settle.exact-61.going-out-event
  Scenario: Opponents' pips that round to 0 leave the going-out event its last play
    Given an exact-61 table of 3 players at scores "20 30 40"
    And seat 2 has gone out with a play scoring 10
    And seat 0 holds "[0|1]"
    And seat 1 holds "[0|0]"
    When the hand is settled
    Then the scores are "20 30 50"
    And every fact of fixture "settlement/exact-61-going-out-opponents-round-to-nothing" holds for exact-61

  @exact-61 @rule:settle.exact-61.going-out-event @rule:settle.round-nearest-five
  Scenario: Opponents' pips that round to 0 still leave the going-out event its last play
    Given an exact-61 table of 3 players at scores "100 100 100"
    And seat 0 has gone out with a play scoring 15
    And seat 1 holds "[0|0]"
    And seat 2 holds "[0|1]"
    When the hand is settled
    Then the score events are
      | seat | cause     | raw | display | result  |
      | 0    | going-out | 15  | 3       | applied |
    And the display scores are "23 20 20"
    And every fact of fixture "settlement/exact-61-going-out-opponents-round-to-zero" holds for exact-61

  @exact-61 @rule:settle.exact-61.block-differences @rule:settle.exact-61.block-winner
  Scenario: A block: a hand of [0|0] alone, 0 pips, scores its differences and is the lightest
    Given an exact-61 table of 3 players at scores "0 0 0"
    And the hand is blocked
    And seat 0 led the hand
    And seat 0 holds "[0|0]"
    And seat 1 holds "[1|2]"
    And seat 2 holds "[6|6]"
    When the hand is settled
    Then the score events are
      | seat | cause | pips | rounded | raw |
      | 0    | block | 0    | 15      | 15  |
      | 1    | block | 3    | 10      | 10  |
    And side 0 wins the block
    And every fact of fixture "settlement/exact-61-block-zero-pip-hand" holds for exact-61

  @exact-61 @rule:settle.exact-61.block-differences @rule:side.partnership
  Scenario: A block with partners: the partner's heavy hand adds nothing to the lightest hand
    Given an exact-61 table of 4 players in partnerships at scores "0 0"
    And the hand is blocked
    And seat 0 led the hand
    And seat 0 holds "[0|1]"
    And seat 1 holds "[1|2]"
    And seat 2 holds "[6|6]"
    And seat 3 holds "[2|3]"
    When the hand is settled
    Then the score events are
      | seat | side | cause | rounded | raw |
      | 0    | 0    | block | 5       | 5   |
      | 1    | 1    | block | 10      | 10  |
      | 3    | 1    | block | 5       | 5   |
    And side 0 wins the block
    And every fact of fixture "settlement/exact-61-block-never-against-the-partner" holds for exact-61

  @exact-61 @rule:match.target
  Scenario: Exact 61 block, three players: an event landing on 60 is no win; the next, landing on 61, wins
    Given an exact-61 table of 3 players at scores "285 295 100"
    And the hand is blocked
    And seat 0 led the hand
    And seat 0 holds "[0|1]"
    And seat 1 holds "[1|2]"
    And seat 2 holds "[0|6] [1|6]"
    When the hand is settled
    Then the display scores are "60 61 20"
    And side 1 wins the match
    And side 0 wins the block
    And every fact of fixture "settlement/exact-61-block-sixty-then-sixty-one" holds for exact-61

  @exact-61 @rule:match.target
  Scenario: Exact 61 block, four players: a team landing on 60 is no win; the other team, landing on 61, wins
    Given an exact-61 table of 4 players in partnerships at scores "285 295"
    And the hand is blocked
    And seat 0 led the hand
    And seat 0 holds "[0|1]"
    And seat 1 holds "[1|2]"
    And seat 2 holds "[0|6] [1|6]"
    And seat 3 holds "[0|2] [6|6]"
    When the hand is settled
    Then the display scores are "60 61"
    And side 1 wins the match
    And side 0 wins the block
    And every fact of fixture "settlement/exact-61-partners-block-sixty-then-sixty-one" holds for exact-61

  @exact-61 @rule:settle.exact-61.block-events
  Scenario: Exact 61 block, three players: the hands score from the lightest up, not in seat order
    Given an exact-61 table of 3 players at scores "100 100 100"
    And the hand is blocked
    And seat 0 led the hand
    And seat 0 holds "[6|6] [0|0]"
    And seat 1 holds "[1|4]"
    And seat 2 holds "[0|1]"
    When the hand is settled
    Then the score events are
      | seat | pips | rounded |
      | 2    | 1    | 15      |
      | 1    | 5    | 5       |
    And the match goes on
    And side 2 wins the block
    And every fact of fixture "settlement/exact-61-block-lightest-first-not-seat-order" holds for exact-61

  @exact-61 @rule:settle.exact-61.block-differences
  Scenario: Exact 61 block, four players: an equal opposing hand gives no difference; only the heavier one counts
    Given an exact-61 table of 4 players in partnerships at scores "100 100"
    And the hand is blocked
    And seat 0 led the hand
    And seat 0 holds "[0|1]"
    And seat 1 holds "[1|4]"
    And seat 2 holds "[2|3]"
    And seat 3 holds "[6|6]"
    When the hand is settled
    Then the score events are
      | seat | pips | rounded |
      | 0    | 1    | 15      |
      | 2    | 5    | 5       |
    And the display scores are "24 20"
    And side 0 wins the block
    And every fact of fixture "settlement/exact-61-block-equal-opponents-give-nothing" holds for exact-61

  @exact-61 @rule:settle.exact-61.partner
  Scenario: Partners: the partner's rounded pips come off the last play and the opponents' pips
    Given an exact-61 table of 4 players in partnerships at scores "100 100"
    And seat 1 has gone out with a play scoring 10
    And seat 0 holds "[3|4]"
    And seat 2 holds "[1|6]"
    And seat 3 holds "[2|6]"
    When the hand is settled
    Then the display scores are "20 23"
    And the match goes on
    And every fact of fixture "settlement/exact-61-partner-deducted-from-the-gain" holds for exact-61

  @exact-61 @rule:settle.exact-61.block-winner
  Scenario: Partners tied for the lightest hand win the block for their team, whatever order their events take
    Given an exact-61 table of 4 players in partnerships at scores "0 0"
    And the hand is blocked
    And seat 0 led the hand
    And seat 0 holds "[0|2]"
    And seat 1 holds "[3|4]"
    And seat 2 holds "[1|1]"
    And seat 3 holds "[2|5]"
    When the hand is settled
    Then side 0 wins the block
    And every fact of fixture "settlement/exact-61-block-partners-tied-lightest-win" holds for exact-61
