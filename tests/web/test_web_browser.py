"""End to end in a real browser: Chromium (Debian's ``chromium`` and ``chromium-driver``)
driven by Selenium against ``puzzlefmt serve`` started on 127.0.0.1 and a free port.

Screenshots go to ``test-artifacts/web/`` (not in git). These tests skip, saying why, only
where Chromium is not installed.
"""

from __future__ import annotations

import shutil
import tempfile
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import Select, WebDriverWait
from webtools import ARTIFACTS, EXAMPLES, ROOT, SUDOKU, Server, example_id

import puzzlefmt
from puzzlefmt.sudoku import Grid
from puzzlefmt.web import service

CHROMIUM = shutil.which("chromium")
CHROMEDRIVER = shutil.which("chromedriver")

pytestmark = pytest.mark.skipif(
    CHROMIUM is None or CHROMEDRIVER is None,
    reason="no Chromium installed (apt-get install chromium chromium-driver): the browser "
    "tests drive the system's Chromium",
)

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync")
DESKTOP = (1280, 1000)
PHONE = (390, 844)
WAIT = 30.0
POLL = 0.05


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    srv = Server("--solvers", "1", "--solve-timeout", "60")
    try:
        yield srv
    finally:
        assert srv.stop() == 0, "".join(srv.stderr)


@pytest.fixture(scope="module")
def driver() -> Iterator[WebDriver]:
    assert CHROMIUM is not None
    assert CHROMEDRIVER is not None
    profile = tempfile.mkdtemp(prefix="puzzlefmt-chromium-")
    options = Options()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument(f"--window-size={DESKTOP[0]},{DESKTOP[1]}")
    browser = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    browser.set_page_load_timeout(WAIT)
    browser.set_script_timeout(WAIT)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        yield browser
    finally:
        browser.quit()
        shutil.rmtree(profile, ignore_errors=True)


# ---------------------------------------------------------------------- helpers


def until(browser: WebDriver, check: Callable[[WebDriver], Any], what: str) -> Any:
    # the page replaces elements as answers come in: a stale one means "look again"; looked
    # at every 50 ms (Selenium's default half second was most of these tests' time)
    wait = WebDriverWait(browser, WAIT, poll_frequency=POLL,
                         ignored_exceptions=(StaleElementReferenceException,))
    return wait.until(check, message=f"waiting for {what}")


def by_id(browser: WebDriver, name: str) -> WebElement:
    return browser.find_element(By.ID, name)


def shown(browser: WebDriver, name: str) -> bool:
    return by_id(browser, name).is_displayed()


def open_page(browser: WebDriver, server: Server, fragment: str = "",
              size: tuple[int, int] = DESKTOP) -> None:
    browser.set_window_size(*size)
    browser.get(server.url + fragment)
    until(browser, lambda b: b.find_element(By.TAG_NAME, "body").get_attribute("data-ready")
          == "true", "the page to start")


#: Put a text in the paste box as a paste or a keystroke does: one input event of that kind;
#: the script answers the page's message right after it (a paste is read at once).
INPUT = ("const box = document.getElementById('paste'); box.value = arguments[0];"
         "box.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: arguments[1],"
         " data: arguments[1] === 'insertText' ? arguments[0] : null}));"
         "return document.getElementById('message').textContent;")


def paste(browser: WebDriver, text: str) -> None:
    """Put ``text`` in the paste box as a paste does (one input event, ``insertFromPaste``)."""
    browser.execute_script(INPUT, text, "insertFromPaste")


def wait_view(browser: WebDriver, fmt: str) -> None:
    until(browser, lambda b: shown(b, "view") and f"· {fmt}" in by_id(b, "view-title").text,
          f"the {fmt} view")


def image_ok(browser: WebDriver, element: WebElement) -> bool:
    """The <img> holds a decoded SVG picture."""
    src = element.get_attribute("src") or ""
    width = browser.execute_script(
        "return arguments[0].complete ? arguments[0].naturalWidth : 0;", element)
    return src.startswith("data:image/svg+xml") and int(width) > 0


def open_action(browser: WebDriver, name: str) -> None:
    details = by_id(browser, name)
    if details.get_attribute("open") is None:
        details.find_element(By.TAG_NAME, "summary").click()


def outcome(browser: WebDriver, name: str, busy: str) -> str:
    text: str = until(browser, lambda b: (t := by_id(b, name).text)
                      and not t.startswith(busy) and t, f"#{name}")
    return text


