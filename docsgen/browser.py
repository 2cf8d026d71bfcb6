"""Check the built site in a real browser: headless Chromium (Debian's ``chromium`` and
``chromium-driver`` packages) driven by Selenium.

The site is served over http on localhost (file:// URLs behave differently: no web workers, other
origin rules); every page is loaded, the browser's console is read (any SEVERE entry: a script
error, a resource that failed to load, is a problem), and every table diagram (``svg.betlaw-table``)
must have a non-empty bounding box. Internal links of the built pages must lead to files of the site.
"""
from __future__ import annotations

import functools
import http.server
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage")

DIAGRAMS_JS = """
return Array.from(document.querySelectorAll('svg.betlaw-table')).map(function (s) {
  var b = s.getBBox(), r = s.getBoundingClientRect();
  return [b.width, b.height, r.width, r.height];
});
"""

class BrowserUnavailable(RuntimeError):
    """Chromium, its driver or Selenium is not installed."""

@dataclass
class Result:
    pages: int = 0
    diagrams: int = 0
    problems: list[str] = field(default_factory=list)
    seconds: float = 0.0
    diagrams_by_page: dict = field(default_factory=dict)

def missing() -> str | None:
    """What is missing for the check, or None."""
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not Path(path).exists():
            return f"{path} not found (apt-get install -y {package})"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[dev]')"
    return None

class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:  # the check reports problems itself
        pass

class Server:
    """The site on http://127.0.0.1:PORT/, in a thread."""

    def __init__(self, site: Path):
        handler = functools.partial(_Quiet, directory=str(site))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "Server":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

def driver(profile: str):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    options.add_argument("--window-size=1280,900")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))

def pages_of(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))

def check_site(site: Path, pages: list[str] | None = None) -> Result:
    """Load every page (or ``pages``, paths relative to ``site``) and report what is wrong."""
    why = missing()
    if why:
        raise BrowserUnavailable(why)
    started = time.perf_counter()
    result = Result()
    profile = tempfile.mkdtemp(prefix="betlaw-chromium-")
    try:
        with Server(site) as server:
            browser = driver(profile)
            try:
                browser.set_page_load_timeout(60)
                for rel in pages or pages_of(site):
                    _check_page(browser, server.url + rel, rel, result)
            finally:
                browser.quit()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    result.seconds = time.perf_counter() - started
    return result

def _check_page(browser, url: str, rel: str, result: Result) -> None:
    browser.get(url)
    for _ in range(100):
        if browser.execute_script("return document.readyState") == "complete":
            break
        time.sleep(0.05)
    result.pages += 1
    boxes = browser.execute_script(DIAGRAMS_JS)
    result.diagrams_by_page[rel] = len(boxes)
    for i, box in enumerate(boxes):
        if not all(x > 0 for x in box):
            result.problems.append(f"{rel}: diagram {i + 1} did not render (bounding boxes {box})")
        else:
            result.diagrams += 1
    for entry in browser.get_log("browser"):
        if entry.get("level") == "SEVERE":
            result.problems.append(f"{rel}: console: {entry.get('message')}")

class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.links.append(value)

def broken_links(site: Path) -> list[str]:
    """Internal links (href, src) of every built page that lead to no file of the site."""
    out = []
    for page in sorted(site.rglob("*.html")):
        parser = _Links()
        parser.feed(page.read_text("utf-8"))
        for link in parser.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("#", "mailto:", "data:", "javascript:")):
                continue
            base = site if parts.path.startswith("/") else page.parent  # 404.html links from the root
            target = (base / unquote(parts.path).lstrip("/")).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                out.append(f"{page.relative_to(site).as_posix()}: {link}")
    return out
