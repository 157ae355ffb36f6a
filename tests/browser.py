"""Load a book page in a headless Chromium and report what a reader's browser lays out.

The page is copied beside itself with a small script appended that measures the laid-out
page (horizontal overflow, each SVG's drawn size, each in-page link's target, each
character drawn as a missing glyph) and writes the findings into the DOM, which
``--dump-dom`` prints. The books themselves carry no script; only this copy does.

A missing glyph is found as a reader sees it: each visible character of the page is drawn
on a canvas in its element's font and compared pixel for pixel with U+10FFFD, which no font
has, so it is drawn as the box that stands for a missing glyph.
"""

from __future__ import annotations

import html
import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from fives_tools import files, processes

BROWSERS = ("chromium", "chromium-browser", "google-chrome")

_PROBE = r"""<script>
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
  out.shrunk = [];  // a picture drawn under half its own width
  document.querySelectorAll("figure svg").forEach(function (svg, i) {
    var natural = svg.width.baseVal.value, drawn = svg.getBoundingClientRect().width;
    if (natural > 0 && drawn < natural / 2 - 0.5 && out.shrunk.length < 5)
      out.shrunk.push({id: svg.id || String(i), drawn: Math.round(drawn),
                       natural: Math.round(natural)});
  });
  out.uncued = [];  // a table that hides columns and shows no shadow to scroll by
  document.querySelectorAll("main table").forEach(function (t) {
    if (t.scrollWidth > t.clientWidth + 1 && out.uncued.length < 5
        && getComputedStyle(t).backgroundImage.indexOf("gradient") < 0) {
      var section = t.closest("section[id], article[id]");
      out.uncued.push((section ? section.id : "") + ": "
                      + (t.querySelector("caption") || t).textContent.trim().slice(0, 40));
    }
  });
  out.missing = missingGlyphs();
  out.blocks = textBlocks();
  out.splits = splitTokens();
  var pre = document.createElement("pre");
  pre.id = "fives-probe";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
  function textBlocks() {  // each visible block of prose: its width, its words per line
    var found = [];
    document.querySelectorAll("main p, main dd, main dt, main li, main td, main th,"
        + " main blockquote, main figcaption").forEach(function (el) {
      // the pieces between the line's break opportunities: spaces, after a hyphen or slash
      var words = el.textContent.trim().split(/\s+|(?<=[-\/])/).filter(Boolean).length;
      var r = el.getBoundingClientRect();
      if (words < 4 || !(r.width > 0)) return;  // a label, a number, or not drawn
      var range = document.createRange(), tops = {};
      range.selectNodeContents(el);
      Array.from(range.getClientRects()).forEach(function (line) {
        if (line.width > 0) tops[Math.round(line.top)] = true;
      });
      var lines = Math.max(1, Object.keys(tops).length);
      var section = el.closest("section[id]");
      found.push({tag: el.tagName.toLowerCase(), width: Math.round(r.width),
                  section: section ? section.id : "",
                  words: words, lines: lines, text: el.textContent.trim().slice(0, 60)});
    });
    return found;
  }
  function splitTokens() {  // a tile, a play or a number drawn across two lines
    var found = [], token = /\[\d\|\d\](?:@\[\d\|\d\]:[a-z]+(?:-[a-z]+)?)?|\d+/g;
    var walker = document.createTreeWalker(document.querySelector("main") || document.body,
                                           NodeFilter.SHOW_TEXT), node, m;
    while ((node = walker.nextNode())) {
      if (node.parentElement.closest("svg, script, style")) continue;
      token.lastIndex = 0;
      while ((m = token.exec(node.data)) && found.length < 10) {
        var range = document.createRange(), tops = {};
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        Array.from(range.getClientRects()).forEach(function (r) {
          if (r.width > 0) tops[Math.round(r.top)] = true;
        });
        if (Object.keys(tops).length > 1) {
          var section = node.parentElement.closest("section[id]");
          found.push({text: m[0], section: section ? section.id : ""});
        }
      }
    }
    return found;
  }
  function missingGlyphs() {  // each visible character drawn as the font's .notdef box
    var canvas = document.createElement("canvas"), ctx, tofu = {}, seen = {}, found = [];
    canvas.width = canvas.height = 48;
    ctx = canvas.getContext("2d", {willReadFrequently: true});
    function pixels(font, ch) {
      ctx.clearRect(0, 0, 48, 48);
      ctx.font = font;
      ctx.fillText(ch, 4, 36);
      return ctx.getImageData(0, 0, 48, 48).data.join();
    }
    var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), node;
    while ((node = walker.nextNode())) {
      var el = node.parentElement, style = getComputedStyle(el);
      if (el.closest("script, style, #fives-probe")) continue;
      var font = style.fontStyle + " " + style.fontWeight + " 32px " + style.fontFamily;
      if (!(font in tofu)) tofu[font] = pixels(font, "\u{10FFFD}");  // no font has it
      var lang = (el.closest("[lang]") || document.documentElement).getAttribute("lang");
      Array.from(node.data).forEach(function (ch) {
        if (/[\s\p{Cc}\p{Cf}\p{M}]/u.test(ch) || seen[font + ch]) return;  // drawn as nothing
        seen[font + ch] = true;
        if (pixels(font, ch) === tofu[font] && found.length < 20)
          found.push({lang: lang, char: ch, code: ch.codePointAt(0).toString(16)});
      });
    }
    return found;
  }
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
    #: the first characters drawn as a missing glyph's box: ``{lang, char, code}``
    missing: list[dict[str, str]]
    #: each visible block of prose of four words or more: ``{tag, width, words, lines, text}``
    blocks: list[dict[str, object]]
    #: the first tiles, plays or numbers broken across two lines: ``{text, section}``
    splits: list[dict[str, str]]
    #: the first pictures drawn under half their own width: ``{id, drawn, natural}`` (px)
    shrunk: list[dict[str, object]]
    #: the first tables hiding columns with no cue to scroll: ``section: caption``
    uncued: list[str]


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
    files.write_text(probed, text.replace("</body>", _PROBE + "</body>"))
    opened, window = probed, width
    if width < NARROWEST_WINDOW:  # the page in a frame as narrow as a phone
        opened = page.with_name(f".frame-{page.name}")
        files.write_text(opened, _FRAME.format(src=probed.name, width=width))
        window = NARROWEST_WINDOW
    base = [command, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    base.append("--allow-file-access-from-files")  # the frame's page is read by its parent
    shot = [f"--screenshot={screenshot}"] if screenshot is not None else []
    try:  # one launch lays the page out, dumps the measured DOM and takes the screenshot
        dom = processes.output(
            [*base, f"--window-size={window},1000", *shot, "--dump-dom", opened.as_uri()], 180
        )
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
        data["missing"],
        data["blocks"],
        data["splits"],
        data["shrunk"],
        data["uncued"],
    )
