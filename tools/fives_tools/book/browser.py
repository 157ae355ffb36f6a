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
  function clipped(el) {  // inside a box that scrolls or clips its own overflow
    for (var p = el.parentElement; p; p = p.parentElement)
      if (getComputedStyle(p).overflowX !== "visible") return p !== document.documentElement
        && p !== document.body;
    return false;
  }
  document.querySelectorAll("main *").forEach(function (el) {
    var r = el.getBoundingClientRect();
    if (r.right > document.documentElement.clientWidth + 1 && wide.length < 5 && !clipped(el))
      wide.push(el.tagName + "." + (el.getAttribute("class") || "") + "#" + (el.id || ""));
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


#: Chromium's narrowest window: a narrower page is laid out in a frame of its width.
NARROWEST_WINDOW = 500

_FRAME = """<!DOCTYPE html><html><head><meta charset="utf-8"/></head><body style="margin:0">
<iframe id="page" src="{src}" style="width:{width}px;height:1000px;border:0"></iframe>
<script>
window.addEventListener("load", function () {{
  var found = document.getElementById("page").contentDocument.getElementById("fives-probe");
  var pre = document.createElement("pre");
  pre.id = "fives-probe";
  pre.textContent = found ? found.textContent : "{{}}";
  document.body.appendChild(pre);
}});
</script></body></html>"""


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


def probe(page: Path, width: int = 1280, screenshot: Path | None = None) -> Probe:
    """Lay ``page`` out at ``width`` CSS pixels and measure it (and screenshot it)."""
    command = browser()
    if command is None:
        raise RuntimeError("no headless Chromium found (Debian: apt-get install chromium)")
    text = page.read_text("utf-8")
    probed = page.with_name(f".probe-{page.name}")
    probed.write_text(text.replace("</body>", _PROBE + "</body>"), encoding="utf-8")
    opened, window = probed, width
    if width < NARROWEST_WINDOW:  # the page in a frame as narrow as a phone
        opened = page.with_name(f".frame-{page.name}")
        opened.write_text(_FRAME.format(src=probed.name, width=width), encoding="utf-8")
        window = NARROWEST_WINDOW
    base = [command, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    base.append("--allow-file-access-from-files")  # the frame's page is read by its parent
    shot = [f"--screenshot={screenshot}"] if screenshot is not None else []
    try:  # one launch lays the page out, dumps the measured DOM and takes the screenshot
        dom = subprocess.run(
            [*base, f"--window-size={window},1000", *shot, "--dump-dom", opened.as_uri()],
            capture_output=True,
            text=True,
            timeout=180,
            check=True,
        ).stdout
    finally:
        probed.unlink(missing_ok=True)
        opened.unlink(missing_ok=True)
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
