"""identity: users, credentials, sessions, language and profile (design.md)."""
