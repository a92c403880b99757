"""The web page in a real browser: headless Chromium (Debian's ``chromium`` and
``chromium-driver``) driven by Selenium plays a whole hand of hold'em and a whole deal
of gin against the server's bots through the page, then checks what the page says
against the server's own record. Each test saves a screenshot of the finished game and
prints its path."""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from hoyle.engine import Game
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import Select, WebDriverWait
from server_helpers import Server

SCREENSHOTS = Path(tempfile.gettempdir()) / "hoyle-browser-screenshots"


def _chromium() -> tuple[str, str]:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if browser is None or driver is None:
        raise RuntimeError(
            "the browser tests need Debian's chromium and chromium-driver (apt-get install chromium chromium-driver)"
        )
    return browser, driver


@pytest.fixture
def browser() -> Iterator[WebDriver]:
    binary, driver = _chromium()
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1280,1100",
    ):
        options.add_argument(flag)
    chrome = webdriver.Chrome(service=Service(driver), options=options)
    chrome.set_page_load_timeout(60)
    try:
        yield chrome
    finally:
        chrome.quit()


def _start(
    browser: WebDriver,
    server: Server,
    variant: str,
    seed: int,
    options: dict[str, str] | None = None,
    house_rules: tuple[str, ...] = (),
    clock: int | None = None,
    bots: dict[int, str] | None = None,
) -> None:
    browser.get(server.url + "/")
    wait = WebDriverWait(browser, 30)
    wait.until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#variant option")) > 0)
    Select(browser.find_element(By.ID, "variant")).select_by_value(variant)
    seed_box = browser.find_element(By.ID, "seed")
    seed_box.clear()
    seed_box.send_keys(str(seed))
    if clock is not None:
        browser.find_element(By.ID, "clock-seconds").send_keys(str(clock))
    if options or house_rules:
        browser.find_element(By.CSS_SELECTOR, "#new-table details summary").click()
        for rule in house_rules:
            browser.find_element(By.CSS_SELECTOR, f'[data-rule="{rule}"]').click()
        for name, value in (options or {}).items():
            box = browser.find_element(By.CSS_SELECTOR, f'[data-option="{name}"]')
            box.clear()
            box.send_keys(value)
    for seat, bot in (bots or {}).items():
        Select(browser.find_element(By.CSS_SELECTOR, f'#seats select[data-seat="{seat}"]')).select_by_value(bot)
    browser.find_element(By.ID, "start").click()
    wait.until(ec.visibility_of_element_located((By.ID, "table")))


def _wait_for_turn(browser: WebDriver, after: int = -1) -> bool:
    """Wait until the page has drawn a state newer than event number ``after`` and
    offers actions (True) or shows the result (False)."""

    def ready(b: WebDriver) -> str | None:
        version = b.find_element(By.ID, "table").get_attribute("data-version")
        if version is None or int(version) <= after:
            return None
        if b.find_element(By.ID, "result").is_displayed():
            return "over"
        buttons = [x for x in b.find_elements(By.CSS_SELECTOR, "#actions button.action") if x.is_enabled()]
        return "turn" if buttons else None

    return (
        WebDriverWait(browser, 60, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,)).until(
            ready
        )
        == "turn"
    )


def _version(browser: WebDriver) -> int:
    return int(browser.find_element(By.ID, "table").get_attribute("data-version") or -1)


def _buttons(browser: WebDriver) -> dict[str, object]:
    return {
        b.get_attribute("data-action") or b.get_attribute("id"): b
        for b in browser.find_elements(By.CSS_SELECTOR, "#actions button.action")
    }