def shot(browser: WebDriver, name: str) -> Path:
    path = ARTIFACTS / f"{name}.png"
    browser.save_screenshot(str(path))
    return path


def no_horizontal_scroll(browser: WebDriver) -> bool:
    return bool(browser.execute_script(
        "return document.documentElement.scrollWidth <= window.innerWidth;"))


# ---------------------------------------------------------------------- every example


@pytest.mark.parametrize("path", EXAMPLES, ids=example_id)
def test_paste_each_example(driver: WebDriver, server: Server, path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    fmt = puzzlefmt.detect(text)[0].format
    open_page(driver, server)
    paste(driver, text)
    wait_view(driver, fmt)

    checked = driver.find_element(By.CSS_SELECTOR, "#candidate-list input:checked")
    assert checked.get_attribute("value") == fmt
    assert image_ok(driver, by_id(driver, "picture"))
    assert by_id(driver, "status").text == "Follows the rules: no problem found."

    # a conversion, the same as the API's
    choice = Select(by_id(driver, "convert-to"))
    # another format, or its own where it is the only one (a game record: gcg)
    target = next((o.get_attribute("value") for o in choice.options
                   if o.get_attribute("value") != fmt), fmt)
    assert target is not None
    choice.select_by_value(target)
    by_id(driver, "convert-go").click()
    until(driver, lambda b: by_id(b, "convert-out").is_displayed(), "the conversion")
    expected = service.convert(text, fmt, to=target)
    shown_text = by_id(driver, "convert-text").get_attribute("value")
    assert shown_text == expected["text"].replace("\r\n", "\n")  # a textarea shows LF

    view = service.read(text, fmt)
    family = view["family"]
    if family in ("sudoku", "keen"):
        open_action(driver, "act-solve")
        by_id(driver, "solve-go").click()
        assert outcome(driver, "solve-msg", "Solving…") == "One solution (unique)."
        (solution,) = driver.find_elements(By.CSS_SELECTOR, "#solutions img")
        until(driver, lambda b: image_ok(b, solution), "the solution's picture")
    if family == "keen":
        open_action(driver, "act-grade")
        by_id(driver, "grade-go").click()
        assert outcome(driver, "grade-msg", "Grading…").startswith("Keen would grade it ")
    if family == "cgp" and view["actions"]["move"]:  # a position (a game record has none)
        open_action(driver, "act-move")
        by_id(driver, "move-text").send_keys("B1 KIT", Keys.ENTER)
        assert outcome(driver, "move-msg", "Playing…") == "B1 KIT scores 29."
        until(driver, lambda b: image_ok(b, by_id(b, "move-picture")), "the next position")
        assert by_id(driver, "move-cgp").text.startswith("1K3BERGS5/1I2PA3U5/1TQAID3R5/")
    shot(driver, "example-" + example_id(path).replace("/", "-"))


def test_download_keeps_the_exact_text(driver: WebDriver, server: Server,
                                       tmp_path: Path) -> None:
    driver.execute_cdp_cmd("Browser.setDownloadBehavior",
                           {"behavior": "allow", "downloadPath": str(tmp_path)})
    open_page(driver, server)
    paste(driver, SUDOKU)
    wait_view(driver, "line")
    Select(by_id(driver, "convert-to")).select_by_value("sdk")
    by_id(driver, "convert-go").click()
    until(driver, lambda b: by_id(b, "convert-out").is_displayed(), "the conversion")
    by_id(driver, "convert-download").click()
    target = tmp_path / "puzzle.sdk"
    until(driver, lambda b: target.exists() and target.stat().st_size > 0, "the download")
    expected = service.convert(SUDOKU, "line", to="sdk")["text"]
    assert "\r\n" in expected  # SudoCue files have CRLF line endings
    assert target.read_bytes() == expected.encode("utf-8")


def test_a_broken_text_shows_the_line_and_column(driver: WebDriver, server: Server) -> None:
    lines = (ROOT / "examples/sudoku/sudocue.sdk").read_text(encoding="utf-8").splitlines()
    lines[10] = lines[10][:4] + "?" + lines[10][5:]
    open_page(driver, server)
    box = by_id(driver, "paste")
    box.send_keys("\n".join(lines))  # typed, key by key
    until(driver, lambda b: shown(b, "error") and "line 11" in by_id(b, "error-where").text,
          "the parse error")
    assert by_id(driver, "error-where").text in ("sdk: line 11, column 5",
                                                 "ss: line 11, column 5")
    bad = driver.find_element(By.CSS_SELECTOR, "#error-lines .bad")
    assert bad.text == "11" + lines[10]
    assert bad.find_element(By.CSS_SELECTOR, ".col").text == "?"
    assert driver.find_element(By.CSS_SELECTOR, "#error-lines .caret").text.endswith("^")
    assert not shown(driver, "view")
    shot(driver, "broken-sdk")


def test_pasted_html_is_shown_as_text(driver: WebDriver, server: Server) -> None:
    attack = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>'
    open_page(driver, server)
    paste(driver, attack)
    until(driver, lambda b: shown(b, "error"), "the error")
    sdk = (ROOT / "examples/sudoku/sudocue.sdk").read_text(encoding="utf-8")
    paste(driver, sdk.replace("#ARuud", "#A" + attack))
    wait_view(driver, "sdk")
    by_id(driver, "text-picture")  # shown as text
    lines = sdk.splitlines()
    lines[9] = attack
    paste(driver, "\n".join(lines))
    until(driver, lambda b: shown(b, "error") and "line 10" in by_id(b, "error-where").text,
          "the error on the line with the HTML")
    assert attack in by_id(driver, "error-lines").get_attribute("textContent")
    assert driver.execute_script("return window.pwned === undefined;")
    assert driver.find_elements(By.CSS_SELECTOR, "img[src='x']") == []
    scripts = driver.find_elements(By.TAG_NAME, "script")
    assert [s.get_attribute("src") for s in scripts] == [server.url + "static/app.js"]


# ---------------------------------------------------------------------- more of the page


def test_a_paste_is_read_at_once_and_typing_once_it_pauses(driver: WebDriver,
                                                            server: Server) -> None:
    """A paste (or a drop) is one whole text: the page reads it at once. Typing is read
    after a pause (each keystroke would otherwise ask the server)."""
    open_page(driver, server)
    assert driver.execute_script(INPUT, SUDOKU[:40], "insertText") == ""  # waits for a pause
    assert driver.execute_script(INPUT, SUDOKU, "insertFromPaste") == "Detecting…"
    wait_view(driver, "line")
    open_page(driver, server)
    assert driver.execute_script(INPUT, SUDOKU, "insertFromDrop") == "Detecting…"
    wait_view(driver, "line")
    open_page(driver, server)
    assert driver.execute_script(INPUT, SUDOKU, "insertText") == ""
    wait_view(driver, "line")  # read once the typing pauses


def test_keyboard_only(driver: WebDriver, server: Server) -> None:
    open_page(driver, server)
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.TAB)
    skip = driver.switch_to.active_element
    assert skip.text == "Skip to the paste box"
    skip.send_keys(Keys.ENTER)
    box = driver.switch_to.active_element
    assert box.get_attribute("id") == "paste"
    box.send_keys(SUDOKU, Keys.CONTROL, Keys.ENTER)
    wait_view(driver, "line")
    # every control is a native one, reachable with Tab
    controls = driver.find_elements(By.CSS_SELECTOR, "#input button, #view button, #view select")
    assert controls
    assert all(c.tag_name in ("button", "select") for c in controls)
    assert all(c.get_attribute("tabindex") in (None, "0") for c in controls)


