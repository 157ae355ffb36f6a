"""Load a book page in a headless Chromium and report what a reader's browser lays out.

The page is copied beside itself with a small script appended that measures the laid-out
page (horizontal overflow, each SVG's drawn size, each in-page link's target) and writes
the findings into the DOM, which ``--dump-dom`` prints. The books themselves carry no
script; only this copy does.
"""

from __future__ import annotations

import html
import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

BROWSERS = ("chromium", "chromium-browser", "google-chrome")

_PROBE = """<script>
(function () {
  var wide = [];
  document.querySelectorAll("main > *").forEach(function (el) {
    var r = el.getBoundingClientRect();
    if (r.right > document.documentElement.clientWidth + 1 && wide.length < 5)
      wide.push(el.tagName + "." + el.className + "#" + (el.id || ""));
  });
  var out = {wide: wide, scrollWidth: document.documentElement.scrollWidth,
             clientWidth: document.documentElement.clientWidth,
             unsized: [], broken: [], svgs: 0};
  document.querySelectorAll("svg").forEach(function (svg, i) {
    var r = svg.getBoundingClientRect();
    out.svgs += 1;
    if (!(r.width > 0 && r.height > 0)) out.unsized.push(svg.id || String(i));
  });
  document.querySelectorAll("a[href^='#']").forEach(function (a) {
    var id = decodeURIComponent(a.getAttribute("href").slice(1));
    if (!document.getElementById(id)) out.broken.push(id);
  });
  var pre = document.createElement("pre");
  pre.id = "fives-probe";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>"""


@dataclass(frozen=True)
class Probe:
    scroll_width: int
    client_width: int
    svgs: int
    unsized: list[str]
    broken: list[str]
    wide: list[str]  #: the first elements reaching past the window's right edge


def browser() -> str | None:
    """The headless browser's command, if one is installed."""
    return next((b for b in BROWSERS if shutil.which(b)), None)


def probe(page: Path, width: int = 1024, screenshot: Path | None = None) -> Probe:
    """Lay ``page`` out at ``width`` CSS pixels and measure it (and screenshot it)."""
    command = browser()
    if command is None:
        raise RuntimeError("no headless Chromium found (Debian: apt-get install chromium)")
    text = page.read_text("utf-8")
    probed = page.with_name(f".probe-{page.name}")
    probed.write_text(text.replace("</body>", _PROBE + "</body>"), encoding="utf-8")
    base = [command, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    shot = [f"--screenshot={screenshot}"] if screenshot is not None else []
    try:  # one launch lays the page out, dumps the measured DOM and takes the screenshot
        dom = subprocess.run(
            [*base, f"--window-size={width},1000", *shot, "--dump-dom", probed.as_uri()],
            capture_output=True,
            text=True,
            timeout=180,
            check=True,
        ).stdout
    finally:
        probed.unlink(missing_ok=True)
    start = dom.index('id="fives-probe">') + len('id="fives-probe">')
    data = json.loads(html.unescape(dom[start : dom.index("</pre>", start)]))
    return Probe(
        data["scrollWidth"],
        data["clientWidth"],
        data["svgs"],
        data["unsized"],
        data["broken"],
        data["wide"],
    )
