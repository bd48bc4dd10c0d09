"""What the pages and PDFs show of a game, built from the rules engine: no writes, no rules."""
