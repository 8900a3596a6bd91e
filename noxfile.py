"""Every project task. `nox -l` lists them; `nox -s ci` is what CI runs."""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import nox

nox.options.default_venv_backend = "venv"
nox.options.reuse_existing_virtualenvs = True
nox.options.sessions = ["ci"]

PYTHON = "3.11"
DEV = ".[test,dev]"


def _stamped(stamp: Path, key: str) -> bool:
    """Whether ``stamp`` records ``key``: what the last install in that place was made from."""
    try:
        return stamp.read_text(encoding="utf-8") == key
    except OSError:
        return False


def _install(session: nox.Session, target: str = DEV) -> None:
    # Python's own default, whatever the machine's environment says: compiled modules are cached in
    # __pycache__, so the hundreds of processes a test run starts (pytest workers, servers, CLI
    # runs) do not compile every module from source, nor pytest rewrite every test module again.
    session.env["PYTHONDONTWRITEBYTECODE"] = None
    # The install is editable, so only pyproject.toml (dependencies, entry points) can make a reused
    # environment stale: a stamp of it and the target skips pip's 4-5 s when nothing changed.
    key = f"{target}\n{hashlib.sha256(Path('pyproject.toml').read_bytes()).hexdigest()}"
    stamp = Path(str(session.virtualenv.location)) / ".pcreceipt-installed"
    if _stamped(stamp, key):
        session.log(f"{target} is installed from this pyproject.toml already")
        return
    session.install("-q", "--upgrade", "pip")
    session.install("-q", "-e", target)
    stamp.write_text(key, encoding="utf-8")


def _npm_ci(session: nox.Session) -> None:
    """The pinned TypeScript tools (codegen/ts/package-lock.json); needs Node.js 20+ and npm on PATH.
    Skipped when the tree ``npm ci`` made last is from this very lock file (a stamp inside it)."""
    key = hashlib.sha256(Path("codegen/ts/package-lock.json").read_bytes()).hexdigest()
    stamp = Path("codegen/ts/node_modules/.pcreceipt-npm-ci")
    if _stamped(stamp, key):
        session.log("codegen/ts/node_modules is from this package-lock.json already")
        return
    session.run("npm", "ci", "--prefix", "codegen/ts", "--include=dev", "--no-audit", "--no-fund", external=True)
    stamp.write_text(key, encoding="utf-8")


CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def _chromium(session: nox.Session) -> None:
    """The Context Inspector's browser tests (tests/inspector) drive Debian's chromium: installed here
    with apt-get when it is missing and this runs as root; otherwise a clear stop, never a skipped test."""
    if os.access(CHROMIUM, os.X_OK):
        return
    if os.geteuid() == 0 and Path("/usr/bin/apt-get").is_file():
        session.run("apt-get", "update", "-qq", external=True)
        quiet = {"DEBIAN_FRONTEND": "noninteractive"}
        session.run("apt-get", "install", "-y", "-qq", "chromium", external=True, env=quiet)
        return
    session.error(f"{CHROMIUM} is missing: install Debian's chromium (or set CHROMIUM to a Chromium executable)")


# The steps: one command line each, written once. A session is its setup (_install, _npm_ci)
# plus its steps; `ci` runs every check step in one environment.


def _generate_step(session: nox.Session, *, check: bool) -> None:
    session.run("python", "codegen/generate.py", *(["--check"] if check else []))


def _contract_breaks_step(session: nox.Session, *args: str) -> None:
    session.run("python", "codegen/contract_diff.py", *args)


def _lint_step(session: nox.Session) -> None:
    session.run("ruff", "check", "src", "tests", "codegen", "bench", "noxfile.py")


def _typecheck_step(session: nox.Session) -> None:
    session.run("mypy")


def _ts_step(session: nox.Session) -> None:
    session.run("node", "tests/ts/run.mjs", external=True)


def _tests_step(session: nox.Session, *pytest_args: str, env: dict[str, str] | None = None) -> None:
    session.run("pytest", *pytest_args, env=env)


