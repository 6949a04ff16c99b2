"""The GCG reader's error messages (each names the field, quotes what was found, says what
was expected, and gives the line and column), the deviations it tolerates (and strict=True
refuses), and the validator's problems on small records built here."""

from __future__ import annotations

import pytest

from puzzlefmt import PuzzleFormatError
from puzzlefmt.cgp.game import EventKind, Game, GameStatus

HEAD = "#player1 a Al\n#player2 b Bo\n"


@pytest.mark.parametrize(
    ("body", "message", "column", "found"),
    [
        (">a: AEINQST 8G QAT 24 24", "move: expected the move's score like +18", 20, "'24'"),
        (">a: AEINQST 8G QAT +24", "move: expected the cumulative score, found the end", 23,
         "end of line"),
        (">a: AEINQST 8G", "move: expected the word after '8G'", 15, "end of line"),
        (">a AEINQST 8G QAT +24 24", "expected '>nickname:' at the start of an event", 1,
         "'>a'"),
        (">c: AEINQST 8G QAT +24 24", "event for 'c', who is not a player (the players are "
         "'a', 'b')", 2, "'c'"),
        (">a: AEIN1ST 8G QAT +24 24", "rack: expected a tile of the english distribution, "
         "found '1'", 9, "'1'"),
        (">a: AEINQST 8G Q#T +24 24", "move: expected a tile of the english distribution, "
         "found '#'", 17, "'#'"),
        (">a: AEINQST QAT 8G +24 24", "move: expected a position like 8D or D8, found 'QAT'",
         13, "'QAT'"),
        (">a: AEINQST - +5 0", "pass: expected +0, found '+5'", 15, "'+5'"),
        (">a: AEINQST -0 +0 0", "exchange: expected the number of tiles exchanged from 1", 14,
         "'0'"),
        (">a: (AB) 5 0", "end-of-game rack points: expected the points like +12", 10, "'5'"),
        (">a: AB (AB) +3 0", "end-of-game rack penalty: expected the penalty like -8", 13,
         "'+3'"),
        (">a: AEINQST -- +5 0", "withdrawn play: expected the points withdrawn like -27", 16,
         "'+5'"),
        (">a: (time) +10 0", "time penalty: expected the penalty like -10", 12, "'+10'"),
        (">a: AEINQST 8G QAT +24 2x4", "move: expected the cumulative score (a whole number)",
         24, "'2x4'"),
        ("hello", "expected a pragma (#...), an event (>nick: ...) or a line of a note", 1,
         "'hello'"),
    ],
)
def test_event_line_errors(body: str, message: str, column: int, found: str) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        Game(HEAD + body + "\n")
    err = info.value
    assert err.format == "gcg"
    assert err.message.startswith(message)
    assert (err.line, err.column, err.found) == (3, column, found)
    assert str(err).startswith(f"gcg: line 3, column {column}: {message}")


@pytest.mark.parametrize(
    ("text", "message", "line"),
    [
        ("", "expected a GCG game record (#player1, #player2 and events), found nothing",
         None),
        (" \n\n", "expected a GCG game record", None),
        ("#player1 a Al\n#player1 b Bo\n", "#player1 given twice (line 1 and line 2)", 2),
        ("#player1 a A\n#player3 c C\n", "expected #player2 (the players are numbered from "
         "1), found #player3 without it", 2),
        ("#player1 a A\n#character-encoding UTF-8\n", "#character-encoding must be the first "
         "line", 2),
        ("#character-encoding KOI8\n", "#character-encoding: expected UTF-8 or ISO-8859-1, "
         "found 'KOI8'", 1),
        ("#title x\n#title y\n", "#title given twice with different values ('x', then 'y')",
         2),
        ("#id onlyone\n", "#id: expected an authority and an id", 1),
        ("#rack1 AB CD\n", "#rack1: expected one rack, found 'AB CD'", 1),
        (">a: AB - +0 0\n", "expected #player1 and #player2 before the events, found none",
         1),
        ("#tile CH\n", "#tile: expected the tile in upper and in lower case", 1),
        (HEAD + "#rack3 AB\n", "#rack3 for a player the record does not have (2 players)", 3),
    ],
)
def test_pragma_and_document_errors(text: str, message: str, line: int | None) -> None:
    with pytest.raises(PuzzleFormatError) as info:
        Game(text)
    assert info.value.message.startswith(message)
    assert info.value.line == line


