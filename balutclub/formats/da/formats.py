"""Danish: 25. nov. 2026 kl. 21.30 ("N" is the month as abbreviated with its full stop; a
short month such as "maj" or "juni" is written out)."""

DATE_FORMAT = "j. N Y"
DATETIME_FORMAT = r"j. N Y \k\l. H.i"
# A time alone, as on the board: "kl. 21.30" (a bare "21.30" could be a decimal).
TIME_FORMAT = r"\k\l. H.i"
WEEKDAY_DATETIME_FORMAT = r"D. j. N Y \k\l. H.i"
MONTH_YEAR_FORMAT = "N Y"
