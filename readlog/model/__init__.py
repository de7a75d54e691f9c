"""Values every stage shares: the Entry record and identity, the id limit, stamps and epochs,
tags, errors, the message catalogue (en, zh) and the one sanitiser."""
