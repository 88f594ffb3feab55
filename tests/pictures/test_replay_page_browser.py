"""The replay page in a real browser: it loads with no console error, and next,
previous and the slider change the board shown.

The browser is an installed Chromium (Debian: ``apt-get install -y chromium``),
driven through Playwright with ``executable_path``, so no browser is downloaded.
``TURBINE_CHROMIUM`` names another Chromium binary.  ``.ci/run`` installs
Chromium when it is missing, so this test runs in CI.
"""

from __future__ import annotations

import os
import shutil

import pytest
from pictures_helpers import play

HOW = (
    "no Chromium found: install it (Debian: `apt-get install -y chromium`) "
    "or set TURBINE_CHROMIUM to a Chromium binary"
)


def chromium() -> str | None:
    named = os.environ.get("TURBINE_CHROMIUM")
    if named:
        return named
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def page_file(tmp_path_factory):
    from turbine.cli.pictures import write_replay

    folder = tmp_path_factory.mktemp("replay")
    game = play("power_grid", 3, seed=11, moves=12)
    game.save(str(folder / "pg.json"))
    write_replay(folder / "pg.json", folder / "replay.html")
    return folder / "replay.html"


@pytest.fixture(scope="module")
def browser():
    executable = chromium()
    if executable is None:
        pytest.skip(HOW)
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="Playwright is in the test extra: pip install -e '.[test]'"
    )
    with sync_api.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        yield launched
        launched.close()


def test_next_previous_and_slider_change_the_board_with_no_console_error(browser, page_file):
    page = browser.new_page(viewport={"width": 1600, "height": 1000})
    problems: list[str] = []
    page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(page_file.as_uri())
    page.wait_for_selector("body[data-ready='true']", timeout=30_000)
    start = page.inner_html("#board")
    assert start.startswith("<svg") and 'data-name="Moscow"' in start
    assert page.text_content("#step-label").startswith("the start")

    page.click("#next")
    after_one = page.inner_html("#board")
    assert after_one != start, "next did not change the board"
    assert page.get_attribute("body", "data-step") == "1"
    assert page.text_content("#step-label").startswith("after action 1 of 12")
    assert page.eval_on_selector("#slider", "e => e.value") == "1"

    page.click("#prev")
    assert page.inner_html("#board") == start, "previous did not bring the start back"
    assert page.get_attribute("body", "data-step") == "0"

    page.fill("#slider", "12")  # the slider's input event
    assert page.get_attribute("body", "data-step") == "12"
    assert page.inner_html("#board") not in (start, after_one)
    page.click("#moves button[data-step='1']")
    assert page.inner_html("#board") == after_one
    assert page.locator("#board svg .city").count() == 42

    page.keyboard.press("End")  # the last step says how the log ends; Home goes back
    assert page.get_attribute("body", "data-step") == "12"
    assert page.text_content("#step-label").endswith("the log ends here: the game goes on")
    page.keyboard.press("Home")
    assert page.get_attribute("body", "data-step") == "0"
    assert page.locator("#moves li.round").all_text_contents() == ["round 1"]

    assert problems == [], problems
    assert all(url.startswith("file:") for url in requests), requests  # nothing from the network
    page.close()


def test_the_address_names_the_step_and_a_link_to_a_step_opens_it(browser, page_file):
    """A step is linked as ``replay.html#7``: opening that address shows step 7, moving
    changes the address (so it can be copied and shared), editing it moves the board."""
    page = browser.new_page(viewport={"width": 1600, "height": 1000})
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(page_file.as_uri() + "#7")
    page.wait_for_selector("body[data-ready='true']", timeout=30_000)
    assert page.get_attribute("body", "data-step") == "7"
    assert page.text_content("#step-label").startswith("after action 7 of 12")
    page.click("#next")
    assert page.evaluate("location.hash") == "#8"
    page.keyboard.press("Home")
    assert page.evaluate("location.hash") == ""
    page.evaluate("location.hash = '#3'")
    page.wait_for_selector("body[data-step='3']", timeout=5_000)
    page.evaluate("location.hash = '#many'")  # not a step: the start
    page.wait_for_selector("body[data-step='0']", timeout=5_000)
    assert problems == [], problems
    page.close()
