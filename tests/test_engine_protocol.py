"""The engine protocol (:mod:`puzzlefmt.engine`): a family's engine table, and the layers
above the families built from it. A toy family and a toy engine, defined here only, are
registered for a test and picked up by ``puzzlefmt formats``, the command line's choices and
commands, and the batch jobs, with no other file changed."""

from __future__ import annotations

import dataclasses
import io
import itertools
import json
from collections.abc import Iterator, Mapping
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Self

import pytest

import puzzlefmt
from puzzlefmt import registry
from puzzlefmt.cli import build_parser, main
from puzzlefmt.collection import LineCollection, Record
from puzzlefmt.engine import Engine, GenerationError, solve_engine
from puzzlefmt.errors import OptionError, PuzzleFormatError
from puzzlefmt.family import Family, Moves, Played, Replay
from puzzlefmt.format import Format, Option, Sniff
from puzzlefmt.jobs import Job, generate_task, position_at
from puzzlefmt.model import Engines, Model, Problem, SolveResult, install, json_object
from puzzlefmt.web import service
from puzzlefmt.web.app import create_app


class Tally(Model):
    """A toy model: a row of tally marks (``|||``); ``x`` marks a crossed-out one."""

    family = "tally"

    def __init__(self, text: str | None = None, *, marks: str = "") -> None:
        if text is not None:
            marks = self._read_text(text).marks
        self.marks = marks

    def _key(self) -> tuple[Any, ...]:
        return (self.marks,)

    def problems(self) -> list[Problem]:
        return [Problem("crossed", "a crossed mark", f"mark {i + 1}")
                for i, ch in enumerate(self.marks) if ch == "x"]

    def status(self) -> int:
        return int(bool(self.problems()))

    def copy(self) -> Self:
        return type(self)(marks=self.marks)

    def to_json(self) -> dict[str, Any]:
        return {"marks": self.marks}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Self:
        return cls(marks=str(json_object(data, format="tally")["marks"]))

    def __str__(self) -> str:
        return self.marks

    def __repr__(self) -> str:
        return f"Tally({self.marks!r})"

    def solve(self, limit: int = 2) -> SolveResult[Self]:
        return self._solve(limit)

    def count(self, *, crossed: bool = False) -> int:
        """The toy engine, reached through the family's table."""
        found: int = self._run("count", crossed=crossed)
        return found


def _read(line: str) -> Tally:
    marks = line.strip()
    for i, ch in enumerate(marks):
        if ch not in "|x":
            raise PuzzleFormatError.expecting("a tally mark", repr(ch), format="tallies",
                                              line=1, column=i + 1, text=marks)
    return Tally(marks=marks)


TALLIES = LineCollection(
    name="tallies", family="tally", model=Tally, description="a row of tally marks a line",
    sniff_text=lambda t: Sniff(0.9, "tally marks") if set(t.strip()) <= set("|x\n") else None,
    parse_record=_read, write_record=lambda t, **o: t.marks, extensions=("tally",),
)


def _count(tally: Tally, *, crossed: bool = False, least: int = 0) -> int:
    if len(tally.marks) < least:
        raise ValueError(f"fewer than {least} marks")
    return sum(1 for ch in tally.marks if ch == "|" or crossed)


CALLS: list[int] = []


def _count_many(tallies: list[Tally], **options: Any) -> list[int]:
    CALLS.append(len(tallies))  # one batch call for the whole chunk
    return [_count(t, **options) for t in tallies]


COUNT = Engine(
    name="count", family="tally", models=(Tally,),
    summary="count the marks", returns="a number",
    run=_count, run_many=_count_many,
    record=lambda tally, n: f"{n} marks",
    to_json=lambda n: {"count": n},
    words=lambda n: f"{n} marks.",
    kind=lambda n: "empty" if n == 0 else "counted",
    flagged=lambda n: n == 0,
    options=(Option("crossed", bool, False, "count crossed marks too"),
             Option("least", int, 0, "refuse a row of fewer marks", minimum=0)),
    verb="counted",
)


