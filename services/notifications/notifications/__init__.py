"""notifications: e-mail to applicants and admins, in their language (issue 14)."""
