"""Issue 20, "rough edges a new user hit": each test failed on 0.2."""

from __future__ import annotations

import pytest

from puzzlefmt.cli import main

# ---------------------------------------------------------------------- --version


def test_version_is_printed_on_stdout_with_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    """0.2 printed it on stderr (argparse's exit message)."""
    import puzzlefmt

    assert main(["--version"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith(f"puzzlefmt {puzzlefmt.__version__}\n")
    assert "ahead-of-time kernels:" in captured.out
    assert captured.err == ""
