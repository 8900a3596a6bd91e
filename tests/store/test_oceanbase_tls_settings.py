"""TLS to an OceanBase store: the ``store_tls`` settings, how they reach the pool, and their refusals.

What a real TLS handshake does is tested against a TLS-enabled seekdb in
``tests/server/test_oceanbase_tls_and_failover.py``; here: the settings (file, environment,
``pcreceipt serve`` flags, the workers' hand-over), the ``ssl`` connect argument every pooled
connection gets, and one clear line (exit 2) for every setting that cannot work, including TLS
required of a database server that does not offer it.
"""

from __future__ import annotations

import datetime
import ssl
from pathlib import Path
from typing import Any

import pytest
from _support.commands import PCRECEIPT, run, user_environment
from _support.ports import free_port
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from sqlalchemy import event

from pcreceipt.config import SettingsError, StoreTLSSettings, load_settings
from pcreceipt.server.http.workers import worker_options, worker_settings
from pcreceipt.store import StoreTLS, StoreURLError, open_store
from pcreceipt.store.oceanbase.connection import make_engine
from pcreceipt.store.oceanbase.seekdb import SeekdbServer
from pcreceipt.store.oceanbase.settings import parse_oceanbase_url
from pcreceipt.store.records import StoreError

OCEANBASE = "oceanbase://root@db.example:2881/pcreceipt"


def _pem_pair(directory: Path) -> tuple[Path, Path]:
    """A self-signed certificate and its key, as PEM files (a real CA certificate the standard
    library can read: Python's own test CA is not shipped)."""

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "tls settings test")])
    now = datetime.datetime.now(datetime.UTC)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=1))
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    cert_file, key_file = directory / "cert.pem", directory / "key.pem"
    cert_file.write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(
        key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    )
    return cert_file, key_file


class _Captured(Exception):
    pass


def _connect_params(tls: StoreTLS | None) -> dict[str, Any]:
    """The keyword arguments the pool hands pymysql for a new connection (captured, never sent)."""
    settings = parse_oceanbase_url(OCEANBASE)
    if tls is not None:
        from dataclasses import replace

        settings = replace(settings, tls=tls)
    engine = make_engine(settings, "pcreceipt")
    seen: dict[str, Any] = {}

    def capture(_dialect: Any, _record: Any, _args: Any, params: dict[str, Any]) -> None:
        seen.update(params)
        raise _Captured

    event.listen(engine, "do_connect", capture)
    try:
        with pytest.raises(_Captured):
            engine.connect()
    finally:
        engine.dispose()
    return seen


def test_without_store_tls_the_pool_passes_no_tls_context() -> None:
    params = _connect_params(None)
    assert "ssl" not in params and params["connect_timeout"] == 5.0


def test_store_tls_reaches_every_pooled_connection_as_one_checking_context(tmp_path: Path) -> None:
    cert, key = _pem_pair(tmp_path)
    params = _connect_params(StoreTLS(ca_file=cert, verify_identity=True, cert_file=cert, key_file=key))
    context = params["ssl"]
    assert isinstance(context, ssl.SSLContext)
    assert context.verify_mode == ssl.CERT_REQUIRED and context.check_hostname is True
    assert context.cert_store_stats()["x509_ca"] == 1  # the CA file, and only it beyond the defaults
    # identity checks off: the chain is still checked
    relaxed = _connect_params(StoreTLS(ca_file=cert, verify_identity=False))["ssl"]
    assert relaxed.verify_mode == ssl.CERT_REQUIRED and relaxed.check_hostname is False
    # no CA file: the system's trusted CAs, still required
    system = _connect_params(StoreTLS())["ssl"]
    assert system.verify_mode == ssl.CERT_REQUIRED and system.check_hostname is True


def test_a_tls_file_that_does_not_load_is_a_store_error_naming_the_setting(tmp_path: Path) -> None:
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate\n")
    settings = parse_oceanbase_url(OCEANBASE)
    from dataclasses import replace

    with pytest.raises(StoreError, match=r"^store_tls\.ca_file does not load: "):
        make_engine(replace(settings, tls=StoreTLS(ca_file=junk)), None)
    cert, _ = _pem_pair(tmp_path)
    with pytest.raises(StoreError, match=r"^store_tls\.cert_file does not load: "):
        make_engine(replace(settings, tls=StoreTLS(cert_file=cert, key_file=junk)), None)


def test_tls_is_refused_for_a_sqlite_store(tmp_path: Path) -> None:
    with pytest.raises(StoreURLError, match="oceanbase:// store URL only"):
        open_store(f"sqlite:///{tmp_path / 'x.db'}", tls=StoreTLS())


