"""Skill packages in PowerContext 1.4.1's canonical form (``store.skill_package``): the canonical
archive is a fixed point (re-capturing it changes no byte) whatever the upload's order, names and
compression; hostile archives (paths out of the package, links, collisions, encryption, bombs)
are refused before anything is written."""

from __future__ import annotations

import io
import stat
import zipfile
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pcreceipt.store import skill_package
from pcreceipt.store.skill_package import PackageRefused

MANIFEST = b"---\nname: release-check\ndescription: Check a release branch.\n---\n\nRun the tests.\n"
NAMES = st.text(alphabet="abcdefghij0123456789-_", min_size=1, max_size=8)


def upload(files: list[tuple[str, bytes, int]], *, compression: int = zipfile.ZIP_STORED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=compression) as archive:
        for name, content, mode in files:
            info = zipfile.ZipInfo(name, date_time=(2020, 5, 17, 1, 2, 3))
            info.external_attr = mode << 16
            archive.writestr(info, content)
    return out.getvalue()


@settings(max_examples=40, deadline=None)
@given(
    st.dictionaries(st.tuples(NAMES, NAMES).map("/".join), st.binary(max_size=64), max_size=6),
    st.booleans(),
    st.randoms(use_true_random=False),
)
def test_the_canonical_archive_is_a_fixed_point(extra: dict[str, bytes], executable: bool, rng: object) -> None:
    mode = stat.S_IFREG | (0o755 if executable else 0o600)
    files = [("SKILL.md", MANIFEST, stat.S_IFREG | 0o644), *((p, c, mode) for p, c in extra.items())]
    shuffled = list(files)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    first = skill_package.from_archive(upload(files))
    second = skill_package.from_archive(upload(shuffled, compression=zipfile.ZIP_DEFLATED))
    assert first.reference == second.reference and first.archive == second.archive
    again = skill_package.from_archive(first.archive)
    assert again.archive == first.archive and again.reference == first.reference
    assert first.reference["file_count"] == len(files)
    assert {f["path"]: f["executable"] for f in first.files if f["path"] != "SKILL.md"} == dict.fromkeys(
        extra, executable
    )


@pytest.mark.parametrize(
    "name",
    ["../escape.md", "/etc/passwd", "a/../../b", "a\\b", ".git/config", "node_modules/x.js", "a//b", "./SKILL.md"],
)
def test_paths_that_leave_the_package_are_refused(name: str) -> None:
    with pytest.raises(PackageRefused):
        skill_package.from_archive(upload([("SKILL.md", MANIFEST, 0o100644), (name, b"x", 0o100644)]))


def test_links_collisions_and_bombs_are_refused() -> None:
    link = upload([("SKILL.md", MANIFEST, 0o100644), ("l", b"/etc/passwd", stat.S_IFLNK | 0o777)])
    collide = upload([("SKILL.md", MANIFEST, 0o100644), ("Notes.md", b"a", 0o100644), ("notes.md", b"b", 0o100644)])
    bomb = upload([("SKILL.md", MANIFEST, 0o100644), ("z", b"\0" * (4 * 1024 * 1024 + 1), 0o100644)],
                  compression=zipfile.ZIP_DEFLATED)  # fmt: skip
    many = upload([("SKILL.md", MANIFEST, 0o100644), *((f"f{n}", b"", 0o100644) for n in range(256))])
    for data in (link, collide, bomb, many, b"not a zip", upload([("README.md", b"x", 0o100644)])):
        with pytest.raises(PackageRefused):
            skill_package.from_archive(data)


SKILL = {
    "name": "release-check",
    "description": "Check a release branch before tagging it.",
    "instructions": "Run the test suite, then the packaging check.",
    "validation": ["the packaging check passes"],
}
PEER_ARCHIVE_DIGESTS = {
    "plain": ({}, "7fe9f192d9650ad036070e85f83b5fb652df5e713504d96827396397f09fa1bf"),
    "revised": ({"instructions": "New text."}, "9a333f32290a8325c158760da9d26d7f782178ad3193b2a823d9f8d079df835b"),
    "leading blank lines": (
        {"instructions": "\n\nhello"},
        "8c098d11bd2e0efffdea126ad85e17c555430e7e245579f5a022ac4142fd020a",
    ),
    "every optional field": (
        {"metadata": {"k": "v: x", "é": "ü"}, "license": "MIT", "compatibility": "py3", "allowed_tools": "Bash"},
        "b3bf39879df8f299c609485922628e2a157fa36a76327779cd8a6d38415cb8c5",
    ),
}
"""Archive digests PowerContext 1.4.1 answered for these text proposals (propose_skill on
``powercontext server run``)."""


@pytest.mark.parametrize("case", sorted(PEER_ARCHIVE_DIGESTS))
def test_a_text_proposal_s_package_is_byte_for_byte_1_4_1_s(case: str) -> None:
    change, digest = PEER_ARCHIVE_DIGESTS[case]
    package = skill_package.from_proposal(SKILL | change)
    assert package.reference["archive_digest"] == digest
    assert skill_package.from_archive(package.archive).reference == package.reference  # already canonical


def test_the_skill_md_of_a_text_proposal() -> None:
    package = skill_package.from_proposal(SKILL | {"license": "MIT", "metadata": {"team": "release"}})
    assert package.file("SKILL.md").decode() == (
        "---\nname: release-check\ndescription: Check a release branch before tagging it.\nlicense: MIT\n"
        "metadata:\n  team: release\n---\n\nRun the test suite, then the packaging check.\n\n## Validation\n\n"
        "- the packaging check passes\n"
    )
    assert [file["path"] for file in package.files] == ["SKILL.md"] and not package.files[0]["executable"]
    content = package.skill_content()
    assert content["validation"] == [] and content["instructions"].endswith(
        "## Validation\n\n- the packaging check passes"
    )


TRIMMED = st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1, max_size=60).filter(
    lambda value: value == value.strip() and bool(value)
)


@settings(max_examples=60, deadline=None)
@given(
    st.from_regex(r"[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,3}", fullmatch=True),
    TRIMMED,
    st.text(min_size=1, max_size=200).map(str.rstrip).filter(bool),
    st.lists(TRIMMED, min_size=1, max_size=4),
    st.dictionaries(TRIMMED, TRIMMED, max_size=3),
    st.one_of(st.none(), TRIMMED),
)
def test_a_text_proposal_s_package_caches_what_it_holds(
    name: str, description: str, instructions: str, validation: list[str], metadata: dict[str, str], licence: Any
) -> None:
    proposal = {"name": name, "description": description, "instructions": instructions, "validation": validation,
                "metadata": metadata, "license": licence}  # fmt: skip
    try:
        package = skill_package.from_proposal(proposal)
    except PackageRefused:  # text that does not read back as a standard package: 1.4.1 refuses it too
        return
    assert skill_package.from_proposal(proposal).archive == package.archive  # deterministic
    cached = skill_package.cached_content(package.reference, package.archive)
    assert cached == package.skill_content() and cached["package"] == package.reference
    assert (cached["name"], cached["description"], cached["metadata"]) == (name, description, metadata)
    assert skill_package.from_archive(package.archive).reference == package.reference
    with pytest.raises(PackageRefused):
        skill_package.from_proposal(cached)  # a package-backed proposal is not rebuilt from its text
