"""The VS Code extension's own language client (editors/vscode/extension.js), run under Node
against the real `scn lsp`, with a stand-in for the `vscode` module that records what the
extension registers and shows; and the .vsix that `make vsix` builds, read back as VS Code
reads it (a zip with its manifest and content types).

SCN names the server (default: .build/debug/scn from the repository root)."""

import json
import os
import pathlib
import subprocess
import xml.etree.ElementTree as ElementTree
import zipfile

REPO = pathlib.Path(__file__).resolve().parents[2]
VSCODE = REPO / "editors" / "vscode"
SCN = os.environ.get("SCN", str(REPO / ".build" / "debug" / "scn"))

# The parts of VS Code's API the extension uses, as plain objects that record the calls.
STAND_IN = r"""
class Position { constructor(line, character) { this.line = line; this.character = character; } }
class Range { constructor(start, end) { this.start = start; this.end = end; } }
const Uri = { parse: (s) => ({ scheme: s.split(":")[0], toString: () => s }), file: (p) => Uri.parse("file://" + p) };
class Diagnostic { constructor(range, message, severity) { Object.assign(this, { range, message, severity }); } }
class CompletionItem { constructor(label, kind) { Object.assign(this, { label, kind }); } }
class CompletionList { constructor(items, isIncomplete) { Object.assign(this, { items, isIncomplete }); } }
class MarkdownString { constructor(value) { this.value = value; } }
class Hover { constructor(contents, range) { Object.assign(this, { contents, range }); } }
class DocumentSymbol { constructor(name, detail, kind, range, selectionRange) { Object.assign(this, { name, detail, kind, range, selectionRange }); } }
class Location { constructor(uri, range) { Object.assign(this, { uri: uri.toString(), range }); } }
class WorkspaceEdit { constructor() { this.edits = []; } replace(uri, range, newText) { this.edits.push({ uri: uri.toString(), range, newText }); } }
class CodeAction { constructor(title, kind) { Object.assign(this, { title, kind }); } }
const disposable = { dispose() {} };
const seen = (global.seen = { providers: {}, diagnostics: {}, triggers: null });
const provider = (name) => (selector, p, ...triggers) => {
  seen.providers[name] = p; if (triggers.length) seen.triggers = triggers; seen.selector = selector; return disposable;
};
const event = () => () => disposable;
const path = process.env.DOC;
const document = {
  uri: Uri.file(path), languageId: "scn", version: 1, getText: () => require("fs").readFileSync(path, "utf8"),
};
module.exports = {
  Position, Range, Uri, Diagnostic, CompletionItem, CompletionList, MarkdownString, Hover, DocumentSymbol, Location,
  WorkspaceEdit, CodeAction, CodeActionKind: { QuickFix: "quickfix" },
  DiagnosticSeverity: { Error: 0, Warning: 1, Information: 2, Hint: 3 },
  TextEdit: { replace: (range, newText) => ({ range, newText }) },
  workspace: {
    getConfiguration: (section) => ({ get: (key, fallback) => (seen.asked = section + "." + key, process.env.SCN_SERVER) }),
    workspaceFolders: [{ uri: Uri.file(require("path").dirname(path)) }],
    textDocuments: [document],
    onDidOpenTextDocument: event(), onDidChangeTextDocument: event(), onDidSaveTextDocument: event(),
    onDidCloseTextDocument: event(),
  },
  languages: {
    createDiagnosticCollection: () => ({ set: (uri, d) => { seen.diagnostics[uri.toString()] = d; }, delete() {}, dispose() {} }),
    registerCompletionItemProvider: provider("completion"), registerHoverProvider: provider("hover"),
    registerDocumentFormattingEditProvider: provider("formatting"), registerDocumentSymbolProvider: provider("symbols"),
    registerDefinitionProvider: provider("definition"), registerCodeActionsProvider: provider("codeActions"),
    registerReferenceProvider: provider("references"), registerRenameProvider: provider("rename"),
  },
  document,
};
"""

DRIVER = r"""
const ext = require(process.argv[1]);
const vscode = require("vscode");
const doc = vscode.document;
const at = (line, character) => new vscode.Position(line, character);
(async () => {
  const context = { subscriptions: [] };
  await ext.activate(context);
  const uri = doc.uri.toString();
  for (let i = 0; i < 200 && !global.seen.diagnostics[uri]; i++) await new Promise((r) => setTimeout(r, 50));
  const p = global.seen.providers;
  const completion = await p.completion.provideCompletionItems(doc, at(3, 8));
  const hover = await p.hover.provideHover(doc, at(2, 1));
  const symbols = await p.symbols.provideDocumentSymbols(doc);
  const actions = await p.codeActions.provideCodeActions(doc, new vscode.Range(at(2, 22), at(2, 22)));
  const formatted = await p.formatting.provideDocumentFormattingEdits(doc);
  const references = await p.references.provideReferences(doc, at(4, 1), { includeDeclaration: true });
  const renamed = await p.rename.provideRenameEdits(doc, at(4, 1), "welcome");
  let refused = null;
  try { await p.rename.provideRenameEdits(doc, at(4, 1), "2x"); } catch (error) { refused = error.message; }
  await ext.deactivate();
  console.log(JSON.stringify({
    asked: global.seen.asked, selector: global.seen.selector, triggers: global.seen.triggers,
    subscriptions: context.subscriptions.length,
    diagnostics: (global.seen.diagnostics[uri] || []).map((d) => ({ line: d.range.start.line, character: d.range.start.character, message: d.message, severity: d.severity })),
    completion: completion.items.map((i) => i.label),
    hover: hover && hover.contents.value,
    symbols: symbols.map((s) => s.name),
    actions: actions.map((a) => ({ title: a.title, kind: a.kind, edits: a.edit.edits })),
    formatted: formatted.length,
    references: references.map((l) => l.range.start.line),
    renamed: renamed.edits.map((e) => [e.range.start.line, e.newText]),
    refused,
  }));
})().catch((error) => { console.error(error); process.exit(1); });
"""


