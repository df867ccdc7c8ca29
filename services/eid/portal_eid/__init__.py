"""Qualified electronic signatures with Estonian eID (issue 33): ID-card, Mobile-ID and Smart-ID.

Production code only; the local stand-in of SK's services lives in deploy/local/sk_standin."""
