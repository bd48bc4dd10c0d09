#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "balutclub.settings")
    from django.core.management import execute_from_command_line

    from balutclub import command_mode

    command_mode.declare(sys.argv)

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
