"""Helpers shared by the browser tests: accounts and API tokens over plain HTTP, and
the small DOM vocabulary the tests speak (find, tap, type, wait for the next page).

Plain functions taking the Selenium driver; every wait uses WAIT_SECONDS from conftest."""

from __future__ import annotations

import http.cookiejar
import re
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid

from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from conftest import WAIT_SECONDS


# ---------------------------------------------------------------- HTTP

class HttpClient:
    """A tiny cookie-keeping client, for making accounts and API tokens without a browser."""

    def __init__(self, base_url: str):
        self.base_url = base_url
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        # A visitor of its own: the test server trusts 127.0.0.1 as its proxy (conftest), so
        # the limits per address count this client apart from the others, like another phone.
        self.opener.addheaders = [("X-Forwarded-For", "10." + ".".join(str(b) for b in uuid.uuid4().bytes[:3]))]

    def get(self, path: str) -> tuple[int, str, str]:
        """GETs a page; returns (status, final URL after redirects, body)."""
        with self.opener.open(self.base_url + path, timeout=30) as response:
            return response.status, response.geturl(), response.read().decode()

    def post_form(self, path: str, fields: dict[str, str]) -> tuple[int, str, str]:
        """POSTs a form; returns (status, final URL, body), error statuses included."""
        data = urllib.parse.urlencode(fields).encode()
        try:
            with self.opener.open(self.base_url + path, data=data, timeout=30) as response:
                return response.status, response.geturl(), response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.geturl(), error.read().decode()

    def post_anonymous(self, path: str, fields: dict[str, str]) -> tuple[int, str, str]:
        """POSTs a form of a signed-out visitor (registering, signing in). The suite sends
        many from one address: past the anonymous budget (30 at once, then one every 2 s)
        the server answers 429 with Retry-After, and a person waits that long and tries
        again; so does this, for a minute at most. The form token is fetched anew each time."""
        for _ in range(30):
            status, final_url, body = self.post_form(path, {"_csrf": self.csrf(path), **fields})
            if status != 429:
                break
            time.sleep(2)
        return status, final_url, body

    def csrf(self, path: str) -> str:
        """The CSRF token of the form on the page at `path` (fetched now)."""
        _, _, page = self.get(path)
        return re.search(r'name="_csrf" value="([^"]+)"', page).group(1)


def unique_name(prefix: str) -> str:
    """`prefix` plus eight random hex digits."""
    return f"{prefix}{uuid.uuid4().hex[:8]}"


def register_account(base_url: str, prefix: str) -> dict[str, str]:
    """Registers an account through the ordinary form post; returns its credentials."""
    account = {"username": unique_name(prefix), "password": "lift-heavy-" + uuid.uuid4().hex[:6]}
    client = HttpClient(base_url)
    status, final_url, body = client.post_anonymous("/register", {
        "username": account["username"], "password": account["password"],
        "passwordConfirmation": account["password"], "unit": "kg", "timeZone": "UTC"})
    assert status == 200 and urllib.parse.urlparse(final_url).path == "/", (status, final_url, body[:500])
    return account


def make_token(client: HttpClient, account: dict[str, str], name: str) -> str:
    """Signs `client` in and makes an API token called `name` on the Settings -> API tokens
    page (over plain HTTP); returns the token, which the page shows only this once."""
    client.post_anonymous("/login", {"username": account["username"], "password": account["password"], "next": "/"})
    status, _, page = client.post_form("/settings/tokens", {"_csrf": client.csrf("/settings/tokens"), "name": name})
    assert status == 201, page[:300]
    return re.search(r'class="token-value" readonly value="([^"]+)"', page).group(1)


# ---------------------------------------------------------------- browser

def wait(driver, timeout: float = WAIT_SECONDS) -> WebDriverWait:
    """A WebDriverWait with the suite's patience."""
    return WebDriverWait(driver, timeout)


def css(driver, selector: str):
    """The first element matching a CSS selector (raises if there is none)."""
    return driver.find_element(By.CSS_SELECTOR, selector)


def css_all(driver, selector: str):
    """Every element matching a CSS selector (possibly none)."""
    return driver.find_elements(By.CSS_SELECTOR, selector)


def text_of(driver, selector: str) -> str:
    """The visible text of the first element matching a CSS selector, stripped."""
    return css(driver, selector).text.strip()


def path_of(driver) -> str:
    """The path of the current URL (no query)."""
    return urllib.parse.urlparse(driver.current_url).path


def wait_loaded(driver) -> None:
    """Waits until the current document has loaded."""
    wait(driver).until(lambda d: d.execute_script("return document.readyState") == "complete")


def go(driver, url: str) -> None:
    """Opens a URL and waits until it has loaded."""
    driver.get(url)
    wait_loaded(driver)


def reveal(driver, element) -> None:
    """Scrolls an element to the middle of the screen, clear of the sticky top bar, the
    tab bar and the rest bar."""
    driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", element)


def tap(driver, element) -> None:
    """Scrolls an element into view, waits until it can be used, and clicks it."""
    reveal(driver, element)
    wait(driver).until(lambda d: element.is_displayed() and element.is_enabled())
    element.click()


def tap_and_load(driver, element) -> None:
    """Taps something that loads a new page (a link or a form's button) and waits until the
    new document has loaded. The old document is marked, so the wait knows it has gone;
    while the browser is between documents, script calls may fail and are retried."""
    driver.execute_script("window.__spotterOldPage = true")
    tap(driver, element)
    WebDriverWait(driver, WAIT_SECONDS, ignored_exceptions=(WebDriverException,)).until(
        lambda d: d.execute_script("return !window.__spotterOldPage && document.readyState === 'complete'"),
        message=f"no new page loaded after tapping on {driver.current_url}")


def mark_page(driver) -> None:
    """Marks the open document, so that same_page says whether it is still the one shown
    (it was not reloaded nor left)."""
    driver.execute_script("window.__spotterSamePage = true")


def same_page(driver) -> bool:
    return driver.execute_script("return window.__spotterSamePage === true")


def type_into(driver, element, text: str) -> None:
    """Replaces a field's value with `text` (clears it when `text` is empty)."""
    reveal(driver, element)
    element.clear()
    if text:
        element.send_keys(text)


def button(driver, label: str, scope=None):
    """A button (or link styled as one) by its visible text."""
    root = scope or driver
    for candidate in root.find_elements(By.CSS_SELECTOR, "button, a.button, input[type=submit]"):
        if candidate.text.strip() == label:
            return candidate
    raise AssertionError(f"no button labelled {label!r} on {driver.current_url}")


def field(driver, name: str, scope=None):
    """A form field by its name attribute."""
    return (scope or driver).find_element(By.CSS_SELECTOR, f'[name="{name}"]')


def notice(driver) -> str:
    """The text of the flash notice, once it is visible."""
    return wait(driver).until(EC.visibility_of_element_located((By.CSS_SELECTOR, ".notice"))).text.strip()


def tab(driver, label: str):
    """A link of the bottom tab bar by its visible text."""
    for link in css_all(driver, "nav.tabbar a"):
        if link.text.strip() == label:
            return link
    raise AssertionError(f"no tab {label!r}")


def open_more(driver, label: str) -> None:
    """Opens a section that lives under the More tab (Programs, Templates, Exercises,
    Settings, ...): taps More, then the section's row, and waits for its page."""
    tap_and_load(driver, tab(driver, "More"))
    for link in css_all(driver, ".more-list a"):
        if link.find_element(By.CSS_SELECTOR, ".row-title").text.strip() == label:
            tap_and_load(driver, link)
            return
    raise AssertionError(f"More lists no {label!r}")


def assert_no_error_page(driver, doing: str) -> None:
    """Fails with the app's own words when a step ended on its error page ("Not allowed", ...)."""
    alert = css_all(driver, "section.empty-state[role=alert]")
    if alert:
        raise AssertionError(
            f"{doing} ended on the error page {driver.current_url}: {alert[0].text.strip()!r}")


def sign_in(driver, base_url: str, account: dict[str, str], password: str | None = None) -> None:
    """Signs in through the login form and checks that Home greets the account.
    `password` overrides the account's own (after a password change)."""
    for _ in range(30):
        go(driver, base_url + "/login")
        type_into(driver, field(driver, "username"), account["username"])
        type_into(driver, field(driver, "password"), account["password"] if password is None else password)
        tap_and_load(driver, button(driver, "Sign in"))
        # Past the anonymous budget the page says to wait (see HttpClient.post_anonymous).
        if "Too many requests from this address" not in driver.page_source:
            break
        time.sleep(2)
    assert path_of(driver) == "/", f"sign-in did not reach Home: {driver.current_url}"
    assert text_of(driver, "h2.display") == account["username"]


def browser_errors(driver) -> list[str]:
    """SEVERE console entries since the last call (the log is drained by reading it)."""
    try:
        return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    except Exception:
        return []


_FIT_MEASURE = """
    const bar = document.querySelector('nav.tabbar')?.getBoundingClientRect();
    return {width: document.documentElement.scrollWidth, layout: innerWidth,
            tabBottom: bar ? Math.round(bar.bottom) : null, screen: visualViewport.height,
            wide: [...document.querySelectorAll('body *')]
              .filter(e => e.getBoundingClientRect().right > visualViewport.width + 1)
              .slice(0, 3).map(e => e.tagName.toLowerCase() + (e.className ? '.' + e.className : ''))};"""


def fit_problems(driver, where: str) -> list[str]:
    """What keeps the open page from fitting a 390 px phone: a page wider than the screen
    (sideways panning) or a tab bar ending below it. Empty when it fits."""
    m = driver.execute_script(_FIT_MEASURE)
    problems = []
    if m["width"] > 390 or m["layout"] > 390:
        problems.append(f"{where}: page is {m['width']} px wide (overflowing: {', '.join(m['wide'])})")
    if m["tabBottom"] is not None and m["tabBottom"] > m["screen"]:
        problems.append(f"{where}: tab bar ends at {m['tabBottom']} px, below the {m['screen']} px screen")
    return problems
