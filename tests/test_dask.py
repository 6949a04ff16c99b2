"""The batch jobs on a real Dask cluster (a LocalCluster of 2 worker processes on 127.0.0.1):
the same output as the local command, byte for byte; Parquet in and out; a worker killed mid-job;
a corrupted line reported with its file and line."""

from __future__ import annotations

import gzip
import io
import logging
import os
import re
import signal
import socket
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from distributed import Client, LocalCluster

import puzzlefmt.dask as pdask
from puzzlefmt import registry
from puzzlefmt.cli import main
from puzzlefmt.engine import GenerationTimeoutError
from puzzlefmt.jobs import Job

from helpers import shared_path

DATA = ("data", "sudoku", "tdoku_format")


@pytest.fixture(scope="module")
def client() -> Iterator[Client]:
    with pdask.local_cluster(2) as cluster, Client(cluster) as c:
        yield c


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Two text files (one with a corrupted line and comments), the same lines gzipped, and
    the lines as Parquet."""
    folder = tmp_path_factory.mktemp("dask")
    seventeen = shared_path(*DATA, "puzzles2_17_clue").read_text().splitlines()
    hardest = shared_path(*DATA, "puzzles5_forum_hardest_1905_11+").read_text().splitlines()
    first = [ln for ln in seventeen if not ln.startswith("#")][:1500]
    second = [ln for ln in hardest if not ln.startswith("#")][:600]
    second[250] = second[250][:70]  # a corrupted line: 70 cells
    second.insert(100, "# a comment in the middle")
    a = folder / "a.txt"
    b = folder / "b.txt"
    a.write_text("\n".join(first) + "\n")
    b.write_text("\n".join(second) + "\n")
    both = folder / "both.txt"
    both.write_text(a.read_text() + b.read_text())
    gz = folder / "both.txt.gz"
    gz.write_bytes(gzip.compress(both.read_bytes()))
    table = pa.table({"id": list(range(len(first))), "puzzle": first})
    pq.write_table(table, folder / "a.parquet", row_group_size=400)
    return {"a": a, "b": b, "both": both, "gz": gz, "parquet": folder / "a.parquet",
            "folder": folder}


def _local(args: list[str], out: Path) -> bytes:
    main([*args, "-o", str(out), "-q", "--no-progress"])
    return out.read_bytes()


@pytest.mark.parametrize(
    "job",
    [Job("solve"), Job("validate"), Job("canon"), Job("canon", convention="pattern"),
     Job("convert", target="sdm")],
    ids=["solve", "validate", "canon", "canon-pattern", "convert-sdm"],
)
def test_every_job_gives_the_local_output(client: Client, sample: dict[str, Path],
                                          job: Job, tmp_path: Path) -> None:
    args = {"solve": ["solve"], "validate": ["validate"],
            "canon": ["canon", "--convention", job.convention],
            "convert": ["convert", "--to", job.target]}[job.name]
    want = _local([*args, str(sample["both"])], tmp_path / "local.txt")
    got = tmp_path / "cluster.txt"
    # small blocks: the file becomes many partitions, numbered from their place in the file
    summary = pdask.run_text(client, job, [str(sample["both"])], got, blocksize=20_000)
    assert summary.parts > 5
    assert got.read_bytes() == want
    assert summary.records_in == summary.written + summary.rejected == 2100
    assert summary.rejected == 1


def test_the_command_line_on_a_cluster(client: Client, sample: dict[str, Path],
                                       tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                       ) -> None:
    address = client.scheduler.address
    want = _local(["solve", str(sample["both"])], tmp_path / "local.txt")
    got = tmp_path / "cluster.txt"
    rejects = tmp_path / "rejects.tsv"
    code = main(["solve", str(sample["folder"] / "[ab].txt"), "--cluster", address, "-o",
                 str(got), "--rejects", str(rejects)])
    assert code == 2  # one record did not parse
    assert got.read_bytes() == want
    err = capsys.readouterr().err
    assert "2100 records in: 2099 solved" in err
    assert "1 rejected" in err
    path, number, line, why = rejects.read_text().splitlines()[0].split("\t")
    assert (path, number, line) == (str(sample["b"]), "251", "252")
    assert "expected 81 cells" in why or "81" in why


def test_compressed_input(client: Client, sample: dict[str, Path], tmp_path: Path) -> None:
    want = _local(["canon", str(sample["both"])], tmp_path / "local.txt")
    got = tmp_path / "gz.txt"
    pdask.run_text(client, Job("canon"), str(sample["gz"]), got)
    assert got.read_bytes() == want


def test_unique_canon_across_files(client: Client, sample: dict[str, Path],
                                   tmp_path: Path) -> None:
    # the same puzzles twice, in two files: the second file adds nothing
    twice = tmp_path / "twice.txt"
    twice.write_text(sample["a"].read_text() * 2)
    want = _local(["canon", "--unique", str(twice)], tmp_path / "local.txt")
    got = tmp_path / "cluster.txt"
    kept, dropped = pdask.unique_canon(client, [str(sample["a"]), str(sample["a"])], got,
                                       blocksize=20_000)
    assert got.read_bytes() == want
    assert (kept, dropped) == (1500, 1500)


def test_parquet_in_and_out(client: Client, sample: dict[str, Path], tmp_path: Path) -> None:
    want = _local(["solve", str(sample["a"])], tmp_path / "local.txt")
    got = tmp_path / "from-parquet.txt"
    pdask.run_text(client, Job("solve"), str(sample["parquet"]), got, parquet_column="puzzle")
    assert got.read_bytes() == want
    out = tmp_path / "out.parquet"
    rows = pdask.run_parquet(client, Job("solve"), str(sample["a"]), out, blocksize=30_000)
    assert rows == 1500
    table = pq.read_table(out)
    assert table.schema.field("solutions").type == pa.int64()
    assert table.schema.field("clues").type == pa.int64()
    first = table.slice(0, 1).to_pylist()[0]
    assert first["file"] == str(sample["a"])
    assert (first["record"], first["line"], first["status"], first["clues"]) == (1, 1, "unique",
                                                                                  17)
    assert first["solution"] == want.decode().splitlines()[0]
    assert table.column("puzzle").to_pylist() == sample["a"].read_text().splitlines()


def test_counts_by_clue_count(client: Client, sample: dict[str, Path]) -> None:
    counts = pdask.count_by(client, str(sample["a"]), "clues")
    assert counts == {17: 1500}


def test_a_killed_worker_is_retried_and_the_result_is_whole(
    client: Client, sample: dict[str, Path], tmp_path: Path
) -> None:
    want = _local(["solve", str(sample["both"])], tmp_path / "local.txt")
    pids = list(client.run(os.getpid).values())
    killed = threading.Event()

    def kill_one() -> None:
        # the job is under way: kill a worker process outright
        killed.wait(30)
        os.kill(pids[0], signal.SIGKILL)

    got = tmp_path / "cluster.txt"
    threading.Thread(target=kill_one, daemon=True).start()
    parts_seen = 0
    fmt, parts = pdask.plan(client, [str(sample["both"])], blocksize=2_000)
    with got.open("w", encoding="utf-8", newline="") as out:
        for part in pdask.run_parts(client, Job("solve"), parts, fmt):
            out.write(part.text)
            parts_seen += 1
            if parts_seen == 1:
                killed.set()  # the other parts are queued or running on both workers
    assert parts_seen == len(parts)
    assert got.read_bytes() == want
    assert os.getpid() not in pids
    client.wait_for_workers(2, timeout=60)


def test_the_parts_give_every_worker_work(client: Client, tmp_path: Path) -> None:
    """Without a blocksize, a file of a few MiB is cut into about four parts a worker thread
    (none under 1 MiB), and the output is still the local command's."""
    src = shared_path("data", "sudoku", "tdoku_format", "puzzles2_17_clue")
    slots = sum(client.nthreads().values())
    _fmt, parts = pdask.plan(client, [str(src)])
    assert src.stat().st_size < 32 << 20  # one part with the old fixed 32 MiB
    assert len(parts) >= 2 * slots
    assert parts[-1].records_before > 49_158 * (len(parts) - 2) // len(parts)
    got = tmp_path / "cluster.txt"
    pdask.run_text(client, Job("canon"), [str(src)], got)
    assert got.read_bytes() == _local(["canon", str(src)], tmp_path / "local.txt")


