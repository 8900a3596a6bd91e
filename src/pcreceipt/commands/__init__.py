"""CLI commands that talk to a running server through ``pcreceipt.client`` (and ``serve``, which runs one)."""