GCG = """#player1 alice Alice
#player2 bob Bob
>alice: AEINQST 8G QAT +24 24
>bob: EGLNORT H7 O.T +3 3
"""


def test_step_through_a_game(driver: WebDriver, server: Server) -> None:
    assert service.game_available()
    open_page(driver, server)
    paste(driver, GCG)
    wait_view(driver, "gcg")
    assert by_id(driver, "view-title").text.startswith("Crossword game record")
    assert not shown(driver, "act-move")
    open_action(driver, "act-game")
    by_id(driver, "game-next").click()
    until(driver, lambda b: by_id(b, "game-msg").text
          == "Event 1 of 2: alice, 8G QAT, +24 (total 24).", "the first event")
    by_id(driver, "game-end").click()
    until(driver, lambda b: by_id(b, "game-msg").text.startswith("Event 2 of 2: bob"),
          "the last event")
    assert by_id(driver, "game-next").get_attribute("disabled") is not None
    assert image_ok(driver, by_id(driver, "game-picture"))
    assert by_id(driver, "game-cgp").text.startswith("15/15/15/15/15/15/7O7/6QAT6/7T7/")
    by_id(driver, "game-start").click()
    until(driver, lambda b: by_id(b, "game-msg").text.startswith("The start"), "the start")
    shot(driver, "gcg-game")


NAMED_GCG = GCG.replace("alice Alice", "alice Alice Liddell").replace("bob Bob", "bob Bob Dylan")

# The CGP pictures shown in the view, as drawn: for each <img> on screen holding a CGP
# picture, the board's width and the smallest font of the panel's words (names, scores, facts,
# "rack not known") in CSS pixels, and the panel's names. The picture is read back from the
# image's data URL and scaled by the image's width on screen over the picture's own.
SHOWN_BOARDS = """
const out = [];
for (const img of document.querySelectorAll('#view img')) {
  const src = img.getAttribute('src') || '';
  if (!src.startsWith('data:image/svg+xml') || !img.getClientRects().length) continue;
  const svg = decodeURIComponent(src.slice(src.indexOf(',') + 1));
  const root = new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
  if (!(root.getAttribute('class') || '').split(' ').includes('cgp')) continue;
  const scale = img.getBoundingClientRect().width
    / Number(root.getAttribute('viewBox').trim().split(/\\s+/)[2]);
  const squares = [...root.querySelectorAll('g[class~=squares] rect')];
  const left = Math.min(...squares.map((r) => Number(r.getAttribute('x'))));
  const right = Math.max(...squares.map((r) => Number(r.getAttribute('x'))
                                           + Number(r.getAttribute('width'))));
  const words = [...root.querySelectorAll('g[class~=panel] text')].filter((t) =>
    ['name', 'score', 'fact', 'rack-unknown'].some((c) =>
      (t.getAttribute('class') || '').split(' ').includes(c)));
  out.push({id: img.id, board: (right - left) * scale,
            font: Math.min(...words.map((t) => Number(t.getAttribute('font-size')) * scale)),
            names: words.filter((t) => t.getAttribute('class') === 'name')
                        .map((t) => t.textContent)});
}
return out;
"""


def shown_boards(browser: WebDriver) -> list[dict[str, Any]]:
    boards: list[dict[str, Any]] = browser.execute_script(SHOWN_BOARDS)
    return boards


@pytest.mark.parametrize("what", ["gcg", "cgp"])
def test_the_board_is_drawn_at_a_readable_size(driver: WebDriver, server: Server,
                                               what: str) -> None:
    text = NAMED_GCG if what == "gcg" else \
        (ROOT / "examples/cgp/seed-position.cgp").read_text(encoding="utf-8")
    open_page(driver, server)
    paste(driver, text)
    wait_view(driver, what)
    until(driver, lambda b: image_ok(b, by_id(b, "picture")), "the picture")
    (board,) = shown_boards(driver)
    assert board["board"] >= 480, board  # at a desktop width, the board fills the column
    assert board["font"] >= 11, board  # and the words beside it can be read
    assert no_horizontal_scroll(driver)
    if what == "gcg":
        assert board["names"] == ["Alice Liddell · to move", "Bob Dylan"]
        shot(driver, "gcg-readable")


