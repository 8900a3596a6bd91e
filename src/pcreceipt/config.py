"""Settings: defaults, an optional TOML file, then PCRECEIPT_* environment variables.

Precedence (lowest to highest): built-in defaults, the config file (``--config FILE`` or
``PCRECEIPT_CONFIG``, else ``<data dir>/config.toml`` when it exists), environment variables,
then command-line options. Secrets are never written in the file: providers name the
environment variable that holds their API key (``api_key_env``).

Authorisation mode (``Settings.tokens_required``): bearer tokens are required when
``require_tokens`` is set or when the bind address is not loopback; only a loopback-bound
server without ``require_tokens`` runs in local single-user mode (``docs/security.md``).

Every setting, its environment variable and default: ``docs/configuration.md``.
"""

from __future__ import annotations

import ipaddress
import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

import platformdirs

from pcreceipt.errors import PcreceiptError
from pcreceipt.models import limits
from pcreceipt.store import StoreTLS

HOST_ID_MAX = limits.EXTERNAL_SKILL_REGISTRATION_HOST_ID_MAX_LENGTH
ASSEMBLY_MAX_ENTRIES_RANGE = (limits.CONTEXT_ASSEMBLY_MAX_ENTRIES_MINIMUM, limits.CONTEXT_ASSEMBLY_MAX_ENTRIES_MAXIMUM)


def is_loopback_name(host: str) -> bool:
    """Whether a host name or address (no port) is loopback: localhost, 127.0.0.0/8 or ::1."""
    if host.lower() in {"localhost", "localhost."}:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class SettingsError(PcreceiptError, ValueError):
    """A setting is missing or out of range; the message names the setting, never a secret."""


def prepare_data_dir(path: Path) -> None:
    """Create the data directory when missing and check that files can be written in it.

    Raises ``SettingsError`` naming the directory and the cause (a file is in the way, no
    permission, read-only file system, ...), so a command can say it in one line.
    """
    if path.exists() and not path.is_dir():
        raise SettingsError(f"the data directory {path} is not a directory")
    try:
        path.mkdir(parents=True, exist_ok=True)
        probe = path / f".pcreceipt-write-check-{os.getpid()}"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as exc:
        cause = exc.strerror or type(exc).__name__
        raise SettingsError(f"the data directory {path} is not writable: {cause}") from None


@dataclass(frozen=True, slots=True)
class EmbeddingSettings:
    base_url: str | None = None
    model: str = "text-embedding-3-small"
    dimensions: int = 384
    timeout_seconds: float = 0.25
    api_key_env: str | None = None
    mode: limits.SearchModeName = "auto"
    local_model: bool = False

    @property
    def profile(self) -> str:
        """The embedding profile name vectors are stored under."""
        return f"{self.model}@{self.dimensions}"

    @property
    def configured(self) -> bool:
        return self.base_url is not None or self.local_model


@dataclass(frozen=True, slots=True)
class GenerationSettings:
    """The chat model that rerank and query expansion inherit unless they set their own."""

    base_url: str | None = None
    model: str | None = None  # "provider/model"
    api_key_env: str | None = None
    timeout_seconds: float = 2.0
    temperature: float | None = None
    max_tokens: int | None = 512  # not a contract limit: the chat model's answer budget in tokens
    top_p: float | None = None
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class RerankSettings:
    kind: Literal["none", "model", "lexical"] = "none"
    base_url: str | None = None  # None: inherit generation
    model: str | None = None  # None: inherit generation
    api_key_env: str | None = None
    timeout_seconds: float | None = None  # None: inherit generation
    max_tokens: int | None = None
    top_p: float | None = None
    seed: int | None = None
    candidate_limit: int = 30
    max_requests: int = 1
    on_failure: limits.RerankSettingsOnFailure = "coarse_order"


@dataclass(frozen=True, slots=True)
class ExpansionSettings:
    kind: Literal["relaxed", "model"] = "relaxed"
    max_rounds: int = 2
    min_candidates: int = 3


