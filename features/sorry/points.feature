Feature: Playing for points
  Points play starts with one pawn per colour on its start exit (quick start).

  Rule: SRY-POINTS-DEAL each player is dealt a hand
    "- Verdeel na het schudden van de stapel vijf kaarten onder elke speler."

    @clause:SRY-POINTS-DEAL @clause:SRY-QUICK-START @choice:sorry.deck=hasbro-2005 @choice:sorry.points-hand-size=five
    Scenario: The deal gives every player five cards
      Given a points game of red, blue
      Then the pending deal gives each player 5 cards
      When the deal gives red 1, 2, 3, 4, 5 and blue 7, 8, 10, 11, 12
      Then red's hand is 1, 2, 3, 4, 5
      And blue's hand is 7, 8, 10, 11, 12
      And the draw pile holds 35 cards
      And it is red's turn to play
      And red pawn 1 is on 4

    @clause:SRY-POINTS-DEAL @choice:sorry.points-hand-size=seven
    Scenario: With seven-card hands the deal gives seven each
      Given a points game of red, blue
      Then the pending deal gives each player 7 cards

    @clause:SRY-POINTS-DEAL
    Scenario: A deal with a card that is not in the deck is rejected
      Given a points game of red, blue
      When the deal gives red 1, 2, 3, 4, 5 and blue 7, 8, 10, 11, sorry, sorry, sorry, sorry, sorry
      Then the outcome is rejected as invalid-outcome
      And the state is unchanged

  Rule: SRY-POINTS-PLAY play a card from the hand, discard it and draw a replacement
    "- Kies een kaart uit je hand als je aan de beurt bent en verplaats een van je pionnen dienovereenkomstig, gooi af en vervang de kaart van de trekstapel."

    @clause:SRY-POINTS-PLAY
    Scenario: A card played from the hand is replaced from the draw pile
      Given a points game of red, blue
      And red holds 3, 5, 7, 10, 12
      When red plays "3: red 1 from 4 to 7"
      Then red's hand is 5, 7, 10, 12
      And it is red's turn to draw
      And after the draw it is blue's turn
      When the card drawn is an 8
      Then red's hand is 5, 7, 8, 10, 12
      And it is blue's turn to play

    @clause:SRY-POINTS-PLAY
    Scenario: Other players' hands are hidden
      Given a points game of red, blue
      And red holds 3, 5, 7, 10, 12
      Then red's hand is hidden from blue

    @clause:SRY-POINTS-PLAY
    Scenario: A card that is not in the hand cannot be played
      Given a points game of red, blue
      And red holds 3, 5, 7, 10, 12
      When red plays "8: red 1 from 4 to 12"
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:SRY-POINTS-PLAY @clause:SRY-TWO-DRAW-AGAIN
    Scenario: After a 2 the player refills and plays again
      Given a points game of red, blue
      And red holds 2, 3, 5, 7, 8
      When red plays "2: red 1 from 4 to 6"
      Then it is red's turn to draw
      And after the draw it is red's turn

  Rule: SRY-POINTS-DISCARD with no playable card, discard one and end the turn
    "- Als geen van de kaarten die je hebt je toestaat om te bewegen, moet je één kaart afleggen en vervangen."

    @clause:SRY-POINTS-DISCARD
    Scenario: No card can move: any one card is discarded
      Given a points game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | safety 5 |
      And red holds 3, 5, 7, 8, 12
      Then no legal action is a move
      And there are 5 legal actions
      When red plays "forfeit 7"
      Then red's hand is 3, 5, 8, 12
      And it is red's turn to draw
      And after the draw it is blue's turn

    @clause:SRY-POINTS-DISCARD @clause:SRY-MUST-MOVE
    Scenario: A player who can move may not discard
      Given a points game of red, blue
      And red holds 3, 5, 7, 8, 12
      Then red may not play "forfeit 3"
      And no legal action is a forfeit

    @clause:SRY-POINTS-DISCARD @clause:SRY-ELEVEN-FORFEIT @choice:sorry.eleven-forfeit=optional
    Scenario: When only an 11 swap could move, the player may discard instead
      Given a points game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 0      |
        | red    | 2    | home   |
        | red    | 3    | home   |
        | red    | 4    | home   |
        | blue   | 1    | 30     |
      And red holds 11, 11, 12, 12, 12
      Then red may play "11: swap red 1 from 0 with blue 1, to 30"
      And red may play "forfeit 12"

  Rule: SRY-POINTS-RULES the regular rules apply
    "Reguliere regels zijn van toepassing met kleine variaties:"

    @clause:SRY-POINTS-RULES @clause:SRY-SLIDE-ANY-CARD @choice:sorry.slide-colours=other
    Scenario: Slides work the same in points play
      Given a points game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 21     |
      And red holds 3, 5, 7, 8, 12
      When red plays "3: red 1 from 21 to 24 and slides to 28"
      Then red pawn 1 is on 28

  Rule: SRY-POINTS-WIN the first with four pawns HOME wins
    "- De speler die als eerste alle vier zijn pionnen thuis kan krijgen, is de winnaar."

    @clause:SRY-POINTS-WIN @clause:SRY-POINTS-SCORE @clause:SRY-POINTS-WINNER-BONUS
    Scenario: The winner scores its pawns, the opponents' pawns not HOME and the bonus
      Given a points game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | home     |
        | red    | 2    | home     |
        | red    | 3    | home     |
        | red    | 4    | safety 4 |
        | blue   | 1    | home     |
        | blue   | 2    | home     |
      And red holds 2, 3, 5, 7, 8
      When red plays "2: red 4 from safety 4 to home"
      Then red has won
      And red scores 55 points
      And blue scores 10 points

  Rule: SRY-POINTS-SCORE five points per pawn HOME
    "Spelers ontvangen 5 punten voor elk stuk dat het THUIS maakt."

    @clause:SRY-POINTS-SCORE
    Scenario: Every player scores its pawns HOME
      Given a points game of red, blue, yellow
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | home     |
        | red    | 2    | home     |
        | red    | 3    | home     |
        | red    | 4    | safety 4 |
        | blue   | 1    | home     |
        | blue   | 2    | home     |
        | blue   | 3    | home     |
        | yellow | 1    | home     |
        | yellow | 2    | home     |
      And red holds 2, 3, 5, 7, 8
      When red plays "2: red 4 from safety 4 to home"
      Then blue scores 15 points
      And yellow scores 10 points
      And red scores 35 points

  Rule: SRY-POINTS-WINNER-BONUS the winner's bonuses
    "- Als geen van de tegenstanders een pion thuis heeft staan, 100 punten."

    @clause:SRY-POINTS-WINNER-BONUS @choice:sorry.points-bonus=cumulative
    Scenario: With cumulative bonuses every bonus that applies is added
      Given a points game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | home     |
        | red    | 2    | home     |
        | red    | 3    | home     |
        | red    | 4    | safety 4 |
        | blue   | 1    | home     |
      And red holds 2, 3, 5, 7, 8
      When red plays "2: red 4 from safety 4 to home"
      Then red scores 110 points

    @clause:SRY-POINTS-WINNER-BONUS @choice:sorry.points-bonus=highest
    Scenario: No opponent pawn HOME gives the largest bonus
      Given a points game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | home     |
        | red    | 2    | home     |
        | red    | 3    | home     |
        | red    | 4    | safety 4 |
      And red holds 2, 3, 5, 7, 8
      When red plays "2: red 4 from safety 4 to home"
      Then red scores 140 points