def test_bytes_that_say_utf8_but_are_not() -> None:
    with pytest.raises(PuzzleFormatError) as info:
        Game.from_bytes(b"#character-encoding UTF-8\n#player1 c C\xe9sar\n")
    assert info.value.message.startswith("the file says #character-encoding UTF-8")
    assert info.value.line == 2


def test_iso_8859_1_bytes_and_text() -> None:
    latin = "#character-encoding ISO-8859-1\n#player1 césar César\n#player2 b B\n"
    assert Game.from_bytes(latin.encode("latin-1")).players[0].nickname == "césar"
    # the same bytes decoded as UTF-8 by mistake are repaired by the declaration
    mojibake = "#character-encoding ISO-8859-1\n#player1 ŁAB Ł\n#player2 b B\n"
    as_latin = mojibake.encode("utf-8").decode("latin-1")
    assert Game(mojibake).players[0].nickname == as_latin.split("\n")[1].split()[1]
    # no declaration: the format says ISO-8859-1
    assert Game.from_bytes(b"#player1 c C\xe9sar\n#player2 b B\n").players[0].name == "César"


# --------------------------------------------------------------------------- deviations


@pytest.mark.parametrize(
    ("text", "note"),
    [
        (HEAD + "#note before the first event\n>a: QAT 8G QAT +24 24\n",
         "a #note before the first event"),
        (HEAD + ">a: QAT 8G QAT +24 24\n#title late\n", "#title after the first event"),
        ("#player1 a\n#player2 b Bo\n", "#player1 has no full name"),
        (HEAD + ">a: QAT 8g QAT +24 24\n", "a lower-case position '8g'"),
        (HEAD + ">a: QAT 8G QAT +24 24 QAT\n", "text after the cumulative score"),
        (HEAD + ">a: QAT 8G QAT +24 24\n>a: QAT -- +0 0\n", "a withdrawn play written '+0'"),
        (HEAD + ">a: UNKNOWN (challenge) +5 5\n", "the rack written 'UNKNOWN'"),
        (HEAD + ">a: QA. 8G QAT +24 24\n", "rack: '.' for the blank"),
        ("#player1 x X\n#player2 x Y\n>x: QAT 8G QAT +24 24\n", "share the nickname 'x'"),
        (HEAD + "  >a: QAT 8G QAT +24 24\n", "blanks before the line"),
        (HEAD + ">a: (time) +-10 -10\n", "a time penalty written '+-N'"),
    ],
)
def test_deviations_are_read_noted_and_refused_when_strict(text: str, note: str) -> None:
    g = Game(text)
    assert any(note in d for d in g.deviations), g.deviations
    with pytest.raises(PuzzleFormatError) as info:
        Game(text, strict=True)
    assert note in info.value.message
    assert "strict" in info.value.message


def test_shared_nicknames_give_events_to_the_player_on_turn() -> None:
    """Quackle's consonant_heaviness_tendency.gcg names both players NoName."""
    g = Game("#player1 x X\n#player2 x Y\n>x: QAT 8G QAT +24 24\n>x: EINRSTU H8 .I +2 2\n"
             ">x: ENS - +0 24\n")
    assert [e.player for e in g.events] == [0, 1, 0]


def test_notes_continue_on_plain_lines_and_hash_dash_lines() -> None:
    g = Game(HEAD + ">a: QAT 8G QAT +24 24\n#note one\ntwo\n#- #three\n#note four\n")
    assert g.events[0].note == "one\ntwo\n#three\nfour"
    text = g.gcg()
    assert "#note one\ntwo\n#- #three\nfour\n" in text
    assert Game(text).events[0].note == g.events[0].note