def _finish(browser: WebDriver, server: Server, name: str) -> dict[str, object]:
    """Check the page's result against the server's record; save a screenshot."""
    result = browser.find_element(By.ID, "result")
    settlement = json.loads(result.get_attribute("data-settlement") or "null")
    table = browser.find_element(By.ID, "table").get_attribute("data-table")
    record = httpx.get(f"{server.url}/api/tables/{table}/replay", timeout=30).text
    replayed = Game.from_json(record)
    assert replayed.result is not None
    assert settlement == replayed.result["settlement"]
    assert "Game over" in result.text
    # the shuffle's commitment and, now that the game is over, the seed that makes it
    fairness = browser.find_element(By.ID, "fairness")
    seed = json.loads(record)["seed"]
    assert fairness.get_attribute("data-seed") == str(seed)
    assert fairness.get_attribute("data-commitment") == hashlib.sha256(f"{table}:{seed}".encode()).hexdigest()
    assert "Seed chosen by its creator" in fairness.text and f"seed revealed: {seed}" in fairness.text
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}-{int(time.time() * 1000)}.png"
    browser.save_screenshot(str(path))
    print(f"\nscreenshot of the finished {name} game: {path}")
    return {"record": json.loads(record), "log": [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#log li")]}


def test_a_hand_of_holdem_in_the_browser(browser: WebDriver, server: Server) -> None:
    _start(browser, server, "texas-holdem", seed=21)
    raised = False
    seen = -1
    while _wait_for_turn(browser, seen):
        seen = _version(browser)
        buttons = _buttons(browser)
        hand = browser.find_elements(By.CSS_SELECTOR, "#hand svg.card")
        assert len(hand) == 2  # our two hole cards, drawn as cards
        if not raised and "bet-go" in buttons:
            # once: a raise through the amount box bounded by the legal range
            low = int(browser.find_element(By.ID, "bet-amount").get_attribute("min") or 0)
            high = int(browser.find_element(By.ID, "bet-slider").get_attribute("max") or 0)
            assert 0 < low <= high
            buttons["bet-go"].click()  # type: ignore[attr-defined]
            raised = True
            continue
        choice = next((t for t in ("check", "call", "fold") if t in buttons), next(iter(buttons)))
        buttons[choice].click()  # type: ignore[attr-defined]
    done = _finish(browser, server, "holdem")
    assert raised
    log = done["log"]
    assert isinstance(log, list) and any(line.startswith("You raise to") or line.startswith("You bet") for line in log)
    # the opponent's hole cards never reached the page unless they were shown at the end
    record = done["record"]
    assert isinstance(record, dict) and [s for s, _ in record["actions"]].count(0) >= 1


def test_a_deal_of_gin_in_the_browser(browser: WebDriver, server: Server) -> None:
    _start(browser, server, "gin-rummy", seed=8, options={"deals": "1"})
    clicks = 0
    seen = -1
    while _wait_for_turn(browser, seen):
        seen = _version(browser)
        buttons = _buttons(browser)
        knock = next((t for t in buttons if t.startswith("knock")), None)
        discard = [t for t in buttons if t.startswith("discard ")]
        if knock:
            buttons[knock].click()  # type: ignore[attr-defined]
        elif discard:
            # discard by clicking the card itself in the hand
            card = discard[-1].split(" ", 1)[1]
            browser.find_element(By.CSS_SELECTOR, f'#hand svg.card[data-card="{card}"]').click()
        else:
            choice = next((t for t in ("draw stock", "pass", "draw discard") if t in buttons), next(iter(buttons)))
            buttons[choice].click()  # type: ignore[attr-defined]
        clicks += 1
        assert clicks < 400
    done = _finish(browser, server, "gin")
    assert clicks > 3
    log = done["log"]
    assert isinstance(log, list) and any(" discards " in line or line.startswith("You discard") for line in log)


def test_a_table_under_a_house_rule_chosen_on_the_page(browser: WebDriver, server: Server) -> None:
    """The page lists a variant's house rules (from /api/variants) and a table started
    with one chosen is made under it, as the table's creation record in the store says."""
    _start(browser, server, "war", seed=4, house_rules=("war-cards-held",))
    table = browser.find_element(By.ID, "table").get_attribute("data-table")
    created = json.loads((server.store / f"{table}.jsonl").read_text().splitlines()[0])
    assert created["variant"] == "war" and created["house_rules"] == ["war-cards-held"]


def test_a_bot_s_level_chosen_on_the_page(browser: WebDriver, server: Server) -> None:
    """A seat's list offers the bots that play the variant at each level they declare,
    the variant's default bot chosen; a table started with ``gin:hard`` at seat 1 is
    made with it, as the table's creation record in the store says."""
    browser.get(server.url + "/")
    wait = WebDriverWait(browser, 30)
    wait.until(lambda b: len(b.find_elements(By.CSS_SELECTOR, "#variant option")) > 0)
    Select(browser.find_element(By.ID, "variant")).select_by_value("gin-rummy")
    seat = Select(browser.find_element(By.CSS_SELECTOR, '#seats select[data-seat="1"]'))
    values = [o.get_attribute("value") for o in seat.options]
    assert {"gin", "gin:easy", "gin:medium", "gin:hard", "random"} <= set(values)
    assert "poker" not in values  # the poker bot does not play gin
    assert seat.first_selected_option.get_attribute("value") == "gin"
    _start(browser, server, "gin-rummy", seed=5, bots={1: "gin:hard"})
    table = browser.find_element(By.ID, "table").get_attribute("data-table")
    created = json.loads((server.store / f"{table}.jsonl").read_text().splitlines()[0])
    assert created["bots"] == {"1": "gin:hard"}


def test_the_page_counts_down_the_clock_and_the_server_plays_for_a_seat_out_of_time(
    browser: WebDriver, server: Server
) -> None:
    _start(browser, server, "texas-holdem", seed=21, clock=2)
    wait = WebDriverWait(browser, 60, poll_frequency=0.05, ignored_exceptions=(StaleElementReferenceException,))

    def counting(b: WebDriver) -> str | None:
        box = b.find_element(By.ID, "clock")
        return box.get_attribute("data-remaining") if box.is_displayed() and "Your time" in box.text else None

    left = wait.until(counting)
    assert left is not None and 0 <= int(left) <= 2
    # nobody clicks: the server's clock plays our default (check, else fold) until the hand ends
    wait.until(lambda b: b.find_element(By.ID, "result").is_displayed())
    log = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#log li")]
    assert "You ran out of time" in log
    assert not browser.find_element(By.ID, "clock").is_displayed()
    table = browser.find_element(By.ID, "table").get_attribute("data-table")
    record = httpx.get(f"{server.url}/api/tables/{table}/replay", timeout=30).json()
    assert all(text in ("check", "fold") for seat, text in record["actions"] if seat == 0)
