Feature: Action C, taking a set, and action D, flipping the hand

  Rule: DNP-ACTION-C take another player's set, flipping every card
    "Neem de set die voor een andere speler ligt en voeg alle kaarten toe aan je hand. Draai alle kaarten van de set om bij het oppakken."

    @clause:DNP-ACTION-C
    Scenario: Taking another player's set flips every card of it
      Given a 5-player game in progress
      And player 2 has the set 6/2, 6/3 on the table
      And player 0 holds 9/1
      And player 0 is to move
      When player 0 takes the set of player 2
      Then player 0 now holds 2/6, 3/6, 9/1
      And player 2 has no set on the table

    @clause:DNP-ACTION-C
    Scenario: Taking a set of one card turns that card
      Given a 5-player game in progress
      And player 3 has the set 10/4 on the table
      And player 0 holds 9/1
      And player 0 is to move
      When player 0 takes the set of player 3
      Then player 0 now holds 4/10, 9/1

    @clause:DNP-ACTION-C
    Scenario: A set that is not there cannot be taken
      Given a 5-player game in progress
      And player 0 holds 9/1
      And player 0 is to move
      When player 0 tries to take the set of player 3
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:DNP-ACTION-C
    Scenario: Taking from a player who does not exist is malformed
      Given a 5-player game in progress
      And player 0 holds 9/1
      And player 0 is to move
      When the action {"type": "take", "player": 0, "owner": 9, "area": 1} is applied
      Then the action is rejected as malformed
      And the state is unchanged

  Rule: DNP-ACTION-D flip every card in the hand
    "Draai alle kaarten in je hand 180 graden, zodat de actieve en inactieve waarden worden omgewisseld."

    @clause:DNP-ACTION-D
    Scenario: A dnup flips every card in the hand
      Given a 5-player game in progress
      And player 0 holds 3/7, 5/2
      And player 0 is to move
      When player 0 flips their hand
      Then player 0 now holds 7/3, 2/5

    @clause:DNP-ACTION-D
    Scenario: Flipping twice gives back the original hand
      Given a 3-player game in progress
      And player 0 holds 3/7, 5/2, 9/4
      And player 0 is to move
      When player 0 flips their hand
      And the next 2 players flip their hands
      And player 0 flips their hand
      Then player 0 holds their original hand

    @clause:DNP-ACTION-D @clause:DNP-ONE-ACTION
    Scenario: Flipping the hand is always possible
      Given a 5-player game in progress
      And player 0 holds 3/7
      And player 0 is to move
      Then the legal action types are flip, play

    @clause:DNP-ACTION-D
    Scenario: A dnup does not touch the sets on the table
      Given a 5-player game in progress
      And player 2 has the set 6/2 on the table
      And player 0 holds 3/7
      And player 0 is to move
      When player 0 flips their hand
      Then player 2 now has the set 6/2 on the table

  Rule: DNP-FAQ-DNUP a dnup swaps active and inactive values of every card in hand
    "- Een dnup is de actie waarbij je alle kaarten in je hand 180 graden omdraait."

    @clause:DNP-FAQ-DNUP
    Scenario: After a dnup two cards that showed one value show their other values
      Given a 5-player game in progress
      And player 0 holds 3/7, 3/9
      And player 0 is to move
      When player 0 flips their hand
      Then player 0 now holds 7/3, 9/3
