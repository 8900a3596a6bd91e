"""The prepare trip, one module per stage, entered in this order.

request (gate-validated) -> ``runtime`` (the plan; the Scope read once) -> ``recall`` (store and
providers; records ``evidence``; ``rerank``) -> ``build`` (pure; ``build_types``) -> ``render``
(the content) -> ``receipt`` (pure assembler: validates or fails open) -> response (gated by the
server). ``docs/architecture.md`` walks one prepare through them.
"""
