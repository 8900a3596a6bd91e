"""The live diff against PowerContext 1.4.1 (``tests/compat/live``, run by ``nox -s pcdiff``).

A real PowerContext 1.4.1 server (installed at session time into its own virtualenv; its CLI is
named by ``PCRECEIPT_PCDIFF_PEER``) and ``pcreceipt serve`` run side by side on loopback, each
with SQLite in a temporary directory. The same small corpus is loaded into both through the
operations both serve, and the same requests go to both. The modules:

- ``processes``: starting and stopping the two servers (``Pair``, ``Side``).
- ``corpus``: the corpus (labelled items), loading it into one server, and mapping each server's
  ids back to the labels.
- ``structure``: parsing a prepared ``content`` of either format into a structure with the ids
  replaced by labels and the trust prose left out.
- ``outcome``: reducing an answer to what must agree (status, envelope or not, code, ...).
- ``report``: the readable diff a failing comparison prints.
- ``allowances``: the deliberate differences, each with its reason.
"""
