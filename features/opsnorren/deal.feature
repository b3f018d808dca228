Feature: Opsnorren: dealing the animal cards and the jokers
  Every scenario starts a new game with the rule row pink-open, green-negative, two-wins,
  fewest-stars (so no cards are passed) and deals the team cards as given.

  Rule: OPS-DEAL-TABLE
    "| Spelers | Teams | Kaarten per speler | |---|---|---| | 3 | 1 tegen 2 | 12 (de solospeler krijgt 9 dierkaarten en 3 jokers) | | 4 | 2 tegen 2 | 10 | | 5 | 2 tegen 3 | 8 (de spelers in het team van 2 krijgen elk 7 dierkaarten en 1 joker) | | 6 | 3 tegen 3 | 7 |"

    @clause:OPS-DEAL-TABLE
    Scenario Outline: The deal for <n> players
      Given a new <n>-player game with the rule row pink-open, green-negative, two-wins, fewest-stars
      When the team cards are dealt as <teams>
      Then the deal gives <counts> animal cards and lays <aside> aside
      When the animal cards are dealt at random
      Then every player holds <k> cards

      Examples:
        | n | teams                  | counts            | aside | k  |
        | 3 | A+crown, B, B          | 9, 12, 12         | 11    | 12 |
        | 4 | A+crown, A, B, B       | 10, 10, 10, 10    | 4     | 10 |
        | 5 | A+crown, A, B, B, B    | 7, 7, 8, 8, 8     | 6     | 8  |
        | 6 | A+crown, A, A, B, B, B | 7, 7, 7, 7, 7, 7  | 2     | 7  |

  Rule: OPS-DEAL-THREE
    "In een spel met drie spelers krijgt de speler die alleen speelt 9 dierkaarten en alle drie de jokers."

    @clause:OPS-DEAL-THREE
    Scenario: The solo player gets 9 animal cards and all three jokers
      Given a new 3-player game with the rule row pink-open, green-negative, two-wins, fewest-stars
      When the team cards are dealt as B, A+crown, B
      Then the deal gives 12, 9, 12 animal cards and lays 11 aside
      When the animal cards are dealt at random
      Then player 1 holds 3 jokers
      And player 0 holds 0 jokers
      And player 2 holds 0 jokers
      And 0 jokers are laid aside

  Rule: OPS-JOKERS-SMALL-TEAM
    "Bij drie en vijf spelers zijn de teams ongelijk. Het kleinere team krijgt daarom jokers."

    @clause:OPS-JOKERS-SMALL-TEAM
    Scenario: With five players only the team of two gets jokers
      Given a new 5-player game with the rule row pink-open, green-negative, two-wins, fewest-stars
      And the team cards were dealt as B, B, A+crown, B, A
      When the animal cards are dealt at random
      Then player 2 holds 1 jokers
      And player 4 holds 1 jokers
      And player 0 holds 0 jokers
      And player 1 holds 0 jokers
      And player 3 holds 0 jokers

  Rule: OPS-DEAL-FIVE
    "In een spel met vijf spelers krijgen de twee spelers van het kleinere team elk 7 dierkaarten en één willekeurig getrokken joker. Ze weten dan niet welke joker hun teamgenoot heeft."

    @clause:OPS-DEAL-FIVE
    Scenario: The team of two gets 7 animal cards and one joker each, the third joker stays aside
      Given a new 5-player game with the rule row pink-open, green-negative, two-wins, fewest-stars
      When the team cards are dealt as B, A, B, A+crown, B
      Then the deal gives 8, 7, 8, 7, 8 animal cards and lays 6 aside
      When the animal cards are dealt at random
      Then player 1 holds 1 jokers
      And player 3 holds 1 jokers
      And 1 jokers are laid aside
      And every player holds 8 cards

    @clause:OPS-DEAL-FIVE
    Scenario: A player of the team of two does not see the teammate's joker
      Given a new 5-player game with the rule row green-negative, pink-open, two-wins, fewest-stars
      And the team cards were dealt as A+crown, A, B, B, B
      When the animal cards are dealt at random
      Then a card of player 1's hand is visible only to that player
      And the cards laid aside are hidden from every player

  Rule: OPS-NO-JOKERS-EVEN
    "Bij vier en zes spelers doen de jokers niet mee."

    @clause:OPS-NO-JOKERS-EVEN
    Scenario Outline: No jokers with <n> players
      Given a new <n>-player game with the rule row pink-open, green-negative, two-wins, fewest-stars
      And the team cards were dealt as <teams>
      When the animal cards are dealt at random
      Then player 0 holds 0 jokers
      And player 1 holds 0 jokers
      And 3 jokers are laid aside

      Examples:
        | n | teams                  |
        | 4 | A+crown, A, B, B       |
        | 6 | A+crown, A, A, B, B, B |

  Rule: OPS-DEAL
    "- Schud de dierkaarten gedekt en geef iedere speler het aantal kaarten dat op de overzichtskaart staat. De kaarten die overblijven leg je gedekt opzij. Die doen deze ronde niet mee."

    @clause:OPS-DEAL
    Scenario: The undealt cards are laid aside face down
      Given a new 4-player game with the rule row pink-open, green-negative, two-wins, fewest-stars
      And the team cards were dealt as A+crown, A, B, B
      When the animal cards are dealt at random
      Then the cards laid aside are hidden from every player

    @clause:OPS-DEAL
    Scenario: A deal with too many cards for one player is rejected
      Given a new 4-player game with the rule row pink-open, green-negative, two-wins, fewest-stars
      And the team cards were dealt as A+crown, A, B, B
      When a deal giving player 0 11 animal cards is tried
      Then the action is rejected as invalid-outcome
      And the state is unchanged

    @clause:OPS-DEAL
    Scenario: A player action is refused while the deal is pending
      Given a new 4-player game with the rule row pink-open, green-negative, two-wins, fewest-stars
      And the team cards were dealt as A+crown, A, B, B
      When player 0 tries to play blue 3
      Then the action is rejected as illegal-action
      And the state is unchanged

  Rule: OPS-HIDDEN-HANDS
    "Je mag je teamgenoten niet vertellen welke kaarten je in je hand hebt."

    @clause:OPS-HIDDEN-HANDS
    Scenario: A hand is hidden from teammates and opponents
      Given a new 4-player game with the rule row green-negative, pink-open, two-wins, fewest-stars
      And the team cards were dealt as A+crown, A, B, B
      When the animal cards are dealt at random
      Then a card of player 0's hand is visible only to that player
      And a card of player 3's hand is visible only to that player
