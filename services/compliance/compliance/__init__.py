"""Client due diligence (issue 35): clients and their people, risk from dated tables, sanctions screening from
the official lists, the compliance officer's decisions and suspicion reports."""