def test_stepping_through_a_game_replaces_the_board(driver: WebDriver, server: Server) -> None:
    open_page(driver, server)
    paste(driver, NAMED_GCG)
    wait_view(driver, "gcg")
    until(driver, lambda b: image_ok(b, by_id(b, "picture")), "the picture")
    assert len(shown_boards(driver)) == 1
    open_action(driver, "act-game")
    by_id(driver, "game-next").click()
    until(driver, lambda b: by_id(b, "game-msg").text.startswith("Event 1 of 2"),
          "the first event")
    until(driver, lambda b: any(x["names"][0].startswith("Bob") for x in shown_boards(b)),
          "the position after the first event")
    boards = shown_boards(driver)
    assert len(boards) == 1, boards  # one board, the position after the event
    assert boards[0]["names"] == ["Bob Dylan · to move", "Alice Liddell"]
    assert boards[0]["board"] >= 480
    assert "> Bob Dylan" in by_id(driver, "text-picture").get_attribute("textContent")
    by_id(driver, "game-end").click()
    until(driver, lambda b: by_id(b, "game-msg").text.startswith("Event 2 of 2"),
          "the last event")
    until(driver, lambda b: all(x["names"][0].startswith("Alice") for x in shown_boards(b)),
          "the last position")
    boards = shown_boards(driver)
    assert len(boards) == 1, boards
    assert len(driver.find_elements(By.CSS_SELECTOR, "#view img[src^='data:image/svg']")) <= 2
    driver.execute_script("document.getElementById('picture').scrollIntoView();")
    shot(driver, "gcg-stepped")


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_empty_box_shows_its_whole_placeholder(driver: WebDriver, server: Server,
                                                   size: tuple[int, int]) -> None:
    open_page(driver, server, size=size)
    box = by_id(driver, "paste")
    assert box.get_attribute("value") == ""
    assert driver.execute_script("return arguments[0].matches(':placeholder-shown');", box)
    scroll = driver.execute_script(
        "const b = arguments[0]; return [b.scrollWidth, b.clientWidth, b.scrollHeight,"
        " b.clientHeight];", box)
    assert scroll[0] <= scroll[1], scroll  # no part of it off to the right
    assert scroll[2] <= scroll[3], scroll  # nor below
    # a pasted text keeps its lines unwrapped (grids stay grids)
    paste(driver, "x" * 300)
    wide = driver.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth;",
                                 box)
    assert wide
    paste(driver, "")
    shot(driver, f"empty-{'phone' if size == PHONE else 'desktop'}")


def test_collection_table_holds_one_page(driver: WebDriver, server: Server) -> None:
    lines = (ROOT / "examples/sudoku/seed-collection.sdm").read_text().split()
    body = [lines[i % len(lines)] for i in range(60)]
    body[39] = body[39][:40] + "x" + body[39][41:]
    open_page(driver, server)
    paste(driver, "\n".join(body) + "\n")
    until(driver, lambda b: shown(b, "records") and len(rows(b)) == 25, "page 1 of the table")
    assert by_id(driver, "records-summary").text == \
        "60 records, 1 does not read; showing 1–25."
    by_id(driver, "page-next").click()
    until(driver, lambda b: rows(b)[0].get_attribute("data-record") == "26", "page 2")
    assert len(rows(driver)) == 25
    bad = next(r for r in rows(driver) if r.get_attribute("data-record") == "40")
    assert "bad" in (bad.get_attribute("class") or "")
    good = next(r for r in rows(driver) if r.get_attribute("data-record") == "41")
    good.find_element(By.CSS_SELECTOR, "button.thumb-button").click()
    thumb = until(driver, lambda b: b.find_elements(By.CSS_SELECTOR, "img.thumb"),
                  "the thumbnail")[0]
    until(driver, lambda b: image_ok(b, thumb), "the thumbnail's picture")
    shot(driver, "collection-page-2")
    bad.find_element(By.CSS_SELECTOR, "td:last-child button").click()
    until(driver, lambda b: shown(b, "error") and "line 40" in by_id(b, "error-where").text,
          "record 40's error")
    by_id(driver, "page-last").click()
    until(driver, lambda b: rows(b)[0].get_attribute("data-record") == "51", "the last page")
    assert len(rows(driver)) == 10
    assert len(driver.find_elements(By.CSS_SELECTOR, "#records-body tr")) <= 25


def rows(browser: WebDriver) -> list[WebElement]:
    return browser.find_elements(By.CSS_SELECTOR, "#records-body tr")


def test_several_solutions_side_by_side(driver: WebDriver, server: Server) -> None:
    open_page(driver, server)
    paste(driver, "1" + "." * 80)
    wait_view(driver, "line")
    open_action(driver, "act-solve")
    by_id(driver, "solve-go").click()
    assert outcome(driver, "solve-msg", "Solving…") == \
        "Several solutions (at least 2); two of them:"
    first, second = driver.find_elements(By.CSS_SELECTOR, "#solutions figure")
    assert first.location["y"] == second.location["y"]
    assert first.location["x"] < second.location["x"]
    driver.execute_script("arguments[0].scrollIntoView();", first)
    shot(driver, "solve-two-solutions")


def test_share_link_opens_the_puzzle(driver: WebDriver, server: Server) -> None:
    fragment = "#" + urllib.parse.urlencode({"format": "line", "text": SUDOKU})
    open_page(driver, server, fragment)
    wait_view(driver, "line")
    assert by_id(driver, "paste").get_attribute("value") == SUDOKU
    paste(driver, "https://www.sudokuwiki.org/sudoku.htm?bd=" + SUDOKU)
    until(driver, lambda b: by_id(b, "paste").get_attribute("value") == SUDOKU,
          "the puzzle taken out of the link")
    by_id(driver, "share").click()
    until(driver, lambda b: "text=" in b.execute_script("return location.hash;"),
          "the share link in the address")


