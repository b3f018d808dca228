Feature: Opsnorren jokers: unicorn, monkey and dove
  Three players unless said otherwise, team cards in seat order B, A+crown, B: player 1
  plays alone and holds the jokers. Some positions have jokers in several hands, as
  after "pass three cards" (jokers may be passed, ops.pass-jokers) or with five players.

  Rule: OPS-JOKER-ANYTIME
    "Een joker mag je op elk moment spelen, ook als je een kaart van de gevraagde kleur in je hand hebt."

    Background:
      Given a 3-player game in the play phase
      And the team cards are B, A+crown, B

    @clause:OPS-JOKER-ANYTIME
    Scenario: A joker may be played while holding the lead colour
      Given the hands are:
        | player   | cards            |
        | player 0 | pink 4, blue 1   |
        | player 1 | pink 7, unicorn  |
        | player 2 | green 3, green 4 |
      When player 0 plays pink 4
      Then player 1 may play pink 7, unicorn

    @clause:OPS-JOKER-ANYTIME
    Scenario: Every joker in the hand may be played over the lead colour
      Given the hands are:
        | player   | cards                       |
        | player 0 | pink 4, blue 1, blue 2      |
        | player 1 | pink 7, monkey, dove        |
        | player 2 | green 3, green 4, green 5   |
      When player 0 plays pink 4
      Then player 1 may play pink 7, monkey, dove

    @clause:OPS-JOKER-ANYTIME
    Scenario: A joker and any colour may be played without the lead colour
      Given the hands are:
        | player   | cards            |
        | player 0 | pink 4, blue 1   |
        | player 1 | blue 7, unicorn  |
        | player 2 | green 3, green 4 |
      When player 0 plays pink 4
      Then player 1 may play any card

  Rule: OPS-JOKERS-ODD
    "Jokers doen alleen mee in een spel met drie of vijf spelers."

    @clause:OPS-JOKERS-ODD
    Scenario Outline: Jokers are dealt with <n> players
      Given a new <n>-player game with the rule row pink-open, green-negative, two-wins, fewest-stars
      And the team cards were dealt as <teams>
      When the animal cards are dealt at random
      Then player 0 holds <k> jokers
      And <aside> jokers are laid aside

      Examples:
        | n | teams                   | k | aside |
        | 3 | A+crown, B, B           | 3 | 0     |
        | 5 | A+crown, A, B, B, B     | 1 | 1     |

  Rule: OPS-JOKER-EFFECT
    "Elke joker heeft invloed op de slag waarin je hem speelt."

    @clause:OPS-JOKER-EFFECT
    Scenario: The dove's effect ends with its trick
      Given a 3-player game in the play phase
      And the team cards are B, A+crown, B
      And the hands are:
        | player   | cards             |
        | player 0 | orange 5, blue 2  |
        | player 1 | dove, blue 6      |
        | player 2 | orange 9, blue 3  |
      When the players play:
        | player   | card     |
        | player 0 | orange 5 |
        | player 1 | dove     |
        | player 2 | orange 9 |
      Then the whole trick is discarded
      When the players play:
        | player   | card   |
        | player 2 | blue 3 |
        | player 0 | blue 2 |
        | player 1 | blue 6 |
      Then player 1 wins the trick
      And player 1's won pile holds blue 3, blue 2, blue 6

  Rule: OPS-UNICORN
    "De eenhoorn wint de slag, welke andere kaarten er ook gespeeld zijn."

    Background:
      Given a 3-player game in the play phase
      And the team cards are B, A+crown, B

    @clause:OPS-UNICORN
    Scenario: The unicorn beats the strongest card
      Given the hands are:
        | player   | cards             |
        | player 0 | blue 10, green 1  |
        | player 1 | unicorn, green 2  |
        | player 2 | blue 9, green 3   |
      When the players play:
        | player   | card    |
        | player 0 | blue 10 |
        | player 1 | unicorn |
        | player 2 | blue 9  |
      Then player 1 wins the trick
      And player 1's won pile holds blue 10, unicorn, blue 9

    @clause:OPS-UNICORN
    Scenario: The unicorn wins when it leads the trick
      Given the hands are:
        | player   | cards             |
        | player 0 | blue 10, green 1  |
        | player 1 | unicorn, green 2  |
        | player 2 | blue 9, green 3   |
      And player 1 leads the trick
      When the players play:
        | player   | card    |
        | player 1 | unicorn |
        | player 2 | blue 9  |
        | player 0 | blue 10 |
      Then player 1 wins the trick

  Rule: OPS-DOVE
    "Aan het einde van de slag worden alle kaarten van de slag afgelegd. Niemand scoort de sterren op die kaarten. De speler die de slag won, begint wel de volgende slag."

    Background:
      Given a 3-player game in the play phase
      And the team cards are B, A+crown, B

    @clause:OPS-DOVE
    Scenario: The dove discards the trick and its winner still leads
      Given the hands are:
        | player   | cards             |
        | player 0 | orange 5, blue 2  |
        | player 1 | dove, blue 6      |
        | player 2 | orange 9, blue 3  |
      When the players play:
        | player   | card     |
        | player 0 | orange 5 |
        | player 1 | dove     |
        | player 2 | orange 9 |
      Then the whole trick is discarded
      And player 2 leads the next trick

    @clause:OPS-DOVE
    Scenario: Nobody scores the stars of a dove trick
      Given the hands are:
        | player   | cards    |
        | player 0 | blue 10  |
        | player 1 | dove     |
        | player 2 | pink 5   |
      When the players play:
        | player   | card    |
        | player 0 | blue 10 |
        | player 1 | dove    |
        | player 2 | pink 5  |
      Then the round is over
      And team A scores 0
      And team B scores 0

    @clause:OPS-DOVE
    Scenario: The dove's own player may be the one who leads next
      Given the hands are:
        | player   | cards            |
        | player 0 | green 5, blue 2  |
        | player 1 | dove, blue 6     |
        | player 2 | green 9, blue 3  |
      And player 1 leads the trick
      When the players play:
        | player   | card    |
        | player 1 | dove    |
        | player 2 | green 9 |
        | player 0 | green 5 |
      Then the whole trick is discarded
      And player 2 leads the next trick

  Rule: OPS-DOVE-BEFORE-UNICORN
    "Ligt er ook een duif in de slag, dan gaat de duif voor en worden de kaarten alsnog afgelegd."

    @clause:OPS-DOVE-BEFORE-UNICORN @choice:ops.dove-unicorn-leader=unicorn
    Scenario: With a unicorn and a dove the cards are still discarded
      Given a 5-player game in the play phase
      And the hands are:
        | player   | cards             |
        | player 0 | unicorn, green 1  |
        | player 1 | dove, green 2     |
        | player 2 | blue 10, green 3  |
        | player 3 | blue 9, green 4   |
        | player 4 | green 10, pink 1  |
      When the players play:
        | player   | card     |
        | player 0 | unicorn  |
        | player 1 | dove     |
        | player 2 | blue 10  |
        | player 3 | blue 9   |
        | player 4 | pink 1   |
      Then the whole trick is discarded
      And player 0 leads the next trick

    @clause:OPS-DOVE-BEFORE-UNICORN @choice:ops.dove-unicorn-leader=animal
    Scenario: Under animal the strongest animal card of a unicorn-and-dove trick leads
      Given a 5-player game in the play phase
      And the hands are:
        | player   | cards             |
        | player 0 | unicorn, green 1  |
        | player 1 | dove, green 2     |
        | player 2 | blue 10, green 3  |
        | player 3 | blue 9, green 4   |
        | player 4 | green 10, pink 1  |
      When the players play:
        | player   | card     |
        | player 0 | unicorn  |
        | player 1 | dove     |
        | player 2 | blue 10  |
        | player 3 | blue 9   |
        | player 4 | pink 1   |
      Then the whole trick is discarded
      And player 2 leads the next trick

  Rule: OPS-MONKEY
    "Aan het einde van de slag kies je als speler van de aap één kaart uit de slag. Die kaart leg je op de stapel gewonnen kaarten van je eigen team, ook als je team de slag niet wint."

    Background:
      Given a 3-player game in the play phase
      And the team cards are B, A+crown, B
      And the hands are:
        | player   | cards            |
        | player 0 | blue 10, green 1 |
        | player 1 | monkey, green 2  |
        | player 2 | blue 3, green 3  |

    @clause:OPS-MONKEY @choice:ops.monkey-pick=any
    Scenario: The monkey's player chooses a card of a trick the team did not win
      When the players play:
        | player   | card    |
        | player 0 | blue 10 |
        | player 1 | monkey  |
        | player 2 | blue 3  |
      Then player 1 must choose a card for the monkey from blue 10, monkey, blue 3
      When player 1 takes blue 10 with the monkey
      Then player 1's won pile holds blue 10
      And player 0's won pile holds monkey, blue 3
      And player 0 leads the next trick

    @clause:OPS-MONKEY
    Scenario: The monkey can only take a card of the trick
      When the players play:
        | player   | card    |
        | player 0 | blue 10 |
        | player 1 | monkey  |
        | player 2 | blue 3  |
      And player 1 tries to take green 2 with the monkey
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:OPS-MONKEY
    Scenario: Only the monkey's player picks
      When the players play:
        | player   | card    |
        | player 0 | blue 10 |
        | player 1 | monkey  |
        | player 2 | blue 3  |
      And player 0 tries to take blue 10 with the monkey
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:OPS-MONKEY
    Scenario: No card is played while the monkey's pick is pending
      When the players play:
        | player   | card    |
        | player 0 | blue 10 |
        | player 1 | monkey  |
        | player 2 | blue 3  |
      And player 1 tries to play green 2
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:OPS-MONKEY @choice:ops.monkey-pick=not-self
    Scenario: Under not-self the monkey cannot take itself
      When the players play:
        | player   | card    |
        | player 0 | blue 10 |
        | player 1 | monkey  |
        | player 2 | blue 3  |
      Then player 1 must choose a card for the monkey from blue 10, blue 3

    @clause:OPS-MONKEY
    Scenario: The monkey takes nothing when its own team takes the trick
      Given a 5-player game in the play phase
      And the hands are:
        | player   | cards             |
        | player 0 | blue 10, green 1  |
        | player 1 | monkey, green 2   |
        | player 2 | blue 3, green 3   |
        | player 3 | blue 4, green 4   |
        | player 4 | blue 5, green 5   |
      When the players play:
        | player   | card    |
        | player 0 | blue 10 |
        | player 1 | monkey  |
        | player 2 | blue 3  |
        | player 3 | blue 4  |
        | player 4 | blue 5  |
      Then no monkey pick is pending
      And player 0 wins the trick
      And player 0's won pile holds blue 10, monkey, blue 3, blue 4, blue 5

  Rule: OPS-JOKER-LEAD
    "Begint iemand een slag met een joker, dan bepaalt de kaart van de volgende speler de gevraagde kleur."

    @clause:OPS-JOKER-LEAD
    Scenario: After a joker lead the next card sets the lead colour
      Given a 3-player game in the play phase
      And the team cards are B, A+crown, B
      And the hands are:
        | player   | cards              |
        | player 0 | orange 8, green 2  |
        | player 1 | unicorn, green 6   |
        | player 2 | orange 4, blue 1   |
      And player 1 leads the trick
      When player 1 plays unicorn
      Then player 2 may play any card
      When player 2 plays orange 4
      Then player 0 may play orange 8

    @clause:OPS-JOKER-LEAD @choice:ops.joker-lead-colour=first-animal
    Scenario: After two jokers the first coloured card sets the lead colour
      Given a 5-player game in the play phase
      And the hands are:
        | player   | cards             |
        | player 0 | unicorn, green 1  |
        | player 1 | monkey, green 2   |
        | player 2 | orange 4, blue 2  |
        | player 3 | orange 6, blue 3  |
        | player 4 | pink 5, blue 4    |
      When player 0 plays unicorn
      And player 1 plays monkey
      And player 2 plays orange 4
      Then player 3 may play orange 6

    @clause:OPS-JOKER-LEAD @choice:ops.joker-lead-colour=none
    Scenario: Under none a joker after a joker lead leaves the trick without lead colour
      Given a 5-player game in the play phase
      And the hands are:
        | player   | cards             |
        | player 0 | unicorn, green 1  |
        | player 1 | monkey, green 2   |
        | player 2 | orange 4, blue 2  |
        | player 3 | orange 6, blue 3  |
        | player 4 | pink 5, blue 4    |
      When player 0 plays unicorn
      And player 1 plays monkey
      And player 2 plays orange 4
      Then player 3 may play any card
