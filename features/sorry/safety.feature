Feature: Safety zones and HOME
  Red's safety-zone turn is square 2, blue's 17, yellow's 32, green's 47.

  Rule: SRY-SAFETY-ZONE a pawn enters its safety zone past its turn square
    "Veiligheidszones lijken op schuifzones, maar zijn groter en aan het eind ervan ligt THUIS."

    @clause:SRY-SAFETY-ZONE
    Scenario: Red turns into its safety zone after square 2
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 0      |
      And red has drawn a 5
      When red plays "5: red 1 from 0 to safety 3"
      Then red pawn 1 is on safety 3

    @clause:SRY-SAFETY-ZONE @clause:SRY-SAFETY-NORMAL-RULES
    Scenario: Within the safety zone a pawn moves forward as usual
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | safety 1 |
      And red has drawn a 3
      When red plays "3: red 1 from safety 1 to safety 4"
      Then red pawn 1 is on safety 4

  Rule: SRY-SAFETY-OWN-COLOUR only the zone's colour enters it; pawns there are safe
    "Je kunt alleen de veiligheidszone betreden die overeenkomt met de kleur van je pionnen/STARTveld."

    @clause:SRY-SAFETY-OWN-COLOUR
    Scenario: Blue passes red's safety-zone turn on the loop
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | blue   | 1    | 0      |
      And blue has drawn a 3
      When blue plays "3: blue 1 from 0 to 3"
      Then blue pawn 1 is on 3

    @clause:SRY-SAFETY-OWN-COLOUR @clause:SRY-SORRY-FORFEIT
    Scenario: A pawn in a safety zone cannot be targeted by the Sorry! card
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | blue   | 1    | safety 1 |
      And red has drawn a Sorry! card
      Then the only legal action is "forfeit sorry"

    @clause:SRY-SAFETY-OWN-COLOUR
    Scenario: A pawn entering its safety zone leaves the first safety square of another colour alone
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | 0        |
        | blue   | 1    | safety 1 |
      And red has drawn a 3
      When red plays "3: red 1 from 0 to safety 1"
      Then the pawns are:
        | colour | pawn | square   |
        | red    | 1    | safety 1 |
        | blue   | 1    | safety 1 |

    @clause:SRY-SAFETY-OWN-COLOUR @clause:SRY-CARD-11
    Scenario: Pawns on the first safety square neither swap nor are swapped
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | 40       |
        | red    | 2    | safety 1 |
        | blue   | 1    | safety 1 |
        | blue   | 2    | 30       |
      And red has drawn an 11
      Then red may play "11: red 1 from 40 to 51"
      And red may play "11: swap red 1 from 40 with blue 2, to 30"
      And there are 2 legal actions

  Rule: SRY-SAFETY-NORMAL-RULES the normal rules hold in the safety zone
    "Binnen de veiligheidszone gelden de normale regels."

    @clause:SRY-SAFETY-NORMAL-RULES @clause:SRY-OWN-PAWN-BLOCKS
    Scenario: An own pawn blocks in the safety zone too
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | safety 1 |
        | red    | 2    | safety 3 |
      And red has drawn a 2
      Then red may not play "2: red 1 from safety 1 to safety 3"
      And red may play "2: red 2 from safety 3 to safety 5"

  Rule: SRY-SAFETY-BACKWARD no backward entry; backing out is allowed
    "Je mag de veiligheidszone niet betreden door een directe zet achteruit, maar je mag wel achteruit uit de veiligheidszone bewegen als de kaart dat aangeeft."

    @clause:SRY-SAFETY-BACKWARD @clause:SRY-BACKWARD
    Scenario: A backward move past the turn square stays on the loop
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 4      |
      And red has drawn a 4
      When red plays "4: red 1 from 4 to 0"
      Then red pawn 1 is on 0

    @clause:SRY-SAFETY-BACKWARD
    Scenario: A pawn backs out of its safety zone with a 4
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | safety 2 |
      And red has drawn a 4
      When red plays "4: red 1 from safety 2 to 0"
      Then red pawn 1 is on 0

    @clause:SRY-SAFETY-BACKWARD @clause:SRY-CARD-10 @choice:sorry.ten-card=back-one
    Scenario: A pawn backs out of its safety zone with the 10's one back
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | safety 1 |
      And red has drawn a 10
      When red plays "10: red 1 from safety 1 to 2"
      Then red pawn 1 is on 2

  Rule: SRY-BACKWARD-SHORTCUT a pawn behind its START reaches the safety zone without going round
    "Als je pion minstens 2 velden achter je START staat, kun je in je volgende beurt naar je VEILIGHEIDSZONE gaan zonder naar de overkant van het bord te hoeven bewegen."

    @clause:SRY-BACKWARD-SHORTCUT
    Scenario: After backing up to square 0 red enters its zone next turn
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 0      |
      And red has drawn a 7
      When red plays "7: red 1 from 0 to safety 5"
      Then red pawn 1 is on safety 5

    @clause:SRY-BACKWARD-SHORTCUT
    Scenario: A pawn just behind its start exit must go all the way round
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 3      |
      And red has drawn a 3
      When red plays "3: red 1 from 3 to 6"
      Then red pawn 1 is on 6

  Rule: SRY-HOME-EXACT HOME by exact count; a pawn HOME never moves
    "aan het eind ervan ligt THUIS"

    @clause:SRY-HOME-EXACT
    Scenario: An exact count brings a pawn HOME
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | safety 3 |
      And red has drawn a 3
      When red plays "3: red 1 from safety 3 to home"
      Then red pawn 1 is home

    @clause:SRY-HOME-EXACT
    Scenario: A count that overshoots HOME is not possible
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | safety 3 |
      And red has drawn a 5
      Then the only legal action is "forfeit 5"

    @clause:SRY-HOME-EXACT
    Scenario: A pawn in HOME never moves again, not even backward
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | home   |
        | red    | 2    | 10     |
      And red has drawn a 4
      Then no legal action moves red pawn 1
      And the only legal action is "4: red 2 from 10 to 6"
