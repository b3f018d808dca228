Feature: Going out, letters, the end of a round and of the game

  Rule: DNP-FIRST-OUT the first player out gets 2 letters and leaves the round
    "De speler die als eerste zijn laatste kaart of kaarten speelt, ontvangt 2 letterfiches en doet niet meer mee in deze ronde."

    @clause:DNP-FIRST-OUT @clause:DNP-GOAL
    Scenario: Playing one's last cards earns 2 letters
      Given a 3-player game in progress
      And player 0 holds 6/2
      And player 0 is to move
      When player 0 plays 6/2
      Then the letters are now 2, 0, 0
      And player 0 is out of the round
      And player 0 holds no cards
      And player 1 is to move next
      And the game is not over

    @clause:DNP-FIRST-OUT
    Scenario: Adding one's last card to another set also goes out
      Given a 3-player game in progress
      And player 2 has the set 7/1 on the table
      And player 0 holds 7/2
      And player 0 is to move
      When player 0 adds 7/2 to the set of player 2
      Then the letters are now 2, 0, 0
      And player 0 is out of the round

  Rule: DNP-FIRST-OUT-CARDS-STAY the first player's set stays until the others have had a turn
    "Die speler laat zijn kaarten op tafel liggen totdat alle andere spelers aan de beurt zijn geweest en verwijdert ze daarna."

    @clause:DNP-FIRST-OUT-CARDS-STAY
    Scenario: The set of the first player out stays for one round of turns
      Given a 3-player game in progress
      And player 0 holds 6/2
      And player 0 is to move
      When player 0 plays 6/2
      And the next player flips their hand
      Then player 0 now has the set 6/2 on the table
      When the next player flips their hand
      Then player 0 has no set on the table
      And the discard pile contains 6/2
      And player 1 is to move next

    @clause:DNP-FIRST-OUT-CARDS-STAY
    Scenario: The set of the first player out can still be taken
      Given a 3-player game in progress
      And player 0 went out first this round leaving that set for 2 more turns
      And player 0 has the set 6/2 on the table
      And the letters are 2, 0, 0
      And player 1 holds 9/1
      And player 1 is to move
      When player 1 takes the set of player 0
      Then player 1 now holds 2/6, 9/1
      And player 0 holds no cards

  Rule: DNP-FIRST-OUT-BEATEN a beaten set of the first player out is simply discarded
    "Wordt de set van de eerste speler nog verslagen door een set met een hogere waarde voordat alle andere spelers aan de beurt zijn geweest, dan verwijdert hij zijn kaarten gewoon."

    @clause:DNP-FIRST-OUT-BEATEN
    Scenario: A beaten set of the first player out goes to the discard pile
      Given a 3-player game in progress
      And player 0 went out first this round leaving that set for 2 more turns
      And player 0 has the set 6/2 on the table
      And the letters are 2, 0, 0
      And player 1 holds 9/1, 5/3
      And player 1 is to move
      When player 1 plays 9/1
      Then player 0 holds no cards
      And player 0 has no set on the table
      And the discard pile contains 6/2
      And player 2 is to move next

  Rule: DNP-SECOND-OUT the second player out gets 1 letter and a new round starts
    "De speler die als tweede al zijn kaarten uitspeelt, ontvangt 1 letterfiche. Daarna begint een nieuwe ronde."

    @clause:DNP-SECOND-OUT
    Scenario: The second player out gets 1 letter and the next round is dealt
      Given a 3-player game in progress
      And player 0 went out first this round
      And the letters are 2, 0, 0
      And player 1 holds 5/3
      And player 1 is to move
      When player 1 plays 5/3
      Then the letters are now 2, 1, 0
      And round 2 is being dealt

    @clause:DNP-SECOND-OUT @clause:DNP-START-PLAYER
    Scenario: The next round is started by the new holder of the start card
      Given a 4-player game in progress
      And player 0 went out first this round
      And the letters are 2, 0, 0, 0
      And player 1 holds 5/3
      And player 1 is to move
      When player 1 plays 5/3
      And the cards are dealt with the start card to player 3
      Then player 3 is to move next
      And every player holds 9 cards
      And the letters are now 2, 1, 0, 0

    @clause:DNP-SECOND-OUT
    Scenario: A round of five players also ends with the second player out
      Given a 5-player game in progress
      And player 3 went out first this round
      And the letters are 0, 0, 0, 2, 1
      And player 4 holds 8/1
      And player 4 is to move
      When player 4 plays 8/1
      Then the letters are now 0, 0, 0, 2, 2
      And round 2 is being dealt

  Rule: DNP-GAME-END 4 or more letters win at once
    "De eerste speler die 4 of meer letterfiches heeft verzameld, wint het spel direct."

    @clause:DNP-GAME-END
    Scenario: Reaching 4 letters by going out first wins at once
      Given a 3-player game in progress
      And the letters are 2, 0, 0
      And player 0 holds 6/2
      And player 0 is to move
      When player 0 plays 6/2
      Then player 0 wins the game

    @clause:DNP-GAME-END @clause:DNP-FAQ-LETTERS
    Scenario: Reaching 4 letters by going out second wins
      Given a 3-player game in progress
      And player 0 went out first this round
      And the letters are 2, 3, 0
      And player 1 holds 5/3
      And player 1 is to move
      When player 1 plays 5/3
      Then the letters are now 2, 4, 0
      And player 1 wins the game

    @clause:DNP-GAME-END
    Scenario: FAQ, when two could reach 4 letters in one round the one with two letters wins
      Given a 3-player game in progress
      And the letters are 2, 3, 0
      And player 0 holds 6/2
      And player 1 holds 5/3
      And player 0 is to move
      When player 0 plays 6/2
      Then player 0 wins the game
      And the letters are now 4, 3, 0

    @clause:DNP-GAME-END
    Scenario: Five letters also win
      Given a 4-player game in progress
      And the letters are 3, 0, 2, 1
      And player 0 holds 6/2
      And player 0 is to move
      When player 0 plays 6/2
      Then the letters are now 5, 0, 2, 1
      And player 0 wins the game

    @clause:DNP-GAME-END
    Scenario: Below 4 letters the game goes on
      Given a 3-player game in progress
      And the letters are 1, 0, 0
      And player 0 holds 6/2
      And player 0 is to move
      When player 0 plays 6/2
      Then the letters are now 3, 0, 0
      And the game is not over

    @clause:DNP-GAME-END
    Scenario: A finished game accepts no more actions
      Given a 3-player game in progress
      And the letters are 2, 0, 0
      And player 0 holds 6/2
      And player 0 is to move
      When player 0 plays 6/2
      And player 1 tries to flip their hand
      Then the action is rejected as illegal-action

  Rule: DNP-TURN-CAP nothing forces an end, so a config may cap the turns
    "De eerste speler die 4 of meer letterfiches heeft verzameld, wint het spel direct."

    @clause:DNP-TURN-CAP
    Scenario: The optional turn cap ends the game unfinished
      Given a 3-player game in progress
      And the turn cap is 10 and 9 turns have been played
      And player 0 holds 3/7
      And player 0 is to move
      When player 0 flips their hand
      Then the game ends unfinished

    @clause:DNP-TURN-CAP
    Scenario: A turn cap asked for when the game is created ends it after that many turns
      Given a new 3-player game with a turn cap of 1
      When the cards are dealt with the start card to player 2
      And player 2 flips their hand
      Then the game ends unfinished

    @clause:DNP-TURN-CAP
    Scenario: Below the turn cap the game goes on
      Given a 3-player game in progress
      And the turn cap is 10 and 8 turns have been played
      And player 0 holds 3/7
      And player 0 is to move
      When player 0 flips their hand
      Then the game is not over
      And player 1 is to move next

  Rule: DNP-FIRST-OUT-CARDS-STAY the set of a player who is out is a set on the table like any other
    "Die speler laat zijn kaarten op tafel liggen totdat alle andere spelers aan de beurt zijn geweest en verwijdert ze daarna."

    @clause:DNP-FIRST-OUT-CARDS-STAY @clause:DNP-ACTION-B
    Scenario: A card may be added to the set of the first player out
      Given a 3-player game in progress
      And player 0 went out first this round leaving that set for 2 more turns
      And player 0 has the set 6/2 on the table
      And the letters are 2, 0, 0
      And player 1 holds 6/3, 9/1
      And player 1 is to move
      When player 1 adds 6/3 to the set of player 0
      Then player 0 now has the set 6/2, 6/3 on the table
      And player 1 now holds 9/1
      And player 0 holds no cards

    @clause:DNP-FIRST-OUT-CARDS-STAY @clause:DNP-A-RETURN
    Scenario: The set of the first player out still leaves on time when another player's set is beaten
      Given a 3-player game in progress
      And player 0 went out first this round leaving that set for one more turn
      And player 0 has the set 6/2, 6/3 on the table
      And player 2 has the set 4/2 on the table
      And player 2 holds 5/1
      And the letters are 2, 0, 0
      And player 1 holds 7/1, 9/1
      And player 1 is to move
      When player 1 plays 7/1
      Then player 2 now holds 2/4, 5/1
      And player 0 has no set on the table

    @clause:DNP-FIRST-OUT-BEATEN @clause:DNP-B-CONFLICT
    Scenario: An addition that makes a higher set of its size beats the set of the first player out
      Given a 4-player game in progress
      And player 0 went out first this round leaving that set for 2 more turns
      And player 0 has the set 6/2, 6/3 on the table
      And player 3 has the set 8/1 on the table
      And the letters are 2, 0, 0, 0
      And player 1 holds 8/2, 9/1
      And player 1 is to move
      When player 1 adds 8/2 to the set of player 3
      Then player 3 now has the set 8/1, 8/2 on the table
      And player 0 has no set on the table
      And player 0 holds no cards
      And the discard pile contains 6/2