def test_the_extension_needs_no_npm_package():
    manifest = json.loads((VSCODE / "package.json").read_text())
    (language,) = manifest["contributes"]["languages"]
    assert not manifest.get("dependencies"), "the .vsix ships no node_modules"
    assert (VSCODE / manifest["main"]).is_file()
    assert manifest["activationEvents"] == ["onLanguage:" + language["id"]]
    assert manifest["contributes"]["configuration"]["properties"]["scn.server.path"]["default"] == "scn"
    assert (REPO / "LICENSE").read_text().startswith("MIT License") and manifest["license"] == "MIT"
    source = (VSCODE / "extension.js").read_text()
    requires = {line.split('require("')[1].split('"')[0] for line in source.splitlines() if 'require("' in line}
    assert requires == {"vscode", "child_process"}, requires


def test_the_client_speaks_to_scn_lsp(tmp_path):
    stand_in = tmp_path / "node_modules" / "vscode"
    stand_in.mkdir(parents=True)
    (stand_in / "index.js").write_text(STAND_IN)
    document = tmp_path / "cold.scn"
    document.write_text('sdk kindly\nlaunch killed\npush kindly visible tilte "Anna"\npush kin\ngreet\n'
                        'def greet {\n    tap\n}\n')
    env = {**os.environ, "NODE_PATH": str(tmp_path / "node_modules"), "DOC": str(document), "SCN_SERVER": SCN}
    run = subprocess.run(["node", "-e", DRIVER, str(VSCODE / "extension.js")], capture_output=True, text=True,
                         env=env, timeout=120)
    assert run.returncode == 0, run.stderr
    seen = json.loads(run.stdout)
    assert seen["asked"] == "scn.server.path"
    assert seen["selector"] == [{"scheme": "file", "language": "scn"}]
    assert seen["triggers"] == [" ", "$", '"', "/"]
    assert seen["subscriptions"] >= 10
    first = seen["diagnostics"][0]
    assert (first["line"], first["character"], first["severity"]) == (2, 20, 0)
    assert first["message"].startswith("unknown option 'tilte' for 'push kindly'")
    assert "kindly" in seen["completion"]
    assert seen["references"] == [5, 4]
    assert seen["renamed"] == [[5, "welcome"], [4, "welcome"]]
    assert "is not a name" in seen["refused"]
    assert "push kindly" in seen["hover"]
    assert seen["actions"] == [{
        "title": "Replace with 'title'", "kind": "quickfix",
        "edits": [{"uri": "file://" + str(document),
                   "range": {"start": {"line": 2, "character": 20}, "end": {"line": 2, "character": 25}},
                   "newText": "title"}],
    }]


def test_make_vsix_builds_what_vscode_installs(tmp_path):
    out = tmp_path / "scn.vsix"
    subprocess.run(["python3", str(REPO / "editors" / "vsix.py"), str(VSCODE), str(out)], check=True,
                   capture_output=True)
    with zipfile.ZipFile(out) as archive:
        names = archive.namelist()
        manifest = ElementTree.fromstring(archive.read("extension.vsixmanifest"))
        types = ElementTree.fromstring(archive.read("[Content_Types].xml"))
        package = json.loads(archive.read("extension/package.json"))
        license_text = archive.read("extension/LICENSE.txt").decode()
    ns = {"v": "http://schemas.microsoft.com/developer/vsx-schema/2011"}
    identity = manifest.find("v:Metadata/v:Identity", ns)
    assert (identity.get("Id"), identity.get("Version"), identity.get("Publisher")) == (
        package["name"], package["version"], package["publisher"])
    assets = {a.get("Path") for a in manifest.findall("v:Assets/v:Asset", ns)}
    assert assets <= set(names), assets - set(names)
    # Every file the manifest and package.json name is in the archive, with a content type.
    assert "extension/" + package["main"].lstrip("./") in names
    for grammar in package["contributes"]["grammars"]:
        assert "extension/" + grammar["path"].lstrip("./") in names
    for language in package["contributes"]["languages"]:
        assert "extension/" + language["configuration"].lstrip("./") in names
    extensions = {d.get("Extension") for d in types}
    assert all(os.path.splitext(n)[1] in extensions for n in names if n != "[Content_Types].xml")
    assert license_text == (REPO / "LICENSE").read_text()
    # The same bytes on every run.
    again = tmp_path / "again.vsix"
    subprocess.run(["python3", str(REPO / "editors" / "vsix.py"), str(VSCODE), str(again)], check=True,
                   capture_output=True)
    assert out.read_bytes() == again.read_bytes()
