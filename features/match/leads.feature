@match
Feature: Who leads each hand
  A neutral draw decides the leader of the first hand, drawn again among the players tied for
  the highest until one is alone on top. The player who went out leads the next hand. After a
  block a new neutral draw decides.

  @five-up @exact-61 @implementation-defined @rule:lead.neutral-draw
  Scenario Outline: A neutral draw with a tie draws again among the tied players (<game>)
    Given the <game> match scripted in fixture "match/neutral-draw-ties-draw-again"
    When the scripted hands are played
    Then the leaders are "0"
    And seat 0 is to act
    And every fact of fixture "match/neutral-draw-ties-draw-again" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |

  @five-up @exact-61 @implementation-defined @rule:lead.neutral-draw
  Scenario Outline: A neutral draw left tied has decided nothing (<game>)
    Given the <game> match scripted in fixture "match/neutral-draw-must-be-decided"
    When the scripted hands are played
    Then the deal is rejected citing rule "lead.neutral-draw"
    And every fact of fixture "match/neutral-draw-must-be-decided" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |

  @five-up @exact-61 @rule:deal.hand-size
  Scenario Outline: A later hand dealt for another number of players is refused (<game>)
    Given the <game> match scripted in fixture "match/later-hand-for-other-players"
    When the scripted hands are played
    Then the deal is rejected citing rule "deal.hand-size"
    And every fact of fixture "match/later-hand-for-other-players" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |

  @five-up @exact-61 @rule:lead.went-out-leads
  Scenario Outline: The player who went out leads; a deal naming another leader is refused (<game>)
    Given the <game> match scripted in fixture "match/went-out-leads-not-another"
    When the scripted hands are played
    Then the deal is rejected citing rule "lead.went-out-leads"
    And every fact of fixture "match/went-out-leads-not-another" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |

  @five-up @exact-61 @all-fives @rule:lead.after-block
  Scenario Outline: After a block the next leader needs a new neutral draw (<game>)
    Given the <game> match scripted in fixture "match/neutral-draw-after-a-block"
    When the scripted hands are played
    Then the deal is rejected citing rule "lead.after-block"
    And every fact of fixture "match/neutral-draw-after-a-block" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @all-fives @rule:lead.went-out-leads
  Scenario: All Fives: the player who went out leads; a deal naming another leader is refused
    Given the all-fives match scripted in fixture "match/all-fives-went-out-leads-not-another"
    When the scripted hands are played
    Then the deal is rejected citing rule "lead.went-out-leads"
    And every fact of fixture "match/all-fives-went-out-leads-not-another" holds for all-fives

  @five-up @exact-61 @rule:lead.went-out-leads
  Scenario Outline: The player who went out leads again, even after leading; the next seat may not (<game>)
    Given the <game> match scripted in fixture "match/went-out-leads-again"
    When the scripted hands are played
    Then the deal is rejected citing rule "lead.went-out-leads"
    And every fact of fixture "match/went-out-leads-again" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |

  @five-up @exact-61 @implementation-defined @rule:lead.neutral-draw
  Scenario Outline: The drawn tiles go back: a tile of one round may be drawn in the next (<game>)
    Given the <game> match scripted in fixture "match/neutral-draw-tile-drawn-again"
    When the scripted hands are played
    Then the leaders are "0"
    And seat 0 is to act
    And every fact of fixture "match/neutral-draw-tile-drawn-again" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |

  @five-up @exact-61 @implementation-defined @rule:lead.neutral-draw
  Scenario Outline: Two players cannot draw the same tile in one round (<game>)
    Given the <game> match scripted in fixture "match/neutral-draw-tile-twice-in-a-round"
    When the scripted hands are played
    Then the deal is rejected citing rule "lead.neutral-draw"
    And every fact of fixture "match/neutral-draw-tile-twice-in-a-round" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |

  @five-up @exact-61 @all-fives @rule:lead.went-out-leads @rule:hand.end.going-out
  Scenario Outline: Four players: the player who went out leads the next hand (<game>)
    Given the <game> match scripted in fixture "match/went-out-leads-four-players"
    When the scripted hands are played
    Then the leaders are "0 0"
    And the match goes on
    And seat 0 is to act
    And every fact of fixture "match/went-out-leads-four-players" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @all-fives @rule:lead.went-out-leads @rule:hand.end.going-out
  Scenario: All Fives, three players: the player who went out leads the next hand
    Given the all-fives match scripted in fixture "match/all-fives-three-players-went-out-leads"
    When the scripted hands are played
    Then the leaders are "0 0"
    And the match goes on
    And seat 0 is to act
    And every fact of fixture "match/all-fives-three-players-went-out-leads" holds for all-fives
