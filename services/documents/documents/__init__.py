"""documents: uploaded documents (bytes in S3 storage), document requests and their review (design.md)."""
