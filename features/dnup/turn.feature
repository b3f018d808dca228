Feature: A turn, discarding one's own set first, then exactly one action

  Rule: DNP-DISCARD-OWN-SET a turn starts by discarding one's own set
    "- Verwijder de set die voor je ligt indien van toepassing. Leg verwijderde kaarten als gedekte aflegstapel naast het speelgebied."

    @clause:DNP-DISCARD-OWN-SET
    Scenario: A player's own set is discarded when their turn starts
      Given a 5-player game in progress
      And player 1 has the set 8/4 on the table
      And player 1 holds 2/5
      And player 0 holds 3/7, 9/1
      And player 0 is to move
      When player 0 flips their hand
      Then player 1 is to move next
      And player 1 has no set on the table
      And the discard pile contains 8/4
      And player 1 now holds 2/5

    @clause:DNP-DISCARD-OWN-SET
    Scenario: Other players' sets stay when a turn starts
      Given a 5-player game in progress
      And player 1 has the set 8/4 on the table
      And player 3 has the set 6/2, 6/3 on the table
      And player 0 holds 3/7, 9/1
      And player 0 is to move
      When player 0 flips their hand
      Then player 3 now has the set 6/2, 6/3 on the table

    @clause:DNP-DISCARD-OWN-SET
    Scenario: A position where the player to move still has their own set is malformed
      Given a 5-player game in progress
      And player 0 holds 3/7, 9/1
      And player 0 has the set 8/4 on the table
      And player 0 is to move
      When the position is loaded
      Then the position is rejected as malformed

  Rule: DNP-ONE-ACTION exactly one action per turn
    "- Voer daarna exact 1 van de 4 mogelijke acties uit."

    @clause:DNP-ONE-ACTION
    Scenario: After one action the turn passes and the same player cannot act again
      Given a 5-player game in progress
      And player 0 holds 3/7, 9/1
      And player 0 is to move
      When player 0 plays 3/7
      And player 0 tries to flip their hand
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:DNP-ONE-ACTION
    Scenario: A player who is not to move cannot act
      Given a 5-player game in progress
      And player 0 holds 3/7, 9/1
      And player 0 is to move
      When player 2 tries to flip their hand
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:DNP-ONE-ACTION
    Scenario: An action of unknown type is malformed
      Given a 5-player game in progress
      And player 0 holds 3/7, 9/1
      And player 0 is to move
      When the action {"type": "pass", "player": 0} is applied
      Then the action is rejected as malformed
      And the state is unchanged

    @clause:DNP-ONE-ACTION
    Scenario: An action with missing fields is malformed
      Given a 5-player game in progress
      And player 0 holds 3/7, 9/1
      And player 0 is to move
      When the action {"type": "play", "player": 0} is applied
      Then the action is rejected as malformed
      And the state is unchanged

    @clause:DNP-ONE-ACTION
    Scenario: A chance outcome while a player is to move is rejected
      Given a 5-player game in progress
      And player 0 holds 3/7, 9/1
      And player 0 is to move
      When the action {"type": "chance", "event": "deal", "outcome": [{}]} is applied
      Then the action is rejected as invalid-outcome
      And the state is unchanged

  Rule: DNP-CLOCKWISE play goes clockwise
    "Daarna gaat het spel met de klok mee."

    @clause:DNP-CLOCKWISE
    Scenario: After the last seat play goes back to seat 0
      Given a 4-player game in progress
      And player 3 holds 3/7
      And player 3 is to move
      When player 3 flips their hand
      Then player 0 is to move next

    @clause:DNP-CLOCKWISE @clause:DNP-FIRST-OUT
    Scenario: A player out of the round is skipped
      Given a 4-player game in progress
      And player 1 went out first this round
      And the letters are 0, 2, 0, 0
      And player 0 holds 3/7
      And player 0 is to move
      When player 0 flips their hand
      Then player 2 is to move next
