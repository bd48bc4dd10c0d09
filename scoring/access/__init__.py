"""Who may do what: roles, the game permissions, PIN sign-in and sessions, what visitors see."""
