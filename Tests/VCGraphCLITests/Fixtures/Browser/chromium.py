#!/usr/bin/env python3
"""Drives headless Chromium through the DevTools protocol for vcgraph's browser tests.

Standard library only. Reads a plan as JSON on standard input:

  {"flags": ["--force-prefers-reduced-motion"],
   "visits": [
     {"url": "file:///…/page.html", "width": 1280, "height": 900, "mobile": false,
      "media": {"prefers-color-scheme": "dark"}, "javascript": true,
      "steps": [{"wait": 500}, {"screenshot": "/tmp/a.ppm"}, {"key": "ArrowRight"},
                {"evaluate": "JSON.stringify(…)"}]},
     …]}

starts one Chromium with those extra flags (the emulated media features reach the page, not the
SVG images in it; a flag reaches both), then for each visit in turn loads its page with that
viewport and those media features (and the page's scripts off when "javascript" is false; an
evaluated expression still runs) and runs its steps in order. It prints a JSON list with one list
per visit, one result per step: null for a wait or a key, the screenshot's [width, height] (written
as a binary PPM, P6, so a test reads its pixels without a PNG decoder; as the PNG Chromium makes
when the path ends in .png, to look at), or the value of an evaluated expression. A key is pressed
and released as a keyboard does it (`Input.dispatchKeyEvent`), so the page's handlers and the
browser's own scrolling both see it. A plan with `url` and `steps` at its top level is one visit,
and prints that visit's list alone. Exits 2 when Chromium cannot be started.
"""

import base64
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
import zlib


def chromium_path():
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class DevTools:
    """A minimal WebSocket client (RFC 6455) for one DevTools target."""

    def __init__(self, url):
        match = re.match(r"ws://([^/:]+):(\d+)(/.*)", url)
        host, port, path = match.group(1), int(match.group(2)), match.group(3)
        self.sock = socket.create_connection((host, port), timeout=60)
        key = base64.b64encode(os.urandom(16)).decode()
        request = (
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError("DevTools closed the connection during the handshake")
            response += chunk
        if b" 101 " not in response.split(b"\r\n", 1)[0]:
            raise RuntimeError("DevTools refused the WebSocket: " + response.decode(errors="replace"))
        self.buffer = response.split(b"\r\n\r\n", 1)[1]
        self.next_id = 0

    def _read(self, count):
        while len(self.buffer) < count:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise RuntimeError("DevTools closed the connection")
            self.buffer += chunk
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def _send(self, text):
        payload = text.encode()
        header = bytearray([0x81])
        if len(payload) < 126:
            header.append(0x80 | len(payload))
        elif len(payload) < 1 << 16:
            header.append(0x80 | 126)
            header += struct.pack(">H", len(payload))
        else:
            header.append(0x80 | 127)
            header += struct.pack(">Q", len(payload))
        mask = os.urandom(4)
        header += mask
        self.sock.sendall(bytes(header) + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def _receive(self):
        message = b""
        while True:
            first, second = self._read(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(length)
            if first & 0x0F == 0x8:
                raise RuntimeError("DevTools closed the WebSocket")
            if first & 0x0F in (0x9, 0xA):
                continue
            message += payload
            if first & 0x80:
                return json.loads(message)

    def call(self, method, **params):
        self.next_id += 1
        self._send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = self._receive()
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})

    def wait_for_event(self, method, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            message = self._receive()
            if message.get("method") == method:
                return message
        raise RuntimeError(f"no {method} within {timeout} s")


def png_to_ppm(png, path):
    """Decodes an 8-bit RGB or RGBA PNG (as Chromium writes screenshots) and writes it as PPM."""
    position, chunks = 8, []
    width = height = color_type = None
    while position < len(png):
        length, kind = struct.unpack(">I4s", png[position : position + 8])
        data = png[position + 8 : position + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color_type = struct.unpack(">IIBB", data[:10])
            if depth != 8 or color_type not in (2, 6) or data[12] != 0:
                raise RuntimeError(f"unexpected PNG: depth {depth}, colour type {color_type}, interlace {data[12]}")
        elif kind == b"IDAT":
            chunks.append(data)
        position += 12 + length
    channels = 4 if color_type == 6 else 3
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1 : start + 1 + stride])
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up = previous[x]
            upper_left = previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 0xFF
            elif kind == 2:
                line[x] = (line[x] + up) & 0xFF
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 0xFF
            elif kind == 4:
                estimate = left + up - upper_left
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - upper_left)
                predictor = left if pa <= pb and pa <= pc else (up if pb <= pc else upper_left)
                line[x] = (line[x] + predictor) & 0xFF
        rows.append(bytes(line) if channels == 3 else bytes(b for i, b in enumerate(line) if i % 4 != 3))
        previous = line
    with open(path, "wb") as file:
        file.write(b"P6\n%d %d\n255\n" % (width, height) + b"".join(rows))
    return [width, height]


