"""The Puzzle model: construction, geometry queries, equality, repr, the text picture."""

from __future__ import annotations

import dataclasses
import inspect
import json
import pickle
from collections.abc import Sequence

import pytest

from puzzlefmt import PuzzleFormatError, keen
from puzzlefmt.keen import Cage, Difficulty, Op, Problem, Puzzle, Status, Walls
from puzzlefmt.keen.model import FIELDS
from puzzlefmt.keen.rules import CODES
from puzzlefmt.keen.state import PlayerState

# A 3x3 from ecc1/kenken's tests (vectors.txt), with its published solution.
SMALL = "3:a_a3_a_,a3m6m3s1"
SMALL_SOLUTION = "213321132"


def test_cages_and_queries() -> None:
    p = Puzzle(SMALL)
    assert [(c.cells, c.op, c.target) for c in p.cages] == [
        ((0, 1), Op.ADD, 3), ((2, 4, 5), Op.MUL, 6), ((3, 6), Op.MUL, 3), ((7, 8), Op.SUB, 1)]
    assert p.cage_of(5) is p.cages[1]
    assert p.cage_index(6) == 2
    assert p.cage_indices == (0, 0, 1, 2, 1, 1, 2, 3, 3)
    assert p.same_cage(4, 5)
    assert not p.same_cage(3, 4)
    assert p.cell(2, 1) == 7
    assert p.position(7) == (2, 1)
    assert len(p) == 4
    assert list(p) == list(p.cages)
    with pytest.raises(IndexError):
        p.cage_of(9)
    with pytest.raises(IndexError):
        p.cell(3, 0)


def test_walls_and_clue_cells() -> None:
    p = Puzzle(SMALL)
    assert p.walls(0) == Walls(top=True, right=False, bottom=True, left=True)
    assert p.walls(4) == Walls(top=True, right=False, bottom=True, left=True)
    assert p.walls(5) == Walls(top=False, right=True, bottom=True, left=False)
    assert p.walls(2) == Walls(top=True, right=True, bottom=False, left=True)
    assert p.has_wall(1, 2)
    assert not p.has_wall(2, 5)
    with pytest.raises(ValueError, match="not side by side"):
        p.has_wall(0, 4)
    assert [p.clue_cell(k) for k in range(4)] == [0, 2, 3, 7]
    assert p.clue_cell(p.cages[3]) == 7
    assert [c.anchor for c in p.cages] == [0, 2, 3, 7]


def test_labels() -> None:
    p = Puzzle(SMALL)
    assert [c.label() for c in p.cages] == ["3+", "6x", "3x", "1-"]
    assert [c.label("unicode") for c in p.cages] == ["3+", "6×", "3×", "1−"]
    assert Cage((4,), Op.ADD, 2).label() == "2"  # no symbol on a 1-cell cage
    assert Cage((1, 2), Op.DIV, None).label() == "/"
    assert Cage((1, 2), Op.DIV, None).clue() == "d"


def test_solution_and_repr() -> None:
    p = Puzzle(SMALL, solution=SMALL_SOLUTION)
    assert p.solution == (2, 1, 3, 3, 2, 1, 1, 3, 2)
    assert p.value_rows() == [[2, 1, 3], [3, 2, 1], [1, 3, 2]]
    assert repr(p) == f"Puzzle({SMALL!r}, solution={SMALL_SOLUTION!r})"
    assert eval(repr(p)) == p
    assert Puzzle(SMALL, solution="S" + SMALL_SOLUTION) == p
    assert Puzzle(SMALL, solution=[2, 1, 3, 3, 2, 1, 1, 3, 2]) == p
    assert p != Puzzle(SMALL)
    assert p.with_solution(None) == Puzzle(SMALL)
    assert hash(p) == hash(Puzzle(SMALL, solution=SMALL_SOLUTION))
    with pytest.raises(ValueError, match="needs 9 values"):
        Puzzle(SMALL, solution="2133")
    with pytest.raises(ValueError, match="1 to 3"):
        Puzzle(SMALL, solution="213321134")


def test_replace_params() -> None:
    p = Puzzle(SMALL)
    q = p.replace(difficulty="n", multiplication_only=True)
    assert q.game_id() == "3dnm:a_a3_a_,a3m6m3s1"
    assert q.replace(difficulty=None).params() == "3m"
    assert p.replace(difficulty="Hard").difficulty is Difficulty.HARD
    with pytest.raises(ValueError, match="difficulty"):
        p.replace(difficulty="q")


def test_from_cages() -> None:
    p = Puzzle.from_cages(3, [([2, 4, 5], "mul", 6), ((1, 0), "a", 3), ((6, 3), Op.MUL, 3),
                              Cage((8, 7), Op.SUB, 1)])
    assert p == Puzzle(SMALL)
    assert p.cages[0].cells == (0, 1)  # sorted, cages in order of first cell


