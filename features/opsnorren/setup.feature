Feature: Opsnorren setup: players, the rule-card row and the team cards

  Rule: OPS-PLAYER-COUNT
    "Opsnorren is een slagenspel voor 3 tot 6 spelers vanaf 10 jaar, ontworpen door Alexandre Aguilar en Jules Messaud."

    @clause:OPS-PLAYER-COUNT
    Scenario Outline: A game for <n> players can be started
      When a game with config {"players": <n>} is started
      Then the game starts

      Examples:
        | n |
        | 3 |
        | 4 |
        | 5 |
        | 6 |

    @clause:OPS-PLAYER-COUNT
    Scenario Outline: A game for <n> players is a bad configuration
      When a game with config {"players": <n>} is started
      Then the action is rejected as bad-config

      Examples:
        | n |
        | 2 |
        | 7 |

  Rule: OPS-SETUP-RULE-ROW
    "- Schud de witte en de zwarte spelregelkaarten elk apart. Trek willekeurig 2 witte en 2 zwarte kaarten en leg ze gedekt naast elkaar in een rij, met de witte kaarten links. De overige spelregelkaarten heb je dit potje niet nodig."

    @clause:OPS-SETUP-RULE-ROW @choice:ops.beginner-setup=no
    Scenario: A new game first draws 2 white and 2 black rule cards
      Given a new 4-player game
      Then the next chance event is rule-cards
      And the white rule cards to draw from are green-negative, pink-open, pass-three, most-blue, pink-plus-one
      And the black rule cards to draw from are two-wins, equal-discarded, colour-reversed, three-lowest, new-lead-colour, fewest-stars

    @clause:OPS-SETUP-RULE-ROW
    Scenario: The drawn row has the white cards on the left
      Given a new 4-player game
      When the rule cards are drawn as most-blue, pink-open then fewest-stars, two-wins
      Then the rule row is most-blue, pink-open, fewest-stars, two-wins with 1 revealed

    @clause:OPS-SETUP-RULE-ROW
    Scenario: Either drawn white card can lie on the left of the row
      Given a new 4-player game
      Then a random draw of the rule cards can lay them in any order

    @clause:OPS-SETUP-RULE-ROW
    Scenario: A black card cannot be drawn into the white part of the row
      Given a new 4-player game
      When a rule-card draw of two-wins, pink-open then fewest-stars, three-lowest is tried
      Then the action is rejected as invalid-outcome
      And the state is unchanged

    @clause:OPS-SETUP-RULE-ROW
    Scenario: A rule card cannot be drawn twice
      Given a new 4-player game
      When a rule-card draw of pink-open, pink-open then fewest-stars, three-lowest is tried
      Then the action is rejected as invalid-outcome
      And the state is unchanged

  Rule: OPS-BEGINNER
    "- Speel je Opsnorren voor het eerst, haal dan eerst de spelregelkaarten met het snorsymbool uit beide stapels. Je kunt ze weer toevoegen als je het spel een paar keer hebt gespeeld."

    @clause:OPS-BEGINNER @choice:ops.beginner-setup=yes
    Scenario: The first game leaves out the cards with the moustache
      Given a new 5-player game
      Then the white rule cards to draw from are green-negative, pink-open, most-blue, pink-plus-one
      And the black rule cards to draw from are two-wins, colour-reversed, three-lowest, fewest-stars

    @clause:OPS-BEGINNER @choice:ops.beginner-setup=yes
    Scenario: A moustache card cannot be drawn in the first game
      Given a new 5-player game
      When a rule-card draw of pass-three, pink-open then fewest-stars, three-lowest is tried
      Then the action is rejected as invalid-outcome
      And the state is unchanged

  Rule: OPS-REVEAL-RULE
    "- Draai de meest linkse gedekte spelregelkaart in de rij open. Deze regel geldt vanaf nu tot het einde van het potje. In de eerste ronde geldt dus één extra regel, in de vierde ronde vier."

    @clause:OPS-REVEAL-RULE
    Scenario: Round one starts with the leftmost rule card revealed
      Given a new 4-player game with the rule row green-negative, pink-open, two-wins, fewest-stars
      Then the rule row is green-negative, pink-open, two-wins, fewest-stars with 1 revealed
      And the next chance event is teams

    @clause:OPS-REVEAL-RULE
    Scenario: Only the revealed rule cards are visible to the players
      Given a new 4-player game with the rule row green-negative, pink-open, two-wins, fewest-stars
      Then player 0 can see green-negative
      And player 0 cannot see two-wins, fewest-stars

  Rule: OPS-TEAM-CARDS
    "- Neem de teamkaarten die bij jullie spelersaantal horen (zie de achterkant van de overzichtskaart), schud ze en geef iedere speler er gedekt één. Draai daarna allemaal je teamkaart om. Nu zie je met wie je deze ronde een team vormt."

    @clause:OPS-TEAM-CARDS
    Scenario Outline: The team cards for <n> players are dealt one per player
      Given a new <n>-player game with the rule row pink-open, green-negative, two-wins, fewest-stars
      Then the next chance event is teams
      And the team cards dealt are drawn from <cards>

      Examples:
        | n | cards                    |
        | 3 | A+crown, B, B            |
        | 4 | A+crown, A, B, B         |
        | 5 | A+crown, A, B, B, B      |
        | 6 | A+crown, A, A, B, B, B   |

    @clause:OPS-TEAM-CARDS
    Scenario: A team card cannot be dealt twice
      Given a new 4-player game with the rule row pink-open, green-negative, two-wins, fewest-stars
      When a team-card deal of A+crown, A+crown, B, B is tried
      Then the action is rejected as invalid-outcome
      And the state is unchanged

    @clause:OPS-TEAM-CARDS
    Scenario: Every player sees the team cards once they are dealt
      Given a new 4-player game with the rule row pink-open, green-negative, two-wins, fewest-stars
      When the team cards are dealt as B, A, A+crown, B
      Then player 0 can see A+crown
      And the next chance event is deal

  Rule: OPS-CROWN-LEADS
    "De speler met de kroon op zijn teamkaart begint de eerste slag."

    @clause:OPS-CROWN-LEADS
    Scenario: The crown holder leads the first trick
      Given a new 4-player game with the rule row pink-open, green-negative, two-wins, fewest-stars
      And the team cards were dealt as B, A, A+crown, B
      When the animal cards are dealt at random
      Then it is player 2's turn to play

    @clause:OPS-CROWN-LEADS
    Scenario: With six players the crown holder leads too
      Given a new 6-player game with the rule row pink-open, green-negative, two-wins, fewest-stars
      And the team cards were dealt as B, A, B, A, B, A+crown
      When the animal cards are dealt at random
      Then it is player 5's turn to play
