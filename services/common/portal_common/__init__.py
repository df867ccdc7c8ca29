"""Code every portal service shares. Business rules do not live here."""
