Feature: Opsnorren: end of a round, trophies and the end of the game
  Four players unless said otherwise, team cards in seat order A+crown, A, B, B.
  Stars are expressions over the assumed star table; trophy scenarios say which token
  values they are written for and are not applicable under another table.

  Rule: OPS-ROUND-END
    "Een ronde eindigt zodra alle kaarten gespeeld zijn."

    @clause:OPS-ROUND-END
    Scenario: The round ends when the last card is played and the trophies are drawn next
      Given the hands are:
        | player   | cards   |
        | player 0 | blue 1  |
        | player 1 | blue 3  |
        | player 2 | pink 9  |
        | player 3 | orange 9 |
      When the players play:
        | player   | card     |
        | player 0 | blue 1   |
        | player 1 | blue 3   |
        | player 2 | pink 9   |
      Then the round goes on
      When player 3 plays orange 9
      Then the round is over
      And the next chance event is trophies

  Rule: OPS-ROUND-SCORE
    "Elk team telt dan de sterren op de kaarten die het gewonnen heeft. Pas daarbij alle opengedraaide spelregelkaarten toe."

    @clause:OPS-ROUND-SCORE
    Scenario: A team scores the stars on every card it won this round
      Given the won piles are:
        | player   | cards             |
        | player 0 | blue 10, green 5  |
        | player 1 | orange 5          |
      And the hands are:
        | player   | cards    |
        | player 0 | blue 1   |
        | player 1 | blue 3   |
        | player 2 | pink 9   |
        | player 3 | orange 9 |
      When the players play:
        | player   | card     |
        | player 0 | blue 1   |
        | player 1 | blue 3   |
        | player 2 | pink 9   |
        | player 3 | orange 9 |
      Then team A scores stars(blue 10) + stars(green 5) + stars(orange 5) + stars(blue 1) + stars(blue 3) + stars(pink 9) + stars(orange 9)
      And team B scores 0

    @clause:OPS-ROUND-SCORE
    Scenario: All revealed rule cards apply to the score
      Given a 4-player game with the revealed rule cards green-negative, pink-plus-one, two-wins, three-lowest
      And the won piles are:
        | player   | cards             |
        | player 2 | green 9, pink 5   |
      And the hands are:
        | player   | cards    |
        | player 0 | blue 1   |
        | player 1 | blue 4   |
        | player 2 | pink 9   |
        | player 3 | orange 9 |
      When the players play:
        | player   | card     |
        | player 0 | blue 1   |
        | player 1 | blue 4   |
        | player 2 | pink 9   |
        | player 3 | orange 9 |
      Then team B scores stars(pink 5) + 1 - stars(green 9)
      And team A scores stars(blue 1) + stars(blue 4) + stars(pink 9) + 1 + stars(orange 9)

  Rule: OPS-TEAM-PILES
    "Teamgenoten mogen hun gewonnen kaarten bij elkaar leggen, want aan het einde van de ronde tellen ze samen."

    @clause:OPS-TEAM-PILES
    Scenario: The won cards of teammates count together
      Given the won piles are:
        | player   | cards    |
        | player 0 | blue 10  |
        | player 1 | green 5  |
        | player 2 | orange 5 |
      And the hands are:
        | player   | cards    |
        | player 0 | green 1  |
        | player 1 | green 2  |
        | player 2 | green 3  |
        | player 3 | green 4  |
      When the players play:
        | player   | card    |
        | player 0 | green 1 |
        | player 1 | green 2 |
        | player 2 | green 3 |
        | player 3 | green 4 |
      Then team A scores stars(blue 10) + stars(green 5)
      And team B scores stars(orange 5) + stars(green 1) + stars(green 2) + stars(green 3) + stars(green 4)

  Rule: OPS-GOAL-STARS
    "In elke ronde speel je samen met een of twee teamgenoten en probeer je als team de meeste sterren te verzamelen in de slagen die jullie winnen."

    @clause:OPS-GOAL-STARS
    Scenario: Stars come only from tricks the team won
      Given the hands are:
        | player   | cards    |
        | player 0 | pink 5   |
        | player 1 | pink 10  |
        | player 2 | pink 1   |
        | player 3 | pink 7   |
      When the players play:
        | player   | card    |
        | player 0 | pink 5  |
        | player 1 | pink 10 |
        | player 2 | pink 1  |
        | player 3 | pink 7  |
      Then team A scores stars(pink 5) + stars(pink 10) + stars(pink 1) + stars(pink 7)
      And team B scores 0

  Rule: OPS-ROUND-WINNER
    "Het team met de meeste sterren wint de ronde."

    @clause:OPS-ROUND-WINNER
    Scenario: The team with more stars wins the round
      Given the won piles are:
        | player   | cards            |
        | player 3 | blue 10, pink 10 |
      And the hands are:
        | player   | cards    |
        | player 0 | green 1  |
        | player 1 | green 2  |
        | player 2 | green 3  |
        | player 3 | green 4  |
      When the players play:
        | player   | card    |
        | player 0 | green 1 |
        | player 1 | green 2 |
        | player 2 | green 3 |
        | player 3 | green 4 |
      Then team B scores stars(blue 10) + stars(pink 10) + stars(green 1) + stars(green 2) + stars(green 3) + stars(green 4)
      And team B wins the round

  Rule: OPS-ROUND-TIE-CROWN
    "Bij een gelijke stand wint het team met de kroon."

    @clause:OPS-ROUND-TIE-CROWN
    Scenario: A tie goes to the team with the crown
      Given a 3-player game in the play phase
      And the team cards are B, A+crown, B
      And the hands are:
        | player   | cards    |
        | player 0 | blue 10  |
        | player 1 | dove     |
        | player 2 | pink 10  |
      When the players play:
        | player   | card    |
        | player 0 | blue 10 |
        | player 1 | dove    |
        | player 2 | pink 10 |
      Then team A scores 0
      And team B scores 0
      And team A wins the round

    @clause:OPS-ROUND-TIE-CROWN
    Scenario: A tie goes to the crown team wherever the crown holder sits
      Given a 5-player game in the play phase
      And the team cards are B, B, A, B, A+crown
      And the hands are:
        | player   | cards    |
        | player 0 | blue 10  |
        | player 1 | blue 9   |
        | player 2 | dove     |
        | player 3 | pink 10  |
        | player 4 | green 1  |
      When the players play:
        | player   | card    |
        | player 0 | blue 10 |
        | player 1 | blue 9  |
        | player 2 | dove    |
        | player 3 | pink 10 |
        | player 4 | green 1 |
      Then team A wins the round

  Rule: OPS-TROPHY-DRAW
    "Iedere speler van het winnende team trekt willekeurig een trofeefiche uit de drie fiches van deze ronde."

    @clause:OPS-TROPHY-DRAW
    Scenario: Each member of the winning team draws one of the round's tokens
      Given a 4-player game whose round 1 was won by team A
      And the trophy tokens of this round are 1, 2, 3
      Then the trophy draw gives one token each to player 0 and player 1 and lays 1 aside
      When the trophy tokens are drawn highest first in seat order
      Then player 0 holds 1 trophy tokens worth 3
      And player 1 holds 1 trophy tokens worth 2
      And player 2 holds 0 trophy tokens worth 0

    @clause:OPS-TROPHY-DRAW
    Scenario: A token that is not in this round's group cannot be drawn
      Given a 4-player game whose round 2 was won by team B
      And the trophy tokens of this round are 2, 3, 4
      When a trophy draw giving player 2 a token worth 9 is tried
      Then the action is rejected as invalid-outcome
      And the state is unchanged

  Rule: OPS-SETUP-TROPHIES
    "- Leg de trofeefiches geschud en gedekt boven de rij spelregelkaarten, met het rondenummer naar boven. Zo liggen er boven de kaarten vier groepjes van drie fiches, één voor elke ronde."

    @clause:OPS-SETUP-TROPHIES
    Scenario Outline: Round <r> draws from its own group of three tokens
      Given a 4-player game whose round <r> was won by team B
      Then the trophy draw takes from the three tokens of round <r>

      Examples:
        | r |
        | 1 |
        | 2 |
        | 3 |
        | 4 |

  Rule: OPS-GOAL-TROPHY
    "Elk lid van het winnende team krijgt een trofeefiche met een verborgen puntenwaarde."

    @clause:OPS-GOAL-TROPHY
    Scenario: Three winners take all three tokens of the round
      Given a 6-player game whose round 1 was won by team B
      Then the trophy draw gives one token each to player 3, player 4 and player 5 and lays 0 aside

  Rule: OPS-TROPHY-LEFTOVER
    "Fiches die overblijven gaan ongezien terug in de doos."

    @clause:OPS-TROPHY-LEFTOVER
    Scenario: A solo winner draws one token and two go back unseen
      Given a 3-player game whose round 1 was won by team A
      Then the trophy draw gives one token each to player 0 and lays 2 aside

  Rule: OPS-TROPHY-HIDDEN
    "Je mag de waarde van je eigen fiches bekijken, maar je legt ze gedekt voor je neer tot het einde van het potje."

    @clause:OPS-TROPHY-HIDDEN
    Scenario: A player sees the values of their own tokens only
      Given a 4-player game whose round 2 was won by team A
      And the trophy tokens already drawn are:
        | player   | tokens |
        | player 2 | 3      |
        | player 3 | 1      |
      When the trophy tokens are drawn highest first in seat order
      Then player 1 sees only their own trophy values
      And player 2 sees only their own trophy values

  Rule: OPS-NEW-ROUND
    "Verzamel alle dierkaarten en jokers en bereid de volgende ronde voor zoals hierboven beschreven. Draai dus de volgende spelregelkaart open, deel de teamkaarten opnieuw uit en schud en deel de dierkaarten. De nieuwe regel komt bovenop de regels die al openliggen."

    @clause:OPS-NEW-ROUND
    Scenario: After the trophies a new round reveals the next rule card
      Given a 4-player game whose round 1 was won by team A
      When the trophy tokens are drawn highest first in seat order
      Then round 2 begins with 2 rule cards revealed

  Rule: OPS-RULES-PERSIST
    "Elke opengedraaide spelregelkaart blijft geldig tot het einde van het potje."

    @clause:OPS-RULES-PERSIST
    Scenario: The rule cards revealed earlier stay in force
      Given a 4-player game whose round 2 was won by team B
      When the trophy tokens are drawn highest first in seat order
      Then the rule row is pink-open, pass-three, two-wins, three-lowest with 3 revealed

  Rule: OPS-TEAMS-PER-ROUND
    "Je speelt in teams die elke ronde opnieuw worden samengesteld en na elke ronde komt er een spelregel bij."

    @clause:OPS-TEAMS-PER-ROUND
    Scenario: Team cards are dealt again every round
      Given a 5-player game whose round 1 was won by team B
      When the trophy tokens are drawn highest first in seat order
      Then the next chance event is teams
      And the team cards dealt are drawn from A+crown, A, B, B, B

  Rule: OPS-GAME-LENGTH
    "Een potje duurt vier ronden."

    @clause:OPS-GAME-LENGTH
    Scenario: Round three is followed by a fourth round
      Given a 4-player game whose round 3 was won by team A
      When the trophy tokens are drawn highest first in seat order
      Then round 4 begins with 4 rule cards revealed

  Rule: OPS-GAME-END
    "Na vier ronden draait iedere speler zijn trofeefiches om en telt de waarden op. De speler met de meeste punten wint Opsnorren."

    Background:
      Given a 4-player game whose round 4 was won by team A
      And the trophy tokens of this round are 4, 5, 6

    @clause:OPS-GAME-END
    Scenario: After four rounds the player with the most trophy points wins
      Given the trophy tokens already drawn are:
        | player   | tokens  |
        | player 0 | 3, 2, 3 |
        | player 1 | 1, 2, 3 |
        | player 2 | 3, 4, 5 |
        | player 3 | 2, 3, 4 |
      When the trophy tokens are drawn highest first in seat order
      Then the game is over and player 0 wins with 14 points

    @clause:OPS-GAME-END
    Scenario: A player of the losing team of the last round can win the game
      Given the trophy tokens already drawn are:
        | player   | tokens  |
        | player 0 | 1, 2    |
        | player 1 | 1, 2    |
        | player 2 | 3, 4, 5 |
        | player 3 | 2, 3, 4 |
      When the trophy tokens are drawn highest first in seat order
      Then the game is over and player 2 wins with 12 points

    @clause:OPS-GOAL-WINNER
    Scenario: Each player counts only their own tokens
      Given the trophy tokens already drawn are:
        | player   | tokens  |
        | player 0 | 1       |
        | player 1 | 3, 4, 5 |
        | player 2 | 3, 4    |
        | player 3 | 4, 5    |
      When the trophy tokens are drawn highest first in seat order
      Then the game is over and player 1 wins with 17 points

  Rule: OPS-GAME-TIE
    "Is het gelijk, dan is er geen winnaar en speel je gewoon nog een potje."

    @clause:OPS-GAME-TIE
    Scenario: A tie for the most points means no winner
      Given a 4-player game whose round 4 was won by team A
      And the trophy tokens of this round are 4, 5, 6
      And the trophy tokens already drawn are:
        | player   | tokens  |
        | player 0 | 2, 2, 2 |
        | player 1 | 1, 1, 1 |
        | player 2 | 3, 4, 5 |
        | player 3 | 1       |
      When the trophy tokens are drawn highest first in seat order
      Then the game is over without a winner
