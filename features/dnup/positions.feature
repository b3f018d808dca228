Feature: Loading positions, malformed states are refused with a clear error

  Rule: DNP-SET a set on the table shows one active value
    "De waarde van een set is gelijk aan de actieve waarde."

    @clause:DNP-SET
    Scenario: A set on the table showing two values is malformed
      Given a 5-player game in progress
      And player 2 has the set 6/2, 7/1 on the table
      And player 0 is to move
      When the position is loaded
      Then the position is rejected as malformed

  Rule: DNP-DECK-SIZE every card of the deck is in exactly one place
    "- 40 kaarten"

    @clause:DNP-DECK-SIZE
    Scenario: A card in two places is malformed
      Given a 5-player game in progress
      And player 0 holds 3/7, 9/1
      And player 0 is to move
      When the position is loaded with card 3/7 also in the hand of player 2
      Then the position is rejected as malformed

    @clause:DNP-DECK-SIZE
    Scenario: A missing card is malformed
      Given a 5-player game in progress
      And player 0 holds 3/7, 9/1
      And player 0 is to move
      When the position is loaded with card 6/8 missing
      Then the position is rejected as malformed

    @clause:DNP-DECK-SIZE
    Scenario: A state of another game is malformed
      Given a 5-player game in progress
      And player 0 holds 3/7, 9/1
      And player 0 is to move
      When the position is loaded with field game set to "sorry"
      Then the position is rejected as malformed

    @clause:DNP-PLAYER-COUNT
    Scenario: A state with six players is malformed
      Given a 5-player game in progress
      And player 0 holds 3/7, 9/1
      And player 0 is to move
      When the position is loaded with field players set to 6
      Then the position is rejected as malformed

  Rule: DNP-A-HIGHER sets of one size never lie on the table together
    "Heeft een andere speler echter al een set voor zich liggen met dezelfde grootte als jouw set, dan moet jouw set een hogere waarde hebben."

    @clause:DNP-A-HIGHER @choice:dnup.add-conflict=illegal
    Scenario: Two sets of the same size on the table are malformed
      Given a 5-player game in progress
      And player 2 has the set 6/2 on the table
      And player 3 has the set 8/1 on the table
      And player 0 is to move
      When the position is loaded
      Then the position is rejected as malformed

    @clause:DNP-B-CONFLICT @choice:dnup.add-conflict=consequence
    Scenario: Seed reading, two equal sets of one size are a valid position
      Given a 5-player game in progress
      And player 2 has the set 6/2 on the table
      And player 3 has the set 6/3 on the table
      And player 0 is to move
      When the position is loaded
      Then the position is accepted

  Rule: DNP-GAME-END a player with 4 letters has won
    "De eerste speler die 4 of meer letterfiches heeft verzameld, wint het spel direct."

    @clause:DNP-GAME-END
    Scenario: A game in progress where a player has 4 letters is malformed
      Given a 3-player game in progress
      And the letters are 4, 0, 0
      And player 0 is to move
      When the position is loaded
      Then the position is rejected as malformed