def _solve_many(tallies: list[Tally], limit: int) -> list[SolveResult[Tally]]:
    return [SolveResult(1, limit, [Tally(marks="|" * len(t.marks))]) for t in tallies]


SOLVE = solve_engine("tally", (Tally,), _solve_many, lambda t, r: str(r.solutions[0]))


def _play(tally: Tally, notation: str, check: bool | None) -> Played:
    """The toy's moves: a mark more; a crossed one is illegal (unless not checked)."""
    if notation not in ("|", "x"):
        raise ValueError(f"{notation!r} is not a tally mark")
    if notation == "x" and check is not False:
        return Played(move=notation, legal=False, reason="crossed",
                      words="Illegal: a crossed mark.")
    after = Tally(marks=tally.marks + notation)
    return Played(move=notation, legal=True, score=len(after.marks),
                  words=f"{notation} makes {len(after.marks)}.", position=after,
                  text=after.marks)


def _tally_seeds(master: str | None) -> Iterator[str]:
    """The toy generator's seeds: the master, then the master and a count."""
    base = master if master is not None else "fresh"
    yield base
    for k in itertools.count(1):
        yield f"{base}.{k}"


def _make_tally(seed: str, *, length: int = 3) -> Tally:
    if length > 20:
        raise ValueError(f"no row of {length} marks within the time bound")
    crossed = sum(map(ord, seed)) % (length + 1)
    return Tally(marks="|" * (length - crossed) + "x" * crossed)


MAKE = Engine(
    name="make", family="tally", models=(Tally,),
    summary="a new row of marks", returns="a Tally",
    run=_make_tally, record=lambda tally, made: made.marks,
    to_json=lambda made: {"marks": made.marks}, words=lambda made: f"{made.marks} made.",
    options=(Option("length", int, 3, "marks in the row", minimum=1),),
    command=False, verb="made", title="New row", makes="tallies", seeds=_tally_seeds,
    seed_id=lambda seed, **options: f"L{options.get('length', 3)}#{seed}",
    precheck=lambda length=3: None if length != 13 else _unlucky(),
)


def _unlucky() -> None:
    raise ValueError("13 marks: unlucky")


TALLY = Family(name="tally", models=(Tally,), formats=(TALLIES,),
               engines=(SOLVE, COUNT, MAKE),
               clues=lambda tally: len(tally.marks),
               moves=Moves(models=(Tally,), play=_play, example="| or x"))
def _draw(tally: Tally, **options: Any) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg"><text>{tally.marks}</text></svg>'


install(Tally, Engines(read=TALLY.read, svg=_draw, run=TALLY.runs(Tally)))


class Tallies(Model):
    """A toy game record: the marks made one after the other (``game:||x|``)."""

    family = "tallygame"

    def __init__(self, text: str | None = None, *, marks: str = "") -> None:
        if text is not None:
            marks = self._read_text(text).marks
        self.marks = marks

    def _key(self) -> tuple[Any, ...]:
        return (self.marks,)

    def problems(self) -> list[Problem]:
        return []

    def status(self) -> int:
        return 0

    def copy(self) -> Self:
        return type(self)(marks=self.marks)

    def to_json(self) -> dict[str, Any]:
        return {"marks": self.marks}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> Self:
        return cls(marks=str(json_object(data, format="tally-game")["marks"]))

    def __str__(self) -> str:
        return f"game:{self.marks}"

    def __repr__(self) -> str:
        return f"Tallies({self.marks!r})"


def _read_game(text: str) -> Tallies:
    if not text.startswith("game:"):
        raise PuzzleFormatError.expecting("game:", repr(text[:5]), format="tally-game",
                                          line=1, column=1)
    return Tallies(marks=text[5:].strip())


def _no_text(tally: Tally) -> str:
    if not tally.marks:
        raise ValueError("no mark yet")
    return tally.marks


