Feature: Slides
  Slides (board.json): red 1-4 and 9-13, blue 16-19 and 24-28, yellow 31-34 and 39-43, green 46-49 and 54-58.

  Rule: SRY-SLIDE-ANY-CARD landing exactly on another colour's triangle slides, whatever the card
    "Als je precies op een veld met een driehoek komt, ongeacht welke kaart je hebt getrokken, kun je dia"

    @clause:SRY-SLIDE-ANY-CARD @choice:sorry.slide-colours=other
    Scenario: A forward move onto a blue triangle slides red to the end
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 21     |
      And red has drawn a 3
      When red plays "3: red 1 from 21 to 24 and slides to 28"
      Then red pawn 1 is on 28

    @clause:SRY-SLIDE-ANY-CARD @clause:SRY-BACKWARD @choice:sorry.slide-colours=other
    Scenario: A backward move onto a triangle slides too
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 20     |
      And red has drawn a 4
      When red plays "4: red 1 from 20 to 16 and slides to 19"
      Then red pawn 1 is on 19

    @clause:SRY-SLIDE-ANY-CARD @clause:SRY-SWAP-SLIDE @choice:sorry.slide-colours=other
    Scenario: A swap onto a triangle slides
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
        | blue   | 1    | 39     |
      And red has drawn an 11
      When red plays "11: swap red 1 from 10 with blue 1, to 43"
      Then the pawns are:
        | colour | pawn | square |
        | red    | 1    | 43     |
        | blue   | 1    | 10     |

    @clause:SRY-SLIDE-ANY-CARD @clause:SRY-SORRY-CARD @clause:SRY-SLIDE-BUMP @choice:sorry.slide-colours=other @choice:sorry.start-cards=one-two-sorry
    Scenario: A Sorry! card onto a triangle slides and bumps pawns on the slide
      Given a game of red, blue, yellow
      And the pawns:
        | colour | pawn | square |
        | blue   | 1    | 39     |
        | yellow | 1    | 41     |
      And red has drawn a Sorry! card
      When red plays "sorry: red 1 from start onto blue 1, to 43"
      Then the pawns are:
        | colour | pawn | square |
        | red    | 1    | 43     |

    @clause:SRY-SLIDE-ANY-CARD @clause:SRY-JUMP
    Scenario: Passing over a triangle does not slide
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 22     |
      And red has drawn a 3
      When red plays "3: red 1 from 22 to 25"
      Then red pawn 1 is on 25

    @clause:SRY-SLIDE-ANY-CARD @clause:SRY-START-ONE
    Scenario: Starting a pawn never slides: the start exit ends the own slide
      Given a game of red, blue
      And blue has drawn a 1
      When blue plays "1: blue 1 from start to 19"
      Then blue pawn 1 is on 19

  Rule: SRY-SLIDE-OTHER-COLOUR only triangles of other colours slide
    "Je mag alleen over driehoeken glijden die niet je eigen kleur hebben."

    @clause:SRY-SLIDE-OTHER-COLOUR @choice:sorry.slide-colours=other
    Scenario: Red slides on a yellow triangle
      Given a game of red, yellow
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 34     |
      And red has drawn a 5
      When red plays "5: red 1 from 34 to 39 and slides to 43"
      Then red pawn 1 is on 43

    @clause:SRY-SLIDE-OTHER-COLOUR @choice:sorry.slide-colours=own
    Scenario: In the Fire and Ice edition a pawn slides only on its own colour
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 6      |
        | red    | 2    | 21     |
      And red has drawn a 3
      Then red may play "3: red 1 from 6 to 9 and slides to 13"
      And red may play "3: red 2 from 21 to 24"

  Rule: SRY-SLIDE-OWN-COLOUR on its own colour's triangle a pawn stays
    "Als je op een driehoek van je eigen kleur komt - niet glijden, maar op de driehoek blijven staan."

    @clause:SRY-SLIDE-OWN-COLOUR @choice:sorry.slide-colours=other
    Scenario: Blue stays on a blue triangle
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | blue   | 1    | 21     |
        | red    | 1    | 26     |
      And blue has drawn a 3
      When blue plays "3: blue 1 from 21 to 24"
      Then the pawns are:
        | colour | pawn | square |
        | blue   | 1    | 24     |
        | red    | 1    | 26     |

    @clause:SRY-SLIDE-OWN-COLOUR @choice:sorry.slide-colours=other
    Scenario: Red stays on a red triangle
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 5      |
      And red has drawn a 4
      When red plays "4: red 1 from 5 to 1"
      Then red pawn 1 is on 1

  Rule: SRY-SLIDE-BUMP a slide bumps every pawn on it, the slider's own included
    "Terwijl schuif u kunt ook bump"

    @clause:SRY-SLIDE-BUMP @choice:sorry.slide-colours=other
    Scenario: A slide bumps opponents on the slide and at its end
      Given a game of red, blue, yellow
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 21     |
        | blue   | 1    | 26     |
        | yellow | 1    | 28     |
        | yellow | 2    | 29     |
      And red has drawn a 3
      When red plays "3: red 1 from 21 to 24 and slides to 28"
      Then the pawns are:
        | colour | pawn | square |
        | red    | 1    | 28     |
        | yellow | 2    | 29     |

    @clause:SRY-SLIDE-BUMP @choice:sorry.slide-colours=other @choice:sorry.slide-bumps-own=yes
    Scenario: A slide bumps the slider's own pawn
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 21     |
        | red    | 2    | 27     |
      And red has drawn a 3
      When red plays "3: red 1 from 21 to 24 and slides to 28"
      Then red pawn 1 is on 28
      And red pawn 2 is in start

    @clause:SRY-SLIDE-BUMP @choice:sorry.slide-bumps-own=no @choice:sorry.slide-colours=other
    Scenario: If own pawns are spared, they stay on the slide
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 21     |
        | red    | 2    | 27     |
      And red has drawn a 3
      When red plays "3: red 1 from 21 to 24 and slides to 28"
      Then red pawn 1 is on 28
      And red pawn 2 is on 27

    @clause:SRY-SLIDE-BUMP @clause:SRY-OWN-PAWN-BLOCKS @choice:sorry.own-pawn-on-triangle=blocks
    Scenario: An own pawn on the triangle blocks the landing
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 21     |
        | red    | 2    | 24     |
      And red has drawn a 3
      Then red may not play "3: red 1 from 21 to 24 and slides to 28"
      And red may play "3: red 2 from 24 to 27"

    @clause:SRY-SLIDE-BUMP @clause:SRY-OWN-PAWN-BLOCKS @choice:sorry.own-pawn-on-triangle=slides
    @choice:sorry.slide-colours=other @choice:sorry.slide-bumps-own=yes
    Scenario: If the landing on an own pawn's triangle slides, the own pawn is bumped
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 21     |
        | red    | 2    | 24     |
      And red has drawn a 3
      When red plays "3: red 1 from 21 to 24 and slides to 28"
      Then red pawn 1 is on 28
      And red pawn 2 is in start

    @clause:SRY-SLIDE-BUMP @clause:SRY-OWN-PAWN-BLOCKS @choice:sorry.own-pawn-on-triangle=slides
    @choice:sorry.slide-colours=other @choice:sorry.slide-bumps-own=no
    Scenario: If the landing on an own pawn's triangle slides and own pawns are spared, the own pawn stays
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 21     |
        | red    | 2    | 24     |
      And red has drawn a 3
      When red plays "3: red 1 from 21 to 24 and slides to 28"
      Then red pawn 1 is on 28
      And red pawn 2 is on 24

    @clause:SRY-SLIDE-BUMP @choice:sorry.slide-bumps-own=no @choice:sorry.slide-colours=other
    Scenario: If own pawns are spared, blue's slide spares blue's pawns and bumps red's
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | blue   | 1    | 4      |
        | blue   | 2    | 11     |
        | red    | 1    | 12     |
      And blue has drawn a 5
      When blue plays "5: blue 1 from 4 to 9 and slides to 13"
      Then the pawns are:
        | colour | pawn | square |
        | blue   | 1    | 13     |
        | blue   | 2    | 11     |

    @clause:SRY-SLIDE-BUMP @choice:sorry.slide-bumps-own=no @choice:sorry.slide-colours=other
    Scenario: If own pawns are spared, red's slide still bumps blue's and yellow's pawns
      Given a game of red, blue, yellow
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 21     |
        | red    | 2    | 26     |
        | blue   | 1    | 25     |
        | yellow | 1    | 27     |
      And red has drawn a 3
      When red plays "3: red 1 from 21 to 24 and slides to 28"
      Then the pawns are:
        | colour | pawn | square |
        | red    | 1    | 28     |
        | red    | 2    | 26     |

    @clause:SRY-SLIDE-BUMP @clause:SRY-OWN-PAWN-BLOCKS @choice:sorry.slide-bumps-own=no @choice:sorry.slide-colours=other
    Scenario: If own pawns are spared, blue may not slide onto its own pawn at the slide's end
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | blue   | 1    | 4      |
        | blue   | 2    | 13     |
      And blue has drawn a 5
      Then blue may not play "5: blue 1 from 4 to 9 and slides to 13"
      And blue may play "5: blue 2 from 13 to safety 1"

    @clause:SRY-SLIDE-BUMP @clause:SRY-CARD-11 @choice:sorry.slide-bumps-own=no @choice:sorry.slide-colours=other
    Scenario: If own pawns are spared, no swap slides red onto its own pawn
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 10     |
        | red    | 2    | 28     |
        | blue   | 1    | 24     |
      And red has drawn an 11
      Then red may not play "11: swap red 1 from 10 with blue 1, to 28"
      And red may play "11: red 1 from 10 to 21"

    @clause:SRY-SLIDE-BUMP @clause:SRY-SORRY-CARD @choice:sorry.slide-bumps-own=no @choice:sorry.slide-colours=other
    @choice:sorry.start-cards=one-two-sorry
    Scenario: If own pawns are spared, no Sorry! card slides red onto its own pawn
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 2    | 28     |
        | blue   | 1    | 24     |
      And red has drawn a Sorry! card
      Then the only legal action is "forfeit sorry"

    @clause:SRY-SLIDE-BUMP @clause:SRY-OWN-PAWN-BLOCKS @choice:sorry.own-pawn-on-triangle=slides
    @choice:sorry.slide-colours=other @choice:sorry.slide-bumps-own=yes
    Scenario: If the landing on an own pawn's triangle slides, blue's landing on red's triangle bumps blue's pawn
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | blue   | 1    | 4      |
        | blue   | 2    | 9      |
      And blue has drawn a 5
      When blue plays "5: blue 1 from 4 to 9 and slides to 13"
      Then blue pawn 1 is on 13
      And blue pawn 2 is in start

  Rule: SRY-SWAP-SLIDE a swap onto another colour's triangle slides
    "- Als je door het wisselen van pionnen op een andere gekleurde driehoek komt te staan, glijden!"

    @clause:SRY-SWAP-SLIDE @choice:sorry.swap-slide-target=no
    Scenario: The opponent's pawn swapped onto a triangle stays there
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 39     |
        | blue   | 1    | 10     |
      And red has drawn an 11
      When red plays "11: swap red 1 from 39 with blue 1, to 10"
      Then the pawns are:
        | colour | pawn | square |
        | red    | 1    | 10     |
        | blue   | 1    | 39     |

    @clause:SRY-SWAP-SLIDE @choice:sorry.swap-slide-target=yes @choice:sorry.slide-colours=other
    Scenario: If swapped pawns slide too, the opponent's pawn slides
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 39     |
        | blue   | 1    | 10     |
      And red has drawn an 11
      When red plays "11: swap red 1 from 39 with blue 1, to 10"
      Then the pawns are:
        | colour | pawn | square |
        | red    | 1    | 10     |
        | blue   | 1    | 43     |

    @clause:SRY-SWAP-SLIDE @choice:sorry.swap-slide-target=yes @choice:sorry.slide-colours=other
    Scenario: If swapped pawns slide too, blue swapped onto red's own triangle slides
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 9      |
        | blue   | 1    | 30     |
      And red has drawn an 11
      When red plays "11: swap red 1 from 9 with blue 1, to 30"
      Then the pawns are:
        | colour | pawn | square |
        | red    | 1    | 30     |
        | blue   | 1    | 13     |

    @clause:SRY-SWAP-SLIDE @clause:SRY-SLIDE-BUMP @choice:sorry.swap-slide-target=yes @choice:sorry.slide-colours=other
    @choice:sorry.slide-bumps-own=no
    Scenario: If swapped pawns slide and own pawns are spared, no swap slides blue onto its own pawn
      Given a game of red, blue
      And the pawns:
        | colour | pawn | square |
        | red    | 1    | 9      |
        | blue   | 1    | 30     |
        | blue   | 2    | 13     |
      And red has drawn an 11
      Then red may not play "11: swap red 1 from 9 with blue 1, to 30"
      And red may play "11: red 1 from 9 to 20"
      And red may play "11: swap red 1 from 9 with blue 2, to start"
