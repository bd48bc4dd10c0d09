"""Database backends of BalutClub's own (settings name them by ENGINE): not an app, no models."""