TALLY_GAME = Format(
    name="tally-game", family="tallygame", model=Tallies, description="marks made in turn",
    sniff_text=lambda t: Sniff(0.9, "game:") if t.startswith("game:") else None,
    read=_read_game, write=str,
)
GAMES = Family(
    name="tallygame", models=(Tallies,), formats=(TALLY_GAME,), title="Tally game",
    replay=Replay(models=(Tallies,), name="TG", length=lambda game: len(game.marks),
                  position=lambda game, n: Tally(marks=game.marks[:n]),
                  words=lambda game, n: f"Mark {n}: {game.marks[n - 1]}.", text=_no_text),
)
install(Tallies, Engines(read=GAMES.read, svg=_draw))


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Family:
    """The toy family in the registry for one test (the registry restored after)."""
    registry.families()  # the built-in families first, as in any session
    for name in ("_families", "_formats", "_renderers", "_names"):
        monkeypatch.setattr(registry, name, dict(getattr(registry, name)))
    registry.register_family(TALLY)
    return TALLY


@pytest.fixture
def games(registered: Family) -> Family:
    """The toy game family in the registry too, for one test."""
    registry.register_family(GAMES)
    return GAMES


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, errs = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(errs):
        code = main(argv)
    return code, out.getvalue(), errs.getvalue()


# --------------------------------------------------------------------------- the protocol


def test_an_engine_checks_its_options_and_what_it_takes() -> None:
    t = Tally(marks="||x|")
    assert COUNT(t) == 3
    assert COUNT(t, crossed=True) == 4
    with pytest.raises(OptionError, match="has no engine option 'cross'"):
        COUNT(t, cross=True)
    with pytest.raises(OptionError, match="wants a whole number"):
        COUNT(t, least="2")
    with pytest.raises(TypeError, match="tally count takes a Tally, not str"):
        COUNT("||")
    assert COUNT.many([t, Tally(marks="")], crossed=True) == [4, 0]


def test_a_model_reaches_its_engines_by_name_through_the_table() -> None:
    t = Tally(marks="|x|")
    assert t.count() == 2
    assert t.count(crossed=True) == 3
    assert t.solve().solution == Tally(marks="|||")
    with pytest.raises(NotImplementedError, match=r"no rate engine for a Tally .*count, solve"):
        t._run("rate")


def test_puzzlefmt_run_reaches_any_engine_with_no_method_on_the_model(
        registered: Family) -> None:
    """A new engine needs no method on its model: ``puzzlefmt.run(name, model)`` (and on a
    list, the engine's batch form) reaches it through the registry."""
    t = Tally(marks="|x|")
    assert puzzlefmt.run("count", t) == 2
    assert puzzlefmt.run("count", t, crossed=True) == 3
    assert puzzlefmt.run("count", [t, Tally(marks="x")], crossed=True) == [3, 1]
    assert puzzlefmt.run("count", []) == []
    with pytest.raises(OptionError, match="cross"):
        puzzlefmt.run("count", t, cross=True)
    with pytest.raises(KeyError, match="no rate engine for a Tally"):
        puzzlefmt.run("rate", t)


def test_a_family_refuses_an_engine_declared_twice_or_of_another_family() -> None:
    with pytest.raises(ValueError, match="declares the engine count twice"):
        Family(name="tally", models=(Tally,), formats=(), engines=(COUNT, COUNT))
    with pytest.raises(ValueError, match="says family 'tally', declared by 'other'"):
        Family(name="other", models=(Tally,), formats=(), engines=(COUNT,))


def test_the_built_in_families_declare_their_engines_in_tables() -> None:
    # Every engine a model method reaches is in its family's table, and the table is what
    # the model class has installed.
    for fam in registry.families():
        for model in fam.models:
            assert isinstance(model, type)
            assert issubclass(model, Model)
            engines = model.engines
            assert engines is not None
            assert dict(engines.run) == fam.runs(model)
    names = {(e.family, e.name) for e in registry.engines()}
    assert {("sudoku", "solve"), ("sudoku", "canon"), ("keen", "solve"),
            ("keen", "grade")} <= names


