Feature: Action A, playing a set, and the same-size rule

  Rule: DNP-SET a set is one or more cards with the same active value
    "Een set bestaat uit 1 of meer kaarten met dezelfde actieve waarde."

    @clause:DNP-SET @clause:DNP-FAQ-SET
    Scenario: Cards showing different values are not a set
      Given a 5-player game in progress
      And player 0 holds 3/7, 4/9
      And player 0 is to move
      When player 0 tries to play 3/7, 4/9
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:DNP-SET
    Scenario: Cards showing one value form a set although their other values differ
      Given a 5-player game in progress
      And player 0 holds 3/7, 3/9, 8/1
      And player 0 is to move
      When player 0 plays 3/7, 3/9
      Then player 0 now has the set 3/7, 3/9 on the table
      And player 0 now holds 8/1

  Rule: DNP-ACTION-A play a set from the hand in front of oneself
    "Speel een set uit je hand en leg die open voor je neer."

    @clause:DNP-ACTION-A
    Scenario: Playing a single card as a set
      Given a 5-player game in progress
      And player 0 holds 6/1, 2/5
      And player 0 is to move
      When player 0 plays 6/1
      Then player 0 now has the set 6/1 on the table
      And player 0 now holds 2/5
      And player 1 is to move next

    @clause:DNP-ACTION-A
    Scenario: A player cannot play a card they do not hold
      Given a 5-player game in progress
      And player 0 holds 6/1, 2/5
      And player 0 is to move
      When player 0 tries to play 9/4
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:DNP-ACTION-A
    Scenario: A card name that is not in the deck is malformed
      Given a 5-player game in progress
      And player 0 holds 6/1, 2/5
      And player 0 is to move
      When the action {"type": "play", "player": 0, "cards": ["11/12"]} is applied
      Then the action is rejected as malformed
      And the state is unchanged

  Rule: DNP-A-ANY-COUNT any number of the cards of one value
    "Je kiest zelf hoeveel kaarten je in de set legt, zolang ze dezelfde actieve waarde hebben."

    @clause:DNP-A-ANY-COUNT @clause:DNP-FAQ-ANY-COUNT
    Scenario: A player may play only some of their cards of one value
      Given a 5-player game in progress
      And player 0 holds 5/1, 5/2, 5/3
      And player 0 is to move
      When player 0 plays 5/1, 5/3
      Then player 0 now has the set 5/1, 5/3 on the table
      And player 0 now holds 5/2

    @clause:DNP-A-ANY-COUNT
    Scenario: Every choice of cards of one value is a distinct legal set, listed once
      Given a 5-player game in progress
      And player 0 holds 5/1, 5/2, 5/3, 8/4
      And player 0 is to move
      Then there are 8 legal ways to play a set

  Rule: DNP-A-HIGHER a set of the same size as another must be higher
    "Heeft een andere speler echter al een set voor zich liggen met dezelfde grootte als jouw set, dan moet jouw set een hogere waarde hebben."

    @clause:DNP-A-HIGHER
    Scenario: A higher set of the same size may be played
      Given a 5-player game in progress
      And player 2 has the set 4/1, 4/2 on the table
      And player 0 holds 6/2, 6/3, 9/1
      And player 0 is to move
      When player 0 plays 6/2, 6/3
      Then player 0 now has the set 6/2, 6/3 on the table

    @clause:DNP-A-HIGHER
    Scenario: A set of equal value and size may not be played
      Given a 5-player game in progress
      And player 2 has the set 6/1, 6/2 on the table
      And player 0 holds 6/3, 6/4, 9/1
      And player 0 is to move
      When player 0 tries to play 6/3, 6/4
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:DNP-A-HIGHER
    Scenario: A lower set of the same size may not be played
      Given a 5-player game in progress
      And player 3 has the set 8/1, 8/2 on the table
      And player 0 holds 5/2, 5/3
      And player 0 is to move
      When player 0 tries to play 5/2, 5/3
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:DNP-A-HIGHER
    Scenario: A lower set of the same size is not offered but a set of another size is
      Given a 5-player game in progress
      And player 3 has the set 8/1, 8/2 on the table
      And player 0 holds 5/2, 5/3
      And player 0 is to move
      Then playing 5/2, 5/3 is not legal
      And playing 5/2 is legal

    @clause:DNP-A-HIGHER @clause:DNP-A-ANY-COUNT
    Scenario: A value too low for one size may still be played at a size nobody has on the table
      Given a 5-player game in progress
      And player 3 has the set 8/1, 8/2 on the table
      And player 0 holds 5/2, 5/3, 5/4
      And player 0 is to move
      Then playing 5/2, 5/3 is not legal
      And playing 5/2, 5/3, 5/4 is legal

    @clause:DNP-A-HIGHER
    Scenario: A set of another size does not conflict
      Given a 5-player game in progress
      And player 3 has the set 8/1, 8/2 on the table
      And player 0 holds 5/2, 9/1
      And player 0 is to move
      When player 0 plays 5/2
      Then player 3 now has the set 8/1, 8/2 on the table
      And player 0 now has the set 5/2 on the table

  Rule: DNP-A-RETURN the beaten set goes back to its owner, flipped
    "In dat geval moet de andere speler al zijn kaarten van die set terugnemen in de hand en alle kaarten daarbij omdraaien."

    @clause:DNP-A-RETURN
    Scenario: The beaten set goes back to its owner's hand with every card flipped
      Given a 5-player game in progress
      And player 2 has the set 4/1, 4/2 on the table
      And player 2 holds 7/9
      And player 0 holds 6/2, 6/3, 9/1
      And player 0 is to move
      When player 0 plays 6/2, 6/3
      Then player 2 now holds 1/4, 2/4, 7/9
      And player 2 has no set on the table

    @clause:DNP-A-RETURN
    Scenario: Only the set of the same size goes back
      Given a 5-player game in progress
      And player 2 has the set 4/1, 4/2 on the table
      And player 3 has the set 3/5 on the table
      And player 0 holds 6/2, 6/3, 9/1
      And player 0 is to move
      When player 0 plays 6/2, 6/3
      Then player 3 now has the set 3/5 on the table
      And player 2 has no set on the table
