#!/usr/bin/env python3
"""Headless Chromium driven over the DevTools protocol, for tests/html/run.sh.

Usage: browser.py CHROMIUM PROFILE_DIR < commands

One command a line; `eval` prints one line (the value as JSON), the others
nothing:
    open URL          load URL in a 1280x900 viewport and wait for its load event
    key NAME [shift]  press and release a key (ArrowLeft, ArrowRight, Home, End)
    eval EXPR         the value of the JavaScript expression EXPR
    shot FILE         save what the viewport shows as a PNG
    layout EXPECTED   print `ok`, or what differs from the layout in EXPECTED
The keys go through Chromium's input pipeline (Input.dispatchKeyEvent), as a
person's would.  Failure: one line `browser.py: <what>: <why>`, exit 2.

`layout` is the screenshot test of docs/html.md: what the browser laid out,
read back from the DOM as boxes relative to the lanes (font-independent), must
equal EXPECTED (HTML_LAYOUT_UPDATE=1 rewrites it), and the pixels the browser
painted at sample points inside those boxes must have the boxes' colours.
"""
import atexit
import base64
import fcntl
import json
import os
import signal
import struct
import subprocess
import sys
import zlib

WIDTH, HEIGHT = 1280, 900
TIMEOUT = 60  # seconds for the whole session
# windowsVirtualKeyCode of the keys the page knows.
KEYS = {"ArrowLeft": 37, "ArrowRight": 39, "Home": 36, "End": 35}


def die(what, why):
    print(f"browser.py: {what}: {why}", file=sys.stderr)
    sys.exit(2)


class Browser:
    """One Chromium, one page, the protocol over --remote-debugging-pipe."""

    def __init__(self, chromium, profile):
        to_child, self.cmd = self.high_pipe()
        self.resp, from_child = self.high_pipe()

        def fds_3_and_4():  # Chromium reads commands on fd 3, answers on fd 4
            os.dup2(to_child, 3)
            os.dup2(from_child, 4)

        self.proc = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu",
             "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--no-first-run", "--hide-scrollbars",
             "--user-data-dir=" + profile, "--remote-debugging-pipe", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=fds_3_and_4)
        atexit.register(self.proc.kill)  # also after die()
        os.close(to_child)
        os.close(from_child)
        self.next_id, self.buf, self.events, self.session, self.url = 0, b"", [], None, ""
        target = self.call("Target.createTarget", url="about:blank")["targetId"]
        self.session = self.call("Target.attachToTarget", targetId=target,
                                 flatten=True)["sessionId"]
        self.call("Page.enable")
        self.call("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT,
                  deviceScaleFactor=1, mobile=False)

    @staticmethod
    def high_pipe():
        """A pipe whose ends stay clear of fds 3 and 4 and close on exec."""
        r, w = os.pipe()
        ends = [fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10) for fd in (r, w)]
        os.close(r)
        os.close(w)
        return ends

    def message(self):
        while b"\0" not in self.buf:
            chunk = os.read(self.resp, 65536)
            if not chunk:
                die("chromium", "closed the DevTools pipe")
            self.buf += chunk
        line, self.buf = self.buf.split(b"\0", 1)
        return json.loads(line)

    def send(self, msg):
        os.write(self.cmd, json.dumps(msg).encode() + b"\0")

    def call(self, method, **params):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params}
        if self.session:
            msg["sessionId"] = self.session
        self.send(msg)
        while True:
            m = self.message()
            if m.get("id") == self.next_id:
                if "error" in m:
                    die(method, m["error"].get("message"))
                return m.get("result", {})
            self.events.append(m.get("method"))

    def wait_event(self, name):
        while name not in self.events:
            self.events.append(self.message().get("method"))
        self.events.clear()

    def open(self, url):
        # A new document each time: a change of #fragment alone would not load one.
        same = url.split("#")[0] == self.url.split("#")[0]
        for u in ("about:blank", url) if same else (url,):
            self.events.clear()
            self.call("Page.navigate", url=u)
            self.wait_event("Page.loadEventFired")
        self.url = url

    def key(self, name, shift=False):
        if name not in KEYS:
            die("key", f"unknown key {name}")
        ev = {"key": name, "code": name, "windowsVirtualKeyCode": KEYS[name],
              "modifiers": 8 if shift else 0}
        self.call("Input.dispatchKeyEvent", type="rawKeyDown", **ev)
        self.call("Input.dispatchKeyEvent", type="keyUp", **ev)

    def eval(self, expr):
        r = self.call("Runtime.evaluate", expression=expr, returnByValue=True,
                      awaitPromise=True)
        if "exceptionDetails" in r:
            die("eval", r["exceptionDetails"].get("exception", {}).get("description", expr))
        return r["result"].get("value")

    def shot(self, path):
        data = self.call("Page.captureScreenshot", format="png")["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))

    def close(self):
        # To the browser, not the page; it may close the pipe before it answers.
        self.send({"id": 0, "method": "Browser.close"})
        self.proc.wait(timeout=10)


# Runs in the page: the layout facts and the pixels to sample (viewport x, y, rgb).
LAYOUT_JS = r"""(() => {
  const svg = document.querySelector('svg.lanes'), o = svg.getBoundingClientRect();
  const scroller = document.querySelector('.scroll');
  const rel = e => { const b = e.getBoundingClientRect();
    return {x: Math.round(b.left - o.left), y: Math.round(b.top - o.top),
            w: Math.round(b.width), h: Math.round(b.height)}; };
  const rgb = e => getComputedStyle(e).fill.match(/[0-9.]+/g).slice(0, 3).map(Number);
  const cur = document.getElementById('cursor'), c = rel(cur);
  const sel = rel(document.querySelector('g.step.sel rect'));
  const alpha = +getComputedStyle(cur).opacity, curRgb = rgb(cur);
  const under = (x, col) => x >= c.x && x < c.x + c.w ?
    col.map((v, k) => Math.round(alpha * curRgb[k] + (1 - alpha) * v)) : col;
  const left = scroller.scrollLeft, right = left + scroller.clientWidth;
  const facts = [], samples = [];
  const sample = (what, x, y, col) => {  // only what the viewport shows
    const vx = Math.round(o.left + x), vy = Math.round(o.top + y);
    if (vx >= 0 && vy >= 0 && vx < innerWidth && vy < innerHeight)
      samples.push([what, vx, vy, under(x, col)]); };
  facts.push(`lanes svg: height ${Math.round(o.height)}`);
  document.querySelectorAll('rect.lane').forEach(l => { const b = rel(l);
    facts.push(`${l.id}: x ${b.x} y ${b.y} h ${b.h}, full width ${b.w == Math.round(o.width)}`);
    sample(l.id, left + 5, b.y + b.h - 3, rgb(l)); });
  for (const cls of ['gp', 'exp', 'expwait', 'event']) {
    const shapes = new Set();
    document.querySelectorAll(`g.${cls} rect`).forEach(r => { const b = rel(r);
      shapes.add(`y ${b.y} h ${b.h}`);
      if (b.x + b.w > left + 2 && b.x < right - 2 && !samples.some(s => s[0] == cls))
        sample(cls, Math.max(b.x, left) + 1, b.y + 1, rgb(r)); });
    facts.push(`${cls} bars: ${[...shapes].join(', ') || 'none'}`);
  }
  facts.push(`cursor: at the selected step's x ${c.x == sel.x}, y ${c.y} w ${c.w} h ${c.h}`);
  facts.push(`selected step: in view ${sel.x >= left && sel.x + sel.w <= right}, w ${sel.w} h ${sel.h}`);
  sample('selected step', sel.x + 1, sel.y + 1,
         rgb(document.querySelector('g.step.sel rect')));
  sample('cursor', c.x + 3, rel(document.getElementById('lane-cpu0')).y + 1,
         rgb(document.getElementById('lane-cpu0')));
  let outside = 0, unlabelled = 0;
  document.querySelectorAll('g.step').forEach(g => {
    const t = g.querySelector('text'), x = g.querySelector('rect').getBBox().x;
    let w = 0; g.querySelectorAll('rect').forEach(r => w += r.getBBox().width);
    if (t) outside += t.getBBox().x - x + t.getComputedTextLength() > w + 0.5;
    else unlabelled += w >= 50; });
  facts.push(`labels outside their blocks: ${outside}`);
  facts.push(`blocks of 50 px or more without a label: ${unlabelled}`);
  const p = document.getElementById('panel').getBoundingClientRect();
  const wrap = document.querySelector('.wrap').getBoundingClientRect();
  facts.push(`rcu_node panel: above the lanes ${p.bottom <= wrap.top}, width of the page ${
    Math.abs(p.width - wrap.width) < 1}`);
  samples.push(['panel', Math.round(p.left + 3), Math.round(p.bottom - 3), [255, 255, 255]]);
  return {facts, samples};
})()"""


def png_pixel(png):
    """The top-left pixel of an 8-bit RGB(A) PNG, as [r, g, b]."""
    pos, idat, width, kind = 8, b"", 0, 0
    while pos < len(png):
        n, tag = struct.unpack(">I4s", png[pos:pos + 8])
        body = png[pos + 8:pos + 8 + n]
        if tag == b"IHDR":
            width, depth, kind = struct.unpack(">I", body[:4])[0], body[8], body[9]
            if depth != 8 or kind not in (2, 6):
                die("screenshot", f"PNG of bit depth {depth}, colour type {kind}")
        elif tag == b"IDAT":
            idat += body
        pos += 12 + n
    row = zlib.decompress(idat)[: 1 + width * (4 if kind == 6 else 3)]
    # Every filter predicts the first pixel of the first row as 0: its bytes are the pixel.
    return list(row[1:4])


def layout(b, expected):
    got = b.eval(LAYOUT_JS)
    text = "".join(line + "\n" for line in got["facts"])
    if os.environ.get("HTML_LAYOUT_UPDATE") == "1":
        with open(expected, "w") as f:
            f.write(text)
    with open(expected) as f:
        want = f.read()
    bad = [f"layout: want '{w}'" for w in want.splitlines() if w not in got["facts"]]
    bad += [f"layout: got '{g}'" for g in got["facts"] if g not in want.splitlines()]
    for what, x, y, rgb in got["samples"]:
        data = b.call("Page.captureScreenshot", format="png",
                      clip={"x": x, "y": y, "width": 1, "height": 1, "scale": 1})["data"]
        pix = png_pixel(base64.b64decode(data))
        if max(abs(p - q) for p, q in zip(pix, rgb)) > 10:
            bad.append(f"pixel of {what} at {x},{y}: want rgb{tuple(rgb)}, got rgb{tuple(pix)}")
    if len(got["samples"]) < 6:
        bad.append(f"only {len(got['samples'])} pixels sampled")
    return bad or ["ok"]


def main():
    if len(sys.argv) != 3:
        die("usage", "browser.py CHROMIUM PROFILE_DIR < commands")
    signal.signal(signal.SIGALRM, lambda *_: die("chromium", f"no answer in {TIMEOUT} s"))
    signal.alarm(TIMEOUT)
    b = Browser(sys.argv[1], sys.argv[2])
    for line in sys.stdin:
        cmd, _, arg = line.strip().partition(" ")
        if cmd == "open":
            b.open(arg)
        elif cmd == "key":
            name, _, modifier = arg.partition(" ")
            b.key(name, shift=modifier == "shift")
        elif cmd == "eval":
            print(json.dumps(b.eval(arg)), flush=True)
        elif cmd == "shot":
            b.shot(arg)
        elif cmd == "layout":
            print("; ".join(layout(b, arg)), flush=True)
        elif cmd:
            die("command", f"unknown: {line.strip()}")
    b.close()


if __name__ == "__main__":
    main()