# --------------------------------------------------------------------------- picked up above


def test_formats_and_the_family_choice_pick_up_a_new_family(registered: Family) -> None:
    code, out, _ = _run(["formats", "--family", "tally", "--json"])
    assert code == 0
    assert [json.loads(line)["name"] for line in out.splitlines()] == ["tallies"]
    code, out, _ = _run(["formats"])
    assert code == 0
    assert "tallies" in out
    assert "a row of tally marks a line" in out


def test_a_new_engine_is_a_command_with_its_options(registered: Family,
                                                    tmp_path: Path) -> None:
    parser = build_parser()
    help_text = parser.format_help()
    assert "count" in help_text
    assert "count the marks (tally)" in help_text
    src = tmp_path / "t.tally"
    src.write_text("|||\n|x|\nxx\n|?|\n")
    CALLS.clear()
    code, out, errs = _run(["count", str(src), "--least", "1"])
    # one record has no unmarked tally (flagged: exit 1 without a rejection), one is bad
    assert code == 2
    assert out == "3 marks\n2 marks\n0 marks\n\n"
    assert "record 4, line 4, column 2: expected a tally mark" in errs
    assert "4 records in: 3 counted" in errs
    assert "1 rejected" in errs
    assert CALLS == [3]  # the batch form, once for the chunk
    code, out, _ = _run(["count", str(src), "--crossed", "--json", "-q"])
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r.get("count") for r in rows] == [3, 3, 2, None]
    assert rows[0]["text"] == "3 marks"
    good = tmp_path / "good.tally"
    good.write_text("|||\nxx\n")
    assert _run(["count", str(good), "-q"])[0] == 1  # flagged by the engine: exit 1
    assert _run(["count", str(good), "-q", "--crossed"])[0] == 0


def test_an_engine_command_refuses_a_family_without_the_engine(registered: Family,
                                                               tmp_path: Path) -> None:
    src = tmp_path / "s.txt"
    src.write_text("." * 81 + "\n")
    code, _, errs = _run(["count", str(src)])
    assert code == 2
    assert "the count engine works on tally: nothing was read" in errs


def test_an_engine_refusing_a_record_rejects_that_record_only(registered: Family,
                                                             tmp_path: Path) -> None:
    src = tmp_path / "t.tally"
    src.write_text("|||\n|\n||\n")
    rejects = tmp_path / "rej.txt"
    code, out, errs = _run(["count", str(src), "--least", "2", "--rejects", str(rejects)])
    assert code == 2
    assert out == "3 marks\n\n2 marks\n"
    assert "record 2, line 2: fewer than 2 marks" in errs
    assert "fewer than 2 marks" in rejects.read_text()


def test_the_batch_job_of_an_engine_runs_from_its_description(registered: Family) -> None:
    job = Job("engine", target="count", options=(("crossed", True),))
    assert job.verb == "counted"
    recs = [Record(1, 1, "|x", Tally(marks="|x")), Record(2, 2, "", Tally(marks=""))]
    found = job.task()(recs)
    assert [o.output for o in found] == ["2 marks\n", "0 marks\n"]
    assert [o.kind for o in found] == ["counted", "empty"]
    assert [o.flagged for o in found] == [False, True]


def test_the_page_lists_a_new_family_and_offers_its_engine(registered: Family) -> None:
    caps = service.capabilities()
    assert {"name": "tally", "title": "Tally"} in caps["families"]
    assert {"name": "count", "family": "tally", "title": "Count",
            "summary": "count the marks"} in caps["engines"]
    view = service.read("||x|\n|||\n", "tallies")
    assert view["family"] == "tally"
    assert [e["name"] for e in view["actions"]["engines"]] == ["count"]
    assert view["actions"]["solve"] is True
    assert view["actions"]["canon"] == []
    assert service.run_engine("count", "||x|\n", "tallies", options={"crossed": True}) == {
        "count": 4, "words": "4 marks."}
    with pytest.raises(service.ServiceError, match="the sudoku family has no count engine"):
        service.run_engine("count", "." * 81, "line")
    paths = create_app().openapi()["paths"]
    assert "/api/count" in paths
    assert "/api/grade" in paths


