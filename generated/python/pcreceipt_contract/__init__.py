# Generated from schemas/ by codegen/generate.py; do not edit. Regenerate with `nox -s generate`.
"""Generated contract bindings; import them through pcreceipt.models."""
