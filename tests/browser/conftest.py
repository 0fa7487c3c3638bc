"""Browser-test plumbing for Spotter: the server under test, a phone-sized
Chromium, and light/dark screenshots.

Environment:
  SPOTTER_BIN      the spotter binary (default: .build/debug/spotter in the repo root;
                   a relative path is taken relative to the repo root)
  CHROMEDRIVER     chromedriver path (default: /usr/bin/chromedriver)
  CHROME_BIN       chromium path (default: let chromedriver find it, /usr/bin/chromium)
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

REPO_ROOT = Path(__file__).resolve().parents[2]
SCREENSHOT_DIR = REPO_ROOT / "test-output" / "screenshots"

VIEWPORT = {"width": 390, "height": 844, "pixelRatio": 3.0}
MOBILE_UA = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
    "(KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36"
)
SERVER_START_TIMEOUT = 60.0
SERVER_POLL_INTERVAL = 0.2
SERVER_STOP_TIMEOUT = 10.0
BINARY_WAIT = 60.0
# How long a page may take to answer a click or a navigation (debug builds are slow).
WAIT_SECONDS = 20


def spotter_binary() -> Path:
    raw = os.environ.get("SPOTTER_BIN", ".build/debug/spotter")
    path = Path(raw)
    return path if path.is_absolute() else REPO_ROOT / path


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _health_ok(base_url: str) -> bool:
    try:
        with urllib.request.urlopen(base_url + "/health", timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, ConnectionError, OSError):
        return False


@contextmanager
def running_server(data_dir: Path, port: int | None = None):
    """`spotter serve` on `port` (a free one if None) with `data_dir`; yields its base URL and
    stops it afterwards. A test may run its own, to stop it and start it again on the same
    port and data (a phone losing and regaining its server)."""
    binary = spotter_binary()
    deadline = time.monotonic() + BINARY_WAIT
    while not binary.is_file():  # it may be missing for a moment while it is being rebuilt
        if time.monotonic() > deadline:
            pytest.fail(f"spotter binary not found at {binary} (set SPOTTER_BIN)", pytrace=False)
        time.sleep(1)
    log_path = data_dir / "server.log"
    port = port or free_port()
    base_url = f"http://127.0.0.1:{port}"
    log = open(log_path, "ab")
    process = subprocess.Popen(
        # 127.0.0.1 is a trusted proxy: the suite's HTTP helpers each speak for a visitor of
        # their own (X-Forwarded-For), so the limits per address (registration, anonymous
        # posts) count them apart, as they would count different phones.
        [str(binary), "serve", "--port", str(port), "--data-dir", str(data_dir), "--log-level", "warning",
         "--trusted-proxy", "127.0.0.1"],
        stdout=log, stderr=subprocess.STDOUT, cwd=data_dir,
    )
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while not _health_ok(base_url):
            if process.poll() is not None:
                pytest.fail(
                    f"spotter exited with {process.returncode} before answering /health:\n"
                    + log_path.read_text(errors="replace")[-4000:], pytrace=False)
            if time.monotonic() > deadline:
                pytest.fail(
                    f"spotter did not answer {base_url}/health within {SERVER_START_TIMEOUT:.0f} s:\n"
                    + log_path.read_text(errors="replace")[-4000:], pytrace=False)
            time.sleep(SERVER_POLL_INTERVAL)  # polling a process we started, not page timing
        yield base_url
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=SERVER_STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        log.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory) -> str:
    """Starts `spotter serve` on a free port with an empty data folder; yields its base URL."""
    with running_server(tmp_path_factory.mktemp("spotter-data")) as base_url:
        yield base_url


def _chrome_options() -> webdriver.ChromeOptions:
    options = webdriver.ChromeOptions()
    if os.environ.get("CHROME_BIN"):
        options.binary_location = os.environ["CHROME_BIN"]
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--hide-scrollbars", "--lang=en-US"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "SEVERE"})  # console errors, CSP reports
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": VIEWPORT, "userAgent": MOBILE_UA})
    # Keep the password manager and its "change your password" bubbles out of the way.
    options.add_experimental_option("prefs", {
        "credentials_enable_service": False,
        "profile.password_manager_enabled": False,
        "profile.password_manager_leak_detection": False,
    })
    return options


def emulate_color_scheme(driver, scheme: str) -> None:
    """prefers-color-scheme: light or dark, for this tab and the pages it loads next."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})


