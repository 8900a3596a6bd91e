"""The command line: ``main`` (the ``pcreceipt`` entry point) and one module per command group.

Commands that talk to a running server go through ``pcreceipt.client`` (``common``: URL, token,
output, errors); ``serve``, ``token`` and ``reembed`` work on the local store (``local``);
``demo`` runs the whole trip in process; ``receipt_view`` prints a Receipt for people.
"""
