Feature: Opsnorren black rule cards that change who wins or what must be followed
  Four players unless said otherwise, team cards in seat order A+crown, A, B, B. A black
  card is revealed after the two white ones (pink-open and pass-three change no trick).

  Rule: OPS-RULE-COLOUR-REVERSED
    "De kleurvolgorde draait om. Vanaf nu is blauw de zwakste kleur, gevolgd door oranje en roze. Groen is de sterkste kleur."

    Background:
      Given a 4-player game with the revealed rule cards pink-open, pass-three, colour-reversed

    @clause:OPS-RULE-COLOUR-REVERSED
    Scenario: Green becomes the strongest colour
      Given the hands are:
        | player   | cards    |
        | player 0 | blue 10  |
        | player 1 | green 0  |
        | player 2 | pink 5   |
        | player 3 | orange 9 |
      When the players play:
        | player   | card     |
        | player 0 | blue 10  |
        | player 1 | green 0  |
        | player 2 | pink 5   |
        | player 3 | orange 9 |
      Then player 1 wins the trick

    @clause:OPS-RULE-COLOUR-REVERSED
    Scenario: Blue becomes the weakest colour
      Given the hands are:
        | player   | cards    |
        | player 0 | blue 10  |
        | player 1 | blue 9   |
        | player 2 | orange 1 |
        | player 3 | blue 2   |
      When the players play:
        | player   | card     |
        | player 0 | blue 10  |
        | player 1 | blue 9   |
        | player 2 | orange 1 |
        | player 3 | blue 2   |
      Then player 2 wins the trick

    @clause:OPS-RULE-COLOUR-REVERSED
    Scenario: Pink beats orange once the order is reversed
      Given the hands are:
        | player   | cards    |
        | player 0 | orange 10 |
        | player 1 | pink 1   |
        | player 2 | orange 3 |
        | player 3 | blue 8   |
      When the players play:
        | player   | card      |
        | player 0 | orange 10 |
        | player 1 | pink 1    |
        | player 2 | orange 3  |
        | player 3 | blue 8    |
      Then player 1 wins the trick

  Rule: OPS-RULE-THREE-LOWEST
    "Een 3 laat de laagste waarde winnen. Ligt er minstens één kaart van waarde 3 in de slag, dan wint de kaart met de laagste waarde van de sterkste kleur."

    Background:
      Given a 4-player game with the revealed rule cards pink-open, pass-three, three-lowest

    @clause:OPS-RULE-THREE-LOWEST
    Scenario: With a 3 in the trick the lowest card of the strongest colour wins
      Given the hands are:
        | player   | cards     |
        | player 0 | orange 8  |
        | player 1 | orange 3  |
        | player 2 | orange 10 |
        | player 3 | orange 5  |
      When the players play:
        | player   | card      |
        | player 0 | orange 8  |
        | player 1 | orange 3  |
        | player 2 | orange 10 |
        | player 3 | orange 5  |
      Then player 1 wins the trick

    @clause:OPS-RULE-THREE-LOWEST
    Scenario: A pink 3 makes the lowest blue card win
      Given the hands are:
        | player   | cards   |
        | player 0 | pink 3  |
        | player 1 | blue 9  |
        | player 2 | blue 6  |
        | player 3 | pink 7  |
      When the players play:
        | player   | card   |
        | player 0 | pink 3 |
        | player 1 | blue 9 |
        | player 2 | blue 6 |
        | player 3 | pink 7 |
      Then player 2 wins the trick

    @clause:OPS-RULE-THREE-LOWEST
    Scenario: Without a 3 in the trick the highest card still wins
      Given the hands are:
        | player   | cards     |
        | player 0 | orange 8  |
        | player 1 | orange 4  |
        | player 2 | orange 10 |
        | player 3 | orange 5  |
      When the players play:
        | player   | card      |
        | player 0 | orange 8  |
        | player 1 | orange 4  |
        | player 2 | orange 10 |
        | player 3 | orange 5  |
      Then player 2 wins the trick

  Rule: OPS-RULE-NEW-LEAD-COLOUR
    "Niet kunnen volgen maakt een nieuwe kleur. Kan een speler de gevraagde kleur niet volgen, dan wordt de kleur van zijn kaart de nieuwe gevraagde kleur. De volgende spelers moeten dan die kleur volgen. De gevraagde kleur kan binnen één slag dus meerdere keren veranderen."

    @clause:OPS-RULE-NEW-LEAD-COLOUR @choice:ops.lead-colour-binds=current
    Scenario: A card that does not follow becomes the new lead colour
      Given a 4-player game with the revealed rule cards pink-open, pass-three, new-lead-colour
      And the hands are:
        | player   | cards             |
        | player 0 | green 4, blue 1   |
        | player 1 | orange 2, blue 2  |
        | player 2 | green 8, orange 5 |
        | player 3 | green 9, pink 1   |
      When player 0 plays green 4
      And player 1 plays orange 2
      Then player 2 may play orange 5
      When player 2 plays orange 5
      Then player 3 may play any card

    @clause:OPS-RULE-NEW-LEAD-COLOUR @clause:OPS-DISCARD-FREE @choice:ops.lead-colour-binds=earlier
    Scenario: If earlier lead colours bind, a player without the new colour must follow the old one
      Given a 4-player game with the revealed rule cards pink-open, pass-three, new-lead-colour
      And the hands are:
        | player   | cards             |
        | player 0 | green 4, blue 1   |
        | player 1 | orange 2, blue 2  |
        | player 2 | green 8, orange 5 |
        | player 3 | green 9, pink 1   |
      When player 0 plays green 4
      And player 1 plays orange 2
      Then player 2 may play orange 5
      When player 2 plays orange 5
      Then player 3 may play green 9

    @clause:OPS-RULE-NEW-LEAD-COLOUR @clause:OPS-DISCARD-FREE @choice:ops.lead-colour-binds=earlier
    Scenario: If earlier lead colours bind, the most recent one the player holds binds
      Given a 5-player game with the revealed rule cards pink-open, pass-three, new-lead-colour
      And the hands are:
        | player   | cards              |
        | player 0 | green 4, pink 1    |
        | player 1 | orange 2, pink 2   |
        | player 2 | blue 3, pink 3     |
        | player 3 | green 9, orange 6  |
        | player 4 | green 6, pink 4    |
      When player 0 plays green 4
      And player 1 plays orange 2
      And player 2 plays blue 3
      Then player 3 may play orange 6

    @clause:OPS-RULE-NEW-LEAD-COLOUR @clause:OPS-DISCARD-FREE @choice:ops.lead-colour-binds=earlier
    Scenario: If earlier lead colours bind, a player holding none of them plays freely
      Given a 4-player game with the revealed rule cards pink-open, pass-three, new-lead-colour
      And the hands are:
        | player   | cards             |
        | player 0 | green 4, blue 1   |
        | player 1 | orange 2, blue 2  |
        | player 2 | pink 8, blue 5    |
        | player 3 | green 9, pink 1   |
      When player 0 plays green 4
      And player 1 plays orange 2
      Then player 2 may play any card

    @clause:OPS-RULE-NEW-LEAD-COLOUR @choice:ops.lead-colour-binds=current
    Scenario: Only the current lead colour binds a player without it
      Given a 5-player game with the revealed rule cards pink-open, pass-three, new-lead-colour
      And the hands are:
        | player   | cards              |
        | player 0 | green 4, pink 1    |
        | player 1 | orange 2, pink 2   |
        | player 2 | blue 3, pink 3     |
        | player 3 | green 9, orange 6  |
        | player 4 | green 6, pink 4    |
      When player 0 plays green 4
      And player 1 plays orange 2
      And player 2 plays blue 3
      Then player 3 may play any card

    @clause:OPS-RULE-NEW-LEAD-COLOUR
    Scenario: The lead colour can change several times in one trick
      Given a 5-player game with the revealed rule cards pink-open, pass-three, new-lead-colour
      And the hands are:
        | player   | cards             |
        | player 0 | green 4, pink 1   |
        | player 1 | orange 2, pink 2  |
        | player 2 | blue 3, pink 3    |
        | player 3 | orange 6, blue 5  |
        | player 4 | green 6, pink 4   |
      When player 0 plays green 4
      And player 1 plays orange 2
      And player 2 plays blue 3
      Then player 3 may play blue 5

    @clause:OPS-RULE-NEW-LEAD-COLOUR
    Scenario: Without the card the first lead colour stays
      Given a 4-player game with the revealed rule cards pink-open
      And the hands are:
        | player   | cards             |
        | player 0 | green 4, blue 1   |
        | player 1 | orange 2, blue 2  |
        | player 2 | green 8, orange 5 |
        | player 3 | green 9, pink 1   |
      When player 0 plays green 4
      And player 1 plays orange 2
      Then player 2 may play green 8

    @clause:OPS-RULE-NEW-LEAD-COLOUR
    Scenario: After a joker lead the next card sets the colour and a non-follower changes it
      Given a 5-player game with the revealed rule cards pink-open, pass-three, new-lead-colour
      And the hands are:
        | player   | cards             |
        | player 0 | unicorn, blue 1   |
        | player 1 | green 5, blue 2   |
        | player 2 | pink 6, blue 3    |
        | player 3 | green 9, pink 1   |
        | player 4 | orange 6, blue 4  |
      When player 0 plays unicorn
      And player 1 plays green 5
      And player 2 plays pink 6
      Then player 3 may play pink 1

    @clause:OPS-RULE-NEW-LEAD-COLOUR
    Scenario: A joker played without the lead colour does not change it
      Given a 5-player game with the revealed rule cards pink-open, pass-three, new-lead-colour
      And the hands are:
        | player   | cards             |
        | player 0 | green 5, blue 1   |
        | player 1 | monkey, blue 2    |
        | player 2 | green 6, pink 6   |
        | player 3 | green 9, pink 1   |
        | player 4 | orange 6, blue 4  |
      When player 0 plays green 5
      And player 1 plays monkey
      Then player 2 may play green 6

  Rule: OPS-RULE-FEWEST-STARS
    "Kaarten die niet in de spelregels staan, spreken voor zich aan de hand van de tekst op de kaart."

    Background:
      Given a 4-player game with the revealed rule cards pink-open, pass-three, fewest-stars

    @clause:OPS-RULE-FEWEST-STARS
    Scenario: The team with the fewest stars wins the round
      Given the hands are:
        | player   | cards   |
        | player 0 | green 1 |
        | player 1 | green 3 |
        | player 2 | blue 5  |
        | player 3 | blue 9  |
      When the players play:
        | player   | card    |
        | player 0 | green 1 |
        | player 1 | green 3 |
        | player 2 | blue 5  |
        | player 3 | blue 9  |
      Then team B scores stars(green 1) + stars(green 3) + stars(blue 5) + stars(blue 9)
      And team A wins the round

    @clause:OPS-RULE-FEWEST-STARS
    Scenario: Under fewest-stars a tie still goes to the crown team
      Given the hands are:
        | player   | cards   |
        | player 0 | green 0 |
        | player 1 | green 2 |
        | player 2 | blue 4  |
        | player 3 | blue 6  |
      When the players play:
        | player   | card    |
        | player 0 | green 0 |
        | player 1 | green 2 |
        | player 2 | blue 4  |
        | player 3 | blue 6  |
      Then team B scores stars(green 0) + stars(green 2) + stars(blue 4) + stars(blue 6)
      And team A scores 0
      And team A wins the round

  Rule: OPS-RULES-LEFT-TO-RIGHT
    "Liggen er meerdere regels open, dan pas je ze altijd van links naar rechts toe."

    Background:
      Given the hands are:
        | player   | cards   |
        | player 0 | blue 9  |
        | player 1 | green 2 |
        | player 2 | blue 3  |
        | player 3 | blue 5  |

    @clause:OPS-RULES-LEFT-TO-RIGHT @choice:ops.winner-rule-order=rightmost-decides
    Scenario: Two-wins then three-lowest: the 3 rule applied last decides
      Given a 4-player game with the revealed rule cards pink-open, pass-three, two-wins, three-lowest
      When the players play:
        | player   | card    |
        | player 0 | blue 9  |
        | player 1 | green 2 |
        | player 2 | blue 3  |
        | player 3 | blue 5  |
      Then player 2 wins the trick

    @clause:OPS-RULES-LEFT-TO-RIGHT @choice:ops.winner-rule-order=rightmost-decides
    Scenario: Three-lowest then two-wins: the 2 rule applied last decides
      Given a 4-player game with the revealed rule cards pink-open, pass-three, three-lowest, two-wins
      When the players play:
        | player   | card    |
        | player 0 | blue 9  |
        | player 1 | green 2 |
        | player 2 | blue 3  |
        | player 3 | blue 5  |
      Then player 1 wins the trick

    @clause:OPS-RULES-LEFT-TO-RIGHT @choice:ops.winner-rule-order=leftmost-decides
    Scenario: Under leftmost-decides the two-wins card on the left decides
      Given a 4-player game with the revealed rule cards pink-open, pass-three, two-wins, three-lowest
      When the players play:
        | player   | card    |
        | player 0 | blue 9  |
        | player 1 | green 2 |
        | player 2 | blue 3  |
        | player 3 | blue 5  |
      Then player 1 wins the trick
