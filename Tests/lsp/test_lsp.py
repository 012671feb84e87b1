"""scn lsp, driven by pytest-lsp: what an editor sees."""

import json
import pathlib
import re
import subprocess

from lsprotocol import types
from pytest_lsp import LanguageClient

from conftest import SCN, scn


async def open_document(client: LanguageClient, name: str, text: str) -> str:
    path: pathlib.Path = client.workspace_path / name
    path.write_text(text)
    uri = path.as_uri()
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="scn", version=1, text=text)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return uri


def at(uri: str, line: int, character: int, kind=types.TextDocumentPositionParams):
    return kind(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character)
    )


async def labels(client: LanguageClient, uri: str, line: int, character: int) -> list[str]:
    result = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=line, character=character)
        )
    )
    items = result.items if isinstance(result, types.CompletionList) else result
    return [item.label for item in items]


async def test_diagnostics_are_those_of_scn_check(client: LanguageClient):
    text = 'sdk kindly\nlaunch killed\npush kindly visible tilte "Anna"\nexpect banner nonsense words\n'
    uri = await open_document(client, "cold.scn", text)
    diagnostics = client.diagnostics[uri]
    # scn check on the same file: the same messages, at the same lines and columns.
    checked = scn("check", "cold.scn", cwd=client.workspace_path)
    assert checked.returncode == 2
    expected = re.findall(r"error: (.*)\n\s+--> cold\.scn:(\d+):(\d+)", checked.stderr)
    assert expected, checked.stderr
    got = [(d.message.split("\n")[0], str(d.range.start.line + 1), str(d.range.start.character + 1)) for d in diagnostics]
    assert got == expected
    assert diagnostics[0].severity == types.DiagnosticSeverity.Error
    assert "did you mean 'title'?" in diagnostics[0].message
    assert diagnostics[0].range.end.character - diagnostics[0].range.start.character == len("tilte")


async def test_positions_are_utf16_code_units(client: LanguageClient):
    uri = await open_document(client, "emoji.scn", 'sdk kindly\npush kindly title "😀 é" tilte "x"\n')
    (diagnostic,) = client.diagnostics[uri]
    line = 'push kindly title "😀 é" tilte "x"'
    assert diagnostic.range.start.character == len(line[: line.index("tilte")].encode("utf-16-le")) // 2


async def test_a_change_is_checked_again(client: LanguageClient):
    uri = await open_document(client, "change.scn", "sdk kindly\nlaunch nowhere\n")
    assert len(client.diagnostics[uri]) == 1
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text="sdk kindly\nlaunch killed\n")],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert list(client.diagnostics[uri]) == []


async def test_completion_from_the_registry_and_the_document(client: LanguageClient):
    text = 'sdk kindly\ninclude "lib/helpers.scn"\nlet who = "Anna"\n\nlaunch \npush kindly visible \nwait $\ninclude "l\n'
    uri = await open_document(client, "complete.scn", text)
    heads = await labels(client, uri, 3, 0)
    for word in ["push", "launch", "expect", "wait", "let", "case", "greet"]:
        assert word in heads
    assert await labels(client, uri, 4, 7) == ["killed", "terminated", "background", "foreground"]
    options = await labels(client, uri, 5, 20)
    assert {"title", "body", "chat", "tampered", "missing"} <= set(options)
    assert await labels(client, uri, 6, 6) == ["$who"]
    assert await labels(client, uri, 7, 10) == ["lib/"]


async def test_hover_shows_signature_and_help(client: LanguageClient):
    uri = await open_document(client, "hover.scn", "sdk kindly\npush kindly visible\n")
    hover = await client.text_document_hover_async(at(uri, 1, 6, types.HoverParams))
    help_line = scn("help", "push", "kindly", cwd=client.workspace_path).stdout
    assert "push kindly [visible|silent]" in hover.contents.value
    summary = hover.contents.value.split("\n")[-1]
    assert summary and summary in help_line
    assert hover.range.start == types.Position(line=1, character=0)


async def test_formatting_is_scn_fmt(client: LanguageClient):
    text = 'sdk kindly\ncase "a" {\nlaunch killed   # cold\n      tap\n}\n'
    uri = await open_document(client, "fmt.scn", text)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            options=types.FormattingOptions(tab_size=4, insert_spaces=True),
        )
    )
    assert scn("fmt", "fmt.scn", cwd=client.workspace_path).returncode == 0
    formatted = (client.workspace_path / "fmt.scn").read_text()
    assert formatted != text
    assert len(edits) == 1 and edits[0].new_text == formatted


