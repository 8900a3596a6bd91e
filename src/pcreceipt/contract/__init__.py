"""The contract layer: what a message must be, below everything that makes or reads one.

``gate`` (the schema validators, then ``semantics``, the rules the schema cannot say), ``content``
(the reader of a rendered content), ``forms`` (the wire constants of the rendered forms),
``digests`` (sha256, RFC 8785, the one wire serialiser), ``diagnostic`` (the hosts' recall
diagnostic) and ``diff`` (the Receipt diff). It imports nothing of pcreceipt but itself, the
generated facts (``pcreceipt.models``) and the error root; ``prepare/`` writes what it reads. Each
module is the one Python counterpart of a TypeScript port in the hosts' package, and the Python
hosts' file is copied out of it (tests/contract/test_layout.py holds all three rules).
"""
