@layout @ruling
Feature: Rulings where the sources are terse
  Cases a careful rules lawyer adds: the lead scores, a lone double counts once, a spinner
  with one straight side filled still counts both halves, branches wait for both straight
  sides, and the side used first is side A.

  @five-up @exact-61 @all-fives @rule:score.ends.double-outer-both-halves
  Scenario Outline: Leading [5|5] scores 10 raw: the lone double counts its halves once
    Given an empty <game> layout
    When "[5|5]" is played
    Then the scoring ends are
      | tile   | value |
      | [5\|5] | 10    |
    And the play scores 10 raw
    And every fact of fixture "layout/lone-led-double-5-5" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:layout.spinner.straights-first
  Scenario Outline: A spinner with one straight side filled counts both halves and opens no branch
    Given a <game> layout after the plays "[5|5]"
    When "[0|5]@[5|5]:straight-a" is played
    Then the scoring ends total 10
    And the attach points are
      | attach point                |
      | [0\|5] (small end, 0)       |
      | [5\|5] (straight side B, 5) |
    And every fact of fixture "layout/spinner-one-straight-side" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:layout.spinner.straights-first
  Scenario Outline: A tile on a side branch before both straight sides are filled is rejected
    Given a <game> layout after the plays "[5|5] [0|5]@[5|5]:straight-a"
    When "[3|5]@[5|5]:branch-a" is attempted
    Then the play is rejected citing rule "layout.spinner.straights-first"
    And the scoring ends total 10
    And every fact of fixture "layout/branch-before-straights" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @implementation-defined @rule:layout.side-a-first
  Scenario Outline: The side used first is side A
    Given a <game> layout after the plays "<before>"
    When "<play>" is attempted
    Then the play is rejected citing rule "layout.side-a-first"
    And every fact of fixture "<fixture>" holds for <game>

    Examples:
      | game      | before                                                   | play                     | fixture                    |
      | five-up   | [2\|2]                                                   | [2\|3]@[2\|2]:straight-b | layout/straight-b-before-a |
      | exact-61  | [2\|2]                                                   | [2\|3]@[2\|2]:straight-b | layout/straight-b-before-a |
      | all-fives | [2\|2]                                                   | [2\|3]@[2\|2]:straight-b | layout/straight-b-before-a |
      | five-up   | [5\|5] [0\|5]@[5\|5]:straight-a [5\|6]@[5\|5]:straight-b | [2\|5]@[5\|5]:branch-b   | layout/branch-b-before-a   |
      | exact-61  | [5\|5] [0\|5]@[5\|5]:straight-a [5\|6]@[5\|5]:straight-b | [2\|5]@[5\|5]:branch-b   | layout/branch-b-before-a   |
      | all-fives | [5\|5] [0\|5]@[5\|5]:straight-a [5\|6]@[5\|5]:straight-b | [2\|5]@[5\|5]:branch-b   | layout/branch-b-before-a   |

  @five-up @exact-61 @all-fives @rule:play.match-attach-point @rule:equipment.double-six
  Scenario Outline: Unmatched pips and a tile played twice are rejected
    Given a <game> layout after the plays "<before>"
    When "<play>" is attempted
    Then the play is rejected citing rule "<rule>"
    And every fact of fixture "<fixture>" holds for <game>

    Examples:
      | game      | before                          | play                     | rule                    | fixture                           |
      | five-up   | [4\|5]                          | [2\|3]@[4\|5]:small-end  | play.match-attach-point | layout/unmatched-pips-rejected    |
      | exact-61  | [4\|5]                          | [2\|3]@[4\|5]:small-end  | play.match-attach-point | layout/unmatched-pips-rejected    |
      | all-fives | [4\|5]                          | [2\|3]@[4\|5]:small-end  | play.match-attach-point | layout/unmatched-pips-rejected    |
      | five-up   | [3\|3] [3\|6]@[3\|3]:straight-a | [3\|6]@[3\|3]:straight-b | equipment.double-six    | layout/tile-played-twice-rejected |
      | exact-61  | [3\|3] [3\|6]@[3\|3]:straight-a | [3\|6]@[3\|3]:straight-b | equipment.double-six    | layout/tile-played-twice-rejected |
      | all-fives | [3\|3] [3\|6]@[3\|3]:straight-a | [3\|6]@[3\|3]:straight-b | equipment.double-six    | layout/tile-played-twice-rejected |

  @five-up @exact-61 @rule:layout.spinner.every-double
  Scenario Outline: Every double is a spinner: a later double opens its branches
    Given a <game> layout after the plays "[1|1] [1|4]@[1|1]:straight-a [1|2]@[1|1]:straight-b [4|4]@[1|4]:big-end [4|6]@[4|4]:straight-b"
    When "[4|5]@[4|4]:branch-a" is played
    Then the spinners are "[1|1], [4|4]"
    And the play scores 0 raw and 0 display
    And every fact of fixture "layout/second-double-opens-branch" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |

  @five-up @exact-61 @rule:score.unit.display
  Scenario Outline: Two doubles at the ends total 8 + 12 = 20: 20 raw, 4 display
    Given a <game> layout after the plays "[4|6] [6|6]@[4|6]:big-end"
    When "[4|4]@[4|6]:small-end" is played
    Then the play scores 20 raw and 4 display
    And every fact of fixture "layout/total-20-four-display" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |


  @five-up @exact-61 @all-fives @rule:score.play.multiple-of-five
  Scenario Outline: Totals of 12 and 17 are no multiples of 5 and score nothing
    Given a <game> layout after the plays "<before>"
    When "<play>" is played
    Then the scoring ends total <total>
    And the play scores 0 raw
    And every fact of fixture "<fixture>" holds for <game>

    Examples:
      | game      | before | play                   | total | fixture                       |
      | five-up   |        | [6\|6]                 | 12    | layout/total-12-scores-nothing |
      | exact-61  |        | [6\|6]                 | 12    | layout/total-12-scores-nothing |
      | all-fives |        | [6\|6]                 | 12    | layout/total-12-scores-nothing |
      | five-up   | [6\|6] | [5\|6]@[6\|6]:straight-a | 17    | layout/total-17-scores-nothing |
      | exact-61  | [6\|6] | [5\|6]@[6\|6]:straight-a | 17    | layout/total-17-scores-nothing |
      | all-fives | [6\|6] | [5\|6]@[6\|6]:straight-a | 17    | layout/total-17-scores-nothing |

  @five-up @exact-61 @all-fives @rule:play.match-attach-point
  Scenario Outline: A second lead, naming no attach point, is rejected once the layout is started (<game>)
    Given a <game> layout after the plays "[4|5]"
    When "[5|6]" is attempted
    Then the play is rejected citing rule "play.match-attach-point"
    And every fact of fixture "layout/second-lead-rejected" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:play.match-attach-point
  Scenario Outline: A play joining a tile that is not in the layout is rejected (<game>)
    Given a <game> layout after the plays "[4|5]"
    When "[5|6]@[1|6]:small-end" is attempted
    Then the play is rejected citing rule "play.match-attach-point"
    And every fact of fixture "layout/anchor-not-in-the-layout-rejected" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:layout.double.crosswise
  Scenario Outline: A double lies crosswise: a play at its small end is rejected (<game>)
    Given a <game> layout after the plays "[5|5]"
    When "[5|6]@[5|5]:small-end" is attempted
    Then the play is rejected citing rule "layout.double.crosswise"
    And every fact of fixture "layout/double-has-no-ends-rejected" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:layout.double.crosswise
  Scenario Outline: Only a double lies crosswise: a play at a straight side of [4|5] is rejected (<game>)
    Given a <game> layout after the plays "[4|5]"
    When "[5|6]@[4|5]:straight-a" is attempted
    Then the play is rejected citing rule "layout.double.crosswise"
    And every fact of fixture "layout/straight-side-only-on-a-double-rejected" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:play.match-attach-point
  Scenario Outline: A place already taken is no attach point: a second tile there is rejected (<game>)
    Given a <game> layout after the plays "[4|5] [5|6]@[4|5]:big-end"
    When "[3|5]@[4|5]:big-end" is attempted
    Then the play is rejected citing rule "play.match-attach-point"
    And every fact of fixture "layout/taken-place-rejected" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |
