"""``pcreceipt reembed``: backfill vectors for searchable artifacts that have none.

Works on the local store named by the settings (like ``serve``), with the configured embedder.
Writes made while the embedder was down or unconfigured are committed without a vector; this
command embeds them under the current embedding profile, batch by batch, and is safe to stop and
run again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pcreceipt.cli.local import fail, local_settings, open_local_store
from pcreceipt.inference import make_embedder
from pcreceipt.store.writer import ArtifactWriter


def reembed(
    data_dir: Annotated[
        Path | None, typer.Option(help="Data directory [default: the per-user data dir].", show_default=False)
    ] = None,
    config: Annotated[Path | None, typer.Option(help="A TOML config file.", show_default=False)] = None,
    limit: Annotated[int, typer.Option(help="Embed at most this many artifacts.", min=1)] = 1_000_000,
) -> None:
    """Embed searchable artifacts that have no vector under the current embedding profile."""
    settings = local_settings(data_dir, config)
    embedder = make_embedder(settings.embedding)
    if embedder is None:
        fail("no embedder is configured (see docs/configuration.md)")
    store = open_local_store(settings)
    try:
        done = ArtifactWriter(store, embedder).reembed(limit=limit)
    finally:
        store.close()
        close = getattr(embedder, "close", None)
        if callable(close):
            close()
    typer.echo(f"embedded {done} artifact(s) under profile {embedder.profile}")
