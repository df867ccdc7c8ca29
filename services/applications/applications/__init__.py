"""applications service (design.md): applications, their status history, the applicant projection fed by
identity's events, and shelf companies with their payment schedule."""
