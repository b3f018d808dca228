Feature: Setting up and dealing a round of Dnup

  Rule: DNP-SETUP-5 all cards with five players
    "Pas de kaarten aan op het aantal spelers: - 5 spelers: gebruik alle kaarten."

    @clause:DNP-SETUP-5 @clause:DNP-DECK-SIZE
    Scenario: Five players use all 40 cards
      Given a new 5-player game
      Then 40 cards are in play and 0 are removed
      And the deal hands out 8 cards to each of the 5 players

  Rule: DNP-SETUP-4 four players remove the four-point star disc
    "- 4 spelers: verwijder alle kaarten met het vierpuntige sterschijfsymbool."

    @clause:DNP-SETUP-4
    Scenario: Four players remove the cards with the four-point star disc
      Given a new 4-player game
      Then 36 cards are in play and 4 are removed
      And the removed cards are those with the four-point star disc symbol
      And the deal hands out 9 cards to each of the 4 players

  Rule: DNP-SETUP-3 three players remove both star-disc sets
    "- 3 spelers: verwijder alle kaarten met het vierpuntige of zespuntige sterschijfsymbool."

    @clause:DNP-SETUP-3
    Scenario: Three players remove the cards with either star disc
      Given a new 3-player game
      Then 30 cards are in play and 10 are removed
      And the removed cards are those with the four- or six-point star disc symbol
      And the deal hands out 10 cards to each of the 3 players

  Rule: DNP-PLAYER-COUNT Dnup is for 2 to 5 players
    "- Dnup is geschikt voor 2 tot 5 spelers."

    @clause:DNP-PLAYER-COUNT
    Scenario Outline: A game for <n> players is refused
      When a <n>-player game is requested
      Then the game is rejected as bad-config

      Examples:
        | n |
        | 0 |
        | 1 |
        | 6 |

  Rule: DNP-DEAL every round the cards are shuffled and dealt evenly
    "Schud voor elke ronde de kaarten en verdeel ze gelijkmatig onder de spelers."

    @clause:DNP-DEAL
    Scenario: Every player gets the same number of cards
      Given a new 4-player game
      When the cards are dealt
      Then every player holds 9 cards

    @clause:DNP-DEAL @clause:DNP-KEEP-ORIENTATION
    Scenario: Dealt cards come in a random orientation and keep it in hand
      Given a new 5-player game
      When the cards are dealt
      Then the cards keep the orientation they were dealt with

    @clause:DNP-DEAL
    Scenario: A deal with a card too many for one player is an invalid outcome
      Given a new 3-player game
      When a deal is applied where player 0 gets one card too many
      Then the action is rejected as invalid-outcome
      And the state is unchanged

    @clause:DNP-DEAL @clause:DNP-SETUP-3
    Scenario: A deal that hands out a removed card is an invalid outcome
      Given a new 3-player game
      When a deal is applied that gives a removed card 2/3
      Then the action is rejected as invalid-outcome
      And the state is unchanged

    @clause:DNP-DEAL
    Scenario: A deal that hands out one card twice is an invalid outcome
      Given a new 4-player game
      When a deal is applied that gives one card twice
      Then the action is rejected as invalid-outcome
      And the state is unchanged

  Rule: DNP-START-PLAYER the holder of the starred 1/5 card starts
    "De speler met de kaart met waarden 1 en 5 en het sterrensymbool is de startspeler."

    @clause:DNP-START-PLAYER
    Scenario: The holder of the start card starts the round
      Given a new 4-player game
      When the cards are dealt with the start card to player 2
      Then player 2 is to move next

    @clause:DNP-START-PLAYER
    Scenario: The start player need not play the start card first
      Given a new 3-player game
      When the cards are dealt with the start card to player 1
      Then player 1 may play a set without the start card

  Rule: DNP-HIDDEN-HAND hands are hidden from the other players
    "Spelers mogen hun kaarten bekijken maar niet aan anderen laten zien."

    @clause:DNP-HIDDEN-HAND
    Scenario: A player sees their own hand but only the sizes of the other hands
      Given a new 3-player game
      When the cards are dealt
      Then the observation of player 1 shows their own hand and only the sizes of the others

  Rule: DNP-KEEP-ORIENTATION cards in hand are not turned unless the rules say so
    "De volgorde van de kaarten in je hand mag je op elk moment aanpassen, maar je mag ze niet omdraaien tenzij de spelregels dat vereisen."

    @clause:DNP-KEEP-ORIENTATION
    Scenario: Playing a set leaves the other cards in hand as they were
      Given a 5-player game in progress
      And player 0 holds 3/7, 8/2
      And player 0 is to move
      When player 0 plays 3/7
      Then player 0 now holds 8/2
