"""Issue 29's goals as `make bench` prints them: each figure, its goal, met or missed.

Kept free of Django, like benchmarks.stats, so the runner can import it before `django.setup()`.
"""

from __future__ import annotations

ISSUE = "issue 29"


def goal_line(figure: str, value: str, goal: str, met: bool) -> str:
    """One line of the goals: the figure, what it measured, its goal and the verdict (MISSED in
    capitals, to stand out in a long report)."""
    return f"    {figure}: {value} (goal {goal}): {'met' if met else 'MISSED'}"