@dataclass(frozen=True, slots=True)
class ExtractionSettings:
    """Memory extraction by ``flush_memory``: it runs when enabled and the generation provider
    (``generation.base_url`` and ``generation.model``) is configured."""

    enabled: bool = True
    max_sources: int = 8  # not a contract limit: model calls (content Sources) per flush
    deadline_seconds: float = 20.0  # a flush starts no model call after this many seconds
    # per call, capped by the time left before the deadline. Not generation's 2 s, which is sized
    # for rerank on the prepare path: reading a whole Source and writing memories takes longer.
    timeout_seconds: float | None = 15.0  # None: inherit generation
    max_memories: int = 16  # not a contract limit: memories one Source may yield


@dataclass(frozen=True, slots=True)
class StoreTLSSettings:
    """TLS to an OceanBase store (``docs/deployment.md``, "TLS to the database").

    ``enabled``: every connection to the database is TLS, or it fails (never a plain fallback);
    the server's certificate is always checked against ``ca_file`` (else the system's trusted
    CAs), and its host name against the store URL's host unless ``verify_identity`` is false.
    ``cert_file`` (with ``key_file`` when the key is not in the same PEM) is a client certificate
    for a database that asks for one.
    """

    enabled: bool = False
    ca_file: Path | None = None
    verify_identity: bool = True
    cert_file: Path | None = None
    key_file: Path | None = None

    def check(self, store_url: str) -> None:
        """SettingsError for a TLS setting that cannot work: a file that is missing or unreadable,
        a key without a certificate, TLS files without ``enabled``, or TLS for a SQLite store."""
        files = {"ca_file": self.ca_file, "cert_file": self.cert_file, "key_file": self.key_file}
        if not self.enabled:
            given = [name for name, path in files.items() if path is not None]
            if given:
                raise SettingsError(f"store_tls.{given[0]} is set but store_tls.enabled is not")
            return
        if not store_url.startswith("oceanbase://"):
            raise SettingsError("store_tls.enabled applies to an oceanbase:// store URL only")
        if self.key_file is not None and self.cert_file is None:
            raise SettingsError("store_tls.key_file needs store_tls.cert_file")
        for name, path in files.items():
            if path is None:
                continue
            if not path.is_file():
                raise SettingsError(f"store_tls.{name} {path} is not a file")
            if not os.access(path, os.R_OK):
                raise SettingsError(f"store_tls.{name} {path} is not readable")


@dataclass(frozen=True, slots=True)
class ExternalSkillsSettings:
    """The external Skill registry (``scan_external_skills`` and the rest; ``docs/configuration.md``):
    ``dir``, a directory whose immediate sub-folders are Agent Skill packages (None: no registry
    directory, an empty registry), all of ``agent_kind`` and ``installation_scope``, named
    ``<agent_kind>:<installation_scope>:<target_id>/<folder>`` on host ``host_id``."""

    dir: Path | None = None
    agent_kind: limits.ExternalSkillRegistrationAgentKind = "codex"
    installation_scope: limits.ExternalSkillInstallationScope = "user"
    host_id: str = "local-workspace"
    target_id: str = "registry"


def default_data_dir() -> Path:
    """The per-user data directory (e.g. ``~/.local/share/pcreceipt`` on Linux)."""
    return Path(platformdirs.user_data_dir("pcreceipt"))


