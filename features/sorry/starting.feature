Feature: Setting up and starting pawns
  Squares follow specs/sorry/board.json: red's start exit is 4, blue's 19, yellow's 34, green's 49.

  Rule: SRY-SETUP every colour's four pawns start in its START
    "Elke speler kiest een kleur: kies de vier corresponderende pionnen en plaats ze aan het begin van dezelfde kleur."

    @clause:SRY-SETUP
    Scenario: A new game has every pawn in START and red to draw
      Given a game of red, blue, yellow
      Then the pawns are:
        | colour | pawn | square |
      And it is red's turn to draw

  Rule: SRY-PLAYERS two to four players
    "AANTAL SPELERS: 2-4 spelers"

    @clause:SRY-PLAYERS
    Scenario Outline: A game of <n> players is refused
      When a game is started with the config {"players": <n>}
      Then the config is rejected as bad-config

      Examples:
        | n |
        | 1 |
        | 5 |

    @clause:SRY-PLAYERS
    Scenario: Two players may pick any two colours
      When a game is started with the config {"colours": ["green", "blue"]}
      Then it is blue's turn to draw

  Rule: SRY-FIRST-PLAYER the table chooses who starts
    "Kies een speler om het spel te beginnen (hoogste getrokken kaart, jongste speler, enz.)"

    @clause:SRY-FIRST-PLAYER
    Scenario: The config names the first player
      When a game is started with the config {"players": 3, "first": "yellow"}
      Then it is yellow's turn to draw

  Rule: SRY-REMATCH the winner starts a rematch
    "Als je nog een keer wilt spelen, mag de winnaar als eerste aan de beurt komen."

    @clause:SRY-REMATCH
    Scenario: The previous winner moves first in a rematch
      When a game is started with the config {"players": 4, "previous_winner": "green"}
      Then it is green's turn to draw

  Rule: SRY-TURN-ORDER play passes to the left
    "Het spel beweegt zich naar links."

    @clause:SRY-TURN-ORDER
    Scenario: After the last colour the turn comes back to red
      Given a game of red, blue, yellow
      And yellow has drawn a 3
      When yellow plays "forfeit 3"
      Then it is red's turn to draw

    @clause:SRY-TURN-ORDER
    Scenario: After red comes the next colour clockwise
      Given a game of red, yellow, green
      And red has drawn a 5
      When red plays "forfeit 5"
      Then it is yellow's turn to draw

  Rule: SRY-START-ONE a 1 takes a pawn from START to its start exit
    "Als je een 1 trekt, verplaats je je pion uit de START en plaats je deze op het veld eronder gemarkeerd met een cirkel."

    @clause:SRY-START-ONE @clause:SRY-CARD-1
    Scenario: A 1 starts a pawn on the circle
      Given a game of red, blue
      And red has drawn a 1
      When red plays "1: red 1 from start to 4"
      Then the pawns are:
        | colour | pawn | square |
        | red    | 1    | 4      |

    @clause:SRY-START-ONE
    Scenario: The lowest-numbered pawn in START stands for all pawns in START
      Given a game of red, blue
      And red has drawn a 1
      Then red may not play "1: red 2 from start to 4"
      And there is 1 legal action

    @clause:SRY-START-ONE @clause:SRY-BUMP
    Scenario: Starting onto an opponent bumps it
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | blue   | 1    | 4      |
      And red has drawn a 1
      When red plays "1: red 1 from start to 4"
      Then red pawn 1 is on 4
      And blue pawn 1 is in start

    @clause:SRY-START-ONE @clause:SRY-OWN-PAWN-BLOCKS
    Scenario: An own pawn on the start exit blocks starting
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 4      |
      And red has drawn a 1
      Then red may not play "1: red 2 from start to 4"
      And the only legal action is "1: red 1 from 4 to 5"

  Rule: SRY-START-TWO a 2 starts a pawn and the player draws again
    "Als je een 2 trekt, verplaats je een pion naar de cirkel en trek je opnieuw."

    @clause:SRY-START-TWO @clause:SRY-CARD-2
    Scenario: A 2 starts a pawn and red draws again
      Given a game of red, blue
      And red has drawn a 2
      When red plays "2: red 1 from start to 4"
      Then red pawn 1 is on 4
      And it is red's turn to draw

  Rule: SRY-START-CARDS only a 1 or a 2 starts a pawn
    "Dit zijn de enige kaarten waarmee je een pion kunt starten."

    @clause:SRY-START-CARDS
    Scenario: A 7 never starts a pawn, not even as part of a split
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
      And red has drawn a 7
      Then the only legal action is "7: red 1 from 10 to 17"
      And no legal action moves red pawn 2

    @clause:SRY-START-CARDS @clause:SRY-SORRY-CARD @choice:sorry.start-cards=one-two-sorry
    Scenario: The Sorry! card also takes a pawn out of START
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | blue   | 1    | 30     |
      And red has drawn a Sorry! card
      Then red may play "sorry: red 1 from start onto blue 1, to 30"

    @clause:SRY-START-CARDS @choice:sorry.start-cards=one-two-only
    Scenario: Read literally, the Sorry! card cannot leave START
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | blue   | 1    | 30     |
      And red has drawn a Sorry! card
      Then the only legal action is "forfeit sorry"

  Rule: SRY-NO-START-FORFEIT without a 1 or 2 a player with every pawn in START loses the turn
    "Als je geen 1 of 2 trekt, leg je de kaart op de aflegstapel en verlies je je beurt."

    @clause:SRY-NO-START-FORFEIT
    Scenario Outline: A <card> with every pawn in START is forfeited
      Given a game of red, blue
      And red has drawn a <card>
      Then the only legal action is "forfeit <card>"
      When red plays "forfeit <card>"
      Then the discard pile holds exactly <card>
      And it is blue's turn to draw

      Examples:
        | card |
        | 3    |
        | 4    |
        | 5    |
        | 7    |
        | 8    |
        | 10   |
        | 11   |
        | 12   |

  Rule: SRY-QUICK-START three pawns in START and one on the circle
    "- Begin met slechts drie pionnen aan het START en de vierde op het cirkelveld er net buiten."

    @clause:SRY-QUICK-START
    Scenario: A quick-start game begins with one pawn per colour on its start exit
      Given a quick-start game of red, blue, green
      Then the pawns are:
        | colour | pawn | square |
        | red    | 1    | 4      |
        | blue   | 1    | 19     |
        | green  | 1    | 49     |

  Rule: SRY-FAQ-START a 1 or a 2 gets a pawn out of START
    "Je mag je pion uit het startgebied verplaatsen door een kaart met 1 of 2 labels te trekken."

    @clause:SRY-FAQ-START
    Scenario Outline: A <card> gets a pawn out of START
      Given a game of red, green
      And green has drawn a <card>
      Then the only legal action is "<card>: green 1 from start to 49"

      Examples:
        | card |
        | 1    |
        | 2    |
