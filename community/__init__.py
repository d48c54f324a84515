"""Card data the community completes (issue 29.4): a signed-in player proposes a new card or a correction with
its source; editors review proposals and accept or reject them with a reason; an accepted value records its source
and who accepted it, and every card keeps its history (django-simple-history)."""
