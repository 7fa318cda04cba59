"""``hat``: an information strategy built on hat guessing.

Every player sees every hand but their own, like guests who see every hat but the one on their
head. The convention turns that into a way for one clue to tell *each* teammate something about
their own cards at once:

1. **Public knowledge.** Every seat keeps, for every card in every hand, the set of identities
   the card can still have given what everyone has seen: the clues, the cards played and
   discarded, and the answers described below. It is rebuilt from the game's public log in the
   same way at every seat, so all seats always agree on it.
2. **Questions.** From that public knowledge alone, a fixed procedure picks questions about each
   hand: "which of these cards is playable?", "is this card useless?", "which of these groups of
   identities is this card in?", likeliest-to-be-playable cards first. The answers are numbers
   that fit together into one number below ``N``, the number of clues a seat can give
   (with empty clues: every colour and rank, for every other seat).
3. **The clue.** The clue giver sees every other hand, so knows every teammate's answer number.
   It gives the clue whose number (which seat it names, and which colour or rank) is the sum of
   all those answers modulo ``N``. What the clue touches does not matter to this number; it only
   adds what any clue says.
4. **Reading it.** Each teammate sees every hand except their own and the giver's hand does not
   count, so they can compute every other answer, subtract them from the clue's number and are
   left with the answer about their own hand. Everyone then narrows the public knowledge of
   every hand by its answer, so the public knowledge stays the same everywhere.

Play follows what that knowledge allows: play a card surely playable (the one that unblocks most);
take a likely play while storms and the deck allow it; give a clue when a teammate holds a
playable card without knowing it (so a discard while clue tokens remain tells everyone that
nobody else needed one: each seat that knew of no playable card has none); discard a card known
to be useless (when several are, which one is chosen is itself a hat number); otherwise discard
the card likeliest to be a duplicate or unneeded.

Without empty clues a clue carries one of three classes per teammate (a rank clue touching the
teammate's least known card, a colour clue touching it, or a clue missing it); when the class
needed cannot be given, the bot plays or discards instead. Bonus tile decisions (free clues,
cards taken back from the discard pile) are answered by plain value, outside the hat sum.
"""

from openhanabi.bots.hat.bot import HatBot
from openhanabi.bots.registry import register

register(HatBot)

__all__ = ["HatBot"]