def test_text_no_format_reads_is_said_to_be_none_of_the_registered_families() -> None:
    with pytest.raises(PuzzleFormatError, match=r"expected a Sudoku, Keen or CGP text, found"):
        puzzlefmt.loads("hello, world")
    with pytest.raises(service.ServiceError) as info:
        service.read("hello, world")
    assert str(info.value).startswith(
        "no format recognises this text (expected a Sudoku, Keen or CGP text)")


def test_text_no_format_reads_names_a_new_family_too(registered: Family) -> None:
    with pytest.raises(PuzzleFormatError,
                       match=r"expected a Sudoku, Keen, CGP or Tally text, found"):
        puzzlefmt.loads("hello, world")
    with pytest.raises(service.ServiceError) as info:
        service.read("hello, world")
    assert str(info.value).startswith(
        "no format recognises this text (expected a Sudoku, Keen, CGP or Tally text)")


def test_a_batch_job_looks_each_familys_engine_up_once_a_chunk(
        registered: Family, monkeypatch: pytest.MonkeyPatch) -> None:
    looked: list[str] = []
    lookup = Family.engine

    def counting(self: Family, name: str) -> Engine | None:
        looked.append(name)
        return lookup(self, name)

    monkeypatch.setattr(Family, "engine", counting)
    recs = [Record(n, n, "||", Tally(marks="|" * n)) for n in range(1, 6)]
    found = Job("engine", target="count").task()(recs)
    assert [o.output for o in found] == [f"{n} marks\n" for n in range(1, 6)]
    assert looked == ["count"]
    looked.clear()
    found = Job("solve").task()(recs)
    assert [o.output for o in found] == ["|" * n + "\n" for n in range(1, 6)]
    assert looked == ["solve"]


def test_a_familys_declared_clue_count_reaches_the_batch_json(registered: Family) -> None:
    recs = [Record(1, 1, "|x|", Tally(marks="|x|"))]
    assert Job("solve").task()(recs)[0].data == {
        "status": "unique", "solutions": 1, "text": "|||", "clues": 3}


def test_a_family_declares_the_moves_its_positions_take(registered: Family) -> None:
    view = service.read("||\n", "tallies")
    assert view["actions"]["move"] is True
    played = service.move("||\n", "tallies", notation="|")
    assert (played["legal"], played["score"], played["words"]) == (True, 3, "| makes 3.")
    assert played["next"]["text"] == "|||"
    illegal = service.move("||\n", "tallies", notation="x")
    assert (illegal["legal"], illegal["reason"], illegal["next"]) == (False, "crossed", None)
    assert service.move("||\n", "tallies", notation="x", check_rack=False)["legal"] is True
    with pytest.raises(service.ServiceError, match="not a move: '\\?' is not a tally mark"):
        service.move("||\n", "tallies", notation="?")
    with pytest.raises(service.ServiceError, match="the sudoku family has no moves"):
        service.move("." * 81, "line", notation="|")


