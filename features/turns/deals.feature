@turns
Feature: Deals
  Each player is dealt the game's number of tiles for the player count and the rest is the
  boneyard: five each in Five Up and Exact 61; nine, seven or five in All Fives for two,
  three or four players, or one of its two alternative deals. A deal holds each of the 28
  tiles once. Four players of Five Up and Exact 61 always play as partners.

  @five-up @exact-61 @rule:deal.hand-size
  Scenario Outline: Six tiles each is no Five Up deal (<game>)
    Given the <game> rules
    And a deal for 2 players
    And seat 0 holds "[0|6] [1|2] [3|4] [3|6] [5|5] [1|4]"
    And seat 1 holds "[0|1] [1|3] [2|4] [3|3] [4|5] [0|0]"
    And the boneyard holds "[6|6] [1|1] [3|5] [0|2] [2|6] [0|3] [2|5] [2|2] [1|5] [1|6] [4|4] [0|5] [4|6] [5|6] [2|3] [0|4]"
    And seat 0 leads
    When the deal is made
    Then the deal is rejected citing rule "deal.hand-size"
    And every fact of fixture "turns/five-tiles-each" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |

  @all-fives @rule:deal.hand-size
  Scenario Outline: All Fives deals nine each to two players, not five
    Given the <game> rules
    And a deal for 2 players
    And seat 0 holds "[0|6] [1|2] [3|4] [3|6] [5|5]"
    And seat 1 holds "[0|1] [1|3] [2|4] [3|3] [4|5]"
    And the boneyard holds "[1|4] [0|0] [6|6] [1|1] [3|5] [0|2] [2|6] [0|3] [2|5] [2|2] [1|5] [1|6] [4|4] [0|5] [4|6] [5|6] [2|3] [0|4]"
    And seat 0 leads
    When the deal is made
    Then the deal is rejected citing rule "deal.hand-size"
    And every fact of fixture "turns/all-fives-two-players-deal-nine" holds for <game>

    Examples:
      | game      |
      | all-fives |

  @all-fives @rule:deal.options
  Scenario Outline: All Fives' alternative deal of five each
    Given the <game> rules
    And a deal for 2 players
    And seat 0 holds "[0|6] [1|2] [3|4] [3|6] [5|5]"
    And seat 1 holds "[0|1] [1|3] [2|4] [3|3] [4|5]"
    And the boneyard holds "[1|4] [0|0] [6|6] [1|1] [3|5] [0|2] [2|6] [0|3] [2|5] [2|2] [1|5] [1|6] [4|4] [0|5] [4|6] [5|6] [2|3] [0|4]"
    And seat 0 leads
    And the deal option "five-each"
    When the deal is made
    Then seat 0 is to act
    And the legal actions are "[0|6] [1|2] [3|4] [3|6] [5|5]"
    And every fact of fixture "turns/all-fives-five-each" holds for <game>

    Examples:
      | game      |
      | all-fives |

  @all-fives @rule:deal.options
  Scenario Outline: All Fives' alternative deal of seven each to two players
    Given the <game> rules
    And a deal for 2 players
    And seat 0 holds "[0|6] [1|2] [3|4] [3|6] [5|5] [1|4] [0|0]"
    And seat 1 holds "[0|1] [1|3] [2|4] [3|3] [4|5] [6|6] [1|1]"
    And the boneyard holds "[3|5] [0|2] [2|6] [0|3] [2|5] [2|2] [1|5] [1|6] [4|4] [0|5] [4|6] [5|6] [2|3] [0|4]"
    And seat 1 leads
    And the deal option "seven-five"
    When the deal is made
    Then seat 1 is to act
    And the legal actions are "[0|1] [1|1] [1|3] [2|4] [3|3] [4|5] [6|6]"
    And every fact of fixture "turns/all-fives-seven-five" holds for <game>

    Examples:
      | game      |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:equipment.double-six
  Scenario Outline: A deal holds each of the 28 tiles once (<game>)
    Given the <game> rules
    And a deal for 4 players
    And seat 0 holds "[0|3] [1|1] [2|2] [2|5] [3|3]"
    And seat 1 holds "[0|5] [1|5] [2|4] [3|4] [3|6]"
    And seat 2 holds "[0|1] [0|2] [0|6] [2|6] [5|6]"
    And seat 3 holds "[0|0] [3|5] [4|5] [5|5] [6|6]"
    And the boneyard holds "[1|2] [1|6] [1|4] [1|3] [2|3] [0|4] [4|4] [0|0]"
    And seat 0 leads
    When the deal is made
    Then the deal is rejected citing rule "equipment.double-six"
    And every fact of fixture "turns/every-tile-once" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @rule:side.partnership
  Scenario Outline: Four players of <game> play in partnerships
    Given the <game> rules
    And a deal for 4 players playing alone
    And seat 0 holds "[0|3] [1|1] [2|2] [2|5] [3|3]"
    And seat 1 holds "[0|5] [1|5] [2|4] [3|4] [3|6]"
    And seat 2 holds "[0|1] [0|2] [0|6] [2|6] [5|6]"
    And seat 3 holds "[0|0] [3|5] [4|5] [5|5] [6|6]"
    And the boneyard holds "[1|2] [1|6] [1|4] [1|3] [2|3] [0|4] [4|4] [4|6]"
    And seat 0 leads
    When the deal is made
    Then the deal is rejected citing rule "side.partnership"
    And every fact of fixture "turns/four-players-are-partners" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |

  @five-up @exact-61 @rule:side.alone
  Scenario Outline: Three players of <game> never play in partnerships
    Given the <game> rules
    And a deal for 3 players in partnerships
    And seat 0 holds "[1|3] [1|4] [1|6] [4|5] [5|5]"
    And seat 1 holds "[0|2] [0|4] [1|1] [3|6] [4|4]"
    And seat 2 holds "[0|3] [1|5] [2|5] [2|6] [3|5]"
    And the boneyard holds "[3|4] [5|6] [0|5] [1|2] [4|6] [2|3] [0|6] [0|0] [6|6] [2|4] [2|2] [0|1] [3|3]"
    And seat 0 leads
    When the deal is made
    Then the deal is rejected citing rule "side.alone"
    And every fact of fixture "turns/no-partners-with-three" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |

  @all-fives @implementation-defined @rule:side.alone
  Scenario Outline: Four players of All Fives may play alone
    Given the <game> rules
    And a deal for 4 players playing alone
    And seat 0 holds "[0|3] [1|1] [2|2] [2|5] [3|3]"
    And seat 1 holds "[0|5] [1|5] [2|4] [3|4] [3|6]"
    And seat 2 holds "[0|1] [0|2] [0|6] [2|6] [5|6]"
    And seat 3 holds "[0|0] [3|5] [4|5] [5|5] [6|6]"
    And the boneyard holds "[1|2] [1|6] [1|4] [1|3] [2|3] [0|4] [4|4] [4|6]"
    And seat 0 leads
    When the deal is made
    Then seat 0 is to act
    And every fact of fixture "turns/all-fives-four-alone" holds for <game>

    Examples:
      | game      |
      | all-fives |

  @all-fives @rule:deal.hand-size
  Scenario: All Fives deals seven each to three players
    Given the all-fives rules
    And a deal for 3 players
    And seat 0 holds "[0|0] [1|2] [2|4] [3|6] [4|5] [5|5] [0|6]"
    And seat 1 holds "[0|1] [1|3] [2|5] [3|3] [4|6] [5|6] [1|1]"
    And seat 2 holds "[0|2] [1|4] [2|6] [3|4] [4|4] [6|6] [2|2]"
    And the boneyard holds "[0|3] [0|4] [0|5] [1|5] [1|6] [2|3] [3|5]"
    And seat 0 leads
    When the deal is made
    Then seat 0 is to act
    And the legal actions are "[0|0] [1|2] [2|4] [3|6] [4|5] [5|5] [0|6]"
    And every fact of fixture "turns/all-fives-three-players-deal-seven" holds for all-fives

  @all-fives @rule:deal.options
  Scenario: All Fives' alternative deal of five each, three players
    Given the all-fives rules
    And a deal for 3 players
    And seat 0 holds "[0|0] [1|2] [2|4] [3|6] [4|5]"
    And seat 1 holds "[0|1] [1|3] [2|5] [3|3] [4|6]"
    And seat 2 holds "[0|2] [1|4] [2|6] [3|4] [4|4]"
    And the boneyard holds "[5|5] [0|6] [5|6] [1|1] [6|6] [2|2] [0|3] [0|4] [0|5] [1|5] [1|6] [2|3] [3|5]"
    And seat 0 leads
    And the deal option "five-each"
    When the deal is made
    Then seat 0 is to act
    And the legal actions are "[0|0] [1|2] [2|4] [3|6] [4|5]"
    And every fact of fixture "turns/all-fives-five-each-three-players" holds for all-fives

  @all-fives @rule:deal.options
  Scenario: All Fives' alternative deal of five each, four players
    Given the all-fives rules
    And a deal for 4 players in partnerships
    And seat 0 holds "[0|0] [1|2] [2|4] [3|6] [4|5]"
    And seat 1 holds "[0|1] [1|3] [2|5] [3|3] [4|6]"
    And seat 2 holds "[0|2] [1|4] [2|6] [3|4] [4|4]"
    And seat 3 holds "[5|5] [0|6] [5|6] [1|1] [6|6]"
    And the boneyard holds "[2|2] [0|3] [0|4] [0|5] [1|5] [1|6] [2|3] [3|5]"
    And seat 0 leads
    And the deal option "five-each"
    When the deal is made
    Then seat 0 is to act
    And the legal actions are "[0|0] [1|2] [2|4] [3|6] [4|5]"
    And every fact of fixture "turns/all-fives-five-each-four-players" holds for all-fives

  @all-fives @rule:deal.options
  Scenario: All Fives' alternative deal of seven or five: five each to three players
    Given the all-fives rules
    And a deal for 3 players
    And seat 0 holds "[0|0] [1|2] [2|4] [3|6] [4|5]"
    And seat 1 holds "[0|1] [1|3] [2|5] [3|3] [4|6]"
    And seat 2 holds "[0|2] [1|4] [2|6] [3|4] [4|4]"
    And the boneyard holds "[5|5] [0|6] [5|6] [1|1] [6|6] [2|2] [0|3] [0|4] [0|5] [1|5] [1|6] [2|3] [3|5]"
    And seat 0 leads
    And the deal option "seven-five"
    When the deal is made
    Then seat 0 is to act
    And the legal actions are "[0|0] [1|2] [2|4] [3|6] [4|5]"
    And every fact of fixture "turns/all-fives-seven-five-three-players" holds for all-fives

  @all-fives @rule:deal.options
  Scenario: All Fives' alternative deal of seven or five: five each to four players
    Given the all-fives rules
    And a deal for 4 players in partnerships
    And seat 0 holds "[0|0] [1|2] [2|4] [3|6] [4|5]"
    And seat 1 holds "[0|1] [1|3] [2|5] [3|3] [4|6]"
    And seat 2 holds "[0|2] [1|4] [2|6] [3|4] [4|4]"
    And seat 3 holds "[5|5] [0|6] [5|6] [1|1] [6|6]"
    And the boneyard holds "[2|2] [0|3] [0|4] [0|5] [1|5] [1|6] [2|3] [3|5]"
    And seat 0 leads
    And the deal option "seven-five"
    When the deal is made
    Then seat 0 is to act
    And the legal actions are "[0|0] [1|2] [2|4] [3|6] [4|5]"
    And every fact of fixture "turns/all-fives-seven-five-four-players" holds for all-fives

  @five-up @exact-61 @rule:side.alone
  Scenario Outline: Three players of <game> score alone, never in partnerships
    Given the <game> rules
    And a deal for 3 players in partnerships
    And seat 0 holds "[0|0] [1|2] [2|4] [3|6] [4|5]"
    And seat 1 holds "[0|1] [1|3] [2|5] [3|3] [4|6]"
    And seat 2 holds "[0|2] [1|4] [2|6] [3|4] [4|4]"
    And the boneyard holds "[5|5] [0|6] [5|6] [1|1] [6|6] [2|2] [0|3] [0|4] [0|5] [1|5] [1|6] [2|3] [3|5]"
    And seat 0 leads
    When the deal is made
    Then the deal is rejected citing rule "side.alone"
    And every fact of fixture "turns/three-players-score-alone" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