def test_unknown_pragmas_and_commented_events_are_kept() -> None:
    g = Game(HEAD + "#style wsc2001\n>a: QAT 8G QAT +24 24\n#>b: X 9G X +9 9\n")
    assert g.header_extra == ["#style wsc2001"]
    assert g.events[0].extra == ["#>b: X 9G X +9 9"]
    assert len(g.events) == 1
    assert g.gcg().endswith(">a: QAT 8G QAT +24 24\n#>b: X 9G X +9 9\n")


def test_more_than_two_players() -> None:
    g = Game("#player1 a A\n#player2 b B\n#player3 c C\n>a: QAT 8G QAT +24 24\n"
             ">b: EINRSTU H8 .I +2 2\n>c: X I8 .X +34 34\n")
    assert g.final_scores() == [24, 2, 34]  # X on the double letter I9, in two words
    assert g.position(3).racks[0] == []
    assert g.is_valid(), g.problems()


def test_board_size_and_distribution_from_the_record() -> None:
    big = Game(HEAD + "#board-layout SuperCrosswordGame\n>a: QAT 11J QAT +24 24\n")
    assert big.layout.rows == 21
    assert big.distribution.name == "english_super"
    assert big.position(1).cgp().endswith(" 0/24 0 bdn SuperCrosswordGame; lm 11J QAT;")
    inferred = Game(HEAD + ">a: ĄĆ 8G ĄĆ +0 0\n")
    assert inferred.distribution.name == "polish"
    assert inferred.distribution_source == "letters"
    assert inferred.position(1).distribution_name == "polish"
    spanish = Game(HEAD + "#lexicon FILE2017\n#tile CH ch\n>a: [CH]E? 8G [CH]E +9 9\n")
    assert spanish.distribution.name == "spanish"
    assert spanish.events[0].rack == ("CH", "E", "?")
    assert spanish.tile_declarations == [("CH", "ch")]
    assert "#tile CH ch\n" in spanish.gcg()
    # no #board-layout: a move past row or column 15 means the 21x21 board
    far = Game(HEAD + ">a: QAT 11J QAT +24 24\n>b: AB 20T AB +0 0\n")
    assert (far.layout.name, far.distribution.name) == ("SuperCrosswordGame", "english_super")


# --------------------------------------------------------------------------- problems


def _problems(body: str) -> list[str]:
    return [str(p) for p in Game(HEAD + body).problems()]


@pytest.mark.parametrize(
    ("body", "flag", "message"),
    [
        (">a: QAT 8G QAT +24 25\n", GameStatus.CUMULATIVE,
         "line 3: a's total is 24 after this event, the record says 25"),
        (">a: QAT 8G QAT +23 23\n", GameStatus.SCORE,
         "line 3: 8G QAT scores 24, the record says +23"),
        (">a: QAX 8G QAT +24 24\n", GameStatus.RACK,
         "line 3: the rack QAX does not hold T, played by 8G QAT"),
        (">a: QQQ 8G QAT +24 24\n", GameStatus.OVER_DISTRIBUTION,
         "line 3: the rack QQQ holds QQ beyond the english distribution"),
        (">a: QAT 1A QAT +24 24\n", GameStatus.ILLEGAL_MOVE,
         "line 3: the move 1A QAT cannot be played: first move not on the start square"),
        (">b: QAT 8G QAT +24 24\n", GameStatus.OUT_OF_TURN,
         "line 3: b plays, but it is a's turn"),
        (">a: QAT (challenge) +5 5\n", GameStatus.OUT_OF_ORDER,
         "line 3: a challenge bonus must follow a move by the same player"),
        (">a: QAT 8G QAT +24 24\n>b: EINRST -- -3 -3\n", GameStatus.OUT_OF_ORDER,
         "line 4: a withdrawn play (--) must follow a move by the same player"),
        (">a: (QI) +22 22\n", GameStatus.OUT_OF_ORDER,
         "line 3: end-of-game rack points, but no player has gone out"),
        (">a: QI (QI) -11 -11\n", GameStatus.OUT_OF_ORDER,
         "line 3: a rack penalty before the game ended"),
        (">a: (time) -10 -10\n", GameStatus.OUT_OF_ORDER,
         "line 3: a time penalty before the game ended"),
        (">a: QAT 8G QAT +24 24\n#rack2 ZZZ\n", GameStatus.OVER_DISTRIBUTION,
         "line 4: #rack2 ZZZ holds ZZ beyond the english distribution"),
    ],
)
def test_problems_say_what_and_where(body: str, flag: GameStatus, message: str) -> None:
    g = Game(HEAD + body)
    problems = g.problems()
    assert problems, body
    assert problems[0].flag is flag
    assert str(problems[0]).startswith(message)
    assert problems[0].line == int(message.split(":", maxsplit=1)[0].split()[1])
    assert flag in g.status()
    assert not g.is_valid()


MOVE = ">a: QAT 8G QAT +24 24\n"


@pytest.mark.parametrize(
    ("text", "code", "line", "message"),
    [
        (MOVE + HEAD, "late-player", 2,
         "line 2: #player1 comes after the first event (line 1); MAGPIE refuses a record"),
        ("#player1 a Al\n" + MOVE + "#player2 b Bo\n", "late-player", 3,
         "line 3: #player2 comes after the first event (line 2)"),
        (HEAD + "#note before the first event\n" + MOVE, "note-before-events", 3,
         "line 3: a #note before the first event (the game's note); MAGPIE refuses it"),
        (HEAD + "#game-type scrabble\n" + MOVE, "game-type", 3,
         "line 3: #game-type 'scrabble' is not a variant MAGPIE knows (classic, wordsmog)"),
    ],
)
def test_records_magpie_refuses_are_read_and_their_problems_named(
    text: str, code: str, line: int, message: str
) -> None:
    """MAGPIE refuses an event before the #player lines, a #note before any event and an
    unknown #game-type; they are read, and problems() names each (a warning: the game
    itself is sound)."""
    g = Game(text)
    assert len(g.events) == 1
    problems = g.problems()
    assert {p.code for p in problems} == {code}
    problem = problems[0]
    assert (problem.code, problem.line, problem.severity) == (code, line, "warning")
    assert str(problem) == "warning: " + problem.message
    assert problem.message.startswith(message)
    assert problem.flag in g.status()
    assert g.is_valid()


def test_the_variants_magpie_knows_are_no_problem() -> None:
    for variant in ("classic", "wordsmog"):
        assert Game(HEAD + f"#game-type {variant}\n" + MOVE).problems() == []


@pytest.mark.parametrize(
    "text",
    [
        "#note x\n",
        "#player1 a A\n>a: ABC 99Z XYZ +5 5\n",
        "#player1 a A\n>a: QAT 8G QAT +24 24\n",
        HEAD,
        MOVE + HEAD,
        HEAD + "#note before\n" + MOVE,
    ],
)
def test_a_game_read_without_error_can_always_be_shown(text: str) -> None:
    """str() of a game whose last position has one player and no known rack raised
    ValueError (the picture wrote a CGP to find its operations)."""
    g = Game(text)
    shown = str(g)
    assert shown.splitlines()[0]
    assert "unseen tiles" in shown  # the picture of the last position, to its end
    assert repr(g).startswith("Game(")


def test_the_end_of_a_game_and_what_comes_after() -> None:
    """Six scoreless turns end the game: the rack penalties follow; a move after them is a
    problem; going out is followed by the other rack's points."""
    passes = "".join(
        f">{'ab'[i % 2]}: {'QI' if i % 2 == 0 else 'ZA'} - +0 0\n" for i in range(6)
    )
    g = Game(HEAD + passes + ">a: QI (QI) -11 -11\n>b: ZA (ZA) -11 -11\n")
    assert g.is_over()
    assert g.is_valid(), g.problems()
    assert g.final_scores() == [-11, -11]
    assert g.position(6).is_game_over()
    late = Game(HEAD + passes + ">a: QI 8G QI +11 11\n")
    assert late.problems()[0].flag is GameStatus.AFTER_END
    assert [e.kind for e in g.events][-1] is EventKind.END_RACK_PENALTY