def test_open_a_file_uses_its_extension(driver: WebDriver, server: Server) -> None:
    open_page(driver, server)
    path = ROOT / "examples/sudoku/seed-collection.sdm"
    assert puzzlefmt.detect(path.read_text())[0].format == "txt"  # without the name
    driver.execute_script("document.getElementById('file').hidden = false;")
    by_id(driver, "file").send_keys(str(path))
    wait_view(driver, "sdm")


def test_drop_a_file_on_the_box(driver: WebDriver, server: Server) -> None:
    open_page(driver, server)
    text = (ROOT / "examples/keen/real-ids.keens").read_text(encoding="utf-8")
    driver.execute_script(
        "const data = new DataTransfer();"
        "data.items.add(new File([arguments[0]], 'ids.keens', {type: 'text/plain'}));"
        "const box = document.getElementById('drop');"
        "box.dispatchEvent(new DragEvent('dragover', {dataTransfer: data, bubbles: true,"
        " cancelable: true}));"
        "box.dispatchEvent(new DragEvent('drop', {dataTransfer: data, bubbles: true,"
        " cancelable: true}));", text)
    wait_view(driver, "keen-list")
    assert by_id(driver, "paste").get_attribute("value") == text


@pytest.mark.parametrize(("size", "theme"), [(PHONE, "light"), (PHONE, "dark"),
                                             (DESKTOP, "dark")])
def test_themes_and_phone_width(driver: WebDriver, server: Server, size: tuple[int, int],
                                theme: str) -> None:
    open_page(driver, server, size=size)
    Select(by_id(driver, "theme")).select_by_value(theme)
    text = (ROOT / "examples/keen/real-ids.keens").read_text(encoding="utf-8")
    paste(driver, text)
    wait_view(driver, "keen-list")
    assert driver.execute_script("return document.documentElement.dataset.theme;") == theme
    background = driver.execute_script(
        "return getComputedStyle(document.body).backgroundColor;")
    assert background == ("rgb(20, 21, 23)" if theme == "dark" else "rgb(246, 246, 243)")
    assert no_horizontal_scroll(driver)
    name = f"{'phone' if size == PHONE else 'desktop'}-{theme}"
    shot(driver, name)
    driver.execute_script("document.getElementById('view').scrollIntoView();")
    shot(driver, name + "-picture")
    Select(by_id(driver, "theme")).select_by_value("auto")


@pytest.mark.parametrize("makes", ["keen", "sudoku"])
def test_new_puzzle_puts_the_puzzle_of_its_seed_in_the_box(driver: WebDriver, server: Server,
                                                            makes: str) -> None:
    """The paste box's "New puzzle": the box holds the puzzle the API makes for the seed the
    page names, the page reads it as its family's and finds one solution."""
    open_page(driver, server)
    until(driver, lambda b: shown(b, "generators"), "the new-puzzle action")
    Select(by_id(driver, "generate-what")).select_by_value(makes)
    by_id(driver, "generate").click()
    lead = "New puzzle; its seed: "
    said: str = until(driver, lambda b: (t := by_id(b, "message").text).startswith(lead) and t,
                      "the new puzzle")
    seed_id = said.removeprefix(lead)
    text = by_id(driver, "paste").get_attribute("value")
    made = service.generate(makes, seed=seed_id.rpartition("#")[2])
    assert made["seed_id"] == seed_id
    assert text == made["text"]
    view = service.read(text)
    assert view["family"] == makes
    wait_view(driver, view["format"])
    assert image_ok(driver, by_id(driver, "picture"))
    open_action(driver, "act-solve")
    by_id(driver, "solve-go").click()
    assert outcome(driver, "solve-msg", "Solving…") == "One solution (unique)."
    shot(driver, f"new-puzzle-{makes}")


