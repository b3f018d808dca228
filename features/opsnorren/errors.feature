Feature: Opsnorren: bad input gets a clear error and leaves the state alone
  Four players, team cards A+crown, A, B, B, two cards in every hand.

  Rule: OPS-COMPONENTS
    "- 47 dierkaarten: 44 kaarten met waarden van 0 tot en met 10 in vier kleuren (groen, roze, oranje en blauw) en 3 jokers (eenhoorn, aap en duif)"

    Background:
      Given the hands are:
        | player   | cards            |
        | player 0 | green 2, blue 1  |
        | player 1 | green 9, blue 2  |
        | player 2 | green 5, blue 3  |
        | player 3 | green 0, blue 4  |

    @clause:OPS-COMPONENTS
    Scenario Outline: A state with <defect> is malformed
      When the state is loaded with <defect>
      Then the action is rejected as malformed

      Examples:
        | defect                        |
        | a card in two hands           |
        | an unknown card name          |
        | the field trick missing       |
        | the wrong player to move      |
        | a black rule card on the left |
        | uneven hand sizes             |
        | a card missing                |

    @clause:OPS-COMPONENTS
    Scenario: A chance outcome is refused while a player must act
      When a team-card deal of A+crown, A, B, B is tried
      Then the action is rejected as invalid-outcome
      And the state is unchanged

    @clause:OPS-COMPONENTS
    Scenario: A monkey pick is refused when no monkey was played
      When player 0 tries to take blue 1 with the monkey
      Then the action is rejected as illegal-action
      And the state is unchanged

  Rule: OPS-PLAYER-COUNT
    "Opsnorren is een slagenspel voor 3 tot 6 spelers vanaf 10 jaar, ontworpen door Alexandre Aguilar en Jules Messaud."

    @clause:OPS-PLAYER-COUNT
    Scenario Outline: A bad configuration is rejected as bad-config
      When a game with config <config> is started
      Then the action is rejected as bad-config

      Examples:
        | config                                                                                  |
        | {"players": 4, "colour": "red"}                                                         |
        | {"players": "four"}                                                                     |
        | {"players": 4, "rule_cards": ["two-wins", "pink-open", "green-negative", "fewest-stars"]} |
        | {"players": 4, "rule_cards": ["pink-open"]}                                             |