def test_a_family_declares_its_game_records_and_how_to_step_through_them(
        games: Family) -> None:
    game = Tallies(marks="||x")
    assert position_at(game, 2) == Tally(marks="||")
    with pytest.raises(ValueError, match="the game has 3 events"):
        position_at(game, 4)
    with pytest.raises(TypeError, match=r"a Tally is not a game record \(GCG, TG\)"):
        position_at(Tally(marks="|"), 1)
    assert service.capabilities()["game"] is True
    view = service.read("game:||x", "tally-game")
    assert view["family"] == "tallygame"
    assert (view["actions"]["game"], view["actions"]["move"]) == (True, False)
    step = service.game("game:||x", "tally-game", move=2)
    assert (step["move"], step["events"], step["cgp"]) == (2, 3, "||")
    assert step["words"] == "Mark 2: |."
    start = service.game("game:||x", "tally-game", move=0)
    assert start["cgp"] is None
    assert start["words"] == ("The start; the game has 3 events. This position has no "
                              "Tally (no mark yet).")
    with pytest.raises(service.ServiceError,
                       match=r"only game records \(GCG, TG\) can be stepped through"):
        service.game("||", "tallies")


# --------------------------------------------------------------------------- generators


def _tally_rows(seed: str, n: int, length: int = 3) -> list[str]:
    stream = _tally_seeds(seed)
    return [_make_tally(next(stream), length=length).marks for _ in range(n)]


def test_a_generator_makes_models_from_seeds(registered: Family) -> None:
    assert MAKE.generates
    assert not MAKE.takes(Tally(marks="|"))  # it takes no model
    assert MAKE.make("abc", length=4) == _make_tally("abc", length=4)
    made = MAKE.make_many(3, "s", length=5)
    assert [seed for seed, _ in made] == ["s", "s.1", "s.2"]
    assert [t.marks for _, t in made] == _tally_rows("s", 3, 5)
    assert MAKE.seed_text("s", length=5) == "L5#s"
    with pytest.raises(OptionError, match="wants a whole number"):
        MAKE.make_many(1, "s", length="x")
    with pytest.raises(ValueError, match="unlucky"):
        MAKE.make_many(1, "s", length=13)  # the precheck, before any model is made
    with pytest.raises(TypeError, match="not a generator"):
        COUNT.make("s")


def test_a_thing_is_made_by_one_family_only(registered: Family) -> None:
    """``generate WHAT`` may ask the family called WHAT alone (registry.generators): a second
    family making what another makes is refused as it registers."""
    twin = Family(name="tallytwin", models=(Tally,), formats=(),
                  engines=(dataclasses.replace(MAKE, family="tallytwin"),))
    with pytest.raises(ValueError, match="'tallies' is made by the tally family already"):
        registry.register_family(twin)
    assert [e.family for e in registry.generators("tallies")] == ["tally"]
    assert [e.makes for e in registry.generators("keen")] == ["keen"]
    assert registry.generators("dice") == []


def test_generate_is_a_command_built_from_the_generators(registered: Family,
                                                        tmp_path: Path) -> None:
    help_text = build_parser().format_help()
    assert "generate" in help_text
    code, out, errs = _run(["generate", "tallies", "-n", "4", "--seed", "s", "--length", "6"])
    assert code == 0
    assert out.splitlines() == _tally_rows("s", 4, 6)
    assert "4 records in: 4 generated, 0 rejected" in errs
    code, out, _ = _run(["generate", "tallies", "-n", "2", "--seed", "s", "--with-seed", "-q"])
    assert out.splitlines() == [f"{row}\tL3#{seed}" for row, seed in
                                zip(_tally_rows("s", 2), ["s", "s.1"], strict=True)]
    code, out, _ = _run(["generate", "tallies", "-n", "2", "--seed", "s", "--json", "-q"])
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["marks"] for r in rows] == _tally_rows("s", 2)
    assert [r["seed"] for r in rows] == ["s", "s.1"]
    # the same puzzles with worker processes
    many = ["generate", "tallies", "-n", "300", "--seed", "m", "-q"]
    assert _run([*many, "--jobs", "2"])[1] == _run(many)[1]
    # one clear error, no traceback: the precheck, a run that gives up, a bad option
    code, out, errs = _run(["generate", "tallies", "--length", "13"])
    assert (code, out) == (2, "")
    assert errs == "puzzlefmt generate: 13 marks: unlucky\n"
    code, out, errs = _run(["generate", "tallies", "-n", "5", "--length", "21", "-q"])
    assert (code, out) == (2, "")
    assert errs.count("\n") == 1
    assert "puzzle 1 (seed 'fresh'): no row of 21 marks" in errs
    code, _, errs = _run(["generate", "tallies", "--limit", "2"])
    assert code == 2
    assert "unrecognized arguments: --limit" in errs
    code, _, errs = _run(["generate", "tallies", "PARAMS"])
    assert code == 2
    assert "tallies generation takes no parameters" in errs
    out_file = tmp_path / "made.tally"
    assert _run(["generate", "tallies", "-n", "3", "--seed", "s", "--to", "tallies", "-o",
                 str(out_file), "-q"])[0] == 0
    assert out_file.read_text().splitlines() == _tally_rows("s", 3)


