Feature: What each card does
  Red moves clockwise from its start exit 4; blue's slides start on 16 and 24, yellow's on 31 and 39.

  Rule: SRY-CARD-1 a 1 moves a pawn one square forward
    "1: Startkaart, verplaats een van je pionnen een veld naar voren."

    @clause:SRY-CARD-1
    Scenario: A 1 moves a pawn on the board one square
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
      And red has drawn a 1
      Then there are 2 legal actions
      When red plays "1: red 1 from 10 to 11"
      Then red pawn 1 is on 11

    @clause:SRY-CARD-1 @choice:sorry.draw-again=one-and-two
    Scenario: Read as "both circumstances", a 1 draws again too
      Given a game of red, blue
      And red has drawn a 1
      When red plays "1: red 1 from start to 4"
      Then it is red's turn to draw

  Rule: SRY-CARD-2 a 2 moves a pawn two squares forward
    "2: Startkaart, zet pion twee velden vooruit."

    @clause:SRY-CARD-2 @clause:SRY-TWO-DRAW-AGAIN
    Scenario: A 2 moves a pawn two squares and red draws again
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
      And red has drawn a 2
      When red plays "2: red 1 from 10 to 12"
      Then red pawn 1 is on 12
      And it is red's turn to draw

  Rule: SRY-TWO-DRAW-AGAIN the 2 draws again even when it could not be used
    "Voor beide omstandigheden geldt: zelfs als je je pion niet kon verzetten, trek dan opnieuw."

    @clause:SRY-TWO-DRAW-AGAIN @clause:SRY-FAQ-OWN-PAWN
    Scenario: A forfeited 2 still draws again
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | safety 3 |
        | red    | 2    | safety 5 |
        | red    | 3    | home     |
        | red    | 4    | home     |
      And red has drawn a 2
      Then the only legal action is "forfeit 2"
      When red plays "forfeit 2"
      Then it is red's turn to draw

    @clause:SRY-TWO-DRAW-AGAIN @choice:sorry.draw-again=two-only
    Scenario: Only the 2 draws again, not the 1
      Given a game of red, blue
      And red has drawn a 1
      When red plays "1: red 1 from start to 4"
      Then it is blue's turn to draw

  Rule: SRY-CARD-3 a 3 moves a pawn three squares forward
    "3: Zet een van je pionnen drie velden naar voren."

    @clause:SRY-CARD-3
    Scenario: A 3 moves a pawn three squares
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
      And red has drawn a 3
      When red plays "3: red 1 from 10 to 13"
      Then red pawn 1 is on 13

  Rule: SRY-CARD-4 a 4 moves a pawn four squares backward
    "4: Verplaats een van je pionnen vier velden achteruit."

    @clause:SRY-CARD-4 @clause:SRY-BACKWARD
    Scenario: A 4 moves a pawn four squares back
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 30     |
      And red has drawn a 4
      Then red may not play "4: red 1 from 30 to 34"
      When red plays "4: red 1 from 30 to 26"
      Then red pawn 1 is on 26

    @clause:SRY-CARD-4 @clause:SRY-BACKWARD
    Scenario: A 4 goes backward across square 0
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | blue   | 1    | 2      |
      And blue has drawn a 4
      When blue plays "4: blue 1 from 2 to 58"
      Then blue pawn 1 is on 58

  Rule: SRY-CARD-5 a 5 moves a pawn five squares forward
    "5: Zet een van je pionnen vijf velden naar voren."

    @clause:SRY-CARD-5
    Scenario: A 5 moves a pawn five squares
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 20     |
      And red has drawn a 5
      When red plays "5: red 1 from 20 to 25"
      Then red pawn 1 is on 25

  Rule: SRY-CARD-8 an 8 moves a pawn eight squares forward
    "8: Zet een van je pionnen acht velden naar voren."

    @clause:SRY-CARD-8
    Scenario: An 8 moves a pawn eight squares
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 20     |
      And red has drawn an 8
      When red plays "8: red 1 from 20 to 28"
      Then red pawn 1 is on 28

  Rule: SRY-CARD-12 a 12 moves a pawn twelve squares forward
    "12: Zet een van je pionnen twaalf velden naar voren."

    @clause:SRY-CARD-12
    Scenario: A 12 moves a pawn twelve squares
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 50     |
      And red has drawn a 12
      When red plays "12: red 1 from 50 to 2"
      Then red pawn 1 is on 2

  Rule: SRY-CARD-10 a 10 moves ten forward or one back
    "10: Je kunt een pion tien stappen vooruit zetten OF een pion één stap vooruit zetten. achteruit."

    @clause:SRY-CARD-10 @choice:sorry.ten-card=back-one
    Scenario: A 10 offers ten forward and one back
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 20     |
      And red has drawn a 10
      Then red may play "10: red 1 from 20 to 30"
      And red may play "10: red 1 from 20 to 19"
      And there are 2 legal actions

    @clause:SRY-CARD-10 @clause:SRY-MUST-MOVE @choice:sorry.ten-card=back-one
    Scenario: When ten forward is impossible a pawn must go one back
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | safety 2 |
      And red has drawn a 10
      Then the only legal action is "10: red 1 from safety 2 to safety 1"

    @clause:SRY-CARD-10 @choice:sorry.ten-card=forward-one
    Scenario: Read literally, the 10 moves ten or one forward
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 20     |
      And red has drawn a 10
      Then red may play "10: red 1 from 20 to 21"
      And red may not play "10: red 1 from 20 to 19"

  Rule: SRY-CARD-11 an 11 moves eleven forward or swaps with an opponent pawn on the open track
    "11: Je kunt een pion elf velden naar voren zetten OF een pion van jou ruilen met die van je tegenstander."

    @clause:SRY-CARD-11
    Scenario: An 11 moves a pawn eleven squares
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 21     |
      And red has drawn an 11
      When red plays "11: red 1 from 21 to 32"
      Then red pawn 1 is on 32

    @clause:SRY-CARD-11
    Scenario: An 11 swaps a pawn with an opponent's
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
        | blue   | 1    | 40     |
      And red has drawn an 11
      When red plays "11: swap red 1 from 10 with blue 1, to 40"
      Then the pawns are:
        | colour | pawn | square |
        | red    | 1    | 40     |
        | blue   | 1    | 10     |

    @clause:SRY-CARD-11 @clause:SRY-SAFETY-OWN-COLOUR
    Scenario: No swap with pawns in START, HOME or a safety zone
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | 10       |
        | blue   | 1    | safety 2 |
        | blue   | 2    | home     |
      And red has drawn an 11
      Then no legal action is a swap
      And the only legal action is "11: red 1 from 10 to 21"

    @clause:SRY-CARD-11
    Scenario: Every opponent pawn on the track is a swap target for every own pawn on the track
      Given a game of red, blue, yellow
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
        | red    | 2    | 12     |
        | blue   | 1    | 40     |
        | yellow | 1    | 45     |
        | yellow | 2    | 50     |
      And red has drawn an 11
      Then there are 8 legal actions

  Rule: SRY-ELEVEN-FORFEIT a player who cannot go eleven forward may decline to swap
    "- Als het onmogelijk is om elf velden vooruit te komen en je wilt geen pionnen ruilen met een andere speler, dan verlies je je beurt."

    @clause:SRY-ELEVEN-FORFEIT @choice:sorry.eleven-forfeit=optional
    Scenario: With no eleven forward possible, red may forfeit instead of swapping
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 0      |
        | blue   | 1    | 30     |
      And red has drawn an 11
      Then red may play "11: swap red 1 from 0 with blue 1, to 30"
      And red may play "forfeit 11"
      When red plays "forfeit 11"
      Then red pawn 1 is on 0
      And blue pawn 1 is on 30
      And it is blue's turn to draw

    @clause:SRY-ELEVEN-FORFEIT @clause:SRY-MUST-MOVE
    Scenario: With eleven forward possible, the 11 cannot be forfeited
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
        | blue   | 1    | 30     |
      And red has drawn an 11
      Then red may not play "forfeit 11"

    @clause:SRY-ELEVEN-FORFEIT @choice:sorry.eleven-forfeit=must-move
    Scenario: Under must-move, a possible swap has to be made
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 0      |
        | blue   | 1    | 30     |
      And red has drawn an 11
      Then the only legal action is "11: swap red 1 from 0 with blue 1, to 30"

  Rule: SRY-DRAW-AND-MOVE draw, move and discard
    "Kaarten kiezendoor de bovenste kaart van de trekstapel te trekken en, indien mogelijk, het betreffende aantal stappen te verplaatsen."

    @clause:SRY-DRAW-AND-MOVE @choice:sorry.deck=hasbro-2005
    Scenario: The played card goes to the discard pile
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 20     |
      And red has drawn a 5
      When red plays "5: red 1 from 20 to 25"
      Then the discard pile holds exactly 5
      And the draw pile holds 44 cards
