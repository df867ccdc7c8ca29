"""applications service (design.md). Its API arrives with its own issue; for now it runs, migrates and
reports health."""
