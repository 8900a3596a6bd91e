# Generated from codegen/python/base.py by codegen/generate.py; do not edit. Regenerate with `nox -s generate`.

"""The base class of every generated contract model: serialising gives the wire form.

A model parsed from a response, then dumped the obvious way (``model_dump_json()`` or
``model_dump()``), gives back the keys the wire had: field aliases (``schema``, not ``schema_``)
and only the fields that were set, so an optional field the server left out is not written as
``null``. A caller who wants every field passes ``exclude_unset=False`` (and ``by_alias=False``
for the Python names).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class ContractModel(BaseModel):
    """``pydantic.BaseModel`` whose dumps default to ``by_alias=True, exclude_unset=True``.

    A model's validator is built when it is first used (``defer_build``): a process imports every
    model of the contract and uses a handful, and a command line starts faster for it."""

    model_config = ConfigDict(serialize_by_alias=True, defer_build=True)

    def model_dump(self, **options: Any) -> dict[str, Any]:
        options.setdefault("exclude_unset", True)
        return super().model_dump(**options)

    def model_dump_json(self, **options: Any) -> str:
        options.setdefault("exclude_unset", True)
        return super().model_dump_json(**options)