async def test_a_did_you_mean_is_a_quick_fix(client: LanguageClient):
    uri = await open_document(client, "fix.scn", 'sdk kindly\nlaunch killed\npush kindly visible tilte "Anna"\n')
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(start=types.Position(line=2, character=22), end=types.Position(line=2, character=22)),
            context=types.CodeActionContext(diagnostics=client.diagnostics[uri]),
        )
    )
    assert actions and len(actions) == 1
    action = actions[0]
    assert isinstance(action, types.CodeAction)
    assert action.kind == types.CodeActionKind.QuickFix and action.is_preferred
    (edit,) = action.edit.changes[uri]
    assert (edit.range.start.line, edit.range.start.character, edit.range.end.character) == (2, 20, 25)
    assert edit.new_text == "title"


async def test_symbols_are_cases_and_defs(client: LanguageClient):
    text = 'sdk kindly\ndef open_chat {\n  screen chat\n}\ncase "cold start" {\n  launch killed\n}\ncase "warm" {\n  open_chat\n}\n'
    uri = await open_document(client, "symbols.scn", text)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    assert [(s.name, s.kind) for s in symbols] == [
        ("open_chat", types.SymbolKind.Function),
        ("cold start", types.SymbolKind.Method),
        ("warm", types.SymbolKind.Method),
    ]
    assert symbols[1].selection_range.start == types.Position(line=4, character=5)


async def test_definition_of_defs_and_includes(client: LanguageClient):
    text = 'sdk kindly\ninclude "lib/helpers.scn"\ngreet "Anna"\n'
    uri = await open_document(client, "main.scn", text)
    assert list(client.diagnostics[uri]) == []
    helpers = (client.workspace_path / "lib" / "helpers.scn").as_uri()
    found = await client.text_document_definition_async(at(uri, 2, 2, types.DefinitionParams))
    assert found.uri == helpers
    assert found.range.start == types.Position(line=0, character=4)
    found = await client.text_document_definition_async(at(uri, 1, 12, types.DefinitionParams))
    assert found.uri == helpers


def frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read_replies(output: bytes) -> list[dict]:
    replies = []
    while output:
        header, _, rest = output.partition(b"\r\n\r\n")
        length = int(re.search(rb"Content-Length: (\d+)", header).group(1))
        replies.append(json.loads(rest[:length]))
        output = rest[length:]
    return replies


def test_malformed_input_gets_errors_and_the_server_goes_on():
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
    data = b"".join(
        [
            b"Content-Length: 7\r\n\r\n{oops!}",
            b"no colon here\r\n\r\n",
            b"Content-Length: nine\r\n\r\n",
            frame(initialize),
            frame({"jsonrpc": "2.0", "id": 2, "method": "textDocument/unknown", "params": {}}),
            frame({"jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": {"textDocument": 1}}),
            frame({"jsonrpc": "2.0", "id": 4, "method": "shutdown"}),
            frame({"jsonrpc": "2.0", "method": "exit"}),
        ]
    )
    done = subprocess.run([SCN, "lsp"], input=data, capture_output=True, timeout=60)
    assert done.returncode == 0
    replies = read_replies(done.stdout)
    assert [r.get("error", {}).get("code") for r in replies[:3]] == [-32700, -32700, -32700]
    assert all(r["id"] is None for r in replies[:3])
    assert replies[3]["id"] == 1 and "capabilities" in replies[3]["result"]
    assert replies[4]["error"]["code"] == -32601
    assert replies[5]["error"]["code"] == -32602
    assert replies[6] == {"jsonrpc": "2.0", "id": 4, "result": None}


def test_exit_without_shutdown_and_end_of_input():
    done = subprocess.run([SCN, "lsp"], input=frame({"jsonrpc": "2.0", "method": "exit"}), capture_output=True, timeout=60)
    assert done.returncode == 1 and done.stdout == b""
    done = subprocess.run([SCN, "lsp"], input=b"Content-Length: 100\r\n\r\n{", capture_output=True, timeout=60)
    assert done.returncode == 1
