@layout @all-fives
Feature: The same layouts under All Fives rules
  In All Fives only the first double played is a spinner, wherever it lands; later doubles
  are played crosswise and count both halves at the end of the line, but never open side
  branches and count nothing once both sides are filled. Scores are raw points.

  @rule:layout.spinner.first-double @rule:score.ends.double-interior-zero
  Scenario: Playing [1|2]: [4|4] is an ordinary double, so only [1|1] opens branches
    Given an all-fives layout after the plays "[1|4] [1|1]@[1|4]:small-end [4|4]@[1|4]:big-end [3|4]@[4|4]:straight-b"
    When "[1|2]@[1|1]:straight-b" is played
    Then the spinners are "[1|1]"
    And the attach points are
      | attach point              |
      | [1\|1] (side branch A, 1) |
      | [1\|1] (side branch B, 1) |
      | [1\|2] (big end, 2)       |
      | [3\|4] (small end, 3)     |
    And the play scores 5 raw
    And every fact of fixture "layout/all-fives-diagram-1-2" holds for all-fives

  @rule:layout.spinner.first-double
  Scenario: Playing [1|5] on the spinner's side branch A
    Given an all-fives layout after the plays "[1|4] [1|1]@[1|4]:small-end [4|4]@[1|4]:big-end [3|4]@[4|4]:straight-b [1|2]@[1|1]:straight-b"
    When "[1|5]@[1|1]:branch-a" is played
    Then the scoring ends total 10
    And the play scores 10 raw
    And every fact of fixture "layout/all-fives-diagram-1-5" holds for all-fives

  @rule:layout.spinner.first-double @rule:score.ends.double-interior-zero
  Scenario: Playing [0|5]: [5|5] on a branch is no spinner and, once filled, counts nothing
    Given an all-fives layout after the plays "[1|4] [1|1]@[1|4]:small-end [4|4]@[1|4]:big-end [3|4]@[4|4]:straight-b [1|2]@[1|1]:straight-b [1|5]@[1|1]:branch-a [5|5]@[1|5]:big-end"
    When "[0|5]@[5|5]:straight-b" is played
    Then the spinners are "[1|1]"
    And the play scores 5 raw
    And every fact of fixture "layout/all-fives-diagram-0-5" holds for all-fives

  @rule:score.play.multiple-of-five
  Scenario: Playing [1|3] on side branch B totals 8 and scores nothing
    Given an all-fives layout after the plays "[1|4] [1|1]@[1|4]:small-end [4|4]@[1|4]:big-end [3|4]@[4|4]:straight-b [1|2]@[1|1]:straight-b [1|5]@[1|1]:branch-a [5|5]@[1|5]:big-end [0|5]@[5|5]:straight-b"
    When "[1|3]@[1|1]:branch-b" is played
    Then the scoring ends total 8
    And the play scores 0 raw
    And every fact of fixture "layout/all-fives-diagram-1-3" holds for all-fives

  @rule:score.ends.double-outer-both-halves @rule:layout.spinner.first-double
  Scenario: Playing [4|4], the second double, at the end of the line counts 8
    Given an all-fives layout after the plays "[1|4] [1|1]@[1|4]:small-end"
    When "[4|4]@[1|4]:big-end" is played
    Then the spinners are "[1|1]"
    And the play scores 10 raw
    And every fact of fixture "layout/all-fives-diagram-4-4" holds for all-fives

  @rule:score.ends.double-interior-zero @rule:layout.spinner.first-double
  Scenario: Playing [3|4] makes the ordinary double [4|4] interior, with no branches to offer
    Given an all-fives layout after the plays "[1|4] [1|1]@[1|4]:small-end [4|4]@[1|4]:big-end"
    When "[3|4]@[4|4]:straight-b" is played
    Then the attach points are
      | attach point                |
      | [1\|1] (straight side B, 1) |
      | [3\|4] (small end, 3)       |
    And the play scores 5 raw
    And every fact of fixture "layout/all-fives-diagram-3-4" holds for all-fives

  @rule:layout.spinner.first-double @rule:score.ends.double-outer-both-halves
  Scenario Outline: The short diagrams read the same under All Fives, in raw points
    Given an all-fives layout after the plays "<before>"
    When "<play>" is played
    Then the scoring ends total <total>
    And the play scores <raw> raw
    And every fact of fixture "<fixture>" holds for all-fives

    Examples:
      | before | play                    | total | raw | fixture                      |
      |        | [2\|2]                  | 4     | 0   | layout/all-fives-diagram-2-2 |
      |        | [1\|4]                  | 5     | 5   | layout/all-fives-diagram-1-4 |
      | [1\|4] | [1\|1]@[1\|4]:small-end | 6     | 0   | layout/all-fives-diagram-1-1 |
      | [3\|6] | [6\|6]@[3\|6]:big-end   | 15    | 15  | layout/all-fives-diagram-6-6 |
      |        | [0\|0]                  | 0     | 0   | layout/all-fives-diagram-0-0 |

  @rule:layout.spinner.first-double @rule:score.ends.double-outer-both-halves
  Scenario: Two doubles at the ends total 20 raw; only the first is a spinner
    Given an all-fives layout after the plays "[4|6] [6|6]@[4|6]:big-end"
    When "[4|4]@[4|6]:small-end" is played
    Then the spinners are "[6|6]"
    And the play scores 20 raw
    And every fact of fixture "layout/all-fives-total-20" holds for all-fives

  @rule:layout.spinner.first-double
  Scenario: A later double offers no side branch, and a play there is rejected
    Given an all-fives layout after the plays "[1|1] [1|4]@[1|1]:straight-a [1|2]@[1|1]:straight-b [4|4]@[1|4]:big-end [4|6]@[4|4]:straight-b"
    When "[4|5]@[4|4]:branch-a" is attempted
    Then the play is rejected citing rule "layout.spinner.first-double"
    And every fact of fixture "layout/all-fives-second-double-no-branch" holds for all-fives
