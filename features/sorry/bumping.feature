Feature: Jumping, bumping and blocking

  Rule: SRY-JUMP pawns on the way are jumped
    "Als een pion op je pad staat en je hebt voldoende zetten, dan mag je springen"

    @clause:SRY-JUMP
    Scenario: A pawn jumps over opponents and its own pawns
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
        | blue   | 1    | 12     |
        | red    | 2    | 13     |
      And red has drawn a 5
      When red plays "5: red 1 from 10 to 15"
      Then the pawns are:
        | colour | pawn | square |
        | red    | 1    | 15     |
        | blue   | 1    | 12     |
        | red    | 2    | 13     |

  Rule: SRY-BUMP landing on an opponent sends it back to START
    "Als je echter op hetzelfde veld komt als een andere pion kun je bump het terug naar het begin."

    @clause:SRY-BUMP
    Scenario: Landing on an opponent bumps it to its START
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
        | blue   | 1    | 15     |
        | blue   | 2    | 30     |
      And red has drawn a 5
      When red plays "5: red 1 from 10 to 15"
      Then the pawns are:
        | colour | pawn | square |
        | red    | 1    | 15     |
        | blue   | 2    | 30     |

    @clause:SRY-BUMP @clause:SRY-BACKWARD
    Scenario: A backward move bumps too
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 30     |
        | blue   | 1    | 26     |
      And red has drawn a 4
      When red plays "4: red 1 from 30 to 26"
      Then blue pawn 1 is in start

  Rule: SRY-FAQ-BUMP a bumped pawn goes to its own START
    "Dit resulteert in het terug 'stoten' van de pion van de tegenstander naar het startgebied voor de pionnen van die speler."

    @clause:SRY-FAQ-BUMP
    Scenario: A bumped pawn can start again from its own START
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
        | blue   | 1    | 15     |
        | blue   | 2    | 19     |
      And red has drawn a 5
      When red plays "5: red 1 from 10 to 15"
      Then blue pawn 1 is in start
      And blue pawn 2 is on 19

  Rule: SRY-OWN-PAWN-BLOCKS no move may end on a pawn of the same colour
    "Als je zet je geen andere optie geeft dan te landen op een veld dat je al bezet, verlies je je beurt."

    @clause:SRY-OWN-PAWN-BLOCKS
    Scenario: A pawn cannot land on its own colour
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
        | red    | 2    | 15     |
      And red has drawn a 5
      Then red may not play "5: red 1 from 10 to 15"
      And the only legal action is "5: red 2 from 15 to 20"

    @clause:SRY-OWN-PAWN-BLOCKS @clause:SRY-MUST-MOVE
    Scenario: When every move lands on an own pawn the turn is lost
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | safety 2 |
        | red    | 2    | safety 5 |
        | red    | 3    | home     |
        | red    | 4    | home     |
      And red has drawn a 3
      Then the only legal action is "forfeit 3"
      When red plays "forfeit 3"
      Then it is blue's turn to draw

  Rule: SRY-MUST-MOVE a player who can move must move
    "- Je moet altijd bewegen als je kunt, zelfs als je daardoor in het nadeel bent."

    @clause:SRY-MUST-MOVE
    Scenario: A move that harms the player must still be made
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | safety 4 |
        | red    | 2    | home     |
        | red    | 3    | home     |
        | red    | 4    | home     |
      And red has drawn a 4
      Then red may not play "forfeit 4"
      When red plays "4: red 1 from safety 4 to 2"
      Then red pawn 1 is on 2
