@scoring
Feature: A play scores the total of the scoring ends when it is a positive multiple of 5
  After every play, the lead and the last tile included, all scoring ends are totalled. A
  total that is a positive multiple of 5 scores that many raw points; any other total,
  zero included, scores nothing. Five Up and Exact 61 show 1 display point per 5 raw.

  @five-up @exact-61 @rule:score.play.multiple-of-five @rule:score.unit.display
  Scenario Outline: Five Up and Exact 61 turn a total of <total> into <raw> raw and <display> display
    Given the <game> rules
    When the scoring ends total <total>
    Then the play scores <raw> raw and <display> display
    And every fact of fixture "scoring/total-<total>" holds for <game>

    Examples:
      | game     | total | raw | display |
      | five-up  | 0     | 0   | 0       |
      | five-up  | 4     | 0   | 0       |
      | five-up  | 5     | 5   | 1       |
      | five-up  | 10    | 10  | 2       |
      | five-up  | 12    | 0   | 0       |
      | five-up  | 15    | 15  | 3       |
      | five-up  | 17    | 0   | 0       |
      | five-up  | 20    | 20  | 4       |
      | five-up  | 25    | 25  | 5       |
      | exact-61 | 0     | 0   | 0       |
      | exact-61 | 4     | 0   | 0       |
      | exact-61 | 5     | 5   | 1       |
      | exact-61 | 10    | 10  | 2       |
      | exact-61 | 12    | 0   | 0       |
      | exact-61 | 15    | 15  | 3       |
      | exact-61 | 17    | 0   | 0       |
      | exact-61 | 20    | 20  | 4       |
      | exact-61 | 25    | 25  | 5       |

  @all-fives @rule:score.play.multiple-of-five @rule:score.unit.raw
  Scenario Outline: All Fives scores a total of <total> as <raw> raw points
    Given the all-fives rules
    When the scoring ends total <total>
    Then the play scores <raw> raw
    And every fact of fixture "scoring/total-<total>" holds for all-fives

    Examples:
      | total | raw |
      | 0     | 0   |
      | 4     | 0   |
      | 5     | 5   |
      | 10    | 10  |
      | 12    | 0   |
      | 15    | 15  |
      | 17    | 0   |
      | 20    | 20  |
      | 25    | 25  |
