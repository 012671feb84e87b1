"""Renders an HTML page in headless Chromium and checks what a reader would see.

    python3 Tests/cli/html-render.py PAGE.html OUT.png [--width 1280] [--height 2000]

Chromium is driven over its DevTools protocol on a pipe (--remote-debugging-pipe), so that
every console message, uncaught exception and browser log entry (a blocked script, a
resource that failed to load, a Content-Security-Policy violation) is seen as an event
rather than read from log text. The page is loaded, a screenshot of the window is written
to OUT.png, and the script exits 1 when the page logged anything or the screenshot is
blank (every pixel the same colour), 2 when Chromium could not be driven. Standard library
only.
"""

import argparse
import base64
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib


class Browser:
    """A headless Chromium on a DevTools pipe: fd 3 carries commands in, fd 4 replies out."""

    def __init__(self, width, height):
        exe = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
        if exe is None:
            raise RuntimeError("chromium is not installed (Debian: apt-get install chromium)")
        self.profile = tempfile.mkdtemp(prefix="scn-chromium-")
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()

        def wire():
            # Through fresh copies: a pipe may itself be fd 3 or 4, and dup2 onto itself
            # would leave it close-on-exec.
            command, reply = os.dup(to_browser_r), os.dup(from_browser_w)
            os.dup2(command, 3)
            os.dup2(reply, 4)

        self.process = subprocess.Popen(
            [exe, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
             "--no-first-run", "--no-default-browser-check", "--disable-extensions",
             "--user-data-dir=" + self.profile, f"--window-size={width},{height}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=open(os.environ.get("SCN_CHROMIUM_LOG", os.devnull), "w"),
            preexec_fn=wire, close_fds=False)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        return self.wait(lambda m: m.get("id") == self.next_id)

    def wait(self, matches, timeout=30):
        """Reads messages until one `matches`; every event read on the way is kept."""
        deadline = time.monotonic() + timeout
        while True:
            while b"\0" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\0", 1)
                message = json.loads(raw)
                if "method" in message:
                    self.events.append(message)
                if matches(message):
                    if "error" in message:
                        raise RuntimeError(f"DevTools: {message['error']}")
                    return message
            if time.monotonic() > deadline:
                raise RuntimeError("Chromium did not answer in time")
            chunk = os.read(self.from_browser, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe")
            self.buffer += chunk

    def close(self):
        try:
            self.send("Browser.close")
        except (RuntimeError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.to_browser)
        os.close(self.from_browser)
        shutil.rmtree(self.profile, ignore_errors=True)


def render(page, width, height):
    """Loads `page`; returns the PNG bytes and every problem the page logged."""
    browser = Browser(width, height)
    try:
        target = browser.send("Target.createTarget", {"url": "about:blank"})["result"]["targetId"]
        session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["result"]["sessionId"]
        for domain in ("Page", "Runtime", "Log"):
            browser.send(domain + ".enable", session=session)
        browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=session)
        browser.send("Page.navigate", {"url": "file://" + os.path.abspath(page)}, session=session)
        browser.wait(lambda m: m.get("method") == "Page.loadEventFired" and m.get("sessionId") == session)
        # Late messages (a timer, a lazy resource) arrive within a moment of the load.
        browser.send("Runtime.evaluate", {"expression": "new Promise(r => setTimeout(r, 300))", "awaitPromise": True},
                     session=session)
        shot = browser.send("Page.captureScreenshot", {"format": "png"}, session=session)["result"]["data"]
        problems = []
        for event in browser.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                details = params.get("exceptionDetails", {})
                text = details.get("exception", {}).get("description") or details.get("text", "")
                problems.append(f"uncaught exception: {text}")
            elif method == "Runtime.consoleAPICalled":
                args = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
                problems.append(f"console.{params.get('type')}: {args}")
            elif method == "Log.entryAdded":
                entry = params.get("entry", {})
                problems.append(f"{entry.get('level')} ({entry.get('source')}): {entry.get('text')}")
        return base64.b64decode(shot), problems
    finally:
        browser.close()


def pixels(png):
    """The rows of an 8-bit RGB or RGBA PNG, unfiltered (PNG spec, section 9)."""
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    at, data, header = 8, b"", None
    while at < len(png):
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        body = png[at + 8:at + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            data += body
        at += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace != 0:
        raise ValueError(f"unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(data)
    stride = width * bpp
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        row = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = row[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            if kind == 1:
                row[i] = (row[i] + a) & 0xFF
            elif kind == 2:
                row[i] = (row[i] + b) & 0xFF
            elif kind == 3:
                row[i] = (row[i] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append(bytes(row))
        previous = row
    return width, height, bpp, rows


def colours(png):
    """How many distinct colours the image holds (counting stops at 1000)."""
    width, _, bpp, rows = pixels(png)
    seen = set()
    for row in rows:
        for x in range(0, width * bpp, bpp):
            seen.add(row[x:x + 3])
        if len(seen) >= 1000:
            return 1000
    return len(seen)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("page")
    parser.add_argument("png")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=2000)
    args = parser.parse_args()
    try:
        png, problems = render(args.page, args.width, args.height)
    except (RuntimeError, OSError, KeyError) as error:
        print(f"error: cannot render {args.page}: {error}", file=sys.stderr)
        return 2
    with open(args.png, "wb") as out:
        out.write(png)
    status = 0
    for problem in problems:
        print(f"error: {args.page} logged {problem}", file=sys.stderr)
        status = 1
    count = colours(png)
    if count < 2:
        print(f"error: the screenshot of {args.page} is blank (one colour)", file=sys.stderr)
        status = 1
    if status == 0:
        print(f"ok: {args.page} rendered with no console message; {count}{'+' if count >= 1000 else ''} colours")
    return status


if __name__ == "__main__":
    sys.exit(main())
