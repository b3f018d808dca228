Feature: Team play
  Red and yellow play against blue and green; a player moves either colour of the team.

  Rule: SRY-TEAM-PARTNERS red+yellow against blue+green
    "Rood en Geel zijn altijd partners, net als Groen en Blauw."

    @clause:SRY-TEAM-PARTNERS
    Scenario: Red may move a yellow pawn
      Given a team game
      And the pawns:
        | colour | pawn | square |
        | yellow | 1    | 40     |
      And red has drawn a 5
      When red plays "5: yellow 1 from 40 to 45"
      Then yellow pawn 1 is on 45

    @clause:SRY-TEAM-PARTNERS
    Scenario: Team play needs four players
      When a game is started with the config {"players": 3, "team": true}
      Then the config is rejected as bad-config

    @clause:SRY-TEAM-PARTNERS @clause:SRY-CARD-11
    Scenario: The 11 swaps only with the other team
      Given a team game
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
        | yellow | 1    | 30     |
        | blue   | 1    | 50     |
      And red has drawn an 11
      Then red may play "11: swap red 1 from 10 with blue 1, to 50"
      And red may not play "11: swap red 1 from 10 with yellow 1, to 30"

    @clause:SRY-TEAM-PARTNERS @clause:SRY-SORRY-CARD @choice:sorry.start-cards=one-two-sorry
    Scenario: With no red pawn in START, red's Sorry! card takes a yellow pawn out of START
      Given a team game
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
        | red    | 2    | 20     |
        | red    | 3    | 30     |
        | red    | 4    | home   |
        | blue   | 1    | 50     |
      And red has drawn a Sorry! card
      Then red may play "sorry: yellow 1 from start onto blue 1, to 50"
      And red may not play "forfeit sorry"

  Rule: SRY-TEAM-BUMP-PARTNER partners bump each other
    "- Partners kunnen bump de pion van hun partner met betrekking tot de getrokken kaart."

    @clause:SRY-TEAM-BUMP-PARTNER
    Scenario: Red bumps its partner's pawn
      Given a team game
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 40     |
        | yellow | 1    | 45     |
      And red has drawn a 5
      When red plays "5: red 1 from 40 to 45"
      Then red pawn 1 is on 45
      And yellow pawn 1 is in start

  Rule: SRY-TEAM-SORRY-PARTNER the Sorry! card must be used even against the partner
    "- SORRY! kaarten moeten worden gebruikt, zelfs als dat betekent dat je de pion van je partner terug naar het begin moet sturen."

    @clause:SRY-TEAM-SORRY-PARTNER @choice:sorry.start-cards=one-two-sorry
    Scenario: The only Sorry! target is the partner's pawn
      Given a team game
      And the pawns:
        | colour | pawn | square |
        | yellow | 1    | 30     |
      And red has drawn a Sorry! card
      Then the only legal action is "sorry: red 1 from start onto yellow 1, to 30"

  Rule: SRY-TEAM-SEVEN a 7 may be split over the team's eight pawns
    "- 7's mogen worden verdeeld over alle acht pionnen van een team."

    @clause:SRY-TEAM-SEVEN
    Scenario: A 7 split between a red and a yellow pawn
      Given a team game
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
        | yellow | 1    | 44     |
      And red has drawn a 7
      When red plays "7: red 1 from 10 to 13, yellow 1 from 44 to 48"
      Then the pawns are:
        | colour | pawn | square |
        | red    | 1    | 13     |
        | yellow | 1    | 48     |

  Rule: SRY-TEAM-START start cards start either partner's pawns
    "- Met trekkaarten kunnen de pionnen van één van beide partners op het bord komen."

    @clause:SRY-TEAM-START
    Scenario: Red's 1 may start a yellow pawn
      Given a team game
      And red has drawn a 1
      Then red may play "1: yellow 1 from start to 34"
      And red may play "1: red 1 from start to 4"
      And there are 2 legal actions

    @clause:SRY-TEAM-START @clause:SRY-TWO-DRAW-AGAIN
    Scenario: After a 2 red draws again and may move either colour
      Given a team game
      And red has drawn a 2
      When red plays "2: yellow 1 from start to 34"
      Then it is red's turn to draw
      When the card drawn is a 1
      Then red may play "1: yellow 1 from 34 to 35"
      And red may play "1: red 1 from start to 4"

  Rule: SRY-TEAM-WIN the first team with all eight pawns HOME wins
    "Het team dat als eerste alle acht pionnen thuis heeft, wint!"

    @clause:SRY-TEAM-WIN
    Scenario: The eighth pawn HOME wins for the team
      Given a team game
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | home     |
        | red    | 2    | home     |
        | red    | 3    | home     |
        | red    | 4    | home     |
        | yellow | 1    | home     |
        | yellow | 2    | home     |
        | yellow | 3    | home     |
        | yellow | 4    | safety 4 |
      And red has drawn a 2
      When red plays "2: yellow 4 from safety 4 to home"
      Then red and yellow have won

    @clause:SRY-TEAM-WIN
    Scenario: Four pawns of one colour HOME do not win in team play
      Given a team game
      And the pawns:
        | colour | pawn | square   |
        | red    | 1    | home     |
        | red    | 2    | home     |
        | red    | 3    | home     |
        | red    | 4    | safety 4 |
      And red has drawn a 2
      When red plays "2: red 4 from safety 4 to home"
      Then the game is not over
