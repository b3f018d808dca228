Feature: Bad input gets a clear error and leaves the state alone

  Rule: SRY-DRAW-AND-MOVE only the legal moves of the card in play are accepted
    "Gooi de kaarten op de aflegstapel weg."

    @clause:SRY-DRAW-AND-MOVE
    Scenario: A move the card does not allow is rejected
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
      And red has drawn a 5
      When red plays "5: red 1 from 10 to 16"
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:SRY-DRAW-AND-MOVE
    Scenario: A move with another card than the one in play is rejected
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
      And red has drawn a 5
      When red plays "7: red 1 from 10 to 17"
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:SRY-DRAW-AND-MOVE @clause:SRY-TURN-ORDER
    Scenario: A player who is not to move is rejected
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | blue   | 1    | 20     |
      And red has drawn a 5
      When blue plays "5: blue 1 from 20 to 25"
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:SRY-DRAW-AND-MOVE @clause:SRY-MUST-MOVE
    Scenario: Forfeiting a card that can be used is rejected
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
      And red has drawn a 5
      When red plays "forfeit 5"
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:SRY-DRAW-AND-MOVE
    Scenario: A square that does not exist is malformed
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
      And red has drawn a 5
      When red plays "5: red 1 from 10 to 75"
      Then the action is rejected as malformed
      And the state is unchanged

    @clause:SRY-FAQ-NO-SIX-NINE
    Scenario: A 6 is not a Sorry! card
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
      And red has drawn a 5
      When red plays "6: red 1 from 10 to 16"
      Then the action is rejected as malformed
      And the state is unchanged

    @clause:SRY-FAQ-NO-SIX-NINE
    Scenario: A position with a 6 in play is malformed
      Given a game of red, blue
      And red has drawn a 5
      When the position is loaded with card set to "6"
      Then the position is rejected as malformed

  Rule: SRY-SETUP a position must be a possible Sorry! position
    "Elke speler kiest een kleur: kies de vier corresponderende pionnen en plaats ze aan het begin van dezelfde kleur."

    @clause:SRY-SETUP
    Scenario: A pawn on a square that does not exist is malformed
      Given a game of red, blue
      When the position is loaded with pawns/red/0 set to 60
      Then the position is rejected as malformed

    @clause:SRY-SETUP
    Scenario Outline: A colour with other than four pawns is malformed
      Given a game of red, blue
      When the position is loaded with pawns/blue set to <pawns>
      Then the position is rejected as malformed

      Examples:
        | pawns                                      |
        | ["start", "start", "start"]                |
        | ["start", "start", "start", "start", 5]    |

    @clause:SRY-SETUP
    Scenario: An unknown square name is malformed
      Given a game of red, blue
      When the position is loaded with pawns/blue/2 set to "safety 9"
      Then the position is rejected as malformed

    @clause:SRY-BUMP
    Scenario: Two pawns on one square is not a position
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
      When the position is loaded with pawns/blue/0 set to 10
      Then the position is rejected as malformed

    @clause:SRY-DECK
    Scenario: Cards that do not add up to the deck are malformed
      Given a game of red, blue
      When the position is loaded with discard_pile set to ["sorry"]
      Then the position is rejected as malformed

    @clause:SRY-FAQ-NO-SIX-NINE
    Scenario: A card in play that is not a card name is malformed
      Given a game of red, blue
      And red has drawn a 5
      When the position is loaded with card set to ["5"]
      Then the position is rejected as malformed

    @clause:SRY-TURN-ORDER
    Scenario Outline: A turn that is not a player index is malformed
      Given a game of red, blue
      When the position is loaded with turn set to <turn>
      Then the position is rejected as malformed

      Examples:
        | turn |
        | true |
        | 2    |
        | -1   |

    @clause:SRY-SETUP
    Scenario: An unknown field is malformed
      Given a game of red, blue
      When the position is loaded with colour set to 1
      Then the position is rejected as malformed

    @clause:SRY-POINTS-PLAY
    Scenario: A hand is refilled only at a pending draw
      Given a points game of red, blue
      And red holds 2, 3, 5, 7, 8
      When the position is loaded with refill set to 0
      Then the position is rejected as malformed

  Rule: SRY-PLAYERS a config must describe a game of the rules
    "AANTAL SPELERS: 2-4 spelers"

    @clause:SRY-PLAYERS
    Scenario: An unknown config key is a bad config
      When a game is started with the config {"players": 2, "speed": 3}
      Then the config is rejected as bad-config

    @clause:SRY-PLAYERS
    Scenario: An unknown colour is a bad config
      When a game is started with the config {"colours": ["red", "purple"]}
      Then the config is rejected as bad-config

    @clause:SRY-PLAYERS @clause:SRY-TEAM-PARTNERS
    Scenario: Team play and points play cannot be combined
      When a game is started with the config {"players": 4, "team": true, "points": true}
      Then the config is rejected as bad-config

    @clause:SRY-PLAYERS
    Scenario Outline: A player count that is not a whole number is a bad config
      When a game is started with the config {"players": <count>}
      Then the config is rejected as bad-config

      Examples:
        | count |
        | "2"   |
        | true  |

    @clause:SRY-REMATCH @clause:SRY-FIRST-PLAYER
    Scenario: Naming the starting player twice, as first and as previous winner, is a bad config
      When a game is started with the config {"players": 3, "first": "blue", "previous_winner": "yellow"}
      Then the config is rejected as bad-config

    @clause:SRY-PLAYERS
    Scenario: A player count that does not match the colours named is a bad config
      When a game is started with the config {"players": 3, "colours": ["red", "blue"]}
      Then the config is rejected as bad-config

    @clause:SRY-PLAYERS
    Scenario: A player count that matches the colours named is accepted
      When a game is started with the config {"players": 2, "colours": ["yellow", "red"]}
      Then it is red's turn to draw