def test_the_batch_task_of_a_generator_and_the_page_action(registered: Family) -> None:
    recs = [Record(1, 1, "s", "s"), Record(2, 2, "s.1", "s.1")]
    found = generate_task("tally", "make", (("length", 4),), None, (), True, False, recs)
    assert [o.output for o in found] == [f"{row}\tL4#{seed}\n" for row, seed in
                                         zip(_tally_rows("s", 2, 4), ["s", "s.1"], strict=True)]
    caps = service.capabilities()
    assert {"makes": "tallies", "family": "tally", "title": "New row",
            "summary": "a new row of marks",
            "options": [{"name": "length", "default": 3, "help": "marks in the row",
                         "choices": []}]} in caps["generators"]
    made = service.generate("tallies", seed="s", options={"length": 4})
    assert made == {"marks": _tally_rows("s", 1, 4)[0], "text": _tally_rows("s", 1, 4)[0],
                    "seed": "s", "seed_id": "L4#s", "words": f"{_tally_rows('s', 1, 4)[0]} made."}
    with pytest.raises(service.ServiceError, match="unlucky"):
        service.generate("tallies", options={"length": 13})
    with pytest.raises(service.ServiceError, match="nothing generates 'dice'"):
        service.generate("dice")
    assert "/api/generate" in create_app().openapi()["paths"]


def test_a_generator_with_a_batch_form_makes_the_records_in_one_call(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``run_many(seeds)``: the batch task and ``make_many`` make their seeds in one call;
    a seed it refuses is named by making the seeds one at a time."""
    calls: list[list[str]] = []

    def many(seeds: list[str], *, length: int = 3) -> list[Tally]:
        calls.append(list(seeds))
        if length > 20:
            raise ValueError("no rows that long")
        return [_make_tally(seed, length=length) for seed in seeds]

    def one(seed: str, *, length: int = 3) -> Tally:
        calls.append([f"one {seed}"])
        return _make_tally(seed, length=length)

    batch = dataclasses.replace(MAKE, run=one, run_many=many)
    monkeypatch.setattr(registry, "family", lambda name: SimpleNamespace(
        engine=lambda engine: batch if engine == "make" else None))
    recs = [Record(1, 1, "s", "s"), Record(2, 2, "s.1", "s.1")]
    found = generate_task("tally", "make", (("length", 4),), None, (), False, False, recs)
    assert [o.output for o in found] == [f"{row}\n" for row in _tally_rows("s", 2, 4)]
    assert calls == [["s", "s.1"]]
    calls.clear()
    made = batch.make_many(3, "s", length=5)
    assert [(seed, t.marks) for seed, t in made] == list(zip(
        ["s", "s.1", "s.2"], _tally_rows("s", 3, 5), strict=True))
    assert calls == [["s", "s.1", "s.2"]]
    calls.clear()
    with pytest.raises(GenerationError, match="puzzle 1 \\(seed 's'\\): no row of 21"):
        generate_task("tally", "make", (("length", 21),), None, (), False, False, recs)
    assert calls == [["s", "s.1"], ["one s"]]
