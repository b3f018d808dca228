Feature: Opsnorren: two or three jokers in one trick
  Five players (team cards A+crown, A, B, B, B: players 0 and 1 form the team of two and
  hold the jokers), or three players after jokers were passed.

  Rule: OPS-DOVE-BEFORE-UNICORN
    "Ligt er ook een duif in de slag, dan gaat de duif voor en worden de kaarten alsnog afgelegd."

    @clause:OPS-DOVE-BEFORE-UNICORN @choice:ops.dove-unicorn-leader=unicorn
    Scenario: A dove played after the unicorn's trick winner still discards everything
      Given a 5-player game in the play phase
      And the hands are:
        | player   | cards             |
        | player 0 | dove, green 1     |
        | player 1 | unicorn, green 2  |
        | player 2 | blue 10, green 3  |
        | player 3 | blue 9, green 4   |
        | player 4 | pink 3, pink 1    |
      When the players play:
        | player   | card     |
        | player 0 | dove     |
        | player 1 | unicorn  |
        | player 2 | blue 10  |
        | player 3 | blue 9   |
        | player 4 | pink 3   |
      Then the whole trick is discarded
      And player 1 leads the next trick

    @clause:OPS-DOVE-BEFORE-UNICORN @choice:ops.dove-unicorn-leader=animal
    Scenario: Under animal the dove cancels the unicorn and the strongest animal card leads
      Given a 5-player game in the play phase
      And the hands are:
        | player   | cards             |
        | player 0 | dove, green 1     |
        | player 1 | unicorn, green 2  |
        | player 2 | blue 10, green 3  |
        | player 3 | blue 9, green 4   |
        | player 4 | pink 3, pink 1    |
      When the players play:
        | player   | card     |
        | player 0 | dove     |
        | player 1 | unicorn  |
        | player 2 | blue 10  |
        | player 3 | blue 9   |
        | player 4 | pink 3   |
      Then the whole trick is discarded
      And player 2 leads the next trick

  Rule: OPS-MONKEY
    "Aan het einde van de slag kies je als speler van de aap één kaart uit de slag. Die kaart leg je op de stapel gewonnen kaarten van je eigen team, ook als je team de slag niet wint."

    @clause:OPS-MONKEY @choice:ops.monkey-pick=any
    Scenario: The monkey takes a card from the unicorn's trick
      Given a 3-player game in the play phase
      And the hands are:
        | player   | cards            |
        | player 0 | unicorn, green 1 |
        | player 1 | monkey, green 2  |
        | player 2 | blue 5, green 3  |
      When the players play:
        | player   | card    |
        | player 0 | unicorn |
        | player 1 | monkey  |
        | player 2 | blue 5  |
      Then player 1 must choose a card for the monkey from unicorn, monkey, blue 5
      When player 1 takes blue 5 with the monkey
      Then player 1's won pile holds blue 5
      And player 0's won pile holds unicorn, monkey
      And player 0 leads the next trick

    @clause:OPS-MONKEY @choice:ops.monkey-pick=animals
    Scenario: Under animals the monkey takes only a coloured card from the unicorn's trick
      Given a 3-player game in the play phase
      And the hands are:
        | player   | cards            |
        | player 0 | unicorn, green 1 |
        | player 1 | monkey, green 2  |
        | player 2 | blue 5, green 3  |
      When the players play:
        | player   | card    |
        | player 0 | unicorn |
        | player 1 | monkey  |
        | player 2 | blue 5  |
      Then player 1 must choose a card for the monkey from blue 5

  Rule: OPS-DOVE
    "Aan het einde van de slag worden alle kaarten van de slag afgelegd. Niemand scoort de sterren op die kaarten. De speler die de slag won, begint wel de volgende slag."

    @clause:OPS-DOVE @choice:ops.dove-with-monkey=dove-first
    Scenario: With a dove and a monkey the dove goes first and the monkey takes nothing
      Given a 3-player game in the play phase
      And the hands are:
        | player   | cards            |
        | player 0 | blue 8, green 1  |
        | player 1 | monkey, green 2  |
        | player 2 | dove, green 3    |
      When the players play:
        | player   | card   |
        | player 0 | blue 8 |
        | player 1 | monkey |
        | player 2 | dove   |
      Then no monkey pick is pending
      And the whole trick is discarded
      And player 0 leads the next trick

    @clause:OPS-DOVE @choice:ops.dove-with-monkey=dove-first @choice:ops.monkey-discarded=any @choice:ops.equal-values-jokers=never
    Scenario: The dove goes first even when the monkey could save a card discarded for its value
      Given a 5-player game with the revealed rule cards pink-open, pass-three, equal-discarded
      And the hands are:
        | player   | cards            |
        | player 0 | dove, green 1    |
        | player 1 | monkey, green 2  |
        | player 2 | blue 5, green 3  |
        | player 3 | pink 5, green 4  |
        | player 4 | orange 9, pink 1 |
      When the players play:
        | player   | card     |
        | player 0 | dove     |
        | player 1 | monkey   |
        | player 2 | blue 5   |
        | player 3 | pink 5   |
        | player 4 | orange 9 |
      Then no monkey pick is pending
      And the whole trick is discarded
      And player 4 leads the next trick

    @clause:OPS-DOVE @choice:ops.dove-with-monkey=monkey-first @choice:ops.monkey-pick=any
    Scenario: Under monkey-first the monkey saves one card before the dove discards the rest
      Given a 3-player game in the play phase
      And the hands are:
        | player   | cards            |
        | player 0 | blue 8, green 1  |
        | player 1 | monkey, green 2  |
        | player 2 | dove, green 3    |
      When the players play:
        | player   | card   |
        | player 0 | blue 8 |
        | player 1 | monkey |
        | player 2 | dove   |
      Then player 1 must choose a card for the monkey from blue 8, monkey, dove
      When player 1 takes blue 8 with the monkey
      Then player 1's won pile holds blue 8
      And only monkey, dove are discarded
      And player 0 leads the next trick

    @clause:OPS-DOVE @choice:ops.dove-with-monkey=dove-first @choice:ops.dove-unicorn-leader=unicorn
    Scenario: All three jokers in one trick: the dove discards it and the unicorn's player leads
      Given a 3-player game in the play phase
      And the hands are:
        | player   | cards            |
        | player 0 | monkey, green 1  |
        | player 1 | unicorn, green 2 |
        | player 2 | dove, green 3    |
      When the players play:
        | player   | card    |
        | player 0 | monkey  |
        | player 1 | unicorn |
        | player 2 | dove    |
      Then no monkey pick is pending
      And the whole trick is discarded
      And player 1 leads the next trick

    @clause:OPS-DOVE @choice:ops.dove-with-monkey=dove-first @choice:ops.dove-unicorn-leader=animal
    Scenario: Under animal a trick of three jokers has no winner and its starter leads
      Given a 3-player game in the play phase
      And the hands are:
        | player   | cards            |
        | player 0 | monkey, green 1  |
        | player 1 | unicorn, green 2 |
        | player 2 | dove, green 3    |
      When the players play:
        | player   | card    |
        | player 0 | monkey  |
        | player 1 | unicorn |
        | player 2 | dove    |
      Then no monkey pick is pending
      And the whole trick is discarded
      And player 0 leads the next trick

  Rule: OPS-JOKER-LEAD
    "Begint iemand een slag met een joker, dan bepaalt de kaart van de volgende speler de gevraagde kleur."

    @clause:OPS-JOKER-LEAD @choice:ops.joker-lead-colour=none @choice:ops.lead-colour-binds=earlier
    Scenario: After a joker lead and a second joker no colour binds, not even an earlier one
      Given a 5-player game with the revealed rule cards pink-open, pass-three, new-lead-colour
      And the hands are:
        | player   | cards           |
        | player 0 | unicorn, pink 1 |
        | player 1 | dove, pink 2    |
        | player 2 | green 5, pink 3 |
        | player 3 | green 2, blue 9 |
        | player 4 | orange 6, pink 4 |
      When the players play:
        | player   | card    |
        | player 0 | unicorn |
        | player 1 | dove    |
        | player 2 | green 5 |
      Then player 3 may play green 2, blue 9
