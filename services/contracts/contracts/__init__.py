"""contracts: contracts between the company and applicants, their signatures and audit trail (design.md)."""
