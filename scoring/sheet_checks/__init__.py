"""Checking an uploaded PDF sheet against its game: the text it carries and what its pages show."""
