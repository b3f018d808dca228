Feature: Opsnorren rule cards, each alone and together
  Four players unless said otherwise, team cards in seat order A+crown, A, B, B (players
  0 and 1 against players 2 and 3). A black card is revealed in round 3 at the earliest,
  after two white ones; the white cards pink-open and pass-three change nothing in a trick.
  Stars are written as expressions over the assumed star table (specs/opsnorren/components.json).

  Rule: OPS-RULE-GREEN-NEGATIVE
    "Groene sterren zijn negatief. Voor elke ster op een groene kaart die je team gewonnen heeft, verlies je een ster in plaats van dat je er een krijgt."

    Background:
      Given the hands are:
        | player   | cards    |
        | player 0 | green 10 |
        | player 1 | green 5  |
        | player 2 | pink 1   |
        | player 3 | pink 3   |

    @clause:OPS-RULE-GREEN-NEGATIVE
    Scenario: Won green stars count against the team
      Given a 4-player game with the revealed rule cards green-negative
      When the players play:
        | player   | card     |
        | player 0 | green 10 |
        | player 1 | green 5  |
        | player 2 | pink 1   |
        | player 3 | pink 3   |
      Then the round is over
      And team B scores stars(pink 1) + stars(pink 3) - stars(green 10) - stars(green 5)
      And team A scores 0

    @clause:OPS-RULE-GREEN-NEGATIVE
    Scenario: Before the card is revealed green stars count normally
      Given a 4-player game with the revealed rule cards pink-open
      When the players play:
        | player   | card     |
        | player 0 | green 10 |
        | player 1 | green 5  |
        | player 2 | pink 1   |
        | player 3 | pink 3   |
      Then team B scores stars(pink 1) + stars(pink 3) + stars(green 10) + stars(green 5)

  Rule: OPS-RULE-PINK-PLUS-ONE
    "Kaarten die niet in de spelregels staan, spreken voor zich aan de hand van de tekst op de kaart."

    @clause:OPS-RULE-PINK-PLUS-ONE
    Scenario: Each won pink card is worth one extra star
      Given a 4-player game with the revealed rule cards pink-plus-one
      And the hands are:
        | player   | cards    |
        | player 0 | green 10 |
        | player 1 | green 5  |
        | player 2 | pink 1   |
        | player 3 | pink 3   |
      When the players play:
        | player   | card     |
        | player 0 | green 10 |
        | player 1 | green 5  |
        | player 2 | pink 1   |
        | player 3 | pink 3   |
      Then team B scores stars(pink 1) + stars(pink 3) + 2 + stars(green 10) + stars(green 5)

    @clause:OPS-RULE-PINK-PLUS-ONE
    Scenario: Pink-plus-one and green-negative both apply
      Given a 4-player game with the revealed rule cards pink-plus-one, green-negative
      And the hands are:
        | player   | cards    |
        | player 0 | green 10 |
        | player 1 | green 5  |
        | player 2 | pink 1   |
        | player 3 | pink 3   |
      When the players play:
        | player   | card     |
        | player 0 | green 10 |
        | player 1 | green 5  |
        | player 2 | pink 1   |
        | player 3 | pink 3   |
      Then team B scores stars(pink 1) + stars(pink 3) + 2 - stars(green 10) - stars(green 5)

  Rule: OPS-RULE-MOST-BLUE
    "Meeste blauwe kaarten. Het team met de meeste blauwe kaarten tussen zijn gewonnen kaarten verliest aan het einde van de ronde vijf sterren. Hebben beide teams evenveel blauwe kaarten, dan verliest geen enkel team sterren."

    Background:
      Given a 4-player game with the revealed rule cards most-blue
      And the hands are:
        | player   | cards    |
        | player 0 | orange 1 |
        | player 1 | orange 2 |
        | player 2 | blue 4   |
        | player 3 | blue 9   |

    @clause:OPS-RULE-MOST-BLUE
    Scenario: The team with more blue cards loses five stars
      Given the won piles are:
        | player   | cards  |
        | player 1 | blue 0 |
      When the players play:
        | player   | card     |
        | player 0 | orange 1 |
        | player 1 | orange 2 |
        | player 2 | blue 4   |
        | player 3 | blue 9   |
      Then team B scores stars(orange 1) + stars(orange 2) + stars(blue 4) + stars(blue 9) - 5
      And team A scores stars(blue 0)

    @clause:OPS-RULE-MOST-BLUE
    Scenario: Equal numbers of blue cards cost nobody stars
      Given the won piles are:
        | player   | cards          |
        | player 0 | blue 0         |
        | player 1 | blue 1         |
      When the players play:
        | player   | card     |
        | player 0 | orange 1 |
        | player 1 | orange 2 |
        | player 2 | blue 4   |
        | player 3 | blue 9   |
      Then team B scores stars(orange 1) + stars(orange 2) + stars(blue 4) + stars(blue 9)
      And team A scores stars(blue 0) + stars(blue 1)

    @clause:OPS-RULE-MOST-BLUE
    Scenario: The team that won fewer tricks but more blue cards loses the five stars
      Given the won piles are:
        | player   | cards          |
        | player 0 | blue 0, blue 1 |
        | player 1 | blue 2         |
      When the players play:
        | player   | card     |
        | player 0 | orange 1 |
        | player 1 | orange 2 |
        | player 2 | blue 4   |
        | player 3 | blue 9   |
      Then team A scores stars(blue 0) + stars(blue 1) + stars(blue 2) - 5
      And team B scores stars(orange 1) + stars(orange 2) + stars(blue 4) + stars(blue 9)

  Rule: OPS-RULE-PINK-OPEN
    "Roze kaarten open. Je legt de roze kaarten uit je hand open voor je neer. Ze horen nog steeds bij je hand en je speelt ze gewoon, maar je tegenstanders kunnen zien welke roze kaarten je hebt."

    Background:
      Given the hands are:
        | player   | cards                  |
        | player 0 | pink 3, pink 7, blue 2 |
        | player 1 | green 1, green 2, green 3 |
        | player 2 | orange 1, orange 2, orange 3 |
        | player 3 | blue 4, blue 5, blue 6 |

    @clause:OPS-RULE-PINK-OPEN
    Scenario: Other players see the open pink cards but not the rest of the hand
      Given a 4-player game with the revealed rule cards pink-open
      Then player 2 can see pink 3, pink 7
      And player 2 cannot see blue 2
      And player 1 can see pink 3, pink 7

    @clause:OPS-RULE-PINK-OPEN
    Scenario: Open pink cards are still played from the hand
      Given a 4-player game with the revealed rule cards pink-open
      Then player 0 may play any card
      When player 0 plays pink 7
      Then player 2 can see pink 3
      And player 2 can see pink 7

    @clause:OPS-RULE-PINK-OPEN
    Scenario: Without the card pink cards stay hidden
      Given a 4-player game with the revealed rule cards green-negative
      Then player 2 cannot see pink 3, pink 7, blue 2

  Rule: OPS-RULE-PASS-THREE
    "Drie kaarten doorgeven. Aan het begin van de ronde kies je drie kaarten uit je hand en geef je ze aan de speler links van je. Pas daarna bekijk je de drie kaarten die je van de speler rechts van je hebt gekregen."

    @clause:OPS-RULE-PASS-THREE @choice:ops.beginner-setup=no
    Scenario: Every player passes three cards to the left, starting with the crown holder
      Given a new 4-player game with the rule row pass-three, pink-open, two-wins, three-lowest
      And the team cards were dealt as B, A+crown, A, B
      And the animal cards were dealt at random
      Then it is player 1's turn to pass
      When all players pass their three lowest cards
      Then each player received the three cards passed by the player on their right
      And every player holds 10 cards
      And it is player 1's turn to play

    @clause:OPS-RULE-PASS-THREE @choice:ops.beginner-setup=no
    Scenario: A pass of two cards is not a pass of three: malformed
      Given a new 4-player game with the rule row pass-three, pink-open, two-wins, three-lowest
      And the team cards were dealt as A+crown, A, B, B
      And the animal cards were dealt at random
      When player 0 tries to pass their 2 lowest cards
      Then the action is rejected as malformed
      And the state is unchanged

    @clause:OPS-RULE-PASS-THREE @choice:ops.beginner-setup=no
    Scenario: Passed cards are seen only after everyone has passed
      Given a new 4-player game with the rule row pass-three, pink-open, two-wins, three-lowest
      And the team cards were dealt as A+crown, A, B, B
      And the animal cards were dealt at random
      When the first player to pass passes their three lowest cards
      Then the passed cards stay hidden from their receiver for now
      And it is player 1's turn to pass

    @clause:OPS-RULE-PASS-THREE @choice:ops.beginner-setup=no @choice:ops.pass-jokers=yes
    Scenario: Jokers may be passed
      Given a new 3-player game with the rule row pass-three, pink-open, two-wins, three-lowest
      And the team cards were dealt as A+crown, B, B
      And the animal cards were dealt at random
      Then some legal pass of player 0 includes a joker

    @clause:OPS-RULE-PASS-THREE @choice:ops.pass-jokers=no @choice:ops.beginner-setup=no
    Scenario: Under pass-jokers no the jokers stay in the hand
      Given a new 3-player game with the rule row pass-three, pink-open, two-wins, three-lowest
      And the team cards were dealt as A+crown, B, B
      And the animal cards were dealt at random
      Then no legal pass of player 0 includes a joker

  Rule: OPS-RULE-TWO-WINS
    "Kaarten van waarde 2 winnen. Een kaart van waarde 2 wint de slag, ongeacht de kleur. Liggen er meerdere kaarten van waarde 2 in de slag, dan wint de 2 van de sterkste kleur."

    @clause:OPS-RULE-TWO-WINS
    Scenario: A green 2 beats the blue cards
      Given a 4-player game with the revealed rule cards pink-open, pass-three, two-wins
      And the hands are:
        | player   | cards    |
        | player 0 | blue 10  |
        | player 1 | blue 8   |
        | player 2 | green 2  |
        | player 3 | blue 6   |
      When the players play:
        | player   | card    |
        | player 0 | blue 10 |
        | player 1 | blue 8  |
        | player 2 | green 2 |
        | player 3 | blue 6  |
      Then player 2 wins the trick

    @clause:OPS-RULE-TWO-WINS
    Scenario: Of several 2s the 2 of the strongest colour wins
      Given a 4-player game with the revealed rule cards pink-open, pass-three, two-wins
      And the hands are:
        | player   | cards    |
        | player 0 | blue 10  |
        | player 1 | pink 2   |
        | player 2 | green 2  |
        | player 3 | blue 6   |
      When the players play:
        | player   | card    |
        | player 0 | blue 10 |
        | player 1 | pink 2  |
        | player 2 | green 2 |
        | player 3 | blue 6  |
      Then player 1 wins the trick

    @clause:OPS-RULE-TWO-WINS @choice:ops.colour-reversed-scope=everywhere
    Scenario: With the colour order reversed the green 2 is the strongest 2
      Given a 4-player game with the revealed rule cards pink-open, pass-three, colour-reversed, two-wins
      And the hands are:
        | player   | cards    |
        | player 0 | blue 10  |
        | player 1 | pink 2   |
        | player 2 | green 2  |
        | player 3 | blue 6   |
      When the players play:
        | player   | card    |
        | player 0 | blue 10 |
        | player 1 | pink 2  |
        | player 2 | green 2 |
        | player 3 | blue 6  |
      Then player 2 wins the trick

    @clause:OPS-RULE-TWO-WINS @choice:ops.colour-reversed-scope=trick-winner
    Scenario: Under trick-winner scope the 2 of the printed strongest colour wins
      Given a 4-player game with the revealed rule cards pink-open, pass-three, colour-reversed, two-wins
      And the hands are:
        | player   | cards    |
        | player 0 | blue 10  |
        | player 1 | pink 2   |
        | player 2 | green 2  |
        | player 3 | blue 6   |
      When the players play:
        | player   | card    |
        | player 0 | blue 10 |
        | player 1 | pink 2  |
        | player 2 | green 2 |
        | player 3 | blue 6  |
      Then player 1 wins the trick

  Rule: OPS-UNICORN-BEATS-TWO
    "Een eenhoorn wint nog steeds van een 2."

    @clause:OPS-UNICORN-BEATS-TWO
    Scenario: A unicorn beats a 2
      Given a 3-player game with the revealed rule cards pink-open, pass-three, two-wins
      And the team cards are B, A+crown, B
      And the hands are:
        | player   | cards   |
        | player 0 | green 2 |
        | player 1 | unicorn |
        | player 2 | blue 9  |
      When the players play:
        | player   | card    |
        | player 0 | green 2 |
        | player 1 | unicorn |
        | player 2 | blue 9  |
      Then player 1 wins the trick

  Rule: OPS-RULE-EQUAL-DISCARDED
    "Gelijke waarden worden afgelegd. Liggen er in een slag kaarten met dezelfde waarde, dan leg je die af voordat je bepaalt wie de slag wint. Ze tellen niet mee voor de slag en niemand wint ze."

    @clause:OPS-RULE-EQUAL-DISCARDED
    Scenario: Cards of equal value are discarded before the winner is decided
      Given a 4-player game with the revealed rule cards pink-open, pass-three, equal-discarded
      And the hands are:
        | player   | cards    |
        | player 0 | blue 7   |
        | player 1 | orange 7 |
        | player 2 | blue 3   |
        | player 3 | green 9  |
      When the players play:
        | player   | card     |
        | player 0 | blue 7   |
        | player 1 | orange 7 |
        | player 2 | blue 3   |
        | player 3 | green 9  |
      Then player 2 wins the trick
      And player 2's won pile holds blue 3, green 9
      And only blue 7, orange 7 are discarded

    @clause:OPS-RULE-EQUAL-DISCARDED
    Scenario: Two cards of value 0 are equal values too
      Given a 4-player game with the revealed rule cards pink-open, pass-three, equal-discarded
      And the hands are:
        | player   | cards    |
        | player 0 | green 0  |
        | player 1 | blue 0   |
        | player 2 | green 4  |
        | player 3 | pink 6   |
      When the players play:
        | player   | card    |
        | player 0 | green 0 |
        | player 1 | blue 0  |
        | player 2 | green 4 |
        | player 3 | pink 6  |
      Then player 3 wins the trick
      And player 3's won pile holds green 4, pink 6
      And only green 0, blue 0 are discarded

    @clause:OPS-RULE-EQUAL-DISCARDED
    Scenario: A unicorn has no value and is not discarded
      Given a 3-player game with the revealed rule cards pink-open, pass-three, equal-discarded
      And the team cards are B, A+crown, B
      And the hands are:
        | player   | cards    |
        | player 0 | blue 5   |
        | player 1 | unicorn  |
        | player 2 | orange 5 |
      When the players play:
        | player   | card     |
        | player 0 | blue 5   |
        | player 1 | unicorn  |
        | player 2 | orange 5 |
      Then player 1 wins the trick
      And player 1's won pile holds unicorn
      And only blue 5, orange 5 are discarded

    @clause:OPS-RULE-EQUAL-DISCARDED @choice:ops.equal-values-jokers=never @choice:ops.dove-unicorn-leader=unicorn
    Scenario: Two jokers are not equal values and keep their effect
      Given a 5-player game with the revealed rule cards pink-open, pass-three, equal-discarded
      And the hands are:
        | player   | cards    |
        | player 0 | unicorn  |
        | player 1 | dove     |
        | player 2 | blue 10  |
        | player 3 | blue 9   |
        | player 4 | pink 1   |
      When the players play:
        | player   | card    |
        | player 0 | unicorn |
        | player 1 | dove    |
        | player 2 | blue 10 |
        | player 3 | blue 9  |
        | player 4 | pink 1  |
      Then the whole trick is discarded
      And player 0 leads the next trick

    @clause:OPS-RULE-EQUAL-DISCARDED @choice:ops.equal-values-jokers=pairs
    Scenario: Under equal-values-jokers pairs two jokers are discarded as equal
      Given a 5-player game with the revealed rule cards pink-open, pass-three, equal-discarded
      And the hands are:
        | player   | cards    |
        | player 0 | unicorn  |
        | player 1 | dove     |
        | player 2 | blue 10  |
        | player 3 | blue 9   |
        | player 4 | pink 1   |
      When the players play:
        | player   | card    |
        | player 0 | unicorn |
        | player 1 | dove    |
        | player 2 | blue 10 |
        | player 3 | blue 9  |
        | player 4 | pink 1  |
      Then player 2 wins the trick
      And only unicorn, dove are discarded

    @clause:OPS-RULE-EQUAL-DISCARDED @choice:ops.monkey-discarded=remaining @choice:ops.monkey-pick=any
    Scenario: The monkey cannot take a card discarded for its value
      Given a 5-player game with the revealed rule cards pink-open, pass-three, equal-discarded
      And the hands are:
        | player   | cards    |
        | player 0 | blue 5   |
        | player 1 | monkey   |
        | player 2 | green 8  |
        | player 3 | orange 5 |
        | player 4 | pink 1   |
      When the players play:
        | player   | card     |
        | player 0 | blue 5   |
        | player 1 | monkey   |
        | player 2 | green 8  |
        | player 3 | orange 5 |
        | player 4 | pink 1   |
      Then player 1 must choose a card for the monkey from green 8, monkey, pink 1

    @clause:OPS-RULE-EQUAL-DISCARDED @choice:ops.monkey-discarded=any @choice:ops.monkey-pick=any
    Scenario: Under monkey-discarded any the monkey may take a discarded card
      Given a 5-player game with the revealed rule cards pink-open, pass-three, equal-discarded
      And the hands are:
        | player   | cards    |
        | player 0 | blue 5   |
        | player 1 | monkey   |
        | player 2 | green 8  |
        | player 3 | orange 5 |
        | player 4 | pink 1   |
      When the players play:
        | player   | card     |
        | player 0 | blue 5   |
        | player 1 | monkey   |
        | player 2 | green 8  |
        | player 3 | orange 5 |
        | player 4 | pink 1   |
      Then player 1 must choose a card for the monkey from blue 5, green 8, monkey, orange 5, pink 1
      When player 1 takes orange 5 with the monkey
      Then player 1's won pile holds orange 5
      And only blue 5 are discarded

    @clause:OPS-RULE-EQUAL-DISCARDED @choice:ops.monkey-discarded=any @choice:ops.monkey-pick=any
    Scenario: Under monkey-discarded any the monkey saves a discarded card even when its team wins
      Given a 5-player game with the revealed rule cards pink-open, pass-three, equal-discarded
      And the hands are:
        | player   | cards    |
        | player 0 | blue 8   |
        | player 1 | monkey   |
        | player 2 | pink 5   |
        | player 3 | orange 5 |
        | player 4 | green 1  |
      When the players play:
        | player   | card     |
        | player 0 | blue 8   |
        | player 1 | monkey   |
        | player 2 | pink 5   |
        | player 3 | orange 5 |
        | player 4 | green 1  |
      Then player 1 must choose a card for the monkey from blue 8, monkey, pink 5, orange 5, green 1
      When player 1 takes orange 5 with the monkey
      Then player 1's won pile holds orange 5
      And player 0's won pile holds blue 8, monkey, green 1
      And only pink 5 are discarded

  Rule: OPS-ALL-DISCARDED-STARTER
    "Worden alle kaarten van een slag afgelegd, dan begint de speler die deze slag startte ook de volgende."

    @clause:OPS-ALL-DISCARDED-STARTER
    Scenario: When every card is discarded the starter leads again
      Given a 4-player game with the revealed rule cards pink-open, pass-three, equal-discarded
      And the hands are:
        | player   | cards            |
        | player 0 | pink 4, green 1  |
        | player 1 | blue 7, green 2  |
        | player 2 | orange 7, green 3 |
        | player 3 | green 4, green 5 |
      And player 1 leads the trick
      When the players play:
        | player   | card     |
        | player 1 | blue 7   |
        | player 2 | orange 7 |
        | player 3 | green 4  |
        | player 0 | pink 4   |
      Then the whole trick is discarded
      And player 1 leads the next trick

    @clause:OPS-ALL-DISCARDED-STARTER @choice:ops.no-winner=nobody @choice:ops.monkey-discarded=remaining @choice:ops.monkey-pick=any
    Scenario: Only a monkey left after the discard: nobody wins and the starter leads
      Given a 3-player game with the revealed rule cards pink-open, pass-three, equal-discarded
      And the hands are:
        | player   | cards            |
        | player 0 | blue 5, green 1  |
        | player 1 | monkey, green 2  |
        | player 2 | orange 5, green 3 |
      When the players play:
        | player   | card     |
        | player 0 | blue 5   |
        | player 1 | monkey   |
        | player 2 | orange 5 |
      Then player 1 must choose a card for the monkey from monkey
      When player 1 takes monkey with the monkey
      Then only blue 5, orange 5 are discarded
      And player 0 leads the next trick

    @clause:OPS-ALL-DISCARDED-STARTER @choice:ops.no-winner=starter @choice:ops.monkey-discarded=remaining
    Scenario: Under no-winner starter the starter takes what is left
      Given a 5-player game with the revealed rule cards pink-open, pass-three, equal-discarded
      And the hands are:
        | player   | cards            |
        | player 0 | blue 5, green 1  |
        | player 1 | monkey, green 2  |
        | player 2 | orange 5, green 3 |
        | player 3 | green 5, green 4 |
        | player 4 | pink 5, green 6  |
      When the players play:
        | player   | card     |
        | player 0 | blue 5   |
        | player 1 | monkey   |
        | player 2 | orange 5 |
        | player 3 | green 5  |
        | player 4 | pink 5   |
      Then no monkey pick is pending
      And player 0's won pile holds monkey
      And only blue 5, green 5, orange 5, pink 5 are discarded
      And player 0 leads the next trick
