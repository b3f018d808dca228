Feature: Opsnorren tricks: leading, following and winning
  Four players unless said otherwise; team cards in seat order A+crown, A, B, B.
  The only revealed rule card is pink-open, which changes nothing about tricks.

  Rule: OPS-EXAMPLE-TRICK
    "Marie begint met een roze varken van waarde 2. Nora volgt met een roze varken van waarde 8 en heeft op dat moment de sterkste kaart. Alex heeft geen roze kaarten en speelt een groene hamster van waarde 3. Jules heeft ook geen roze kaarten en speelt een blauwe walrus van waarde 1. Blauw is de sterkste kleur in deze slag, dus Jules wint de slag."

    Background:
      Given the players Marie, Nora, Alex and Jules sit in that order
      And the hands are:
        | player | cards           |
        | Marie  | pink 2, blue 5  |
        | Nora   | pink 8, green 9 |
        | Alex   | green 3, orange 4 |
        | Jules  | blue 1, green 10 |
      And Marie leads the trick

    @clause:OPS-EXAMPLE-TRICK
    Scenario: Marie, Nora, Alex and Jules play the rulebook's example trick
      When the players play:
        | player | card    |
        | Marie  | pink 2  |
        | Nora   | pink 8  |
        | Alex   | green 3 |
        | Jules  | blue 1  |
      Then Jules wins the trick
      And Jules's won pile holds pink 2, pink 8, green 3, blue 1

    @clause:OPS-EXAMPLE-TRICK
    Scenario: In the example Nora holds pink and must play it
      When Marie plays pink 2
      Then Nora may play pink 8

    @clause:OPS-EXAMPLE-TRICK
    Scenario: In the example Alex has no pink and may play any card
      When Marie plays pink 2
      And Nora plays pink 8
      Then Alex may play any card

    @clause:OPS-EXAMPLE-TRICK
    Scenario: In the example Nora holds the strongest card until blue comes
      When Marie plays pink 2
      And Nora plays pink 8
      And Alex plays green 3
      And Jules plays green 10
      Then Nora wins the trick

  Rule: OPS-EXAMPLE-BLUE-ONE
    "Een blauwe 1 wint dus van een oranje 9."

    @clause:OPS-EXAMPLE-BLUE-ONE
    Scenario: A blue 1 beats an orange 9
      Given the hands are:
        | player   | cards             |
        | player 0 | orange 9, orange 2 |
        | player 1 | orange 5, green 1 |
        | player 2 | blue 1, pink 4    |
        | player 3 | orange 3, pink 6  |
      When the players play:
        | player   | card     |
        | player 0 | orange 9 |
        | player 1 | orange 5 |
        | player 2 | blue 1   |
        | player 3 | orange 3 |
      Then player 2 wins the trick

  Rule: OPS-LEAD
    "De startspeler legt één kaart open in het midden van de tafel. De kleur van die kaart is de gevraagde kleur."

    Background:
      Given the hands are:
        | player   | cards            |
        | player 0 | green 4, blue 2  |
        | player 1 | green 7, blue 9  |
        | player 2 | pink 1, orange 2 |
        | player 3 | green 0, pink 9  |

    @clause:OPS-LEAD
    Scenario: The leader may play any card
      Then player 0 may play any card

    @clause:OPS-LEAD
    Scenario: The leader's card sets the lead colour
      When player 0 plays green 4
      Then player 1 may play green 7

    @clause:OPS-LEAD
    Scenario: Another lead card sets another colour
      When player 0 plays blue 2
      Then player 1 may play blue 9

  Rule: OPS-CLOCKWISE
    "Daarna speelt iedere andere speler met de klok mee één kaart."

    Background:
      Given the hands are:
        | player   | cards            |
        | player 0 | green 4, blue 2  |
        | player 1 | green 7, blue 9  |
        | player 2 | pink 1, orange 2 |
        | player 3 | green 0, pink 9  |
      And player 2 leads the trick

    @clause:OPS-CLOCKWISE
    Scenario: Play goes clockwise from the leader and wraps around
      When player 2 plays pink 1
      Then it is player 3's turn to play
      When player 3 plays pink 9
      Then it is player 0's turn to play

    @clause:OPS-CLOCKWISE
    Scenario: A card played out of turn is rejected
      When player 2 plays pink 1
      And player 1 tries to play blue 9
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:OPS-CLOCKWISE
    Scenario: A play by a seat beyond the table is malformed, not a turn out of order
      When player 2 plays pink 1
      And player 4 tries to play pink 9
      Then the action is rejected as malformed
      And the state is unchanged

  Rule: OPS-FOLLOW-SUIT
    "Heb je een kaart in de gevraagde kleur, dan moet je die kleur spelen."

    Background:
      Given the hands are:
        | player   | cards                    |
        | player 0 | pink 5, blue 2, green 1  |
        | player 1 | pink 3, pink 7, blue 9   |
        | player 2 | orange 1, orange 2, blue 4 |
        | player 3 | pink 0, green 8, green 9 |

    @clause:OPS-FOLLOW-SUIT
    Scenario: A player holding the lead colour must play one of those cards
      When player 0 plays pink 5
      Then player 1 may play pink 3, pink 7

    @clause:OPS-FOLLOW-SUIT
    Scenario: Playing another colour while holding the lead colour is rejected
      When player 0 plays pink 5
      And player 1 tries to play blue 9
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:OPS-FOLLOW-SUIT
    Scenario: A single card of the lead colour is forced
      When player 0 plays pink 5
      And player 1 plays pink 7
      And player 2 plays blue 4
      Then player 3 may play pink 0

  Rule: OPS-DISCARD-FREE
    "Alleen als je die kleur niet in je hand hebt, mag je een kaart van een andere kleur spelen."

    @clause:OPS-DISCARD-FREE
    Scenario: Without the lead colour any card may be played
      Given the hands are:
        | player   | cards             |
        | player 0 | pink 5, blue 2    |
        | player 1 | green 3, blue 9   |
        | player 2 | orange 1, pink 2  |
        | player 3 | pink 0, green 8   |
      When player 0 plays pink 5
      Then player 1 may play any card

    @clause:OPS-DISCARD-FREE
    Scenario: A weaker colour played without the lead colour does not win
      Given the hands are:
        | player   | cards             |
        | player 0 | pink 5, blue 2    |
        | player 1 | green 10, blue 9  |
        | player 2 | pink 1, orange 2  |
        | player 3 | pink 0, green 8   |
      When the players play:
        | player   | card     |
        | player 0 | pink 5   |
        | player 1 | green 10 |
        | player 2 | pink 1   |
        | player 3 | pink 0   |
      Then player 0 wins the trick

  Rule: OPS-COLOUR-FIRST
    "Als iedereen een kaart heeft gespeeld, kijk je eerst naar de kleur en pas daarna naar de waarde."

    @clause:OPS-COLOUR-FIRST
    Scenario: An orange 0 beats a pink 10 led before it
      Given the hands are:
        | player   | cards              |
        | player 0 | pink 10, blue 2    |
        | player 1 | orange 0, green 9  |
        | player 2 | pink 2, orange 3   |
        | player 3 | pink 5, green 1    |
      When the players play:
        | player   | card     |
        | player 0 | pink 10  |
        | player 1 | orange 0 |
        | player 2 | pink 2   |
        | player 3 | pink 5   |
      Then player 1 wins the trick

  Rule: OPS-COLOUR-ORDER
    "De kleuren hebben een vaste sterkte, van zwak naar sterk: - Groen (hamsters) - Roze (varkens) - Oranje (lama’s) - Blauw (walrussen)"

    @clause:OPS-COLOUR-ORDER
    Scenario Outline: A <strong> 0 beats a <weak> 9
      Given a 3-player game in the play phase
      And the hands are:
        | player   | cards                  |
        | player 0 | <weak> 9, <weak> 8     |
        | player 1 | <strong> 0, <strong> 1 |
        | player 2 | <weak> 4, <weak> 5     |
      When the players play:
        | player   | card       |
        | player 0 | <weak> 9   |
        | player 1 | <strong> 0 |
        | player 2 | <weak> 4   |
      Then player 1 wins the trick

      Examples:
        | weak   | strong |
        | green  | pink   |
        | pink   | orange |
        | orange | blue   |
        | green  | blue   |

  Rule: OPS-TRICK-WINNER
    "De sterkste kleur die in de slag ligt, wint. Liggen er meerdere kaarten van die kleur, dan wint daarvan de kaart met de hoogste waarde."

    @clause:OPS-TRICK-WINNER
    Scenario: The highest card of the strongest colour present wins
      Given the hands are:
        | player   | cards              |
        | player 0 | orange 3, green 1  |
        | player 1 | blue 4, green 2    |
        | player 2 | blue 8, green 3    |
        | player 3 | orange 10, green 4 |
      When the players play:
        | player   | card      |
        | player 0 | orange 3  |
        | player 1 | blue 4    |
        | player 2 | blue 8    |
        | player 3 | orange 10 |
      Then player 2 wins the trick

    @clause:OPS-TRICK-WINNER
    Scenario: In a one-colour trick the highest value wins
      Given the hands are:
        | player   | cards            |
        | player 0 | green 2, blue 1  |
        | player 1 | green 9, blue 2  |
        | player 2 | green 5, blue 3  |
        | player 3 | green 0, blue 4  |
      When the players play:
        | player   | card    |
        | player 0 | green 2 |
        | player 1 | green 9 |
        | player 2 | green 5 |
        | player 3 | green 0 |
      Then player 1 wins the trick

  Rule: OPS-WINNER-TAKES
    "De speler die de slag wint, pakt alle kaarten van de slag en legt ze gedekt voor zich neer."

    @clause:OPS-WINNER-TAKES
    Scenario: The winner takes every card of the trick
      Given the hands are:
        | player   | cards            |
        | player 0 | green 2, blue 1  |
        | player 1 | green 9, blue 2  |
        | player 2 | green 5, blue 3  |
        | player 3 | green 0, blue 4  |
      When the players play:
        | player   | card    |
        | player 0 | blue 1  |
        | player 1 | blue 2  |
        | player 2 | blue 3  |
        | player 3 | blue 4  |
      Then player 3's won pile holds blue 1, blue 2, blue 3, blue 4
      And player 0's won pile holds nothing
      And only nothing are discarded

  Rule: OPS-WINNER-LEADS
    "De winnaar van de slag begint de volgende slag."

    @clause:OPS-WINNER-LEADS
    Scenario: The trick winner leads the next trick
      Given the hands are:
        | player   | cards            |
        | player 0 | green 2, blue 1  |
        | player 1 | green 9, blue 2  |
        | player 2 | green 5, blue 3  |
        | player 3 | green 0, blue 4  |
      When the players play:
        | player   | card    |
        | player 0 | green 2 |
        | player 1 | green 9 |
        | player 2 | green 5 |
        | player 3 | green 0 |
      Then player 1 leads the next trick
      And it is player 1's turn to play

  Rule: OPS-TRICK-BASICS
    "In een slagenspel speelt iedere speler om de beurt één kaart uit zijn hand open in het midden van de tafel. Als iedereen een kaart heeft gespeeld, bepaal je welke kaart het sterkst is. De speler die die kaart speelde, krijgt alle kaarten van die beurt. Dat heet een slag winnen."

    @clause:OPS-TRICK-BASICS
    Scenario: A card that is not in the hand cannot be played
      Given the hands are:
        | player   | cards            |
        | player 0 | green 2, blue 1  |
        | player 1 | green 9, blue 2  |
        | player 2 | green 5, blue 3  |
        | player 3 | green 0, blue 4  |
      When player 0 tries to play blue 10
      Then the action is rejected as illegal-action
      And the state is unchanged

    @clause:OPS-TRICK-BASICS
    Scenario: A card name that is not an Opsnorren card is malformed
      Given the hands are:
        | player   | cards            |
        | player 0 | green 2, blue 1  |
        | player 1 | green 9, blue 2  |
        | player 2 | green 5, blue 3  |
        | player 3 | green 0, blue 4  |
      When player 0 tries to play purple 3
      Then the action is rejected as malformed
      And the state is unchanged

  Rule: OPS-ROUND-TRICKS
    "Een ronde bestaat uit een reeks slagen. Je speelt door tot alle spelers geen kaarten meer in hun hand hebben."

    @clause:OPS-ROUND-TRICKS
    Scenario: The round goes on while cards are left and ends when none are
      Given the hands are:
        | player   | cards            |
        | player 0 | green 2, blue 1  |
        | player 1 | green 9, blue 2  |
        | player 2 | green 5, blue 3  |
        | player 3 | green 0, blue 4  |
      When the players play:
        | player   | card    |
        | player 0 | green 2 |
        | player 1 | green 9 |
        | player 2 | green 5 |
        | player 3 | green 0 |
      Then the round goes on
      When the players play:
        | player   | card    |
        | player 1 | blue 2  |
        | player 2 | blue 3  |
        | player 3 | blue 4  |
        | player 0 | blue 1  |
      Then the round is over
