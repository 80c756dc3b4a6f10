"""companion: a referee and memory for board-game nights at a real table."""
