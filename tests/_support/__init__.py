"""Helpers the test folders share; imported as ``from _support.<module> import ...`` (``tests`` is on
pytest's ``pythonpath``). Nothing here is a test, and nothing here is imported by ``bench/``.

- ``engines``: the storage engines, one opener each, and the fixtures that run a test once per
  engine (registered by the root ``conftest.py``).
- ``fakes``: ``FakeInference``, a real loopback OpenAI-compatible provider that can be slow, down,
  refusing or wrong on purpose.
- ``servers``: a real uvicorn server on loopback (``running``) and the error-envelope assertions.
- ``tokens``: token-mode servers, tokens issued straight into their store, ``pcreceipt serve`` as
  a real process.
- ``commands``: running the installed ``pcreceipt`` script the way a new user does (fresh HOME).
- ``multi_server``: several ``pcreceipt serve`` processes over one seekdb database, requests
  released at once, and the one-winner check of a race.
- ``tiers``: the bad-input and race tiers' parts: the served operations of an OpenAPI document, the
  full check of a refusal, and a dump of every table of a store.

- ``tls``: one default TLS context shared by every httpx client of a test process (the root
  ``conftest.py`` turns it on).
- ``forked_cli``: many runs of that script's entry point, one forked process each, the import paid once.
- ``receipts``: building runtimes, corpora and prepares for the Receipt suite.
- ``powercontext``: PowerContext 1.4.1's own response models, downloaded once per session
  (``powercontext_models``; registered by the root ``conftest.py``).
- ``races``: calls released together (``at_once``), for the race tests of the store and the servers.
- ``vectors``: the Python executor of the contract vectors (``tests/vectors``).
- ``relay``: a recording HTTP relay between an official host's code and ``pcreceipt serve``.
- ``pyhosts``: the Python official hosts' plugins (from PowerContext 1.4.1's sdist) run as their
  hosts run them, and the server as the tests' oracle (``tests/hosts``).
- ``node_hosts``: the official Node hosts (Pi, DSH, OpenCode, OpenClaw bundled with esbuild; ZCode and
  Kimi Code hook scripts) run against ``pcreceipt serve``, and the Scope each test sets up for them.
- ``generative_hosts``: ``pcreceipt serve`` with a model and a Skill registry, and the generative tool
  session Pi and OpenCode run against it (``tests/hosts``).
- ``host_references``: the operations and MCP tools each official host's own code names, read from
  its plugin in the sdist (``tests/hosts/test_host_operations_served.py``).
- ``inspector_harness``, ``inspector_pages``, ``inspector_seed``: the Context Inspector's browser tests
  (``tests/inspector``): ``pcreceipt serve`` as a user starts it, a watched Chromium page, driving the
  page, and seeding a server through its HTTP API.
- ``work_requests``: valid requests of the work continuity and Handoff operations (the bad-input tier's bases).
- ``xdist_scheduler``: the scheduler of ``--dist loadfile`` runs (serial modules in one unit; it and
  the ``long`` modules handed out first).
- ``pcdiff``: the live diff against a running PowerContext 1.4.1 (``tests/compat/live``, ``nox -s pcdiff``).

Assertions in these modules are rewritten by pytest like a test's (registered below, before any
submodule is imported).
"""

import pkgutil

import pytest

pytest.register_assert_rewrite(*(f"{__name__}.{module.name}" for module in pkgutil.iter_modules(__path__)))
