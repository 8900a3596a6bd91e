"""Working with saved Receipts: the diff of two prepare responses (``diff.diff_responses``)."""