# --------------------------------------------------------------------------- issue 20

_PARENTHESIS = re.compile(r" \((?:[\d.]+ s, [\d,]+ records/s|\d+ partitions?)\)$")


def _said(err: str) -> list[str]:
    """What a command said on stderr, but for the closing parenthesis of its summary (time
    and rate locally, partitions on a cluster) and notices (kernels compiled)."""
    return [_PARENTHESIS.sub("", line) for line in err.splitlines()
            if not line.startswith("puzzlefmt: ")]


def _run(args: list[str], out: Path, rejects: Path,
         capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str]]:
    code = main([*args, "-o", str(out), "--rejects", str(rejects), "--no-progress"])
    return code, _said(capsys.readouterr().err)


def test_unique_canon_on_a_cluster_loses_no_rejected_record(
    client: Client, sample: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """0.2: exit 0, no rejects file, and only "N unique, M duplicates dropped"."""
    args = ["canon", "--unique", str(sample["b"])]
    want = _run(args, tmp_path / "local.txt", tmp_path / "local.tsv", capsys)
    got = _run([*args, "--cluster", client.scheduler.address], tmp_path / "cluster.txt",
               tmp_path / "cluster.tsv", capsys)
    assert got == want
    assert want[0] == 2
    assert (tmp_path / "cluster.txt").read_bytes() == (tmp_path / "local.txt").read_bytes()
    rejects = (tmp_path / "cluster.tsv").read_text()
    assert rejects == (tmp_path / "local.tsv").read_text()
    assert rejects.startswith(f"{sample['b']}\t251\t252\t{sample['b']}: ")
    assert "600 records in: 599 canonicalised" in want[1][-2]
    assert want[1][-1].endswith(" duplicates dropped")


def test_parquet_output_on_a_cluster_reports_rejected_records(
    client: Client, sample: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """0.2: exit 0 and "600 rows written"; the bad record only in the error column."""
    args = ["solve", str(sample["b"])]
    code, said = _run(args, tmp_path / "local.txt", tmp_path / "local.tsv", capsys)
    out = tmp_path / "out.parquet"
    got_code, got_said = _run([*args, "--cluster", client.scheduler.address], out,
                              tmp_path / "cluster.tsv", capsys)
    assert got_code == code == 2
    assert got_said[:len(said)] == said  # each rejected record, then the summary
    assert got_said[len(said):] == [f"puzzlefmt solve: 600 rows written to {out}"]
    assert (tmp_path / "cluster.tsv").read_text() == (tmp_path / "local.tsv").read_text()
    assert pq.read_table(out).column("error").null_count == 599


def test_several_inputs_on_a_cluster(client: Client, sample: dict[str, Path], tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """0.2: "unrecognized arguments" for a second input, though --help says several."""
    want = _local(["canon", str(sample["both"])], tmp_path / "local.txt")
    got = tmp_path / "cluster.txt"
    code = main(["canon", str(sample["a"]), str(sample["folder"] / "b.*t"), "--cluster",
                 client.scheduler.address, "-o", str(got), "--no-progress"])
    assert code == 2
    assert got.read_bytes() == want
    assert "2100 records in: 2099 canonicalised" in capsys.readouterr().err


def test_several_inputs_without_a_cluster_are_refused_in_one_line(
    sample: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["solve", str(sample["a"]), str(sample["b"])])
    assert code == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1
    assert "--cluster" in err[0]


def test_standard_input_on_a_cluster(client: Client, sample: dict[str, Path], tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """0.2: "no such file: -". The client reads standard input and sends its records."""
    data = sample["both"].read_bytes()

    def stdin() -> None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))

    stdin()
    want = _run(["solve", "-"], tmp_path / "local.txt", tmp_path / "local.tsv", capsys)
    stdin()
    got = _run(["solve", "-", "--cluster", client.scheduler.address], tmp_path / "cluster.txt",
               tmp_path / "cluster.tsv", capsys)
    assert got == want
    assert (tmp_path / "cluster.txt").read_bytes() == (tmp_path / "local.txt").read_bytes()
    assert (tmp_path / "cluster.tsv").read_text().startswith("<stdin>\t1751\t1752\t")
    assert (tmp_path / "cluster.tsv").read_text() == (tmp_path / "local.tsv").read_text()
    stdin()  # in many parts, numbered as one input
    summary = pdask.run_text(client, Job("solve"), "-", tmp_path / "parts.txt",
                             blocksize=20_000)
    assert summary.parts > 5
    assert (tmp_path / "parts.txt").read_bytes() == (tmp_path / "local.txt").read_bytes()


def test_jobs_with_a_cluster_is_refused_saying_why(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["solve", "any.txt", "--cluster", "local:2", "--jobs", "2"])
    assert code == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1
    # why: --jobs is this machine's processes; on a cluster its workers, local:N's N
    assert "this machine" in err[0]
    assert "local:N" in err[0]


@pytest.fixture
def port_8787_taken() -> Iterator[None]:
    """Port 8787 of every interface held for the test (or already held by someone else):
    the port a scheduler's HTTP server takes by default."""
    sock = socket.socket()
    try:
        sock.bind(("0.0.0.0", 8787))
        sock.listen()
    except OSError:
        pass  # taken already: the condition wanted
    try:
        yield
    finally:
        sock.close()


def test_local_n_takes_a_free_loopback_port_for_its_http_server(port_8787_taken: None,
                                                                 sample: dict[str, Path],
                                                                 tmp_path: Path) -> None:
    # with 8787 taken, distributed warned "Port 8787 is already in use" (an error under this
    # suite's warning filter) and leaked a socket: --cluster local:2 failed in CI this way
    # while another test's cluster held the port
    with pdask.connect("local:1") as client:
        cluster = client.cluster
        assert isinstance(cluster, LocalCluster)
        http = cluster.scheduler.http_server
        hosts = {sock.getsockname()[0] for sock in http._sockets.values()}
        assert hosts == {"127.0.0.1"}
        summary = pdask.run_text(client, Job("solve"), str(sample["a"]), tmp_path / "out.txt")
    assert summary.written == summary.records_in == 1500


class _Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.seen.append(record)


def test_the_cluster_logs_on_stderr_only_with_verbose(client: Client, sample: dict[str, Path],
                                                      tmp_path: Path) -> None:
    """0.2: canon --unique printed timestamped "distributed.shuffle ... WARNING" lines (the
    scheduler's; here it runs in this process)."""
    records = _Records()
    cluster_log = logging.getLogger("distributed")
    levels = {name: logging.getLogger(name).level for name in ("distributed", "dask")}
    for name in ("a1.txt", "a2.txt"):  # two parts: a shuffle between them
        (tmp_path / name).write_bytes(sample["a"].read_bytes())
    args = ["canon", "--unique", str(tmp_path / "a?.txt"), "--cluster",
            client.scheduler.address, "-q"]
    cluster_log.addHandler(records)
    try:
        assert main([*args, "-o", str(tmp_path / "quiet.txt")]) == 0
        assert [r.getMessage() for r in records.seen if r.levelno < logging.ERROR] == []
        assert {name: logging.getLogger(name).level for name in levels} == levels
        assert main([*args, "-o", str(tmp_path / "verbose.txt"), "--verbose"]) == 0
    finally:
        cluster_log.removeHandler(records)
    assert any(r.name.startswith("distributed.shuffle") for r in records.seen)


def test_an_engine_command_on_a_cluster_gives_the_local_output(
        client: Client, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A family engine offered as a command (``puzzlefmt grade``) runs on a cluster through
    the same engine job as locally: the same lines, rejects and exit code."""
    ids = shared_path("vectors", "keen", "vectors-rocurley-6du.tsv").read_text().splitlines()
    games = [ln.split("\t")[0] for ln in ids if ln.startswith("6")][:60]
    games[7] = games[7][:-3] + "!!!"  # a broken record
    src = tmp_path / "games.keens"
    src.write_text("\n".join(games) + "\n")
    want = _local(["grade", str(src)], tmp_path / "local.txt")
    got = tmp_path / "cluster.txt"
    rejects = tmp_path / "rejects.tsv"
    code = main(["grade", str(src), "--cluster", client.scheduler.address, "-o", str(got),
                 "--rejects", str(rejects), "--no-progress"])
    assert code == 2
    assert got.read_bytes() == want
    assert len(want.decode().splitlines()) == 60
    assert "60 records in: 59 graded" in capsys.readouterr().err
    assert rejects.read_text().splitlines()[0].split("\t")[1:3] == ["8", "8"]


def test_generate_on_a_cluster_gives_the_local_puzzles(client: Client) -> None:
    """The generators from Python on a cluster: the (seed, model) pairs ``make_many`` makes
    locally, in order, whatever the chunks; options checked before anything is sent; a
    generator's timeout raised as itself."""
    sudoku = next(e for e in registry.engines() if e.makes == "sudoku")
    keen = next(e for e in registry.engines() if e.makes == "keen")
    options = {"symmetry": "rot180", "clues": "22-28", "minimal": True}
    want = sudoku.make_many(23, "dask-gen", **options)
    got = pdask.generate(client, "sudoku", 23, "dask-gen", chunk=4, **options)
    assert got == want
    assert len({grid.line() for _, grid in got}) == 23
    assert pdask.generate(client, "keen", 5, "dask-keen", params="5dh") == keen.make_many(
        5, "dask-keen", params="5dh")
    fresh = pdask.generate(client, "sudoku", 3)
    assert len(fresh) == 3
    assert [grid for _, grid in fresh] == [sudoku.run(seed) for seed, _ in fresh]
    with pytest.raises(ValueError, match="nothing generates 'chess'"):
        pdask.generate(client, "chess", 1)
    with pytest.raises(ValueError, match="the clue range 30-20 is empty"):
        pdask.generate(client, "sudoku", 1, clues="30-20")
    with pytest.raises(GenerationTimeoutError, match="no minimal puzzle with rot90 symmetry"):
        pdask.generate(client, "sudoku", 1, "x", symmetry="rot90", clues="17-18", minimal=True,
                       timeout=0.5)
