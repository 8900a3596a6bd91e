"""What one prepare answers: ``Prepared``, the response's fields and the already-checked Receipt.

The Receipt is validated once (by ``receipt.assemble_receipt``, which returns a
``CheckedReceipt``) and serialised once (its ``wire`` bytes, on which the 8192-byte budget was
measured). ``Prepared.wire`` splices those bytes into the response as they are, so the response
holds exactly the bytes that were measured, and ``Prepared.wire() == wire_bytes(as_json())``
(tests/receipt holds the two equal on every prepare). The server's reply gate checks the
``fields`` against the PreparedContext contract and whether a Receipt was asked for; it does not
check the Receipt a second time.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pcreceipt.contract.digests import wire_bytes
from pcreceipt.prepare.build_types import CodeOrigin
from pcreceipt.prepare.plan import PreparePlan
from pcreceipt.prepare.receipt import CheckedReceipt
from pcreceipt.store.records import ArtifactRef

RECEIPT_KEY = "receipt"


@dataclass(frozen=True, slots=True)
class Prepared:
    """The answer to ``plan``: ``fields`` are the PreparedContext keys in wire order (``schema``,
    ``status``, ``content``, ``content_bytes`` and ``reason`` when explained), ``receipt`` the
    checked Receipt when one was asked for and survived its checks (the last key on the wire).
    ``selected`` are the identities the content cites, in content order (history, then code),
    Scope-qualified, whether or not a Receipt was asked for: for observers of a prepare (such as
    statistics); never sent."""

    plan: PreparePlan
    fields: Mapping[str, Any]
    receipt: CheckedReceipt | None = None
    selected: tuple[ArtifactRef | CodeOrigin, ...] = ()

    def as_json(self) -> dict[str, Any]:
        """The response as a JSON value (a new dict)."""
        out = dict(self.fields)
        if self.receipt is not None:
            out[RECEIPT_KEY] = self.receipt.body
        return out

    def wire(self) -> bytes:
        """The response's exact bytes (``digests.wire_bytes`` of ``as_json()``), the Receipt's
        serialised once by the assembler."""
        head = wire_bytes(dict(self.fields))
        if self.receipt is None:
            return head
        comma = b"," if self.fields else b""
        return head[:-1] + comma + wire_bytes(RECEIPT_KEY) + b":" + self.receipt.wire + b"}"


__all__ = ["Prepared"]
