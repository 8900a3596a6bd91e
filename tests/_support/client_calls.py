"""Small steps through the AsyncClient that several route tests take."""

from __future__ import annotations

from pcreceipt.client import AsyncClient


async def new_memory(client: AsyncClient, scope_id: str, text: str) -> str:
    """Create an Atomic Memory holding ``text`` (a fact); its artifact id."""
    created = await client.create_artifact(
        scope_id, {"family": "atomic-memory", "content": {"kind": "fact", "text": text}}
    )
    return created.value.artifact_id