def test_rate_lists_the_steps_and_draws_the_chosen_one(driver: WebDriver, server: Server
                                                       ) -> None:
    """The Rate action: ER/EP/ED in words, the steps listed, the first drawn; choosing another
    step draws that one (the picture the API gives for it)."""
    puzzle = "................12..3.45...........6...1.7....89...4.......3....2..6.5..71......."
    grid = Grid(puzzle)
    rating = grid.rate()
    open_page(driver, server)
    paste(driver, puzzle)
    wait_view(driver, service.read(puzzle)["format"])
    open_action(driver, "act-rate")
    by_id(driver, "rate-go").click()
    said = outcome(driver, "rate-msg", "Rating…")
    assert f"{rating.line()} (ER/EP/ED)" in said
    until(driver, lambda b: shown(b, "rate-items"), "the list of steps")
    buttons = by_id(driver, "rate-items").find_elements(By.TAG_NAME, "button")
    assert [b.text for b in buttons] == [f"{k + 1}. {s}" for k, s in enumerate(rating.steps)]
    picture = by_id(driver, "picture")
    until(driver, lambda b: picture.get_attribute("data-pick") == "0", "step 1 drawn")
    k = next(n for n, s in enumerate(rating.steps) if s.eliminates)
    driver.execute_script("arguments[0].scrollIntoView();", buttons[k])
    buttons[k].click()
    until(driver, lambda b: picture.get_attribute("data-pick") == str(k), f"step {k + 1} drawn")
    assert buttons[k].get_attribute("aria-pressed") == "true"
    assert buttons[0].get_attribute("aria-pressed") == "false"
    want = service.run_engine("rate", puzzle, pick=k)["picture"]
    src = picture.get_attribute("src") or ""
    assert urllib.parse.unquote(src.partition(",")[2]) == want
    assert 'class="removed"' in want
    assert image_ok(driver, picture)
    shot(driver, "rate-step")


def test_rate_draws_a_chain_on_the_board(driver: WebDriver, server: Server) -> None:
    """Issue 23: a chaining step chosen in the Rate list is drawn with its chain: the page's
    picture is the API's, and the browser lays out one arrow (a path and its head) for each
    node that has a parent, dashed for a weak link, and one circle a node."""
    puzzle = "..1.....9.6...4......13...645.32.7..7....68..2.........9....263.....2.18..4..3..."
    rating = Grid(puzzle).rate()
    k = next(n for n, s in enumerate(rating.steps) if s.links)
    step = rating.steps[k]
    open_page(driver, server)
    paste(driver, puzzle)
    wait_view(driver, service.read(puzzle)["format"])
    open_action(driver, "act-rate")
    by_id(driver, "rate-go").click()
    outcome(driver, "rate-msg", "Rating…")
    until(driver, lambda b: shown(b, "rate-items"), "the list of steps")
    buttons = by_id(driver, "rate-items").find_elements(By.TAG_NAME, "button")
    assert buttons[k].text == f"{k + 1}. {step}"
    assert "; chain " in buttons[k].text
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", buttons[k])
    buttons[k].click()
    picture = by_id(driver, "picture")
    until(driver, lambda b: picture.get_attribute("data-pick") == str(k), f"step {k + 1} drawn")
    assert image_ok(driver, picture)
    src = urllib.parse.unquote((picture.get_attribute("src") or "").partition(",")[2])
    assert src == service.run_engine("rate", puzzle, pick=k)["picture"]
    # the same SVG laid out by the browser: each arrow has a size on the board
    laid = driver.execute_script("""
        const svg = new DOMParser().parseFromString(arguments[0], 'image/svg+xml')
          .documentElement;
        const box = document.createElement('div');
        box.appendChild(document.importNode(svg, true));
        document.body.appendChild(box);
        const links = [...box.querySelectorAll('g.chain-link')].map(g => {
          const path = g.querySelector('path'), head = g.querySelector('.chain-arrow');
          const b = path.getBBox(), h = head.getBBox();
          return [g.getAttribute('class'), getComputedStyle(path).strokeDasharray,
                  b.width + b.height, h.width * h.height];
        });
        const nodes = box.querySelectorAll('circle.chain-node').length;
        box.remove();
        return [links, nodes];""", src)
    links, nodes = laid
    children = [n for n in step.links if n[3] >= 0]
    assert len(links) == len(children) > 0
    for (cls, dashes, size, head), (_, _, on, _) in zip(links, children, strict=True):
        assert cls == f"chain-link {'strong' if on else 'weak'}"
        assert (dashes == "none") == on
        assert size > 0
        assert head > 0
    assert nodes == len({n[:3] for n in step.links})
    shot(driver, "rate-chain")
