"""The web: the polite HTTP client, what a page says about itself, article extraction."""