@dataclass(frozen=True, slots=True)
class Settings:
    data_dir: Path = field(default_factory=default_data_dir)
    store_url: str | None = None
    host: str = "127.0.0.1"
    port: int = 8000  # not a contract limit: the default TCP port
    assembly_max_entries: int = limits.CONTEXT_ASSEMBLY_MAX_ENTRIES_DEFAULT
    max_body_bytes: int = 16 * 1024 * 1024  # PowerContext 1.4.1's max_request_body_bytes
    require_tokens: bool = False
    embedding: EmbeddingSettings = field(default_factory=EmbeddingSettings)
    generation: GenerationSettings = field(default_factory=GenerationSettings)
    rerank: RerankSettings = field(default_factory=RerankSettings)
    expansion: ExpansionSettings = field(default_factory=ExpansionSettings)
    extraction: ExtractionSettings = field(default_factory=ExtractionSettings)
    store_tls: StoreTLSSettings = field(default_factory=StoreTLSSettings)
    external_skills: ExternalSkillsSettings = field(default_factory=ExternalSkillsSettings)

    @property
    def extraction_configured(self) -> bool:
        """Whether ``flush_memory`` extracts Memory: enabled, with a generation base URL and model."""
        generation = self.generation
        return self.extraction.enabled and generation.base_url is not None and generation.model is not None

    @property
    def resolved_store_url(self) -> str:
        # sqlite:///X names the absolute path /X, so a relative data directory is made absolute
        # against the current directory first (``--data-dir demo-store`` is ./demo-store).
        return self.store_url or f"sqlite:///{(self.data_dir / 'pcreceipt.db').absolute()}"

    @property
    def resolved_store_tls(self) -> StoreTLS | None:
        """TLS to the database as the store opens it, or None when ``store_tls.enabled`` is off."""
        tls = self.store_tls
        if not tls.enabled:
            return None
        return StoreTLS(
            ca_file=tls.ca_file, verify_identity=tls.verify_identity, cert_file=tls.cert_file, key_file=tls.key_file
        )

    @property
    def tokens_required(self) -> bool:
        """Whether requests need a bearer token: always, unless bound to loopback without ``require_tokens``."""
        return self.require_tokens or not is_loopback_name(self.host)

    @property
    def authorisation_mode(self) -> str:
        """The authorisation mode in words, for the startup banner and log."""
        if self.tokens_required:
            return "bearer tokens required"
        return "local single-user (loopback, no token)"

    def validate(self) -> Settings:
        low, high = ASSEMBLY_MAX_ENTRIES_RANGE
        if not low <= self.assembly_max_entries <= high:
            raise SettingsError(f"assembly_max_entries must be between {low} and {high}")
        if not 1 <= self.port <= 65535:  # not a contract limit: the TCP port range
            raise SettingsError("port must be between 1 and 65535")
        if self.max_body_bytes < 64 * 1024:
            raise SettingsError("max_body_bytes must be at least 65536")
        if self.embedding.timeout_seconds <= 0:
            raise SettingsError("embedding.timeout_seconds must be positive")
        if self.rerank.kind == "model" and not (self.rerank.model or self.generation.model):
            raise SettingsError("rerank.kind = model needs rerank.model or generation.model")
        if self.expansion.kind == "model" and not self.generation.model:
            raise SettingsError("expansion.kind = model needs generation.model")
        if not 0 <= self.expansion.max_rounds <= 2:
            raise SettingsError("expansion.max_rounds must be 0, 1 or 2")
        extraction = self.extraction
        if not 1 <= extraction.max_sources <= 100:  # not a contract limit: the flush window bounds it
            raise SettingsError("extraction.max_sources must be between 1 and 100")
        if not 1 <= extraction.max_memories <= 64:  # not a contract limit: one Source's memories
            raise SettingsError("extraction.max_memories must be between 1 and 64")
        if not extraction.deadline_seconds > 0:
            raise SettingsError("extraction.deadline_seconds must be positive")
        if extraction.timeout_seconds is not None and not extraction.timeout_seconds > 0:
            raise SettingsError("extraction.timeout_seconds must be positive")
        self.store_tls.check(self.resolved_store_url)
        skills = self.external_skills
        if not skills.host_id.strip() or skills.host_id != skills.host_id.strip() or len(skills.host_id) > HOST_ID_MAX:
            raise SettingsError(f"external_skills.host_id must be trimmed text of at most {HOST_ID_MAX} characters")
        if re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", skills.target_id) is None or len(skills.target_id) > 64:
            raise SettingsError("external_skills.target_id must be lowercase words joined by single hyphens")
        return self


_SECTIONS: Mapping[str, type[Any]] = {
    "embedding": EmbeddingSettings,
    "generation": GenerationSettings,
    "rerank": RerankSettings,
    "expansion": ExpansionSettings,
    "extraction": ExtractionSettings,
    "store_tls": StoreTLSSettings,
    "external_skills": ExternalSkillsSettings,
}


