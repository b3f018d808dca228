Feature: The 2-player variant with two play areas per player

  Rule: DNP-TWO-SETUP two players remove both star-disc sets and have two areas each
    "Verwijder bij de voorbereiding alle kaarten met het vierpuntige en zespuntige sterschijfsymbool. Elke speler legt 2 overzichtskaarten van dezelfde kleur voor zich neer, die elk een eigen speelgebied vertegenwoordigen."

    @clause:DNP-TWO-SETUP @clause:DNP-PLAYER-COUNT
    Scenario: Two players remove the cards with either star disc
      Given a new 2-player game
      Then 30 cards are in play and 10 are removed
      And the removed cards are those with the four- or six-point star disc symbol
      And the deal hands out 15 cards to each of the 2 players

    @clause:DNP-TWO-SETUP @clause:DNP-ACTION-B
    Scenario: A player cannot add a card to their own set in the other area
      Given a 2-player game in progress
      And player 0 has the set 6/2 in area 1
      And player 0 holds 6/3, 8/1
      And player 0 is to move in area 2
      When player 0 tries to add 6/3 to the set of player 0 in area 1
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:DNP-TWO-SETUP @clause:DNP-ACTION-C
    Scenario: A player may take the opponent's set from area 2
      Given a 2-player game in progress
      And player 1 has the set 6/2 in area 2
      And player 0 holds 8/1
      And player 0 is to move in area 1
      When player 0 takes the set of player 1 in area 2
      Then player 0 now holds 2/6, 8/1
      And player 1 has no set in area 2

    @clause:DNP-TWO-SETUP @clause:DNP-ACTION-B
    Scenario: A card may be added to the opponent's set in area 2
      Given a 2-player game in progress
      And player 1 has the set 6/2 in area 2
      And player 0 holds 6/3, 8/1
      And player 0 is to move in area 2
      When player 0 adds 6/3 to the set of player 1 in area 2
      Then player 1 now has the set 6/2, 6/3 in area 2
      And player 1 is to move next in area 1

    @clause:DNP-TWO-SETUP @clause:DNP-ACTION-B
    Scenario: The opponent's set can be added to while one's own set lies in the other area
      Given a 2-player game in progress
      And player 0 has the set 4/1, 4/2 in area 2
      And player 1 has the set 6/2 in area 1
      And player 0 holds 6/3, 8/1
      And player 0 is to move in area 1
      Then adding 6/3 to the set of player 1 in area 1 is legal

    @clause:DNP-TWO-SETUP
    Scenario: An area 3 does not exist
      Given a 2-player game in progress
      And player 1 has the set 6/2 in area 1
      And player 0 holds 6/3, 8/1
      And player 0 is to move in area 2
      When the action {"type": "take", "player": 0, "owner": 1, "area": 3} is applied
      Then the action is rejected as malformed
      And the state is unchanged

  Rule: DNP-TWO-START the start player begins the round with one turn in area 2
    "De speler met de startspelerkaart begint de ronde met slechts 1 beurt in speelgebied 2."

    @clause:DNP-TWO-START
    Scenario: The start player begins with a single turn in area 2
      Given a new 2-player game
      When the cards are dealt with the start card to player 1
      Then player 1 is to move next in area 2

    @clause:DNP-TWO-START @clause:DNP-TWO-TURNS
    Scenario: After the single first turn the other player plays area 1
      Given a 2-player game in progress
      And player 1 holds 3/7, 8/1
      And player 1 is to move in area 2
      When player 1 flips their hand
      Then player 0 is to move next in area 1

  Rule: DNP-TWO-TURNS two turns in a row, one per area, each discarding that area's set
    "Elke speler is 2 keer na elkaar aan de beurt: 1 keer voor speelgebied 1 en 1 keer voor speelgebied 2."

    @clause:DNP-TWO-TURNS
    Scenario: A turn in area 1 is followed by the same player's turn in area 2
      Given a 2-player game in progress
      And player 0 holds 3/7, 8/1
      And player 0 is to move in area 1
      When player 0 flips their hand
      Then player 0 is to move next in area 2

    @clause:DNP-TWO-TURNS @clause:DNP-DISCARD-OWN-SET
    Scenario: Each turn discards only the set of its own area
      Given a 2-player game in progress
      And player 0 has the set 8/1 in area 1
      And player 0 has the set 5/2, 5/3 in area 2
      And player 1 holds 3/7, 9/4
      And player 1 is to move in area 2
      When player 1 flips their hand
      Then player 0 is to move next in area 1
      And player 0 has no set in area 1
      And player 0 now has the set 5/2, 5/3 in area 2
      And the discard pile contains 8/1

    @clause:DNP-TWO-TURNS @clause:DNP-ACTION-A
    Scenario: A set played in the turn for area 2 lies in area 2
      Given a 2-player game in progress
      And player 0 holds 6/3, 8/1
      And player 0 is to move in area 2
      When player 0 plays 6/3
      Then player 0 now has the set 6/3 in area 2
      And player 1 is to move next in area 1

  Rule: DNP-TWO-CONFLICT-OWN with 2 players a set also conflicts with one's own set in the other area
    "Een set kan conflicteren met een set van een andere speler op tafel met dezelfde grootte, maar bij 2 spelers kan een set ook conflicteren met een eigen set in het andere speelgebied."

    @clause:DNP-TWO-CONFLICT-OWN
    Scenario: A set must be higher than one's own set of the same size in the other area
      Given a 2-player game in progress
      And player 0 has the set 8/1 in area 1
      And player 0 holds 5/2, 9/3
      And player 0 is to move in area 2
      When player 0 tries to play 5/2
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:DNP-TWO-CONFLICT-OWN @clause:DNP-A-RETURN
    Scenario: Beating one's own set sends it back to one's own hand, flipped
      Given a 2-player game in progress
      And player 0 has the set 5/2 in area 1
      And player 0 holds 9/3, 6/1
      And player 0 is to move in area 2
      When player 0 plays 9/3
      Then player 0 now holds 2/5, 6/1
      And player 0 now has the set 9/3 in area 2
      And player 0 has no set in area 1

    @clause:DNP-TWO-CONFLICT-OWN @clause:DNP-A-HIGHER
    Scenario: The opponent's set in area 2 conflicts as well
      Given a 2-player game in progress
      And player 1 has the set 8/1 in area 2
      And player 0 holds 5/2, 9/3
      And player 0 is to move in area 1
      Then playing 5/2 is not legal
      And playing 9/3 is legal

  Rule: DNP-TWO-ROUND-WIN the first player out wins the round, two rounds win the game
    "De speler die als eerste zijn laatste kaart uitspeelt, wint de ronde. De eerste speler die 2 rondes wint, wint het spel."

    @clause:DNP-TWO-ROUND-WIN
    Scenario: The first player out wins the round and a new round is dealt
      Given a 2-player game in progress
      And player 0 holds 6/2
      And player 0 is to move in area 1
      When player 0 plays 6/2
      Then the rounds won are now 1, 0
      And the letters are now 0, 0
      And round 2 is being dealt

    @clause:DNP-TWO-ROUND-WIN
    Scenario: Winning a second round wins the game
      Given a 2-player game in progress
      And the rounds won are 1, 1
      And player 1 holds 6/2
      And player 1 is to move in area 2
      When player 1 plays 6/2
      Then the rounds won are now 1, 2
      And player 1 wins the game
