"""The hypothesis profiles of the suite (tests/conftest.py, docs/testing.md): "fast" by default
on a developer's machine, "ci" (every property's own number of examples) under CI, with
``PUZZLEFMT_TESTS=full`` or with ``--hypothesis-profile=ci``; ``helpers.examples(n)`` scales
a property's explicit number with the profile."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import FAST_EXAMPLES, FEWEST_EXAMPLES, FULL_EXAMPLES, ROOT, examples

#: read when this module is imported, as every property's examples(n) is
AT_IMPORT = examples(60).max_examples


@contextmanager
def _profile(name: str) -> Iterator[None]:
    before = settings.get_current_profile_name()
    settings.load_profile(name)
    try:
        yield
    finally:
        settings.load_profile(before)


def test_the_full_profile_runs_each_propertys_own_number() -> None:
    with _profile("ci"):
        assert [examples(n).max_examples for n in (1, 3, 10, 60, 150, 400)] == [
            1, 3, 10, 60, 150, 400]
        assert settings.default.max_examples == FULL_EXAMPLES


def test_the_fast_profile_runs_a_fifth_and_never_fewer_than_a_few() -> None:
    with _profile("fast"):
        assert FAST_EXAMPLES * 5 == FULL_EXAMPLES
        assert [examples(n).max_examples for n in (1, 3, 10, 30, 60, 150, 400)] == [
            1, 3, FEWEST_EXAMPLES, 6, 12, 30, 80]


def test_other_settings_pass_through() -> None:
    with _profile("fast"):
        made = examples(60, deadline=1000, derandomize=True)
    assert made.deadline is not None
    assert made.derandomize
    assert made.max_examples == 12


@pytest.mark.parametrize(("profile", "runs"), [("fast", 12), ("ci", 60)])
def test_a_property_runs_the_number_its_profile_gives(profile: str, runs: int) -> None:
    calls: list[int] = []
    with _profile(profile):

        @examples(60)
        @given(st.integers())
        def prop(n: int) -> None:
            calls.append(n)

        prop()
    assert len(calls) == runs


def _profile_chosen(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("CI", "PUZZLEFMT_TESTS")}
    code = ("import conftest; from hypothesis import settings; "
            "print(settings.get_current_profile_name())")
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT / "tests", env=clean | env,
                          capture_output=True, text=True, check=False)


@pytest.mark.parametrize(("env", "profile"), [
    ({}, "fast"),
    ({"CI": "true"}, "ci"),
    ({"PUZZLEFMT_TESTS": "full"}, "ci"),
    ({"PUZZLEFMT_TESTS": "fast"}, "fast"),
    ({"CI": "true", "PUZZLEFMT_TESTS": "fast"}, "fast"),
])
def test_the_environment_chooses_the_profile(env: dict[str, str], profile: str) -> None:
    run = _profile_chosen(env)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == profile


def test_a_misspelt_choice_is_refused_saying_the_choices() -> None:
    run = _profile_chosen({"PUZZLEFMT_TESTS": "ful"})
    assert run.returncode != 0
    assert "PUZZLEFMT_TESTS must be 'fast' or 'full', found 'ful'" in run.stderr


@pytest.mark.parametrize(("env", "option", "expected"), [
    ({}, [], 12),
    ({}, ["--hypothesis-profile=ci"], 60),
    ({"PUZZLEFMT_TESTS": "full"}, [], 60),
])
def test_a_module_imported_under_a_profile_scales_with_it(
    env: dict[str, str], option: list[str], expected: int
) -> None:
    """The command line's profile is loaded before the test modules are imported, so that
    examples(n) at import time already sees it."""
    clean = {k: v for k, v in os.environ.items() if k not in ("CI", "PUZZLEFMT_TESTS")}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "--co", "-p", "no:cacheprovider", *option,
         __file__],
        cwd=ROOT, env=clean | env | {"PUZZLEFMT_PROBE": "1"}, capture_output=True, text=True,
        check=False)
    assert run.returncode == 0, run.stdout + run.stderr
    assert f"AT_IMPORT={expected}" in run.stdout, run.stdout


if os.environ.get("PUZZLEFMT_PROBE"):  # the subprocess above: say what was read at import
    print(f"AT_IMPORT={AT_IMPORT}")
