"""BalutClub's SQLite backend (settings: ENGINE "dbengines.sqlite"); see base.py."""
