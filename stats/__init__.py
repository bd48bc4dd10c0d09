"""Statistics and the TV board: read-only pages over the figures the league keeps."""
