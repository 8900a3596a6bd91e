"""Every project task. `nox -l` lists them; `nox -s ci` is what CI runs."""

from __future__ import annotations

import argparse

import nox

nox.options.default_venv_backend = "venv"
nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = ["ci"]

PYTHON = "3.11"
DEV = ".[test,dev]"


def _install(session: nox.Session) -> None:
    session.install("-q", "--upgrade", "pip")
    session.install("-q", "-e", DEV)


@nox.session(python=PYTHON)
def generate(session: nox.Session) -> None:
    """Regenerate generated/ from schemas/ (`-- --check` fails on drift instead)."""
    parser = argparse.ArgumentParser(prog="nox -s generate --")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(session.posargs)
    _install(session)
    session.run("python", "codegen/generate.py", *(["--check"] if args.check else []))


@nox.session(python=PYTHON)
def vectors(session: nox.Session) -> None:
    """Rewrite tests/vectors/ from tests/vectors/make_vectors.py."""
    _install(session)
    session.run("python", "tests/vectors/make_vectors.py")


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """ruff over the hand-written code."""
    _install(session)
    session.run("ruff", "check", "src", "tests", "codegen", "noxfile.py")


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict over src/."""
    _install(session)
    session.run("mypy")


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """The test suite (pass pytest arguments after --)."""
    _install(session)
    session.run("pytest", *session.posargs)


@nox.session(python=PYTHON)
def ci(session: nox.Session) -> None:
    """Everything CI checks, in one environment: drift, lint, types, tests."""
    _install(session)
    session.run("python", "codegen/generate.py", "--check")
    session.run("ruff", "check", "src", "tests", "codegen", "noxfile.py")
    session.run("mypy")
    session.run("pytest", *session.posargs)


@nox.session(python=PYTHON)
def demo(session: nox.Session) -> None:
    """Seed a sample project on an embedded SQLite store and print a prepared context with its Receipt."""
    _install(session)
    session.run("pcreceipt", "demo", *session.posargs)


@nox.session(python=PYTHON)
def serve(session: nox.Session) -> None:
    """Run the server on 127.0.0.1:8000 with the per-user SQLite store."""
    _install(session)
    session.run("pcreceipt", "serve", *session.posargs)