def set_color_scheme(driver, scheme: str) -> None:
    """Switches the emulated colour scheme on the open page and waits until it has repainted."""
    emulate_color_scheme(driver, scheme)
    WebDriverWait(driver, WAIT_SECONDS).until(lambda d: d.execute_script(
        "return matchMedia(arguments[0]).matches", f"(prefers-color-scheme: {scheme})"))
    wait_for_paint(driver)


def set_viewport(driver, height: int) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": VIEWPORT["width"], "height": height, "deviceScaleFactor": VIEWPORT["pixelRatio"], "mobile": True})
    WebDriverWait(driver, WAIT_SECONDS).until(lambda d: d.execute_script("return innerHeight") == height)
    wait_for_paint(driver)


def wait_for_paint(driver) -> None:
    """Resolves after two animation frames: the styles of the current state are on screen."""
    driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "requestAnimationFrame(() => requestAnimationFrame(() => done(true)));")


@pytest.fixture
def new_driver(request):
    """Factory for phone-sized headless Chromium sessions (390 x 844 CSS px, 3x), each
    with its own cookies. All are quit when the test ends."""
    drivers = []

    def make():
        service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
        driver = webdriver.Chrome(service=service, options=_chrome_options())
        driver.set_page_load_timeout(60)
        driver.set_script_timeout(WAIT_SECONDS)
        drivers.append(driver)
        emulate_color_scheme(driver, "light")
        driver.get("data:text/html,<meta name=viewport content='width=device-width,initial-scale=1'>")
        size = driver.execute_script("return [innerWidth, innerHeight, devicePixelRatio]")
        assert size == [390, 844, 3], f"viewport is {size}, expected 390 x 844 @3x"
        return driver

    yield make

    report = getattr(request.node, "rep_call", None)
    for index, driver in enumerate(drivers):
        try:
            if report is not None and report.failed:
                SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
                stem = f"FAILED-{request.node.name}-{index}"
                driver.save_screenshot(str(SCREENSHOT_DIR / f"{stem}.png"))
                (SCREENSHOT_DIR / f"{stem}.html").write_text(
                    f"<!-- {driver.current_url} -->\n" + driver.page_source)
        except Exception:  # a dead browser must not hide the test's own failure
            pass
        finally:
            driver.quit()


@pytest.fixture
def driver(new_driver):
    """One fresh phone-sized browser (no cookies), quit after the test."""
    return new_driver()


@pytest.hookimpl(tryfirst=True, hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


@pytest.fixture(scope="session", autouse=True)
def screenshot_dir() -> Path:
    """test-output/screenshots/, emptied of the previous run's screenshots at the start of a run."""
    SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
    for old in list(SCREENSHOT_DIR.glob("*.png")) + list(SCREENSHOT_DIR.glob("FAILED-*.html")):
        old.unlink()
    return SCREENSHOT_DIR


@pytest.fixture
def shoot(screenshot_dir):
    """shoot(driver, "01-welcome") saves 01-welcome-light.png and 01-welcome-dark.png.

    The colour scheme is switched live through CDP (CSS light-dark() follows at once),
    so pages that must not be reloaded (a form with errors, a token shown once) can be
    captured in both schemes. full_page=True captures the whole scrollable page."""

    def take(driver, name: str, full_page: bool = False) -> list[Path]:
        WebDriverWait(driver, WAIT_SECONDS).until(
            lambda d: d.execute_script(
                "return document.readyState === 'complete' && "
                "[...document.images].every(i => i.loading === 'lazy' || i.hidden || i.complete)"))
        saved = []
        for scheme in ("light", "dark"):
            set_color_scheme(driver, scheme)
            path = screenshot_dir / f"{name}-{scheme}.png"
            if full_page:
                # Make the phone as tall as the page, so the sticky top bar and the fixed
                # tab bar sit at the top and bottom as they would while scrolling.
                height = driver.execute_script(
                    "return Math.ceil(Math.max(document.documentElement.scrollHeight, document.body.scrollHeight))")
                set_viewport(driver, max(height, VIEWPORT["height"]))
                try:
                    driver.save_screenshot(str(path))
                finally:
                    set_viewport(driver, VIEWPORT["height"])
            else:
                driver.save_screenshot(str(path))
            saved.append(path)
        set_color_scheme(driver, "light")
        return saved

    return take
