"""``pcreceipt eval``: labelled queries prepared with Receipts, scored by exact identity (docs/eval.md).

``load`` reads the JSONL input, ``run`` prepares every query per run, ``metrics`` computes the
per-query records and summaries, ``report`` writes report.json / report.md, ``plots`` the PNGs,
``sample`` writes the shipped sample set through the API.
"""
