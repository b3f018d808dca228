Feature: Winning

  Rule: SRY-WIN the first player with four pawns HOME wins
    "Wees de eerste speler die alle vier zijn pionnen op het HOME veld van zijn kleur heeft om te winnen."

    @clause:SRY-WIN
    Scenario: The fourth pawn HOME wins the game at once, even on a 2
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | home     |
        | red    | 2    | home     |
        | red    | 3    | home     |
        | red    | 4    | safety 4 |
      And red has drawn a 2
      When red plays "2: red 4 from safety 4 to home"
      Then red has won
      And the state's phase is "over"
      And the state's card is null
      And the state's turn is 0
      And the state's refill is null
      And the state's chance is null
      And the discard pile holds exactly 2

    @clause:SRY-WIN
    Scenario: Three pawns HOME is not yet a win
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | home     |
        | red    | 2    | home     |
        | red    | 3    | safety 1 |
        | red    | 4    | 20       |
      And red has drawn a 5
      When red plays "5: red 3 from safety 1 to home"
      Then the game is not over
      And it is blue's turn to draw
      And the state's card is null
      And the state's refill is null
      And the discard pile holds exactly 5

    @clause:SRY-WIN
    Scenario Outline: Three pawns HOME is not yet a win, whichever pawn is still out
      Given a game of red, blue, yellow, green
      And the pawns:
        | colour   | pawn  | square   |
        | <colour> | <out> | 20       |
        | <colour> | <a>   | home     |
        | <colour> | <b>   | home     |
        | <colour> | <c>   | safety 1 |
      And <colour> has drawn a 5
      When <colour> plays "5: <colour> <c> from safety 1 to home"
      Then the game is not over

      Examples:
        | colour | out | a | b | c |
        | blue   | 1   | 2 | 3 | 4 |
        | yellow | 1   | 2 | 4 | 3 |
        | green  | 2   | 1 | 3 | 4 |
        | green  | 1   | 3 | 2 | 4 |

    @clause:SRY-WIN @clause:SRY-GOAL
    Scenario: A finished game accepts no more actions
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | home     |
        | red    | 2    | home     |
        | red    | 3    | home     |
        | red    | 4    | safety 5 |
      And red has drawn a 1
      When red plays "1: red 4 from safety 5 to home"
      And blue plays "forfeit 3"
      Then the action is rejected as illegal-action

    @clause:SRY-WIN
    Scenario: A finished game has no card left to draw
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | home     |
        | red    | 2    | home     |
        | red    | 3    | home     |
        | red    | 4    | safety 5 |
      And red has drawn a 1
      When red plays "1: red 4 from safety 5 to home"
      And the card drawn is a 3
      Then the outcome is rejected as invalid-outcome

  Rule: SRY-GOAL the goal is all four pawns from START to HOME
    "DOEL VAN SORRY!: Zorg dat je de eerste speler bent die alle vier je pionnen van de kleur die overeenkomt met het START-veld naar HOME krijgt."

    @clause:SRY-GOAL
    Scenario: Blue's pawns HOME do not count for red
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | blue   | 1    | home     |
        | blue   | 2    | home     |
        | blue   | 3    | home     |
        | blue   | 4    | safety 3 |
      And blue has drawn a 3
      When blue plays "3: blue 4 from safety 3 to home"
      Then blue has won
