"""Values every stage shares: the Entry record and identity, stamps and epochs, tags,
errors, the message catalogue (en, zh) and the one sanitiser."""
