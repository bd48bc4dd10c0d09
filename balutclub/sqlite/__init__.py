"""BalutClub's SQLite backend (settings: ENGINE "balutclub.sqlite"); see base.py."""
