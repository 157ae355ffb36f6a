@turn-flow
Feature: Perft: counting every legal action sequence certifies move generation
  From a position (the layout, every hand, the boneyard in draw order and the seat to act)
  the number of legal action sequences of each length is fixed by the rules: a player with
  a legal play must play and may not draw; one without draws until a playable tile, which
  must be played at once; with the boneyard empty, a player without a play passes. Every
  count was worked by hand (see fixtures/perft/positions.perft). An implementation that
  miscounts learns from the split by first action where its move generation goes wrong.

  @five-up @rule:play.match-attach-point @rule:layout.spinner.straights-first @rule:layout.side-a-first @rule:turn.must-play @rule:turn.draw-until-playable @rule:turn.play-drawn-tile @rule:turn.clockwise
  Scenario Outline: Five Up: a spinner with one straight side filled; draws follow when nobody can play, to depth <depth>
    Given the position "five-up 2 [5|5],[5|6]@[5|5]:straight-a [0|5],[1|2],[6|6]/[2|6],[3|4] [0|0],[0|1],[0|2],[0|3],[0|4],[0|6],[1|1],[1|3],[1|4],[1|5],[1|6],[2|2],[2|3],[2|4],[2|5],[3|3],[3|5],[3|6],[4|4],[4|5],[4|6] 0"
    When the action sequences of length <depth> are counted
    Then there are <count> of them
    And every fact of fixture "perft/opening-spinner-one-straight/depth-<depth>" holds for five-up

    Examples:
      | depth | count |
      | 1     | 2     |
      | 2     | 2     |
      | 3     | 3     |
      | 4     | 3     |
      | 5     | 3     |
      | 6     | 3     |

  @all-fives @rule:play.match-attach-point @rule:layout.spinner.first-double @rule:turn.must-play @rule:turn.draw-until-playable @rule:turn.play-drawn-tile
  Scenario Outline: All Fives: the same opening; the later doubles are no spinners, and no line needs them to be, to depth <depth>
    Given the position "all-fives 2 [5|5],[5|6]@[5|5]:straight-a [0|5],[1|2],[6|6]/[2|6],[3|4] [0|0],[0|1],[0|2],[0|3],[0|4],[0|6],[1|1],[1|3],[1|4],[1|5],[1|6],[2|2],[2|3],[2|4],[2|5],[3|3],[3|5],[3|6],[4|4],[4|5],[4|6] 0"
    When the action sequences of length <depth> are counted
    Then there are <count> of them
    And every fact of fixture "perft/opening-spinner-one-straight/depth-<depth>" holds for all-fives

    Examples:
      | depth | count |
      | 1     | 2     |
      | 2     | 2     |
      | 3     | 3     |
      | 4     | 3     |
      | 5     | 3     |
      | 6     | 3     |

  @five-up @rule:layout.spinner.every-double @rule:layout.spinner.straights-first @rule:layout.side-a-first @rule:turn.must-play @rule:turn.clockwise
  Scenario Outline: Five Up: a second double whose straight sides are filled offers its side branches, to depth <depth>
    Given the position "five-up 2 [3|3],[3|4]@[3|3]:straight-a,[4|4]@[3|4]:big-end,[4|6]@[4|4]:straight-b [0|4],[1|3],[2|5]/[2|4],[5|6] [0|0],[0|1],[0|2],[0|3],[0|5],[0|6],[1|1],[1|2],[1|4],[1|5],[1|6],[2|2],[2|3],[2|6],[3|5],[3|6],[4|5],[5|5],[6|6] 0"
    When the action sequences of length <depth> are counted
    Then there are <count> of them
    And every fact of fixture "perft/second-double-branches/depth-<depth>" holds for five-up

    Examples:
      | depth | count |
      | 1     | 2     |
      | 2     | 4     |
      | 3     | 8     |

  @all-fives @rule:layout.spinner.first-double @rule:turn.must-play @rule:turn.clockwise
  Scenario Outline: All Fives: the second double is no spinner; its filled straights leave nothing to play on, to depth <depth>
    Given the position "all-fives 2 [3|3],[3|4]@[3|3]:straight-a,[4|4]@[3|4]:big-end,[4|6]@[4|4]:straight-b [0|4],[1|3],[2|5]/[2|4],[5|6] [0|0],[0|1],[0|2],[0|3],[0|5],[0|6],[1|1],[1|2],[1|4],[1|5],[1|6],[2|2],[2|3],[2|6],[3|5],[3|6],[4|5],[5|5],[6|6] 0"
    When the action sequences of length <depth> are counted
    Then there are <count> of them
    And every fact of fixture "perft/second-double-branches/depth-<depth>" holds for all-fives

    Examples:
      | depth | count |
      | 1     | 1     |
      | 2     | 1     |
      | 3     | 1     |
      | 4     | 1     |

  @exact-61 @rule:turn.pass-empty-boneyard @rule:hand.end.block @rule:turn.must-play @rule:layout.side-a-first
  Scenario Outline: Exact 61: with the boneyard empty a player without a play passes; the hand is not blocked, to depth <depth>
    Given the position "exact-61 2 [6|6] [0|0],[0|1],[0|2],[0|3],[0|4],[0|5],[1|1],[1|2],[1|3],[1|4],[1|5],[2|2],[2|3],[2|4],[2|5],[3|3],[3|4],[3|5],[4|4],[4|5],[5|5]/[0|6],[1|6],[2|6],[3|6],[4|6],[5|6] - 0"
    When the action sequences of length <depth> are counted
    Then there are <count> of them
    And every fact of fixture "perft/pass-on-empty-boneyard/depth-<depth>" holds for exact-61

    Examples:
      | depth | count |
      | 1     | 1     |
      | 2     | 6     |
      | 3     | 36    |

  @five-up @rule:lead.any-tile @rule:play.match-attach-point @rule:turn.clockwise @rule:turn.must-play
  Scenario Outline: Five Up: on the empty layout the leader may lead any tile of the hand, to depth <depth>
    Given the position "five-up 2 - [0|1],[2|3],[4|5],[1|6],[0|4]/[0|2],[1|4],[2|5],[3|6],[5|5] [0|0],[0|3],[0|5],[0|6],[1|1],[1|2],[1|3],[1|5],[2|2],[2|4],[2|6],[3|3],[3|4],[3|5],[4|4],[4|6],[5|6],[6|6] 0"
    When the action sequences of length <depth> are counted
    Then there are <count> of them
    And every fact of fixture "perft/lead-on-the-empty-layout/depth-<depth>" holds for five-up

    Examples:
      | depth | count |
      | 1     | 5     |
      | 2     | 12    |

  @all-fives @rule:layout.spinner.first-double @rule:play.match-attach-point @rule:turn.draw-until-playable @rule:turn.must-play @rule:turn.clockwise
  Scenario Outline: All Fives: a second double played during the search stays a plain tile, even once both its sides are filled, to depth <depth>
    Given the position "all-fives 2 [3|3],[3|4]@[3|3]:straight-a [4|4],[1|4],[2|4]/[4|5],[4|6] [0|0],[0|1],[0|2],[0|3],[0|4],[0|5],[0|6],[1|1],[1|2],[1|3],[1|5],[1|6],[2|2],[2|3],[2|5],[2|6],[3|5],[3|6],[5|5],[5|6],[6|6] 0"
    When the action sequences of length <depth> are counted
    Then there are <count> of them
    And every fact of fixture "perft/second-double-stays-plain/depth-<depth>" holds for all-fives

    Examples:
      | depth | count |
      | 1     | 3     |
      | 2     | 4     |
      | 3     | 4     |

  @five-up @exact-61 @all-fives @rule:turn.pass-empty-boneyard @rule:turn.draw-until-playable @rule:turn.play-drawn-tile @rule:turn.must-play @rule:layout.side-a-first @rule:turn.clockwise
  Scenario Outline: With one tile left in the boneyard a player without a play draws it, and may not pass (<game>), to depth <depth>
    Given the position "<game> 2 [6|6] [0|0],[0|1],[0|2],[0|3],[0|4],[0|5],[1|1],[1|2],[1|3],[1|4],[1|5],[2|2],[2|3],[2|4],[2|5],[3|3],[3|4],[3|5],[4|4],[4|5],[5|5]/[0|6],[1|6],[2|6],[3|6],[4|6] [5|6] 0"
    When the action sequences of length <depth> are counted
    Then there are <count> of them
    And every fact of fixture "perft/one-tile-left-is-drawn/depth-<depth>" holds for <game>

    Examples:
      | game      | depth | count |
      | five-up   | 1     | 1     |
      | five-up   | 2     | 1     |
      | five-up   | 3     | 5     |
      | exact-61  | 1     | 1     |
      | exact-61  | 2     | 1     |
      | exact-61  | 3     | 5     |
      | all-fives | 1     | 1     |
      | all-fives | 2     | 1     |
      | all-fives | 3     | 5     |

  @five-up @rule:side.partnership
  Scenario: Five Up: a position of four players alone is refused, not counted
    Given the position "five-up 4s [6|6] [0|0],[0|1],[0|2],[0|3],[0|4]/[0|5],[1|1],[1|2],[1|3],[1|4]/[1|5],[2|2],[2|3],[2|4],[2|5]/[3|3],[3|4],[3|5],[4|4],[4|5] [5|5],[0|6],[1|6],[2|6],[3|6],[4|6],[5|6] 0"
    When the action sequences of length 1 are counted
    Then the deal is rejected citing rule "side.partnership"
    And every fact of fixture "perft/four-alone-at-five-up/refused" holds for five-up

  @five-up @exact-61 @rule:hand.end.going-out @rule:turn.clockwise
  Scenario Outline: A seat that has gone out ends the hand, whoever is to move (<game>), to depth <depth>
    Given the position "<game> 2 [3|4],[4|5]@[3|4]:big-end,[3|6]@[3|4]:small-end,[6|6]@[3|6]:big-end,[0|6]@[6|6]:straight-b,[0|0]@[0|6]:small-end,[5|5]@[4|5]:big-end,[0|1]@[0|0]:straight-b,[1|2]@[0|1]:big-end -/[1|3],[1|4],[2|4],[3|3] [1|1],[3|5],[0|2],[2|6],[0|3],[2|5],[2|2],[1|5],[1|6],[4|4],[0|5],[4|6],[5|6],[2|3],[0|4] 1"
    When the action sequences of length <depth> are counted
    Then there are <count> of them
    And every fact of fixture "perft/went-out-is-over/depth-<depth>" holds for <game>

    Examples:
      | game      | depth | count |
      | five-up   | 1     | 0     |
      | five-up   | 2     | 0     |
      | exact-61  | 1     | 0     |
      | exact-61  | 2     | 0     |

  @five-up @exact-61 @rule:turn.draw-until-playable @rule:turn.play-drawn-tile @rule:turn.clockwise @rule:layout.side-a-first
  Scenario Outline: Nobody can play but the boneyard has tiles: no block, the seat to move draws (<game>), to depth <depth>
    Given the position "<game> 2 [6|6] [1|2],[1|3],[1|4],[1|5]/[0|1],[0|2],[0|3],[0|4],[0|5] [0|6],[0|0],[1|1],[1|6],[2|2],[2|3],[2|4],[2|5],[2|6],[3|3],[3|4],[3|5],[3|6],[4|4],[4|5],[4|6],[5|5],[5|6] 1"
    When the action sequences of length <depth> are counted
    Then there are <count> of them
    And every fact of fixture "perft/nobody-plays-boneyard-left/depth-<depth>" holds for <game>

    Examples:
      | game      | depth | count |
      | five-up   | 1     | 1     |
      | five-up   | 2     | 1     |
      | five-up   | 3     | 1     |
      | exact-61  | 1     | 1     |
      | exact-61  | 2     | 1     |
      | exact-61  | 3     | 1     |

  @five-up @rule:hand.end.block @rule:turn.pass-empty-boneyard
  Scenario Outline: The boneyard is empty and nobody can play: the hand is blocked, nobody acts (<game>), to depth <depth>
    Given the position "<game> 4 [2|5],[2|4]@[2|5]:small-end,[5|6]@[2|5]:big-end,[4|5]@[2|4]:big-end,[1|6]@[5|6]:big-end,[1|5]@[1|6]:small-end,[3|5]@[4|5]:big-end,[0|3]@[3|5]:small-end,[0|5]@[0|3]:small-end,[5|5]@[0|5]:big-end [1|1],[1|2],[2|2],[3|3]/[3|4],[3|6]/[0|1],[0|2],[0|4],[0|6],[1|3],[1|4],[2|3],[2|6],[4|4],[4|6]/[0|0],[6|6] - 0"
    When the action sequences of length <depth> are counted
    Then there are <count> of them
    And every fact of fixture "perft/blocked-is-over/depth-<depth>" holds for <game>

    Examples:
      | game      | depth | count |
      | five-up   | 1     | 0     |

  @five-up @exact-61 @rule:turn.play-drawn-tile @rule:turn.draw-until-playable @rule:play.match-attach-point @rule:layout.spinner.straights-first
  Scenario Outline: The tile just drawn is the only one that may be played, though another would fit (<game>), to depth <depth>
    Given the position "<game> 2 [5|5],[5|6]@[5|5]:straight-a [0|5],[1|2],[2|6]/[1|3],[3|4] [0|0],[0|1],[0|2],[0|3],[0|4],[0|6],[1|1],[1|4],[1|5],[1|6],[2|2],[2|3],[2|4],[2|5],[3|3],[3|5],[3|6],[4|4],[4|5],[4|6],[6|6] 0*[0|5]"
    When the action sequences of length <depth> are counted
    Then there are <count> of them
    And every fact of fixture "perft/drawn-tile-only/depth-<depth>" holds for <game>

    Examples:
      | game      | depth | count |
      | five-up   | 1     | 1     |
      | five-up   | 2     | 1     |
      | five-up   | 3     | 1     |
      | exact-61  | 1     | 1     |
      | exact-61  | 2     | 1     |
      | exact-61  | 3     | 1     |