_TRUE, _FALSE = {"1", "true", "yes", "on"}, {"0", "false", "no", "off"}


def _coerce(kind: Any, value: Any, name: str) -> Any:
    """``value`` (from TOML, the environment or an option) as the setting's declared type.

    A value the type cannot hold is refused with the setting's name: a Literal setting takes one
    of its words, a flag takes true/false (1/0, yes/no, on/off), a number must parse.
    """
    options = [a for a in get_args(kind) if a is not type(None)] if get_origin(kind) in (Union, UnionType) else [kind]
    target = options[0]
    if get_origin(target) is Literal:
        allowed = get_args(target)
        if value not in allowed:
            raise SettingsError(f"setting {name} must be one of {', '.join(map(str, allowed))}")
        return value
    try:
        if target is bool:
            if isinstance(value, bool):
                return value
            word = str(value).strip().lower()
            if word in _TRUE | _FALSE:
                return word in _TRUE
            raise ValueError
        if target is Path:
            return Path(value)
        if target in (int, float):
            if isinstance(value, bool):
                raise ValueError
            return target(value)
        if target is str and not isinstance(value, str):
            raise ValueError
    except (TypeError, ValueError):
        expected = {bool: "true or false", int: "a whole number", float: "a number", str: "a string"}.get(target, "")
        message = f"setting {name} must be {expected}" if expected else f"setting {name} has the wrong type"
        raise SettingsError(message) from None
    return value


def _apply(obj: Any, values: Mapping[str, Any], prefix: str) -> Any:
    known = {f.name: f for f in fields(obj)}
    types = get_type_hints(type(obj))
    changes: dict[str, Any] = {}
    for key, value in values.items():
        if key not in known:
            raise SettingsError(f"unknown setting {prefix}{key}")
        if key in _SECTIONS:
            if not isinstance(value, Mapping):
                raise SettingsError(f"setting {prefix}{key} must be a table")
            changes[key] = _apply(getattr(obj, key), value, f"{prefix}{key}.")
        else:
            changes[key] = _coerce(types[key], value, prefix + key)
    return replace(obj, **changes)


def _from_environment(environ: Mapping[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for top in fields(Settings):
        if top.name in _SECTIONS:
            section: dict[str, Any] = {}
            for sub in fields(_SECTIONS[top.name]):
                key = f"PCRECEIPT_{top.name}_{sub.name}".upper()
                if key in environ:
                    section[sub.name] = environ[key]
            if section:
                out[top.name] = section
        else:
            key = f"PCRECEIPT_{top.name}".upper()
            if key in environ:
                out[top.name] = environ[key]
    return out


def load_settings(
    config_file: Path | None = None,
    environ: Mapping[str, str] | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Settings:
    """Defaults, then the TOML file, then the environment, then explicit overrides."""
    env = os.environ if environ is None else environ
    given = {k: v for k, v in (overrides or {}).items() if v is not None}  # an option not given changes nothing
    settings = Settings()
    env_values = _from_environment(env)
    if "data_dir" in env_values:
        settings = _apply(settings, {"data_dir": env_values["data_dir"]}, "")
    if "data_dir" in given:
        settings = _apply(settings, {"data_dir": given["data_dir"]}, "")
    path = config_file or (Path(env["PCRECEIPT_CONFIG"]) if "PCRECEIPT_CONFIG" in env else None)
    if path is None and (settings.data_dir / "config.toml").is_file():
        path = settings.data_dir / "config.toml"
    if path is not None:
        try:
            settings = _apply(settings, tomllib.loads(path.read_text(encoding="utf-8")), "")
        except tomllib.TOMLDecodeError as exc:
            raise SettingsError(f"the config file {path} is not valid TOML: {exc}") from None
        except UnicodeDecodeError:
            raise SettingsError(f"the config file {path} is not UTF-8 text") from None
        except OSError as exc:
            raise SettingsError(f"cannot read the config file {path}: {exc.strerror or type(exc).__name__}") from None
    settings = _apply(settings, env_values, "")
    settings = _apply(settings, given, "")
    validated: Settings = settings.validate()
    return validated
