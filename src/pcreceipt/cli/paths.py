"""Every path-like and URL-like option of the command line, checked where it is parsed.

A command declares what a path option names with one of the callbacks below; the value is
checked before the command runs, so a file where a directory belongs, a missing input, a path
the user may not read or write, a URL with a port out of range, a host that does not resolve or
a scheme we do not speak is one line on stderr (``error: Invalid value for '--data-dir': ...``)
and exit status 2 (click's usage-error status), never a traceback half way through the work.

- ``input_file``: an existing file we can read (``input_file_or_stdin`` also takes ``-``);
- ``input_path_or_stdin``: an existing file we can read or directory we can list, or ``-``;
- ``input_dir``: an existing directory we can list;
- ``directory``: a directory we write in, created when missing: it must not be a file, and the
  nearest existing ancestor must be a directory we can write in;
- ``output_file``: a file we write: not a directory, in a directory that exists (or can be
  created) and that we can write in;
- ``server_url``/``server_urls``: a pcreceipt server's base URL (``HOST:PORT`` means
  ``http://HOST:PORT``), normalised.

``PATH_KINDS`` and ``URL_KINDS`` name the callbacks: tests/cli/test_bad_paths_and_urls.py walks the
command tree and fails for a path or URL option that has none.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import typer

V = TypeVar("V", Path | None, str | None)


def _creatable(path: Path) -> str | None:
    """Why ``path`` (missing) cannot be created as a directory, or None."""
    ancestor = path.parent
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        return f"{ancestor} is a file, not a directory"
    if not os.access(ancestor, os.W_OK | os.X_OK):
        return f"{path} cannot be created: {ancestor} is not writable (permission denied or read-only)"
    return None


def _readable(path: Path, *, directory: bool) -> str | None:
    """Why ``path`` is not a file we can read (a directory we can list), or None."""
    if not path.exists():
        return f"{path} does not exist"
    if path.is_dir() != directory:
        return f"{path} is a file, not a directory" if directory else f"{path} is a directory, not a file"
    try:
        if directory:
            os.listdir(path)
        else:
            path.open("rb").close()
    except OSError as exc:
        why = "permission denied" if isinstance(exc, PermissionError) else exc.strerror or type(exc).__name__
        return f"cannot {'list' if directory else 'read'} {path}: {why}"
    return None


def file_problem(path: Path) -> str | None:
    """Why ``path`` is not a file we can read, or None."""
    return _readable(path, directory=False)


def input_path_problem(path: Path) -> str | None:
    """Why ``path`` is neither a file we can read nor a directory we can list, or None."""
    if not path.exists():
        return f"{path} does not exist"
    return _readable(path, directory=path.is_dir())


def input_dir_problem(path: Path) -> str | None:
    """Why ``path`` is not a directory we can list, or None."""
    return _readable(path, directory=True)


def directory_problem(path: Path) -> str | None:
    """Why ``path`` is not a directory we can write in (or create), or None."""
    if not path.exists():
        return _creatable(path)
    if not path.is_dir():
        return f"{path} is a file, not a directory"
    if not os.access(path, os.W_OK | os.X_OK):
        return f"{path} is not writable (permission denied or read-only)"
    return None


def output_file_problem(path: Path) -> str | None:
    """Why ``path`` is not a file we can write, or None."""
    if path.is_dir():
        return f"{path} is a directory, not a file"
    if not path.exists():
        return directory_problem(path.parent)
    if not os.access(path, os.W_OK):
        return f"{path} is not writable (permission denied or read-only)"
    return None


def _checked(problem: Callable[[Path], str | None], value: V) -> V:
    if value is None:
        return None
    path = Path(value).expanduser()
    try:
        found = problem(path)
    except PermissionError:  # a directory on the way we may not search
        found = f"cannot reach {path}: permission denied"
    except OSError as exc:
        found = f"cannot reach {path}: {exc.strerror or type(exc).__name__}"
    if found is not None:
        raise typer.BadParameter(found)
    return value


def input_file(value: Path | None) -> Path | None:
    return _checked(file_problem, value)


def input_file_or_stdin(value: str | None) -> str | None:
    return value if value == "-" else _checked(file_problem, value)


def input_path_or_stdin(value: str | None) -> str | None:
    return value if value == "-" else _checked(input_path_problem, value)


def input_dir(value: Path | None) -> Path | None:
    return _checked(input_dir_problem, value)


def directory(value: Path | None) -> Path | None:
    return _checked(directory_problem, value)


def output_file(value: Path | None) -> Path | None:
    return _checked(output_file_problem, value)


def _file_or_directory_problem(path: Path) -> str | None:
    if path.suffix == ".py" and not path.is_dir():
        return output_file_problem(path)
    found = directory_problem(path)
    return f"{found}; a path ending in .py names the file itself" if found else None


def py_file_or_directory(value: Path | None) -> Path | None:
    """A ``.py`` file to write, or a directory (created when missing) to write one in."""
    return _checked(_file_or_directory_problem, value)


PATH_KINDS: dict[Callable[..., Any], str] = {
    py_file_or_directory: "output file or directory",
    input_file: "input file",
    input_file_or_stdin: "input file",
    input_path_or_stdin: "input file or directory",
    input_dir: "input directory",
    directory: "directory",
    output_file: "output file",
}


def _proxied(url: str) -> bool:
    """Whether an HTTP proxy (from the environment, as httpx reads it) would resolve the host for us."""
    proxies = urllib.request.getproxies()
    scheme = url.split("://", 1)[0]
    return bool(proxies.get(scheme) or proxies.get("all")) and not urllib.request.proxy_bypass(url.split("/")[2])


def url_problem(text: str) -> tuple[str, str | None]:
    """The normalised URL and why it names no server we can talk to (None when it may): what
    ``client.server_url`` refuses (scheme, host, port), or a host name that does not resolve."""
    import httpx  # the client's modules, loaded by the commands that take a URL, not by the local ones

    from pcreceipt.client import BadServerURL
    from pcreceipt.client import server_url as normalised_url

    try:
        url = normalised_url(text)
    except BadServerURL as error:
        return text, str(error)
    parsed = httpx.URL(url)
    host = parsed.host
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if not _proxied(url):
            try:
                socket.getaddrinfo(host, parsed.port or 80, type=socket.SOCK_STREAM)
            except (OSError, UnicodeError):
                return url, f"the host name {host!r} does not resolve (is it spelt right?)"
    return url, None


def server_url(value: str | None) -> str | None:
    if value is None:
        return None
    url, problem = url_problem(value)
    if problem is not None:
        raise typer.BadParameter(problem)
    return url


def server_urls(value: list[str] | None) -> list[str] | None:
    return None if value is None else [str(server_url(item)) for item in value]


URL_KINDS: dict[Callable[..., Any], str] = {server_url: "server URL", server_urls: "server URL"}
