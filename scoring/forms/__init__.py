"""The forms of scoring: they validate what a tablet or a page sends and convert it."""
