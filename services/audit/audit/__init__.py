"""audit: the tamper-evident log of every admin action and admin view of personal data (issue 15, Audit log)."""
