"""The records of artifact publication (``store.publications``): its result and its errors. Like
``records``, it imports no store module, so the role protocols can name them."""

from __future__ import annotations

from dataclasses import dataclass

from pcreceipt.store.records import ArtifactRef, StoreError


class PublicationUnsupported(StoreError):
    """A family generic publication cannot deliver; ``family`` names it."""

    def __init__(self, family: str) -> None:
        super().__init__(f"publication is not supported for the {family} family")
        self.family = family


class PublicationConflict(StoreError):
    """The idempotency key already published another source into the target Scope."""


@dataclass(frozen=True, slots=True)
class Publication:
    source: ArtifactRef
    target: ArtifactRef
    content_digest: str