QUICK = "not oceanbase and not browser and not hosts and not venv"
"""The quick tier: what needs neither seekdb, a browser, the hosts nor virtualenv builds."""
QUICK_EXAMPLES = {
    "PCRECEIPT_FUZZ_EXAMPLES": "3",
    "PCRECEIPT_BAD_INPUT_EXAMPLES": "3",
    "PCRECEIPT_PROPERTY_EXAMPLES": "0.25",
}
"""The quick tier's generated requests per operation and mode in the schemathesis fuzz (CI: the
default, 10): every operation is still fuzzed, with fewer requests (set a variable to override).
The bad-input tier's generated refusals draw 3 per operation (CI: 6); an operation whose draws
broke no schema draws again, 4 then 16 times as many, so each is still checked with at least one
request that breaks its contract (half the tier's CPU: 24 s against 43 s alone, on a quiet
machine). Every hypothesis property test draws a quarter of its examples (at least 10;
tests/conftest.py scales them); CI leaves the variables unset and draws every test's full count."""
QUICK_WORKERS = "3"
"""The quick tier's pytest-xdist workers (``PCRECEIPT_TEST_WORKERS`` overrides): every worker imports
and collects the whole suite and builds its own session fixtures (5-10 s of CPU each), and its
tests need no seekdb, so 3 keep the 2 cores busy for less CPU than 4."""
QUICK_IGNORE = ("--ignore", "tests/inspector")
"""Collected only to be deselected (every test there is ``browser``): not imported at all."""


def _workers(default: str = "4") -> str:
    """pytest-xdist workers: ``PCRECEIPT_TEST_WORKERS``, else ``default`` (4 for CI: most tests wait on
    a server or a database, so 4 keep 2 cores busy; each worker has its own servers and its own seekdb)."""
    return os.environ.get("PCRECEIPT_TEST_WORKERS", default)


def _tiered_tests_step(
    session: nox.Session,
    marks: str | None,
    *pytest_args: str,
    env: dict[str, str] | None = None,
    workers: str = "4",
) -> None:
    """The selected tests on several workers: a file's tests on one worker (a module's servers start
    once), and every ``serial`` module (fixed ports) in one work unit, so they run one after another
    beside the rest (tests/conftest.py's scheduler)."""
    selection = ["-m", marks] if marks else []
    session.run("pytest", *selection, "-n", _workers(workers), "--dist", "loadfile", *pytest_args, env=env)


@nox.session(python=PYTHON)
def generate(session: nox.Session) -> None:
    """Regenerate generated/ from schemas/ (`-- --check` fails on drift instead)."""
    parser = argparse.ArgumentParser(prog="nox -s generate --")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(session.posargs)
    _install(session)
    _generate_step(session, check=args.check)


@nox.session(python=PYTHON)
def contract_breaks(session: nox.Session) -> None:
    """Fail on a breaking change of schemas/ against the last release's contract (`-- --record` records it)."""
    _contract_breaks_step(session, *session.posargs)


@nox.session(python=PYTHON)
def vectors(session: nox.Session) -> None:
    """Rewrite the contract vectors (tests/vectors/) from their cases (tests/vector_cases/)."""
    _install(session)
    session.run("python", "tests/vectors/make_vectors.py")


@nox.session(python=PYTHON)
def lint(session: nox.Session) -> None:
    """ruff over the hand-written code."""
    _install(session)
    _lint_step(session)


@nox.session(python=PYTHON)
def typecheck(session: nox.Session) -> None:
    """mypy --strict over src/."""
    _install(session)
    _typecheck_step(session)


@nox.session(python=PYTHON)
def tests(session: nox.Session) -> None:
    """The test suite (pass pytest arguments after --)."""
    _install(session)
    _npm_ci(session)
    _chromium(session)
    _tests_step(session, *session.posargs)


@nox.session(python=PYTHON)
def ts(session: nox.Session) -> None:
    """The TypeScript package: npm ci, drift check, tsc --strict, node --test over every vector."""
    _install(session)
    _npm_ci(session)
    _generate_step(session, check=True)
    _ts_step(session)


@nox.session(python=PYTHON)
def ci(session: nox.Session) -> None:
    """Everything CI checks, in one environment: drift, contract breaks, lint, types, TypeScript, tests."""
    _install(session)
    _npm_ci(session)
    _chromium(session)
    _generate_step(session, check=True)
    _contract_breaks_step(session)
    _lint_step(session)
    _typecheck_step(session)
    _ts_step(session)
    # the slowest tests in every CI log, so the run's time can be read from it
    # every property test's full count, whatever the calling shell exports (the quick tier's fraction)
    full = {"PCRECEIPT_SOAK_SECONDS": "30", "PCRECEIPT_PROPERTY_EXAMPLES": "1"}
    _tiered_tests_step(session, None, "--durations=40", *session.posargs, env=full)


@nox.session(python=PYTHON)
def quick(session: nox.Session) -> None:
    """The fast tier while you work: lint, types, and every test that needs neither seekdb, a browser,
    the hosts nor virtualenv builds, on several workers (pass pytest arguments after --)."""
    _install(session)
    _npm_ci(session)
    _lint_step(session)
    _typecheck_step(session)
    examples = {name: os.environ.get(name, value) for name, value in QUICK_EXAMPLES.items()}
    _tiered_tests_step(session, QUICK, *QUICK_IGNORE, *session.posargs, env=examples, workers=QUICK_WORKERS)


@nox.session(python=PYTHON)
def demo(session: nox.Session) -> None:
    """Seed a sample project on an embedded SQLite store and print a prepared context with its Receipt."""
    _install(session, ".")
    session.run("pcreceipt", "demo", *session.posargs)


@nox.session(python=PYTHON)
def docs(session: nox.Session) -> None:
    """Rewrite the docs' generated blocks: README.md's demo sample (a real run), docs/mcp.md's tool list."""
    _install(session, ".")
    session.run("python", "codegen/docs_blocks.py", *session.posargs)


@nox.session(python=PYTHON)
def serve(session: nox.Session) -> None:
    """Run the server on 127.0.0.1:8000 with the per-user SQLite store."""
    _install(session, ".")
    session.run("pcreceipt", "serve", *session.posargs)


OFFICIAL_CLIENT = "powercontext[client]==1.4.1"


def _free_loopback_port(session: nox.Session) -> int:
    """A free port on 127.0.0.1, from the installed pcreceipt's own function (no copy of it here)."""
    code = "from pcreceipt.store.oceanbase.seekdb import free_loopback_port; print(free_loopback_port())"
    return int(str(session.run("python", "-c", code, silent=True)).split()[-1])


