"""messages: contact-form messages and the admin inbox (design.md)."""
