# Generated from schemas/ by codegen/generate.py; do not edit. Regenerate with `nox -s generate`.
"""Generated contract bindings (private); import them through pcreceipt.models."""