def _wait_until_ready(url: str, server: subprocess.Popen[bytes], timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(f"{url}/health/ready", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            raise RuntimeError("pcreceipt serve did not become ready")
        time.sleep(0.2)


@nox.session(python=PYTHON)
def compat(session: nox.Session) -> None:
    """PowerContext's official Python client (1.4.1) against `pcreceipt serve` on a free loopback port, and
    1.4.1's release smoke test (client + the official `mcp` client) against `pcreceipt serve --port` in a fresh HOME."""
    session.install("-q", "--upgrade", "pip")
    session.install("-q", ".", OFFICIAL_CLIENT)
    port = _free_loopback_port(session)
    url = f"http://127.0.0.1:{port}"
    environment = {k: v for k, v in os.environ.items() if not k.startswith("PCRECEIPT_")}
    with tempfile.TemporaryDirectory(prefix="pcreceipt-compat-") as data_dir:
        command = [str(Path(session.bin) / "pcreceipt"), "serve", "--port", str(port), "--data-dir", data_dir]
        # one external Skill package for the check's external Skills group (tests/compat/skill_client_check.py)
        skills = Path(data_dir) / "external-skills"
        (skills / "release-check").mkdir(parents=True)
        manifest = "---\nname: release-check\ndescription: Check a release branch.\n---\n\nRun the tests.\n"
        (skills / "release-check" / "SKILL.md").write_text(manifest, encoding="utf-8")
        command += ["--external-skills-dir", str(skills)]
        server = subprocess.Popen(command, env=environment)
        try:
            _wait_until_ready(url, server)
            session.run("python", "tests/compat/official_client_check.py", url)
        finally:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
    # PowerContext 1.4.1's release smoke steps, with the server started as a user starts it (its own process)
    session.run("python", "tests/compat/release_smoke.py", env=environment)


HOST_TOOLS = "tests/hosts/tools"


@nox.session(python=PYTHON)
def hosts(session: nox.Session) -> None:
    """The ten official hosts' own code (PowerContext 1.4.1's sdist, fetched now) against `pcreceipt serve`,
    and the live diff against a running PowerContext 1.4.1 (tests/compat/live; `pcdiff` runs that part alone)."""
    _install(session)
    session.run("npm", "ci", "--prefix", HOST_TOOLS, "--no-audit", "--no-fund", external=True)
    peer = _peer_executable(session)
    _tests_step(session, "--hosts", "tests/hosts", PCDIFF_TESTS, *session.posargs, env={"PCRECEIPT_PCDIFF_PEER": peer})


PEER = "powercontext[ops,cli,client]==1.4.1"
PEER_VENV = Path(".nox") / "powercontext-1.4.1"


@nox.session(python=PYTHON)
def bench(session: nox.Session) -> None:
    """Prepare benchmark of pcreceipt (N = 1k, 10k, 100k) into bench/out/ (pass bench/run.py options after --)."""
    session.install("-q", "--upgrade", "pip")
    session.install("-q", "-e", ".[bench]")
    session.run("python", "bench/run.py", *session.posargs)


@nox.session(python=PYTHON)
def bench_cli(session: nox.Session) -> None:
    """How long pcreceipt takes to start: --version, --help, scope list (pass bench/cli_startup.py options after --)."""
    session.install("-q", "--upgrade", "pip")
    session.install("-q", "-e", ".[bench]")
    session.run("python", "bench/cli_startup.py", *session.posargs)


def _peer_executable(session: nox.Session) -> str:
    """PowerContext 1.4.1 in its own virtualenv (kept under .nox/ and reused), its CLI's path."""
    marker = PEER_VENV / ".installed"
    executable = PEER_VENV / "bin" / "powercontext"
    if not (marker.is_file() and marker.read_text() == PEER and executable.is_file()):
        session.run("python", "-m", "venv", "--clear", str(PEER_VENV))
        pip = str(PEER_VENV / "bin" / "pip")
        session.run(pip, "install", "-q", "--upgrade", "pip", external=True)
        session.run(pip, "install", "-q", PEER, external=True)
        marker.write_text(PEER)
    return str(executable.resolve())


@nox.session(python=PYTHON)
def bench_peer(session: nox.Session) -> None:
    """The benchmark side by side with PowerContext 1.4.1 (its own venv, loopback, SQLite in a temp dir).

    The peer gets N up to 10k (it writes one artifact per request, about 40/s); pcreceipt also
    gets 100k. Pass bench/run.py options after --, e.g. `-- --n 1000` for a quick run.
    """
    session.install("-q", "--upgrade", "pip")
    session.install("-q", "-e", ".[bench]")
    peer = _peer_executable(session)
    session.run("python", "bench/run.py", "--peer-command", peer, *session.posargs)


@nox.session(python=PYTHON)
def bench_ob(session: nox.Session) -> None:
    """Three servers in one interleaved run: pcreceipt on SQLite, pcreceipt on a loopback seekdb, PowerContext 1.4.1.

    Issue 30's measurement: N = 10k and 100k (the peer at 10k only), with OceanBase's p50 and
    4-client throughput against SQLite's judged in bench/out/summary.md. Pass bench/run.py options
    after --, e.g. `-- --n 1000 --queries 60` for a smoke run.
    """
    session.install("-q", "--upgrade", "pip")
    session.install("-q", "-e", ".[bench,seekdb]")
    peer = _peer_executable(session)
    sizes = [] if any(a == "--n" or a.startswith("--n=") for a in session.posargs) else ["--n", "10000,100000"]
    session.run("python", "bench/run.py", "--oceanbase", "--peer-command", peer, *sizes, *session.posargs)


@nox.session(python=PYTHON)
def bench_ob_locks(session: nox.Session) -> None:
    """Three servers over one seekdb, 4 clients each on one Scope: prepares/s and row-lock waits, before and after.

    "before" is the per-prepare upsert of the Scope's recall_daily row (bench/serve_upsert.py, bench
    only); "after" is this checkout. Pass bench/ob_lock_bench.py options after --.
    """
    session.install("-q", "--upgrade", "pip")
    session.install("-q", "-e", ".[bench,seekdb]")
    session.run("python", "bench/ob_lock_bench.py", *session.posargs)


PCDIFF_TESTS = "tests/compat/live"


@nox.session(python=PYTHON)
def pcdiff(session: nox.Session) -> None:
    """The live diff: PowerContext 1.4.1 (its own venv, installed now) and `pcreceipt serve`, one corpus, compared.

    Runs tests/compat/live with PCRECEIPT_PCDIFF_PEER naming the peer's CLI (pass pytest options after --).
    """
    _install(session, ".[test]")
    peer = _peer_executable(session)
    _tests_step(session, PCDIFF_TESTS, *session.posargs, env={"PCRECEIPT_PCDIFF_PEER": peer})
