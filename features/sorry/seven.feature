Feature: The 7, whole or split
  A split lists its two pawn moves in the order they are made.

  Rule: SRY-CARD-7 seven forward with one pawn, or split between two pawns
    "7: Je kunt een pion zeven velden vooruit zetten OF de zet verdelen tussen twee van je pionnen."

    @clause:SRY-CARD-7
    Scenario: A whole 7 moves one pawn seven squares
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
      And red has drawn a 7
      When red plays "7: red 1 from 10 to 17"
      Then red pawn 1 is on 17

    @clause:SRY-CARD-7
    Scenario: A split moves two pawns, all seven used
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
        | red    | 2    | 20     |
      And red has drawn a 7
      When red plays "7: red 1 from 10 to 14, red 2 from 20 to 23"
      Then the pawns are:
        | colour | pawn | square |
        | red    | 1    | 14     |
        | red    | 2    | 23     |

    @clause:SRY-CARD-7
    Scenario: Every split is listed once: two whole moves and six splits
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 20     |
        | red    | 2    | 35     |
      And red has drawn a 7
      Then there are 8 legal actions

    @clause:SRY-CARD-7
    Scenario: A split that does not use all seven is not allowed
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
        | red    | 2    | 20     |
      And red has drawn a 7
      Then red may not play "7: red 1 from 10 to 13, red 2 from 20 to 23"

    @clause:SRY-CARD-7 @clause:SRY-OWN-PAWN-BLOCKS
    Scenario: The order of a split matters when the first pawn would land on the second
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
        | red    | 2    | 13     |
      And red has drawn a 7
      Then red may not play "7: red 1 from 10 to 13, red 2 from 13 to 17"
      And red may play "7: red 2 from 13 to 17, red 1 from 10 to 13"

    @clause:SRY-CARD-7 @clause:SRY-BUMP
    Scenario: Each part of a split bumps where it lands
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
        | red    | 2    | 20     |
        | blue   | 1    | 12     |
        | blue   | 2    | 25     |
      And red has drawn a 7
      When red plays "7: red 1 from 10 to 12, red 2 from 20 to 25"
      Then the pawns are:
        | colour | pawn | square |
        | red    | 1    | 12     |
        | red    | 2    | 25     |

    @clause:SRY-CARD-7 @clause:SRY-SAFETY-ZONE @choice:sorry.slide-colours=other
    Scenario: Either part of blue's split turns into blue's safety zone past square 17
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | blue   | 1    | 15     |
        | blue   | 2    | 14     |
      And blue has drawn a 7
      Then blue may play "7: blue 1 from 15 to safety 2, blue 2 from 14 to 17"
      And blue may play "7: blue 1 from 15 to 16, blue 2 from 14 to safety 3"
      And blue may not play "7: blue 1 from 15 to 19, blue 2 from 14 to 17"

    @clause:SRY-CARD-7 @clause:SRY-SLIDE-BUMP @choice:sorry.slide-colours=other @choice:sorry.slide-bumps-own=yes
    Scenario: A split whose first part slides over the second pawn cannot go on with it
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 21     |
        | red    | 2    | 26     |
      And red has drawn a 7
      Then red may not play "7: red 1 from 21 to 24 and slides to 28, red 2 from 26 to 30"
      And red may play "7: red 2 from 26 to 30, red 1 from 21 to 24 and slides to 28"

  Rule: SRY-SEVEN-HOME-SPLIT part of a 7 may bring a pawn HOME only if another pawn uses the rest
    "Als je een deel van een 7 gebruikt om een pion THUIS te zetten, moet je de zet kunnen verdelen met een andere pion."

    @clause:SRY-SEVEN-HOME-SPLIT @clause:SRY-HOME-EXACT
    Scenario: Three to HOME and four with another pawn
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | safety 3 |
        | red    | 2    | 21       |
      And red has drawn a 7
      When red plays "7: red 1 from safety 3 to home, red 2 from 21 to 25"
      Then the pawns are:
        | colour | pawn | square |
        | red    | 1    | home   |
        | red    | 2    | 25     |

    @clause:SRY-SEVEN-HOME-SPLIT
    Scenario: The split is impossible when no other pawn can take the rest
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | safety 3 |
      And red has drawn a 7
      Then the only legal action is "forfeit 7"
