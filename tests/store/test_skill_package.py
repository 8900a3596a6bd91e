"""Skill packages in PowerContext 1.4.1's canonical form (``store.skill_package``): the canonical
archive is a fixed point (re-capturing it changes no byte) whatever the upload's order, names and
compression; hostile archives (paths out of the package, links, collisions, encryption, bombs)
are refused before anything is written."""

from __future__ import annotations

import io
import stat
import zipfile

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
