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

  @five-up @exact-61 @all-fives @rule:play.match-attach-point
  Scenario Outline: Two open ends show 2: the play goes on the one it names
    Given a <game> layout after the plays "[1|4] [1|2]@[1|4]:small-end [2|4]@[1|4]:big-end"
    When "[2|3]@[1|2]:big-end" is played
    Then the attach points are
      | attach point          |
      | [2\|3] (big end, 3)   |
      | [2\|4] (small end, 2) |
    And the scoring ends total 5
    And every fact of fixture "layout/two-ends-same-pips" holds for <game>

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

  @five-up @exact-61 @all-fives @rule:layout.double.crosswise
  Scenario Outline: A double lies crosswise: it has no small or big end to play on
    Given a <game> layout after the plays "[3|3]"
    When "[3|4]@[3|3]:small-end" is attempted
    Then the play is rejected citing rule "layout.double.crosswise"
    And the scoring ends total 6
    And every fact of fixture "layout/double-has-no-end" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @implementation-defined @rule:layout.side-a-first
  Scenario Outline: Naming side B while side A is open is the same move: it takes side A
    Given a <game> layout after the plays "<before>"
    When "<play>" is played
    Then the scoring ends total <total>
    And every fact of fixture "<fixture>" holds for <game>

    Examples:
      | game      | before                                                   | play                     | total | fixture                    |
      | five-up   | [2\|2]                                                   | [2\|3]@[2\|2]:straight-b | 7     | layout/straight-b-before-a |
      | exact-61  | [2\|2]                                                   | [2\|3]@[2\|2]:straight-b | 7     | layout/straight-b-before-a |
      | all-fives | [2\|2]                                                   | [2\|3]@[2\|2]:straight-b | 7     | layout/straight-b-before-a |
      | five-up   | [5\|5] [0\|5]@[5\|5]:straight-a [5\|6]@[5\|5]:straight-b | [2\|5]@[5\|5]:branch-b   | 8     | layout/branch-b-before-a   |
      | exact-61  | [5\|5] [0\|5]@[5\|5]:straight-a [5\|6]@[5\|5]:straight-b | [2\|5]@[5\|5]:branch-b   | 8     | layout/branch-b-before-a   |
      | all-fives | [5\|5] [0\|5]@[5\|5]:straight-a [5\|6]@[5\|5]:straight-b | [2\|5]@[5\|5]:branch-b   | 8     | layout/branch-b-before-a   |

  @five-up @exact-61 @all-fives @rule:play.match-attach-point @rule:equipment.double-six
  Scenario Outline: Unmatched pips, a second lead, a tile not down, a place taken and a tile played twice are rejected
    Given a <game> layout after the plays "<before>"
    When "<play>" is attempted
    Then the play is rejected citing rule "<rule>"
    And every fact of fixture "<fixture>" holds for <game>

    Examples:
      | game      | before                          | play                     | rule                    | fixture                           |
      | five-up   | [4\|5]                          | [2\|3]@[4\|5]:small-end  | play.match-attach-point | layout/unmatched-pips-rejected    |
      | exact-61  | [4\|5]                          | [2\|3]@[4\|5]:small-end  | play.match-attach-point | layout/unmatched-pips-rejected    |
      | all-fives | [4\|5]                          | [2\|3]@[4\|5]:small-end  | play.match-attach-point | layout/unmatched-pips-rejected    |
      | five-up   | [4\|5]                          | [2\|3]                   | play.match-attach-point | layout/second-lead-rejected |
      | exact-61  | [4\|5]                          | [2\|3]                   | play.match-attach-point | layout/second-lead-rejected |
      | all-fives | [4\|5]                          | [2\|3]                   | play.match-attach-point | layout/second-lead-rejected |
      | five-up   | [4\|5]                          | [4\|6]@[6\|6]:straight-a | play.match-attach-point | layout/anchor-not-in-the-layout-rejected |
      | exact-61  | [4\|5]                          | [4\|6]@[6\|6]:straight-a | play.match-attach-point | layout/anchor-not-in-the-layout-rejected |
      | all-fives | [4\|5]                          | [4\|6]@[6\|6]:straight-a | play.match-attach-point | layout/anchor-not-in-the-layout-rejected |
      | five-up   | [4\|5] [5\|6]@[4\|5]:big-end    | [5\|5]@[4\|5]:big-end    | play.match-attach-point | layout/place-taken-rejected |
      | exact-61  | [4\|5] [5\|6]@[4\|5]:big-end    | [5\|5]@[4\|5]:big-end    | play.match-attach-point | layout/place-taken-rejected |
      | all-fives | [4\|5] [5\|6]@[4\|5]:big-end    | [5\|5]@[4\|5]:big-end    | play.match-attach-point | layout/place-taken-rejected |
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

  @five-up @exact-61 @all-fives @rule:layout.double.crosswise
  Scenario Outline: A double joined to the line lies crosswise, offers straight side B and counts both halves
    Given a <game> layout after the plays "[0|5]"
    When "[5|5]@[0|5]:big-end" is played
    Then the attach points are
      | attach point                |
      | [0\|5] (small end, 0)       |
      | [5\|5] (straight side B, 5) |
    And the scoring ends total 10
    And the play scores 10 raw
    And every fact of fixture "layout/double-joined-straight-b" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @all-fives @rule:layout.double.crosswise @rule:layout.spinner.first-double
  Scenario: Under All Fives a later double is no spinner, yet lies crosswise and offers straight side B
    Given an all-fives layout after the plays "[2|2] [2|6]@[2|2]:straight-a"
    When "[6|6]@[2|6]:big-end" is played
    Then the spinners are "[2|2]"
    And the attach points are
      | attach point                |
      | [2\|2] (straight side B, 2) |
      | [6\|6] (straight side B, 6) |
    And the scoring ends total 16
    And every fact of fixture "layout/all-fives-later-double-straight-b" holds for all-fives

  @five-up @exact-61 @all-fives @rule:layout.attach-points-not-scoring-ends
  Scenario Outline: Once side branch A is started, side branch B is an attach point but no scoring end
    Given a <game> layout after the plays "[5|5] [0|5]@[5|5]:straight-a [5|6]@[5|5]:straight-b"
    When "[2|5]@[5|5]:branch-a" is played
    Then the attach points include "[5|5] (side branch B, 5)" and "[2|5] (small end, 2)"
    And the scoring ends total 8
    And every fact of fixture "layout/branch-b-open-after-branch-a" holds for <game>

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

  @five-up @exact-61 @all-fives @rule:score.play.multiple-of-five
  Scenario Outline: The lead scores like any play: [2|3] led totals 5 and scores 5
    Given an empty <game> layout
    When "[2|3]" is played
    Then the scoring ends total 5
    And the play scores 5 raw
    And every fact of fixture "layout/lead-scores" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @rule:score.ends.double-interior-zero
  Scenario Outline: Once both straight sides of [6|6] are filled, the double no longer contributes 12
    Given a <game> layout after the plays "[3|6] [6|6]@[3|6]:big-end"
    When "[2|6]@[6|6]:straight-b" is played
    Then the scoring ends total 5
    And the play scores 5 raw
    And every fact of fixture "layout/double-6-6-interior" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |

  @five-up @exact-61 @all-fives @rule:score.ends.double-interior-zero
  Scenario Outline: A spinner that was not the lead, surrounded on all four sides, counts nothing
    Given a <game> layout after the plays "[1|5] [1|1]@[1|5]:small-end [1|2]@[1|1]:straight-b [1|3]@[1|1]:branch-a"
    When "[0|1]@[1|1]:branch-b" is played
    Then the scoring ends total 10
    And the play scores 10 raw
    And every fact of fixture "layout/non-lead-spinner-interior" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @five-up @exact-61 @all-fives @rule:lead.any-tile
  Scenario Outline: The empty layout has no attach point, totals 0, and any tile leads (<game>)
    Given an empty <game> layout
    Then the scoring ends total 0
    And every fact of fixture "layout/empty-layout-any-lead" holds for <game>

    Examples:
      | game      |
      | five-up   |
      | exact-61  |
      | all-fives |

  @all-fives @rule:score.unit.raw
  Scenario: All Fives keeps scores in points: ends totalling 15 score 15
    Given an all-fives layout after the plays "[3|6]"
    When "[6|6]@[3|6]:big-end" is played
    Then the scoring ends total 15
    And the play scores 15 raw
    And every fact of fixture "layout/all-fives-score-kept-in-raw-points" holds for all-fives
