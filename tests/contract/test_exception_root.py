"""Every exception pcreceipt defines derives from one root, ``pcreceipt.errors.PcreceiptError``.

The test imports every module of the package (pkgutil.walk_packages), so a new module or a new
exception class is covered without being listed here.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType

import pytest

import pcreceipt
from pcreceipt import errors
from pcreceipt.errors import ApiError, PcreceiptError
from pcreceipt.models import limits


def every_module() -> list[ModuleType]:
    """Every module of the package but ``__main__`` (importing it runs the command line; it
    defines nothing)."""
    names = [pcreceipt.__name__]
    names += [info.name for info in pkgutil.walk_packages(pcreceipt.__path__, prefix=f"{pcreceipt.__name__}.")]
    return [importlib.import_module(name) for name in sorted(names) if not name.endswith(".__main__")]


def defined_exceptions(modules: list[ModuleType] | None = None) -> list[type[BaseException]]:
    """Every exception class defined (not merely imported) in the modules (default: pcreceipt's)."""
    found = []
    for module in every_module() if modules is None else modules:
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, BaseException) and value.__module__ == module.__name__:
                found.append(value)
    return found


def test_the_scan_finds_every_family() -> None:
    modules = {module.__name__ for module in every_module()}
    assert {
        "pcreceipt.contract.gate",
        "pcreceipt.store.sqlite",
        "pcreceipt.server.app",
        "pcreceipt.cli.main",
    } <= modules
    names = {cls.__qualname__ for cls in defined_exceptions()}
    families = {"ApiError", "SettingsError", "InferenceError", "ClientError", "StoreError", "StoreURLError"}
    assert families | {"SeekdbError", "ReceiptFailure"} <= names


def test_every_exception_derives_from_the_root() -> None:
    strays = [
        f"{cls.__module__}.{cls.__qualname__}" for cls in defined_exceptions() if not issubclass(cls, PcreceiptError)
    ]
    assert not strays, f"exceptions outside pcreceipt.errors.PcreceiptError: {strays}"


def test_a_stray_exception_would_be_seen() -> None:
    module = ModuleType("pcreceipt.stray")
    source = "class Stray(ValueError):\n    pass\nfrom pcreceipt.errors import NotFound\n"
    exec(compile(source, "<stray>", "exec"), module.__dict__)
    found = defined_exceptions([module])
    assert [cls.__name__ for cls in found] == ["Stray"]  # NotFound is imported there, not defined
    assert not issubclass(found[0], PcreceiptError)


def test_every_api_error_code_is_a_contract_error_code() -> None:
    api_errors = [cls for cls in defined_exceptions() if issubclass(cls, ApiError)]
    assert {cls.code for cls in api_errors} <= set(limits.ERROR_CODE_ENUM)
    assert errors.ServiceUnavailable.code == "storage_unavailable"
    assert errors.ServiceUnavailable.status == 503


def test_no_api_error_shares_a_name_with_another_family() -> None:
    """An API error is no homonym of a store error (``ServiceUnavailable``, not ``StoreUnavailable``)."""
    api = {cls.__name__ for cls in defined_exceptions() if issubclass(cls, ApiError)}
    others = {cls.__name__ for cls in defined_exceptions() if not issubclass(cls, ApiError)}
    assert not api & others
    assert not hasattr(errors, "StorageUnavailable")


@pytest.mark.parametrize(
    ("module", "name", "standard"),
    [
        ("pcreceipt.config", "SettingsError", ValueError),
        ("pcreceipt.store", "StoreURLError", ValueError),
        ("pcreceipt.store.oceanbase.seekdb", "SeekdbError", RuntimeError),
    ],
)
def test_a_family_that_was_a_standard_exception_still_is_one(module: str, name: str, standard: type) -> None:
    """Existing ``except ValueError`` / ``except RuntimeError`` clauses keep catching them."""
    cls = getattr(importlib.import_module(module), name)
    assert issubclass(cls, PcreceiptError)
    assert issubclass(cls, standard)
