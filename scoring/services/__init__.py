"""The only code that writes: each service is one transaction over checked models."""