def test_store_tls_from_the_environment_and_the_config_file(tmp_path: Path) -> None:
    cert, key = _pem_pair(tmp_path)
    environ = {
        "PCRECEIPT_STORE_URL": OCEANBASE,
        "PCRECEIPT_STORE_TLS_ENABLED": "true",
        "PCRECEIPT_STORE_TLS_CA_FILE": str(cert),
        "PCRECEIPT_STORE_TLS_VERIFY_IDENTITY": "false",
    }
    settings = load_settings(environ=environ, overrides={"data_dir": tmp_path})
    assert settings.resolved_store_tls == StoreTLS(ca_file=cert, verify_identity=False)
    config = tmp_path / "config.toml"
    config.write_text(
        f'store_url = "{OCEANBASE}"\n[store_tls]\nenabled = true\ncert_file = "{cert}"\nkey_file = "{key}"\n'
    )
    from_file = load_settings(config_file=config, environ={}, overrides={"data_dir": tmp_path})
    assert from_file.resolved_store_tls == StoreTLS(cert_file=cert, key_file=key)
    assert load_settings(environ={}, overrides={"data_dir": tmp_path / "plain"}).resolved_store_tls is None


def test_the_workers_get_the_parents_store_tls(tmp_path: Path) -> None:
    cert, _ = _pem_pair(tmp_path)
    parent = load_settings(
        environ={"PCRECEIPT_STORE_URL": OCEANBASE},
        overrides={"data_dir": tmp_path, "store_tls": {"enabled": True, "ca_file": cert, "verify_identity": False}},
    )
    options = worker_options(parent, None)
    import os

    saved = {k: os.environ.pop(k) for k in list(os.environ) if k.startswith("PCRECEIPT_")}
    os.environ["PCRECEIPT_STORE_URL"] = OCEANBASE
    try:
        assert worker_settings(options).resolved_store_tls == StoreTLS(ca_file=cert, verify_identity=False)
    finally:
        os.environ.pop("PCRECEIPT_STORE_URL")
        os.environ.update(saved)


@pytest.mark.parametrize(
    ("tls", "store_url", "message"),
    [
        ({"ca_file": "CERT"}, OCEANBASE, "store_tls.ca_file is set but store_tls.enabled is not"),
        ({"enabled": True}, None, "store_tls.enabled applies to an oceanbase:// store URL only"),
        ({"enabled": True, "key_file": "CERT"}, OCEANBASE, "store_tls.key_file needs store_tls.cert_file"),
        ({"enabled": True, "ca_file": "MISSING"}, OCEANBASE, "store_tls.ca_file MISSING is not a file"),
        ({"enabled": True, "cert_file": "DIR"}, OCEANBASE, "store_tls.cert_file DIR is not a file"),
    ],
)
def test_store_tls_settings_that_cannot_work_are_refused(
    tmp_path: Path, tls: dict[str, Any], store_url: str | None, message: str
) -> None:
    cert, _ = _pem_pair(tmp_path)
    paths = {"CERT": str(cert), "MISSING": str(tmp_path / "missing.pem"), "DIR": str(tmp_path)}
    given = {k: paths.get(v, v) if isinstance(v, str) else v for k, v in tls.items()}
    environ = {} if store_url is None else {"PCRECEIPT_STORE_URL": store_url}
    expected = message
    for placeholder, path in paths.items():
        expected = expected.replace(f" {placeholder} ", f" {path} ")
    with pytest.raises(SettingsError) as raised:
        load_settings(environ=environ, overrides={"data_dir": tmp_path, "store_tls": given})
    assert str(raised.value) == expected
    assert not StoreTLSSettings().enabled


def test_serve_with_a_missing_ca_file_is_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "ca.pem"
    environment = user_environment(tmp_path, {"PCRECEIPT_STORE_URL": OCEANBASE})
    done = run([PCRECEIPT, "serve", "--store-tls", "--store-tls-ca", str(missing)], environment, timeout=60)
    assert done.returncode == 2
    (line,) = done.stderr.strip().splitlines()  # the option, checked as it is parsed (cli/paths.py)
    assert line.startswith(f"error: Invalid value for '--store-tls-ca': {missing} does not exist; see "), line


def test_serve_with_a_ca_file_that_is_not_pem_is_one_line(tmp_path: Path) -> None:
    junk = tmp_path / "ca.pem"
    junk.write_text("not a certificate\n")
    # serve binds its port before it opens the store: a free one, not the default (the serial tests' 8000)
    environment = user_environment(tmp_path, {"PCRECEIPT_STORE_URL": OCEANBASE, "PCRECEIPT_PORT": str(free_port())})
    done = run([PCRECEIPT, "serve", "--store-tls", "--store-tls-ca", str(junk)], environment, timeout=60)
    assert done.returncode == 2
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith("error: cannot open the store (OceanBase db.example:2881/pcreceipt): store_tls.ca_file")
    assert "Traceback" not in done.stderr


def test_tls_required_of_a_database_that_does_not_offer_it_is_one_line(
    seekdb_server: SeekdbServer, tmp_path: Path
) -> None:
    """The session's seekdb has no TLS: a store that requires it refuses to talk plain text."""
    url = seekdb_server.url("plain_only")
    environment = user_environment(tmp_path, {"PCRECEIPT_STORE_URL": url, "PCRECEIPT_STORE_TLS_ENABLED": "1"})
    done = run([PCRECEIPT, "token", "list"], environment, timeout=120)
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        f"error: cannot open the store (OceanBase 127.0.0.1:{seekdb_server.port}/plain_only): oceanbase engine"
        " error (2026, TLS is required but the database server does not offer it)"
    ]
