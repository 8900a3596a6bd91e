"""The prepare trip, one module per stage, each entered once, in this order.

``plan`` (the gate-validated request parsed once into a frozen ``PreparePlan``, every default
the generated model's) -> the Scope, read once (by the server's authorisation step, or by
``PrepareRuntime.prepare`` in process) -> ``runtime`` (runs the stages) -> ``recall`` (store and
providers; records ``evidence``; ``rerank``) -> ``build`` (pure; ``build_types``), which renders
the content through ``render`` and keeps what each item cites -> ``receipt`` (pure
assembler: compares those citations with the build's origins, validates once and serialises
once into a ``CheckedReceipt``, or fails open) -> ``reply.Prepared`` (the response's fields and
the checked Receipt; the server gates the fields and sends ``Prepared.wire()``).

``citations`` reads a rendered content back (for the gate's rules on a whole response and for
``verify``, which checks a saved response offline and what a server read back for it: the text is
all a verifier has). ``pcreceipt.compose`` builds the runtime and its providers.
"""
