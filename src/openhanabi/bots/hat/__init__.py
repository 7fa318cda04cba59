"""``hat``: an information strategy built on hat guessing.

Every player sees every hand but their own, like guests who see every hat but the one on their
head. The convention turns that into a way for one clue to tell *each* teammate something about
their own cards at once.

1. **Public knowledge.** Every seat keeps, for every card in every hand, the set of identities
   the card can still have given what everyone has seen: the clues, the cards played and
   discarded, and the answers described below. Each seat rebuilds it from the game's public log
   in the same way, so all seats always agree on it.
2. **Questions.** From that public knowledge alone, a fixed procedure picks questions about each
   hand: "which is the first of these cards that is playable?", "which is the first that is
   safe to discard?", "which of these groups of identities is this card in?". The answers fit
   together into one number below ``N``, the number of different clues a seat can give: with
   empty clues allowed, one per colour and rank for every other seat (40 with five players).
3. **The clue.** The clue giver sees every other hand, so it knows every teammate's answer
   number. It gives the clue whose number (the seat it names and the colour or rank) is the sum
   of all those answers modulo ``N``. What the clue touches does not matter to the number; it
   only adds what any clue says.
4. **Reading it.** Each teammate can compute the answers of every other teammate, since it sees
   their cards, subtracts them from the clue's number and is left with the answer about its own
   hand. Everyone then narrows every hand's public knowledge by its answer.

Play follows what that knowledge allows, in this order: (with two or three players) clue first
if the next seat would otherwise discard a critical card; play a card surely playable, the one
that unblocks most; take a likely play while storms and the deck allow it; in the last round,
play the likeliest card when a misplay costs only a storm; give a clue when a teammate holds a
playable card without knowing it, when a teammate can play anyway (a clue wastes no draw), or
when tokens are plenty; otherwise discard a known useless card (when several are, which one is
itself a hat number), or the card least likely to matter.

Discards carry information too: a seat discards with a clue token left only when nobody needed a
clue, so every seat that knew of no playable card learns it has none, and (with two or three
players) the next seat learns that its chop (the card it would discard) is not critical.

Without empty clues, a clue to a teammate carries one of up to three classes (a rank clue
touching its least known card, a colour clue touching it, or a clue missing it), counting only
the classes that can surely be given whatever the teammate holds, so every hat clue can be given.
Bonus tile decisions (free clues, a card taken back from the discard pile) are answered by plain
value, outside the hat sum.
"""

from openhanabi.bots.hat.bot import HatBot
from openhanabi.bots.registry import register

register(HatBot)

__all__ = ["HatBot"]
