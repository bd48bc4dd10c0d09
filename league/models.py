"""Models for the league app; none yet."""
