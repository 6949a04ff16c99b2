"""First use and start-up (issue 10): what a command loads, and the notice before compiling.

numba is loaded only by the first compiled call of a kernel; reading, writing, ``formats`` and
``detect`` never load it, and a command's small batch runs its kernels as plain Python
(:func:`puzzlefmt._jit.tier`) with the compiled kernels' results. Before a compiled call that
finds nothing in numba's cache, one line on stderr says that compiling happens now.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import textwrap
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from puzzlefmt import _aot, _jit
from puzzlefmt.cli import main

from helpers import ROOT, shared_path

PASTED = ROOT / "examples" / "sudoku" / "pasted-line.txt"
NOTICE = "puzzlefmt: compiling the Sudoku solver (once; later runs load them from the cache)"


def _solves(puzzle: str, solution: str) -> bool:
    """Whether ``solution`` is a Sudoku solution keeping ``puzzle``'s givens (checked here by
    the rules, not by the solver under test)."""
    if len(solution) != 81 or not solution.isdigit() or "0" in solution:
        return False
    units = [[9 * r + c for c in range(9)] for r in range(9)]
    units += [[9 * r + c for r in range(9)] for c in range(9)]
    units += [[9 * (3 * (b // 3) + i // 3) + 3 * (b % 3) + i % 3 for i in range(9)]
              for b in range(9)]
    return (all(len({solution[i] for i in u}) == 9 for u in units)
            and all(g in ".0" or g == v for g, v in zip(puzzle[:81], solution, strict=True)))


def _python(code: str) -> str:
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_DISABLE_JIT"}
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True,
                          text=True, check=True, env=env, cwd=ROOT, timeout=120)
    return proc.stdout


def test_import_formats_detect_and_kernel_modules_load_no_numba() -> None:
    out = _python(f"""
        import contextlib, io, json, sys
        import puzzlefmt
        loaded = {{"import": "numba" in sys.modules}}
        from puzzlefmt.cli import main
        for argv in (["formats"], ["detect", {str(PASTED)!r}],
                     ["convert", {str(PASTED)!r}, "--to", "sdm", "-q"]):
            with contextlib.redirect_stdout(io.StringIO()):
                assert main(argv) == 0
            loaded[argv[0]] = "numba" in sys.modules
        # A kernel module's import makes no dispatcher: numba waits for the first call.
        import puzzlefmt.sudoku._kernels.solve, puzzlefmt.sudoku._kernels.canon
        import puzzlefmt.keen._kernels.solve, puzzlefmt.keen._kernels.grade
        import puzzlefmt.cgp._kernels.score
        loaded["kernel modules"] = "numba" in sys.modules
        # An extension registered for when numba comes runs then, once, and not before.
        from puzzlefmt import _aot, _jit
        calls = []
        _jit.with_numba(lambda: calls.append("numba" in sys.modules))
        loaded["hook before"] = list(calls)
        _jit._load_numba()
        _jit._load_numba()
        loaded["hook after"] = calls
        print(json.dumps(loaded))
    """)
    assert json.loads(out) == {"import": False, "formats": False, "detect": False,
                               "convert": False, "kernel modules": False, "hook before": [],
                               "hook after": [True]}


def test_version_and_a_built_in_command_parser_import_no_family() -> None:
    """``--version`` (and building the parser for a built-in command) imports no family
    package: the engine commands and the ``--family`` choices come from the registry only
    when asked for (0.2's ``--version`` read no family; the engine tables had made it read
    all three)."""
    out = _python("""
        import contextlib, io, json, sys
        from puzzlefmt.cli import build_parser, main
        with contextlib.redirect_stdout(io.StringIO()) as text:
            try:
                main(["--version"])
            except SystemExit:
                pass
        families = sorted({m.split(".")[1] for m in sys.modules
                           if m.startswith("puzzlefmt.") and m.endswith(".family")
                           and m.count(".") == 2})
        build_parser("convert")
        later = sorted({m.split(".")[1] for m in sys.modules
                        if m.startswith("puzzlefmt.") and m.endswith(".family")
                        and m.count(".") == 2})
        print(json.dumps([text.getvalue().split()[:2], families, later]))
    """)
    version, families, later = json.loads(out)
    assert version[0] == "puzzlefmt"
    assert families == []
    assert later == []


def test_the_command_line_loads_numpy_without_openblas_threads() -> None:
    """The console entry asks OpenBLAS for one thread (numpy's others spin for nothing: no
    command does linear algebra) before anything loads numpy; a value already set stays."""
    out = _python("""
        import os, sys
        from puzzlefmt import cli
        cli.main = lambda argv=None: 0
        for before in (None, "3"):
            os.environ.pop("OPENBLAS_NUM_THREADS", None)
            if before is not None:
                os.environ["OPENBLAS_NUM_THREADS"] = before
            try:
                cli.run()
            except SystemExit:
                pass
            print(os.environ.get("OPENBLAS_NUM_THREADS"), "numpy" in sys.modules)
    """)
    assert out.split() == ["1", "False", "3", "False"]


def test_a_one_line_solve_runs_without_numba(tmp_path: Path) -> None:
    vectors = shared_path("vectors", "keen", "vectors-rocurley-6du.tsv")
    keen_id, keen_want = next(x.split("\t")[:2] for x in vectors.read_text("utf-8").splitlines()
                              if x and not x.startswith(("#", "game_id")))
    keen = tmp_path / "keen-one.txt"
    keen.write_text(keen_id + "\n", encoding="ascii")
    out = _python(f"""
        import sys
        from puzzlefmt.cli import main
        assert main(["solve", {str(PASTED)!r}, "-q"]) == 0
        assert main(["solve", {str(keen)!r}, "-q"]) == 0
        print("numba" in sys.modules)
    """)
    solution, keen_solution, numba_loaded = out.split()
    assert _solves(PASTED.read_text(encoding="utf-8"), solution)
    assert keen_solution == keen_want
    assert numba_loaded == "False"


def _compiled_as_installed(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on, kernels run as a command runs them: the ahead-of-time extension where
    the install built it (else numba's JIT), not the JIT alone as in ``fresh_tier``."""
    monkeypatch.delenv("PUZZLEFMT_AOT")
    _aot.use(None)


