#!/usr/bin/env python3
"""Writes a language-server session (framed messages) for one hostile probe to standard
output: initialize, didOpen of a generated document, the probe's requests, shutdown, exit.
Used by .ci/checks/72-hostile-probes.sh; `scn lsp < session` must answer every request."""
import json
import sys


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def session(text, requests, raw=()):
    uri = "file:///tmp/scn-probe/doc.scn"
    messages = [
        {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen",
         "params": {"textDocument": {"uri": uri, "languageId": "scn", "version": 1, "text": text}}},
    ]
    for n, (method, params) in enumerate(requests, start=1):
        params = dict(params, textDocument={"uri": uri})
        messages.append({"jsonrpc": "2.0", "id": n, "method": method, "params": params})
    out = b"".join(frame(m) for m in messages)
    for body in raw:
        out += b"Content-Length: %d\r\n\r\n" % len(body) + body
    out += frame({"jsonrpc": "2.0", "id": 99999, "method": "shutdown"})
    out += frame({"jsonrpc": "2.0", "method": "exit"})
    return out


def at(line, character):
    return {"position": {"line": line, "character": character}}


PROBES = {
    # One completion among 20,000 defs (quadratic: no answer).
    "defs": lambda: session(
        "sdk kindly\n" + "".join("def d%d { wait 1s }\n" % i for i in range(20000)) + "\n",
        [("textDocument/completion", at(20001, 0))]),
    # One completion at the end of a 1.1 MB line of words.
    "long-line": lambda: session(
        "sdk kindly\npush app visible " + "title a " * 140000,
        [("textDocument/completion", at(1, 17 + 8 * 140000))]),
    # 2,000 hovers and definitions over a 20,000-line document.
    "hovers": lambda: session(
        "sdk kindly\ndef greet { wait 1s }\n" + "launch background\ngreet\n" * 10000,
        [("textDocument/hover", at(2 + 2 * (i % 10000), 2)) for i in range(1000)]
        + [("textDocument/definition", at(3 + 2 * (i % 10000), 2)) for i in range(1000)]),
    # 1,000 hovers at the end of a 1.08 MB line.
    "long-line-hovers": lambda: session(
        "sdk kindly\n" + "wait 1s; " * 120000,
        [("textDocument/hover", at(1, 9 * 120000 - 3)) for i in range(1000)]),
    # The outline of a 250,000-line document.
    "symbols": lambda: session(
        "sdk kindly\n" + "case \"c\" {}\n" * 250000, [("textDocument/documentSymbol", {})]),
    # A body that is valid JSON, 21,000 levels deep: -32600.
    "deep-json": lambda: session(
        "sdk kindly\n", [], raw=[b"[" * 21000 + b"]" * 21000]),
}

if __name__ == "__main__":
    sys.stdout.buffer.write(PROBES[sys.argv[1]]())