# Windows virtual key codes of the keys a test presses that are not letters or digits.
KEY_CODES = {"ArrowLeft": 37, "ArrowUp": 38, "ArrowRight": 39, "ArrowDown": 40, "Escape": 27, "Tab": 9,
             "Enter": 13, " ": 32, "Home": 36, "End": 35, "PageUp": 33, "PageDown": 34}


def press(tools, key):
    """Presses and releases `key` ("ArrowRight", "j", "Escape"…) as a keyboard does."""
    code = KEY_CODES.get(key, ord(key.upper()) if len(key) == 1 else 0)
    text = key if len(key) == 1 else ""
    names = {"ArrowLeft": "ArrowLeft", "ArrowRight": "ArrowRight", "ArrowUp": "ArrowUp", "ArrowDown": "ArrowDown",
             "Escape": "Escape", "Tab": "Tab", "Enter": "Enter", " ": "Space"}
    physical = names.get(key, "Key" + key.upper() if len(key) == 1 and key.isalpha() else key)
    down = dict(type="keyDown" if text else "rawKeyDown", key=key, code=physical, windowsVirtualKeyCode=code,
                nativeVirtualKeyCode=code)
    if text:
        down["text"] = text
    tools.call("Input.dispatchKeyEvent", **down)
    tools.call("Input.dispatchKeyEvent", type="keyUp", key=key, code=physical, windowsVirtualKeyCode=code,
               nativeVirtualKeyCode=code)


def visit_page(tools, visit):
    """Loads one visit's page with its viewport and media features, runs its steps, returns their results."""
    tools.call(
        "Emulation.setDeviceMetricsOverride", width=visit.get("width", 1280), height=visit.get("height", 900),
        deviceScaleFactor=1, mobile=visit.get("mobile", False))
    features = [{"name": name, "value": value} for name, value in visit.get("media", {}).items()]
    tools.call("Emulation.setEmulatedMedia", media="", features=features)
    tools.call("Emulation.setScriptExecutionDisabled", value=not visit.get("javascript", True))
    # A new document each visit, even when only the fragment differs from the last one.
    tools.call("Page.navigate", url="about:blank")
    tools.wait_for_event("Page.loadEventFired")
    tools.call("Page.navigate", url=visit["url"])
    tools.wait_for_event("Page.loadEventFired")
    results, screenshots = [], []
    for step in visit.get("steps", []):
        if "wait" in step:
            time.sleep(step["wait"] / 1000)
            results.append(None)
        elif "screenshot" in step:
            shot = tools.call("Page.captureScreenshot", format="png")
            # Decoded once the page is done with: decoding takes longer than a step of an animation.
            screenshots.append((len(results), base64.b64decode(shot["data"]), step["screenshot"]))
            results.append(None)
        elif "key" in step:
            press(tools, step["key"])
            results.append(None)
        elif "evaluate" in step:
            value = tools.call("Runtime.evaluate", expression=step["evaluate"], returnByValue=True)
            results.append(value.get("result", {}).get("value"))
    for offset, png, path in screenshots:
        if path.endswith(".png"):
            with open(path, "wb") as file:
                file.write(png)
            results[offset] = list(struct.unpack(">II", png[16:24]))
        else:
            results[offset] = png_to_ppm(png, path)
    return results


def main():
    plan = json.load(sys.stdin)
    executable = chromium_path()
    if executable is None:
        print("chromium is not installed", file=sys.stderr)
        return 2
    profile = tempfile.mkdtemp(prefix="vcgraph-chromium-")
    arguments = [
        executable, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--mute-audio",
        "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--remote-debugging-port=0", f"--user-data-dir={profile}",
    ] + plan.get("flags", []) + ["about:blank"]
    browser = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        port = None
        deadline = time.time() + 60
        while time.time() < deadline and port is None:
            line = browser.stderr.readline()
            if not line and browser.poll() is not None:
                break
            match = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
            if match:
                port = int(match.group(1))
        if port is None:
            print("chromium did not open its DevTools port", file=sys.stderr)
            return 2
        # Chromium goes on logging: read it away, so a full pipe never stops the browser.
        threading.Thread(target=lambda: [None for _ in browser.stderr], daemon=True).start()
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=30))
        page = next(target for target in targets if target.get("type") == "page")
        tools = DevTools(page["webSocketDebuggerUrl"])
        tools.call("Page.enable")
        visits = plan["visits"] if "visits" in plan else [plan]
        results = [visit_page(tools, visit) for visit in visits]
        if "visits" not in plan:
            results = results[0]
        print(json.dumps(results))
        return 0
    finally:
        browser.terminate()
        try:
            browser.wait(timeout=10)
        except subprocess.TimeoutExpired:
            browser.kill()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
