@layout @source-diagram
Feature: The layout diagrams of the Chinese sources (Five Up and Exact 61 Five Up)
  Both Chinese sources draw the same eleven layouts. Under each drawing they list the
  tiles, the spinners, the connections, the attach points with their pips, the scoring
  ends with the value each contributes, and the play's score. Every double is a spinner;
  a spinner opens its side branches only once both straight sides are filled; attach
  points are not scoring ends. Each scenario states the facts a reader checks first and
  then holds the engine to every fact of the fixture that carries the source's line.

  @five-up @exact-61 @rule:layout.spinner.straights-first @rule:score.ends.double-interior-zero @rule:score.ends.unstarted-branch-zero
  Scenario Outline: Playing [1|2] fills the second straight side of [1|1] and opens its branches
    Given a <game> layout after the plays "[1|4] [1|1]@[1|4]:small-end [4|4]@[1|4]:big-end [3|4]@[4|4]:straight-b"
    When "[1|2]@[1|1]:straight-b" is played
    Then the scoring ends are
      | tile   | value |
      | [1\|2] | 2     |
      | [3\|4] | 3     |
    And the attach points include "[1|1] (side branch A, 1)" and "[4|4] (side branch B, 4)"
    And the play scores 5 raw and 1 display
    And every fact of fixture "layout/diagram-1-2" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |

  @five-up @exact-61 @rule:layout.side-a-first @rule:score.ends.unstarted-branch-zero
  Scenario Outline: Playing [1|5] starts side branch A of [1|1]; its outer end counts
    Given a <game> layout after the plays "[1|4] [1|1]@[1|4]:small-end [4|4]@[1|4]:big-end [3|4]@[4|4]:straight-b [1|2]@[1|1]:straight-b"
    When "[1|5]@[1|1]:branch-a" is played
    Then the scoring ends are
      | tile   | value |
      | [1\|2] | 2     |
      | [1\|5] | 5     |
      | [3\|4] | 3     |
    And the play scores 10 raw and 2 display
    And every fact of fixture "layout/diagram-1-5" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |

  @five-up @exact-61 @rule:layout.spinner.every-double @rule:score.ends.double-interior-zero
  Scenario Outline: Playing [0|5] fills [5|5], a spinner on a branch, which then counts nothing
    Given a <game> layout after the plays "[1|4] [1|1]@[1|4]:small-end [4|4]@[1|4]:big-end [3|4]@[4|4]:straight-b [1|2]@[1|1]:straight-b [1|5]@[1|1]:branch-a [5|5]@[1|5]:big-end"
    When "[0|5]@[5|5]:straight-b" is played
    Then the spinners are "[1|1], [4|4], [5|5]"
    And the scoring ends are
      | tile   | value |
      | [0\|5] | 0     |
      | [1\|2] | 2     |
      | [3\|4] | 3     |
    And the play scores 5 raw and 1 display
    And every fact of fixture "layout/diagram-0-5" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |

  @five-up @exact-61 @rule:score.play.multiple-of-five @rule:layout.side-a-first
  Scenario Outline: Playing [1|3] on side branch B totals 8, which scores nothing
    Given a <game> layout after the plays "[1|4] [1|1]@[1|4]:small-end [4|4]@[1|4]:big-end [3|4]@[4|4]:straight-b [1|2]@[1|1]:straight-b [1|5]@[1|1]:branch-a [5|5]@[1|5]:big-end [0|5]@[5|5]:straight-b"
    When "[1|3]@[1|1]:branch-b" is played
    Then the scoring ends total 8
    And the play scores 0 raw and 0 display
    And every fact of fixture "layout/diagram-1-3" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |

  @five-up @exact-61 @rule:score.ends.double-outer-both-halves
  Scenario Outline: Playing [4|4] at an outer end counts both its halves
    Given a <game> layout after the plays "[1|4] [1|1]@[1|4]:small-end"
    When "[4|4]@[1|4]:big-end" is played
    Then the scoring ends are
      | tile   | value |
      | [1\|1] | 2     |
      | [4\|4] | 8     |
    And the play scores 10 raw and 2 display
    And every fact of fixture "layout/diagram-4-4" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |

  @five-up @exact-61 @rule:score.ends.double-interior-zero @rule:layout.spinner.straights-first
  Scenario Outline: Playing [3|4] fills [4|4]: the double stops counting and its branches open
    Given a <game> layout after the plays "[1|4] [1|1]@[1|4]:small-end [4|4]@[1|4]:big-end"
    When "[3|4]@[4|4]:straight-b" is played
    Then the scoring ends are
      | tile   | value |
      | [1\|1] | 2     |
      | [3\|4] | 3     |
    And the attach points include "[4|4] (side branch A, 4)" and "[4|4] (side branch B, 4)"
    And the play scores 5 raw and 1 display
    And every fact of fixture "layout/diagram-3-4" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |

  @five-up @exact-61 @rule:score.ends.double-outer-both-halves @rule:score.play.multiple-of-five
  Scenario Outline: Leading [2|2]: a lone double is one scoring end of 4, which scores nothing
    Given an empty <game> layout
    When "[2|2]" is played
    Then the scoring ends are
      | tile   | value |
      | [2\|2] | 4     |
    And the play scores 0 raw and 0 display
    And every fact of fixture "layout/diagram-2-2" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |

  @five-up @exact-61 @rule:score.ends.outer-end
  Scenario Outline: Leading [1|4]: a lone tile counts both of its ends
    Given an empty <game> layout
    When "[1|4]" is played
    Then the scoring ends total 5
    And the play scores 5 raw and 1 display
    And every fact of fixture "layout/diagram-1-4" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |

  @five-up @exact-61 @rule:score.ends.double-outer-both-halves
  Scenario Outline: Playing [1|1] on the small end of [1|4] totals 6, which scores nothing
    Given a <game> layout after the plays "[1|4]"
    When "[1|1]@[1|4]:small-end" is played
    Then the scoring ends total 6
    And the play scores 0 raw and 0 display
    And every fact of fixture "layout/diagram-1-1" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |

  @five-up @exact-61 @rule:score.ends.double-outer-both-halves @rule:score.unit.display
  Scenario Outline: Playing [6|6] on [3|6]: 3 + 12 = 15 scores 15 raw, 3 display
    Given a <game> layout after the plays "[3|6]"
    When "[6|6]@[3|6]:big-end" is played
    Then the scoring ends total 15
    And the play scores 15 raw and 3 display
    And every fact of fixture "layout/diagram-6-6" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |

  @five-up @exact-61 @rule:score.play.multiple-of-five
  Scenario Outline: Leading [0|0]: a zero total scores nothing
    Given an empty <game> layout
    When "[0|0]" is played
    Then the scoring ends total 0
    And the play scores 0 raw and 0 display
    And every fact of fixture "layout/diagram-0-0" holds for <game>

    Examples:
      | game     |
      | five-up  |
      | exact-61 |
