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

from pcreceipt.config import SettingsError, load_settings
from pcreceipt.inference import make_embedder
from pcreceipt.store import StoreURLError, open_store
from pcreceipt.writes import ArtifactWriter


def reembed(
    data_dir: Annotated[
        Path | None, typer.Option(help="Data directory [default: the per-user data dir].", show_default=False)
    ] = None,
    config: Annotated[Path | None, typer.Option(help="A TOML config file.", show_default=False)] = None,
    limit: Annotated[int, typer.Option(help="Embed at most this many artifacts.", min=1)] = 1_000_000,
) -> None:
    """Embed searchable artifacts that have no vector under the current embedding profile."""
    try:
        settings = load_settings(config_file=config, overrides={"data_dir": data_dir})
        embedder = make_embedder(settings.embedding)
        store = open_store(settings.resolved_store_url)
    except (SettingsError, StoreURLError) as error:
        typer.echo(f"error: {error}", err=True)
        raise typer.Exit(2) from None
    if embedder is None:
        typer.echo("error: no embedder is configured (see docs/configuration.md)", err=True)
        store.close()
        raise typer.Exit(2)
    try:
        done = ArtifactWriter(store, embedder).reembed(limit=limit)
    finally:
        store.close()
        close = getattr(embedder, "close", None)
        if callable(close):
            close()
    typer.echo(f"embedded {done} artifact(s) under profile {embedder.profile}")
