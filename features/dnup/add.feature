Feature: Action B, adding one card to another player's set

  Rule: DNP-ACTION-B add exactly one card of the set's value to another player's set
    "Speel precies 1 kaart uit je hand en voeg die toe aan een bestaande set van een andere speler. De kaart moet dezelfde waarde hebben als de set waaraan je hem toevoegt."

    @clause:DNP-ACTION-B
    Scenario: Adding a card of the set's value to another player's set
      Given a 5-player game in progress
      And player 2 has the set 7/1 on the table
      And player 0 holds 7/2, 5/3
      And player 0 is to move
      When player 0 adds 7/2 to the set of player 2
      Then player 2 now has the set 7/1, 7/2 on the table
      And player 0 now holds 5/3

    @clause:DNP-ACTION-B
    Scenario: A card showing another value cannot be added
      Given a 5-player game in progress
      And player 2 has the set 7/1 on the table
      And player 0 holds 2/8, 5/3
      And player 0 is to move
      When player 0 tries to add 2/8 to the set of player 2
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:DNP-ACTION-B
    Scenario: A card cannot be added where there is no set
      Given a 5-player game in progress
      And player 0 holds 7/2, 5/3
      And player 0 is to move
      When player 0 tries to add 7/2 to the set of player 3
      Then the action is rejected as illegal-action
      And the state is unchanged

  Rule: DNP-B-CONFLICT an extended set that matches another set's size
    "Heeft de set met de toegevoegde kaart nu dezelfde grootte als een andere set op tafel, dan moet de waarde van de uitgebreide set hoger zijn dan die andere set. Is dat niet het geval, dan moet de eigenaar van de lagere set al zijn kaarten terugnemen in de hand en alle kaarten daarbij omdraaien."

    @clause:DNP-B-CONFLICT @clause:DNP-FAQ-CONFLICT @choice:dnup.add-conflict=illegal
    Scenario: FAQ reading, an extended set higher than another set of its size sends that set back
      Given a 5-player game in progress
      And player 2 has the set 7/1 on the table
      And player 3 has the set 5/2, 5/3 on the table
      And player 3 holds 9/1
      And player 0 holds 7/6, 8/1
      And player 0 is to move
      When player 0 adds 7/6 to the set of player 2
      Then player 2 now has the set 7/1, 7/6 on the table
      And player 3 now holds 2/5, 3/5, 9/1
      And player 3 has no set on the table

    @clause:DNP-B-CONFLICT @choice:dnup.add-conflict=illegal
    Scenario: FAQ reading, an extended set equal to another set of its size is illegal
      Given a 5-player game in progress
      And player 2 has the set 7/1 on the table
      And player 3 has the set 7/2, 7/3 on the table
      And player 0 holds 7/6, 8/1
      And player 0 is to move
      When player 0 tries to add 7/6 to the set of player 2
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:DNP-B-CONFLICT @clause:DNP-FAQ-CONFLICT @choice:dnup.add-conflict=illegal
    Scenario: FAQ reading, an extended set lower than another set of its size is illegal
      Given a 5-player game in progress
      And player 2 has the set 4/2 on the table
      And player 3 has the set 9/3, 9/4 on the table
      And player 0 holds 4/5, 8/1
      And player 0 is to move
      Then adding 4/5 to the set of player 2 is not legal
      When player 0 tries to add 4/5 to the set of player 2
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:DNP-B-CONFLICT @choice:dnup.add-conflict=consequence
    Scenario: Seed reading, an extended set higher than another set of its size sends that set back
      Given a 5-player game in progress
      And player 2 has the set 7/1 on the table
      And player 3 has the set 5/2, 5/3 on the table
      And player 3 holds 9/1
      And player 0 holds 7/6, 8/1
      And player 0 is to move
      When player 0 adds 7/6 to the set of player 2
      Then player 2 now has the set 7/1, 7/6 on the table
      And player 3 now holds 2/5, 3/5, 9/1

    @clause:DNP-B-CONFLICT @clause:DNP-FAQ-CONFLICT @choice:dnup.add-conflict=consequence
    Scenario: Seed reading, an extended set lower than another set of its size goes back to its owner
      Given a 5-player game in progress
      And player 2 has the set 4/2 on the table
      And player 2 holds 6/1
      And player 3 has the set 9/3, 9/4 on the table
      And player 0 holds 4/5, 8/1
      And player 0 is to move
      When player 0 adds 4/5 to the set of player 2
      Then player 2 now holds 2/4, 5/4, 6/1
      And player 2 has no set on the table
      And player 3 now has the set 9/3, 9/4 on the table
      And player 0 now holds 8/1

    @clause:DNP-B-CONFLICT @choice:dnup.add-conflict=consequence
    Scenario: Seed reading, equal sets of one size both stay on the table
      Given a 5-player game in progress
      And player 2 has the set 7/1 on the table
      And player 3 has the set 7/2, 7/3 on the table
      And player 0 holds 7/6, 8/1
      And player 0 is to move
      When player 0 adds 7/6 to the set of player 2
      Then player 2 now has the set 7/1, 7/6 on the table
      And player 3 now has the set 7/2, 7/3 on the table

    @clause:DNP-B-CONFLICT @choice:dnup.add-conflict=consequence
    Scenario: Seed reading, a lower addition is offered as a legal action
      Given a 5-player game in progress
      And player 2 has the set 4/2 on the table
      And player 3 has the set 9/3, 9/4 on the table
      And player 0 holds 4/5, 8/1
      And player 0 is to move
      Then the legal action types are add, flip, play, take
