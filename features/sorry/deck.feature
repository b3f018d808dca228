Feature: The deck, drawing and reshuffling

  Rule: SRY-DECK the Sorry! deck has 45 cards without 6s or 9s
    "MATERIALEN: spelbord, 16 pionnen (4 van elk van de 4 kleuren), kaartspel (zonder 6's of 9's)"

    @clause:SRY-DECK @choice:sorry.deck=hasbro-2005
    Scenario: A new game's draw pile is the whole 45-card deck
      Given a game of red, blue
      Then the draw pile holds 45 cards
      And the discard pile holds 0 cards

    @clause:SRY-DECK @choice:sorry.deck=first-edition
    Scenario: The first-edition deck has 44 cards
      Given a game of red, blue
      Then the draw pile holds 44 cards

  Rule: SRY-FAQ-NO-SIX-NINE there are no 6 or 9 cards
    "Er zijn geen kaarten met de nummers 6 of 9 erop."

    @clause:SRY-FAQ-NO-SIX-NINE
    Scenario: Drawing a 6 is not a possible outcome
      Given a game of red, blue
      When the card drawn is a 6
      Then the outcome is rejected as invalid-outcome
      And the state is unchanged

  Rule: SRY-DRAW-PILE drawing takes a card from the draw pile
    "Schud de stapel kaarten na het verwijderen van de zessen en negens en plaats de stapel met de beeldzijden naar beneden op "Plaats pakje hier", dit is de trekstapel."

    @clause:SRY-DRAW-PILE
    Scenario: The drawn card leaves the draw pile and is in play
      Given a game of red, blue
      And the draw pile holds only 5, 7
      And it is red's turn to draw
      When the card drawn is a 7
      Then it is red's turn to play
      And the draw pile holds exactly 5

    @clause:SRY-DRAW-PILE
    Scenario: A card that is not in the draw pile cannot be drawn
      Given a game of red, blue
      And the draw pile holds only 3, 5
      And it is red's turn to draw
      When the card drawn is a 7
      Then the outcome is rejected as invalid-outcome
      And the state is unchanged

    @clause:SRY-DRAW-PILE
    Scenario: A player action before the draw is rejected
      Given a game of red, blue
      When red plays "forfeit 7"
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:SRY-DRAW-PILE
    Scenario: A drawn card written outside a list is not a draw
      Given a game of red, blue
      And it is red's turn to draw
      When the draw's outcome is [{"draw": "3"}]
      Then the outcome is rejected as malformed
      And the state is unchanged

    @clause:SRY-DRAW-PILE
    Scenario: A turn draws one card, not two
      Given a game of red, blue
      And it is red's turn to draw
      When the draw's outcome is [{"draw": ["3", "5"]}]
      Then the outcome is rejected as invalid-outcome
      And the state is unchanged

    @clause:SRY-DRAW-PILE
    Scenario: A turn's draw has one result, not two
      Given a game of red, blue
      And it is red's turn to draw
      When the draw's outcome is [{"draw": ["3"]}, {"draw": ["5"]}]
      Then the outcome is rejected as malformed
      And the state is unchanged

    @clause:SRY-DRAW-PILE
    Scenario: No card is drawn while the drawn card waits to be played
      Given a game of red, blue
      And red has drawn a 5
      When the card drawn is a 3
      Then the outcome is rejected as invalid-outcome
      And the state is unchanged

  Rule: SRY-RESHUFFLE an empty draw pile is replaced by the shuffled discards
    "- Als de trekstapel opraakt, schud je de aflegstapel en gebruik je die opnieuw."

    @clause:SRY-RESHUFFLE @choice:sorry.deck=hasbro-2005
    Scenario: After the last card is played the discards become the draw pile
      Given a game of red, blue
      And the draw pile holds only 3
      And it is red's turn to draw
      When the card drawn is a 3
      And red plays "forfeit 3"
      Then the draw pile holds 45 cards
      And the discard pile holds 0 cards
      And it is blue's turn to draw

    @clause:SRY-RESHUFFLE @choice:sorry.deck=hasbro-2005
    Scenario: While cards remain the discards stay aside
      Given a game of red, blue
      And the draw pile holds only 3, 4
      And it is red's turn to draw
      When the card drawn is a 3
      And red plays "forfeit 3"
      Then the draw pile holds exactly 4
      And the discard pile holds 44 cards

    @clause:SRY-RESHUFFLE @choice:sorry.deck=first-edition
    Scenario: With the first-edition deck the 44 discards become the draw pile
      Given a game of red, blue
      And the draw pile holds only 3
      And it is red's turn to draw
      When the card drawn is a 3
      And red plays "forfeit 3"
      Then the draw pile holds 44 cards
      And the discard pile holds 0 cards
      And it is blue's turn to draw

    @clause:SRY-RESHUFFLE @choice:sorry.deck=first-edition
    Scenario: With the first-edition deck the discards stay aside while cards remain
      Given a game of red, blue
      And the draw pile holds only 3, 4
      And it is red's turn to draw
      When the card drawn is a 3
      And red plays "forfeit 3"
      Then the draw pile holds exactly 4
      And the discard pile holds 43 cards
