"""The club's dates and times in each language it speaks (settings.FORMAT_MODULE_PATH).

Django's own formats spell the month out ("25. november 2026"; in English "Nov. 25, 2026");
the club's pages and sheets use the short month a native writes in a table: "25 Nov 2026",
"25. nov. 2026", "25. Nov. 2026". Anything not set here (separators, input formats) is
Django's for the language. Besides Django's names, two of the club's own, which every
language here sets (tests/test_formats.py): WEEKDAY_DATETIME_FORMAT (a sheet's start) and
MONTH_YEAR_FORMAT (a chart's month axis, a member's first month).
"""