@pytest.fixture
def fresh_tier(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A process where no kernel has been compiled yet and no plain-Python time spent, and
    no ahead-of-time extension in use (with one, small batches run it, not plain Python)."""
    monkeypatch.setattr(_jit, "_compiled", False)
    monkeypatch.setattr(_jit, "_spent", 0.0)
    monkeypatch.setenv("PUZZLEFMT_AOT", "0")
    _aot.use(None)
    yield
    monkeypatch.undo()
    _aot.use(None)


@pytest.mark.usefixtures("fresh_tier")
def test_tier_runs_plain_python_only_where_allowed_small_and_within_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with _jit.tier(1):
        assert not _jit.interpreted()  # a library call: compiled
    with _jit.allowed():
        with _jit.tier(8):
            assert _jit.interpreted()
        assert not _jit.interpreted()
        with _jit.tier(9):
            assert not _jit.interpreted()  # too big a batch
        monkeypatch.setattr(_jit, "_spent", _jit.BUDGET)
        with _jit.tier(1):
            assert not _jit.interpreted()  # budget spent
        monkeypatch.setattr(_jit, "_spent", 0.0)
        monkeypatch.setattr(_jit, "_compiled", True)
        with _jit.tier(1):
            assert not _jit.interpreted()  # numba is in: compiled is cheaper now
    with _jit.tier(1):
        assert not _jit.interpreted()


def _digits(line: str) -> list[int]:
    return [int(c) if c.isdigit() else 0 for c in line[:81]]


@pytest.mark.usefixtures("fresh_tier")
def test_plain_python_tier_gives_the_compiled_results(monkeypatch: pytest.MonkeyPatch) -> None:
    from puzzlefmt.keen import Puzzle
    from puzzlefmt.keen.solver import solve_many as keen_solve
    from puzzlefmt.sudoku.canon import minlex_array
    from puzzlefmt.sudoku.solver import solve_array

    data = shared_path("data", "sudoku", "tdoku_format", "puzzles2_17_clue")
    lines = [x for x in data.read_text(encoding="utf-8").splitlines()
             if len(x) >= 81 and not x.startswith("#")][:4]
    grid = np.array([_digits(x) for x in lines], dtype=np.uint8)
    grid[3, :9] = [1, 1, 0, 0, 0, 0, 0, 0, 0]  # no solution
    vectors = shared_path("vectors", "keen", "vectors-rocurley-6du.tsv")
    ids = [x.split("\t")[0] for x in vectors.read_text(encoding="utf-8").splitlines()
           if x and not x.startswith(("#", "game_id"))][:3]
    puzzles = [Puzzle(i) for i in ids]

    def run() -> tuple[Any, ...]:
        counts, sols = solve_array(grid, 2)
        forms = [minlex_array(grid[:3], c) for c in ("string", "pattern")]
        keen = [(r.count, [s.solution for s in r.solutions]) for r in keen_solve(puzzles)]
        return counts.tolist(), sols.tolist(), [f.tolist() for f in forms], keen

    with _jit.allowed():
        plain = run()
        assert _jit._spent > 0  # it did run as plain Python
    _compiled_as_installed(monkeypatch)
    compiled = run()
    assert plain == compiled
    assert plain[0] == [1, 1, 1, 0]


BIG_TARGETS = (
    "6:a3_3a_4a_3b_a3_aba4__aa__a__ba,s3m18m12a5a7s2a12s2s3m1080d2a10s1m6",
    "6:_aa_b_a_3a_3a_3a_3a_9ab_ababaa,s2s1m15a5m300d2d2s3m6s1m12a6a6d3s1a7",
)


@pytest.mark.usefixtures("fresh_tier")
def test_plain_python_tier_reads_targets_past_a_byte(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Keen ID decoder reads bytes (uint8): as plain Python, a target of 300 or 1080
    must not wrap around (it did: numpy's uint8 arithmetic), nor warn."""
    from puzzlefmt.keen import Puzzle
    from puzzlefmt.keen.columnar import decode_lines

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with _jit.allowed():
            plain = decode_lines(list(BIG_TARGETS))
            assert _jit._spent > 0  # it did run as plain Python
    _compiled_as_installed(monkeypatch)
    compiled = decode_lines(list(BIG_TARGETS))
    assert plain.ok.tolist() == compiled.ok.tolist() == [True, True]
    assert plain.target.tolist() == compiled.target.tolist()
    for row, text in zip(plain.target.tolist(), BIG_TARGETS, strict=True):
        want = [c.target for c in Puzzle(text).cages]
        assert row[:len(want)] == want
        assert max(want) > 255


@pytest.mark.usefixtures("fresh_tier")
def test_cold_notice_is_one_line_on_stderr_before_the_kernel_runs(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    """The cache looks cold (its check mocked); the kernel is a stand-in that records what
    stderr held when it ran, then does the work as plain Python."""
    from puzzlefmt.sudoku._kernels import solve as _solve_kernel

    kernel = _solve_kernel.solve_batch
    assert isinstance(kernel, _jit.Kernel)
    err_when_run: list[str] = []

    def stand_in(*args: Any) -> None:
        err_when_run.append(capsys.readouterr().err)
        monkeypatch.setattr(_jit._state, "interpreted", True)
        try:
            kernel.py_func(*args)
        finally:
            monkeypatch.setattr(_jit._state, "interpreted", False)

    monkeypatch.delenv("NUMBA_DISABLE_JIT", raising=False)
    monkeypatch.setattr(_jit, "_noticed", False)
    monkeypatch.setattr(_jit, "_cached", lambda dispatcher: False)
    monkeypatch.setattr(kernel, "_dispatcher", stand_in)
    monkeypatch.setattr(kernel, "_warm", False)
    monkeypatch.setattr(kernel, "_ahead", False)  # the JIT's path, not the ahead-of-time one
    many = tmp_path / "many.txt"
    many.write_text((PASTED.read_text(encoding="utf-8").splitlines()[0] + "\n") * 12,
                    encoding="utf-8")  # more than tier()'s small batch: compiled
    for _ in range(2):  # a second command in the same process says nothing again
        assert main(["solve", str(many), "-q", "-o", str(tmp_path / "out.txt")]) == 0
    after = capsys.readouterr()
    assert err_when_run[0] == NOTICE + "\n"
    assert all(e == "" for e in err_when_run[1:]), err_when_run
    assert NOTICE not in after.err + after.out
    solutions = (tmp_path / "out.txt").read_text(encoding="utf-8").splitlines()
    assert len(solutions) == 12
    assert all(_solves(PASTED.read_text(encoding="utf-8"), s) for s in solutions)


def test_notice_names_what_compiles_and_stays_quiet_when_jit_is_disabled(
        monkeypatch: pytest.MonkeyPatch) -> None:
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    monkeypatch.setattr(_jit, "_noticed", False)
    monkeypatch.setattr(_jit, "_what", "kernels")
    monkeypatch.setenv("NUMBA_DISABLE_JIT", "1")
    _jit._notice()
    assert err.getvalue() == ""
    monkeypatch.delenv("NUMBA_DISABLE_JIT")
    _jit.notice_if_cold("the canonical-form kernels")
    assert err.getvalue() == ""  # naming is not noticing
    _jit._notice()
    _jit._notice()
    assert err.getvalue() == ("puzzlefmt: compiling the canonical-form kernels (once; later "
                              "runs load them from the cache)\n")


def test_a_kernel_pickles_by_name() -> None:
    import pickle

    from puzzlefmt.sudoku._kernels import solve as _solve_kernel

    assert pickle.loads(pickle.dumps(_solve_kernel.solve_batch)) is _solve_kernel.solve_batch


def test_kernels_count_as_interpreted_where_numba_does_not_compile(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A caller that bounds its work by time (Keen's --timeout) takes small steps wherever
    the kernels run as plain Python: in the tier, with NUMBA_DISABLE_JIT=1, and without
    numba (unless the ahead-of-time extension runs them)."""
    monkeypatch.delenv("NUMBA_DISABLE_JIT", raising=False)
    monkeypatch.setattr(_jit, "_numba", None)
    assert not _jit.interpreted()  # numba is installed here
    monkeypatch.setenv("NUMBA_DISABLE_JIT", "1")
    assert _jit.interpreted()
    monkeypatch.delenv("NUMBA_DISABLE_JIT")
    monkeypatch.setattr(_jit, "_numba", False)  # as without numba
    monkeypatch.setattr(_aot, "in_use", lambda: False)
    assert _jit.interpreted()
    monkeypatch.setattr(_aot, "in_use", lambda: True)
    assert not _jit.interpreted()


def test_generate_keen_imports_the_keen_family_only() -> None:
    """``generate keen`` builds its parser from the Keen family's generator alone and imports
    no other family (0.3 s of a small command's start-up went to the Sudoku and CGP
    families); an option it does not spell whole, or help, reads every family as before."""
    out = _python("""
        import contextlib, io, json, sys
        from puzzlefmt.cli import main

        def families():
            return sorted({m.split(".")[1] for m in sys.modules
                           if m.startswith("puzzlefmt.") and m.endswith(".family")
                           and m.count(".") == 2})

        text = io.StringIO()
        with contextlib.redirect_stdout(text):
            code = main(["generate", "keen", "3dn", "-n", "2", "--seed", "s", "-q"])
        seen = [code, text.getvalue().count(chr(10)), families()]
        err = io.StringIO()
        with contextlib.redirect_stderr(err):
            code = main(["generate", "keen", "3dn", "--symmetry", "rot180"])
        seen += [code, err.getvalue().strip(), families()]
        print(json.dumps(seen))
    """)
    assert json.loads(out) == [0, 2, ["keen"], 2,
                               "puzzlefmt generate: keen generation has no --symmetry option",
                               ["cgp", "keen", "sudoku"]]