@pytest.mark.parametrize(
    ("cages", "message"),
    [
        ([((0, 1), "a", 3)], "in no cage"),
        ([((0, 1, 2, 3, 4, 5, 6, 7, 8), "s", 1)], "2 cells"),
        ([((0, 2), "a", 3), ((1, 3, 4, 5, 6, 7, 8), "a", 1)], "not connected"),
        ([((0, 1), "a", 3), ((1, 2, 3, 4, 5, 6, 7, 8), "a", 1)], "cell 1 is in cage 0 and"),
        ([((0, 9), "a", 3)], "no cell 9"),
        ([((0, 1, 2, 3, 4, 5, 6, 7, 8), "a", -1)], "target"),
        ([((0, 1, 2, 3, 4, 5, 6, 7, 8), "x", 1)], "unknown operation"),
        ([((), "a", 1)], "no cells"),
    ],
)
def test_from_cages_refuses(cages: list[tuple[tuple[int, ...], str, int]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Puzzle.from_cages(3, cages)


def test_from_seed() -> None:
    p = Puzzle.from_seed(6, "12345", difficulty="u")
    assert p.game_id() == "6du#12345"
    assert p == Puzzle("6du#12345")
    assert p.cage_of(0) == p.cages[0]  # expanded as the game expands it
    far = Puzzle.from_seed(12, "12345", difficulty="u")  # a size Keen does not make
    with pytest.raises(ValueError, match="no cages"):
        far.cage_of(0)
    # The real program takes any seed text (line breaks too: see
    # test_seed_ids_keep_any_seed_text); it ends at a NUL, so none can be in a seed.
    with pytest.raises(ValueError, match="without NUL"):
        Puzzle.from_seed(6, "1\x002")
    with pytest.raises(ValueError, match="cannot carry a solution"):
        far.with_solution("1" * 144)


def test_difficulty_names() -> None:
    assert [d.letter for d in Difficulty] == list("enhxu")
    assert [str(d) for d in Difficulty] == ["Easy", "Normal", "Hard", "Extreme", "Unreasonable"]
    assert Difficulty.from_name("extreme") is Difficulty.EXTREME
    assert Difficulty.HARD > Difficulty.NORMAL
    assert Op.from_word("div") is Op.DIV
    assert Op.SUB.word == "sub"


def test_picture() -> None:
    p = Puzzle(SMALL, solution=SMALL_SOLUTION)
    # Cage walls drawn from the cages above: {0,1} 3+, {2,4,5} 6x, {3,6} 3x, {7,8} 1-.
    assert str(p) == "\n".join([
        "+-------+---+",
        "|3+     |6x |",
        "| 2   1 | 3 |",
        "+---+---+   |",
        "|3x |       |",
        "| 3 | 2   1 |",
        "|   +-------+",
        "|   |1-     |",
        "| 1 | 3   2 |",
        "+---+-------+",
    ])
    bare = p.picture(solution=False, symbols="unicode")
    assert "6×" in bare
    assert not any(ch.isdigit() for ch in bare.splitlines()[2])
    assert bare.endswith("\n")


def test_picture_widths_follow_labels() -> None:
    p = Puzzle.from_cages(2, [((0, 1, 2, 3), "m", 123456)])
    lines = p.picture().splitlines()
    assert lines[1] == "|123456x" + " " * 10 + "|"  # 8 wide cells, no wall between
    assert len({len(line) for line in lines}) == 1


# -------------------------------------------------------------------- the Model protocol


def test_reads_any_keen_text() -> None:
    """Puzzle(text) reads every Keen text form (detected within the family)."""
    p = Puzzle(SMALL, solution=SMALL_SOLUTION)
    assert Puzzle(f"{SMALL} S{SMALL_SOLUTION}") == p
    assert Puzzle(f"\n\n  {SMALL} S{SMALL_SOLUTION}  \n\n") == p
    assert Puzzle(json.dumps(p.to_json())) == p
    assert Puzzle(json.dumps(p.to_json(), indent=2)) == p
    assert Puzzle("_13,a1a2a3a2a3a1a3a1a2").size == 3  # a bare description
    with pytest.raises(PuzzleFormatError, match="one Keen puzzle, found 2 records"):
        Puzzle(f"{SMALL}\n{SMALL}\n")
    with pytest.raises(TypeError, match="from text"):
        Puzzle(b"3:a_a3_a_,a3m6m3s1")  # type: ignore[arg-type]


def test_copy_equality_hash() -> None:
    p = Puzzle(SMALL, solution=SMALL_SOLUTION).replace(difficulty="h")
    q = p.copy()
    assert q == p
    assert q is not p
    assert hash(q) == hash(p)
    assert len({p, q, Puzzle(SMALL)}) == 2
    assert p != p.replace(multiplication_only=True)
    assert p != "3dh:a_a3_a_,a3m6m3s1"
    assert pickle.loads(pickle.dumps(p)) == p


def test_the_fields_are_declared_once() -> None:
    """The constructor's parts, replace()'s keywords and the slots are FIELDS."""
    init = inspect.signature(Puzzle.__init__).parameters
    assert [n for n in init if n not in ("self", "text", "runs")] == list(FIELDS)
    assert list(inspect.signature(Puzzle.replace).parameters)[1:] == list(FIELDS)
    assert {f"_{name}" for name in FIELDS} <= set(Puzzle.__slots__)


def test_pickle_and_copy_keep_every_field() -> None:
    """0.2's pickle dropped the player's state (a batch worker's puzzle lost it)."""
    state = PlayerState.empty(3).enter(0, 0, 2).toggle_mark(1, 1, 3)
    p = Puzzle(SMALL, solution=SMALL_SOLUTION, state=state).replace(
        difficulty="h", multiplication_only=True)
    for other in (pickle.loads(pickle.dumps(p)), p.copy()):
        assert other == p
        assert other.state == state
        assert {name: getattr(other, name) for name in FIELDS} == {
            name: getattr(p, name) for name in FIELDS}
    seeded = Puzzle("12dn#x y")  # no cages
    assert pickle.loads(pickle.dumps(seeded)) == seeded


def test_replace_is_the_one_way_to_change_a_puzzle() -> None:
    p = Puzzle(SMALL, solution=SMALL_SOLUTION)
    with pytest.raises(AttributeError):
        p.size = 4  # type: ignore[misc]
    assert p.replace() == p
    bigger = p.replace(size=4, cages=[(range(16), "a", 40)], solution=None)
    assert bigger == Puzzle.from_cages(4, [(range(16), "a", 40)])
    with pytest.raises(ValueError, match="needs 16 values"):
        p.replace(size=4, cages=[(range(16), "a", 40)])  # the 3x3 solution kept
    with pytest.raises(ValueError, match="cage"):
        p.replace(size=4, solution=None)  # the 3x3 cages kept do not cover a 4x4
    seeded = Puzzle("6dn#12345")
    assert seeded.replace(seed=None) == seeded.expand() == Puzzle(f"6dn:{seeded.desc()}")
    assert seeded.replace(seed="54321") == Puzzle("6dn#54321")
    assert seeded.replace(size=5) == Puzzle("5dn#12345")
    with pytest.raises(ValueError, match="seed=None"):
        seeded.replace(cages=p.cages)
    with pytest.raises(ValueError, match="True or False"):
        p.replace(multiplication_only=None)  # type: ignore[arg-type]


def test_replace_expands_a_seed_again_only_for_other_parameters(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Expanding a seed runs the game's generator: replace() with the parameters the seed
    ID already has keeps its cages (the hypothesis strategies draw such replacements)."""
    seeded, harder = Puzzle("6dn#12345"), Puzzle("6dh#12345")
    engines = Puzzle._keen_engines()
    expand = engines.expand_seed
    assert expand is not None
    calls: list[tuple[int, str]] = []

    def counting(size: int, seed: str, level: Difficulty, mult: bool) -> Sequence[Cage]:
        calls.append((size, seed))
        return expand(size, seed, level, mult)

    monkeypatch.setattr(Puzzle, "engines", dataclasses.replace(engines, expand_seed=counting))
    same = seeded.replace(size=6, seed="12345", difficulty="n", multiplication_only=False)
    assert same == seeded
    assert calls == []
    assert seeded.replace(difficulty="h") == harder
    assert calls == [(6, "12345")]


def test_a_puzzle_is_built_from_its_parts_without_a_text() -> None:
    cages = [((0, 1), "a", 3), ((2, 4, 5), "m", 6), ((3, 6), "m", 3), ((7, 8), "s", 1)]
    p = Puzzle(size=3, cages=cages, difficulty="n", solution=SMALL_SOLUTION)
    assert p == Puzzle(f"3dn:{SMALL[2:]}", solution=SMALL_SOLUTION)
    assert Puzzle(size=6, seed="12345", multiplication_only=True) == Puzzle("6m#12345")
    state = PlayerState.empty(3)
    assert Puzzle(size=3, cages=cages, state=state).state == state
    for nothing in (Puzzle, lambda: Puzzle(size=3)):
        with pytest.raises(TypeError) as info:
            nothing()
        assert str(info.value) == "Puzzle: expected str, got NoneType"
        assert "no empty puzzle" in " ".join(info.value.__notes__)
        assert "size and cages" in " ".join(info.value.__notes__)
    with pytest.raises(TypeError, match="size and cages"):
        Puzzle(cages=cages)
    with pytest.raises(TypeError, match="size and cages"):
        Puzzle(size=6, cages=cages, seed="1")
    with pytest.raises(TypeError, match="not both"):
        Puzzle(SMALL, cages=cages)
    with pytest.raises(TypeError, match="not both"):
        Puzzle(SMALL, difficulty="n")
    with pytest.raises(ValueError, match="in no cage"):
        Puzzle(size=3, cages=cages[:2])


def test_status_flags_follow_problems() -> None:
    assert Puzzle(SMALL).status() == Status.VALID == 0
    assert not Puzzle(SMALL).status()
    p = Puzzle("3dnm:a_a3_a_,a7m6m3s1", solution="123231312")
    codes = {pr.code for pr in p.problems()}
    assert codes == {"unreachable-target", "not-multiplication", "bad-solution"}
    assert p.status() == (Status.UNREACHABLE_TARGET | Status.NOT_MULTIPLICATION
                          | Status.BAD_SOLUTION)
    assert not p.is_valid()  # a bad solution is an error
    warned = Puzzle("3:_13,aaaaaaaaa")
    assert warned.status() == Status.EMPTY_TARGET
    assert warned.is_valid()  # warnings only
    assert set(CODES) == {s.name.lower().replace("_", "-") for s in Status if s}


def test_problems_say_where() -> None:
    p = Puzzle("3:a_a3_a_,a3m6m3s3", solution="123231312")
    found = [(pr.code, pr.where, pr.severity) for pr in p.problems()]
    # 1 2 / 3 3 1 / 2 3 / 1 2: the first cage is met, the three others are not.
    assert found == [
        ("bad-solution", "cage 2", "error"),
        ("bad-solution", "cage 3", "error"),
        ("bad-solution", "cage 4", "error"),
        ("unreachable-target", "cage 4", "warning"),
    ]
    assert all(isinstance(pr, Problem) for pr in p.problems())
    assert [pr.where for pr in Puzzle("12dn#1").problems()] == ["parameters", "seed"]
    rows = Puzzle(SMALL, solution="111111111").problems()
    assert [pr.where for pr in rows][:4] == ["row 1", "row 2", "row 3", "column 1"]


def test_seed_ids_keep_any_seed_text() -> None:
    """The real program takes any seed text after '#' (a line break or blanks included):
    the model holds it, repr pastes it back, the line writers refuse it."""
    p = Puzzle.from_seed(6, "12\r34 ", difficulty="n")
    assert p.seed == "12\r34 "
    assert p.game_id() == "6dn#12\r34 "
    assert repr(p) == "Puzzle.from_seed(6, '12\\r34 ', difficulty='n')"
    assert eval(repr(p)) == p
    assert p.cages  # expanded as the game expands it: nothing to warn of
    assert p.problems() == []
    far = Puzzle.from_seed(12, "12\r34 ")  # a size Keen does not make: no cages
    assert [(pr.code, pr.severity) for pr in far.problems()] == [("size", "error"),
                                                                 ("seed", "warning")]
    with pytest.raises(ValueError, match="NUL"):
        Puzzle.from_seed(6, "1\x002")
    with pytest.raises(ValueError, match="unpaired surrogates"):
        Puzzle.from_seed(6, "1\ud8002")  # not text: it has no UTF-8 bytes to seed from
    with pytest.raises(PuzzleFormatError, match="expected seed text"):
        Puzzle("6dn#1\ud8002")


def test_solve_gives_puzzles() -> None:
    p = Puzzle(SMALL).replace(difficulty="n")
    res = p.solve()
    assert res.status == "unique"
    assert isinstance(res.solution, Puzzle)
    assert res.solution == p.with_solution(SMALL_SOLUTION)
    assert res.solution.difficulty is Difficulty.NORMAL
    with pytest.raises(ValueError, match="limit"):
        p.solve(0)
    # The time bound is the solver's option, not the model's (one solve() signature in
    # every family: tests/test_model_protocol.py).
    with pytest.raises(ValueError, match="timeout"):
        keen.solve(p, timeout=0)
    with pytest.raises(ValueError, match="timeout"):
        keen.solve(p, timeout=True)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="timeout"):
        p.solve(timeout=1.0)  # type: ignore[call-arg]
    assert p.grade() is Difficulty.NORMAL


def test_json_schema_is_published() -> None:
    schema = Puzzle.json_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["required"] == list(Puzzle(SMALL).to_json())


def test_contents_say_what_a_format_must_hold() -> None:
    assert Puzzle(SMALL).contents() == {"givens"}
    assert Puzzle(SMALL, solution=SMALL_SOLUTION).replace(difficulty="n").contents() == {
        "givens", "solution", "metadata"}
    assert Puzzle("6dnm#1").contents() == {"seed", "givens", "metadata"}  # expanded
    assert Puzzle("12dnm#1").contents() == {"seed", "metadata"}  # a size Keen does not make
