"""The Puzzle model: construction, geometry queries, equality, repr, the text picture."""

from __future__ import annotations

import pytest

from puzzlefmt.keen import Cage, Difficulty, Op, Puzzle, Walls

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
    assert p.rows() == [[2, 1, 3], [3, 2, 1], [1, 3, 2]]
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
    with pytest.raises(ValueError, match="one line"):
        Puzzle.from_seed(6, "1\n2")
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
