"""Synthetic club history (`manage.py synthesize_history`), for benchmarks and load tests."""
