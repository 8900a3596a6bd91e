"""The prepare trip, one module per stage, each entered once, in this order.

``plan`` (the gate-validated request parsed once into a frozen ``PreparePlan``, every default
the generated model's) -> the Scope, read once (by the server's authorisation step, or by
``PrepareRuntime.prepare`` in process) -> ``runtime`` (runs the stages) -> ``recall`` (store and
providers; records ``evidence``; ``rerank``) -> ``build`` (pure; ``build_types``), which renders
the content through ``render`` and keeps what each citation line states -> ``receipt`` (pure
assembler: compares those citations with the build's origins, validates once and serialises
once into a ``CheckedReceipt``, or fails open) -> ``reply.Prepared`` (the response's fields and
the checked Receipt; the server gates the fields and sends ``Prepared.wire()``).

``verify`` checks a saved response offline (and what a server read back for it): the one place
rendered text is parsed again, because the text is all a verifier has. ``pcreceipt.compose``
builds the runtime and its providers.
"""
