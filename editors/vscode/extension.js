// The scn language client: starts `scn lsp` over standard input and output for .scn files,
// and stops it with the extension. The command is the setting `scn.server.path` (default
// `scn`: a host's own tool takes its name there), run with the argument `lsp`.
//
// The protocol is spoken here, with Node's own modules and VS Code's API only, so the
// extension needs no npm package: the .vsix is this folder as it is. It asks for what
// `scn lsp` serves — diagnostics, completion, hover, formatting, document symbols, go to
// definition, references, rename and quick fixes — and sends whole documents (the server's
// sync kind 1). A rename the server refuses (not a name) rejects with the server's message.
"use strict";
const vscode = require("vscode");
const { spawn } = require("child_process");

const selector = [{ scheme: "file", language: "scn" }];

/** JSON-RPC over a child's standard input and output, framed by Content-Length headers. */
class Connection {
  constructor(child, onNotification) {
    this.child = child;
    this.onNotification = onNotification;
    this.pending = new Map();
    this.nextId = 1;
    this.buffer = Buffer.alloc(0);
    child.stdout.on("data", (chunk) => this.receive(chunk));
    const failAll = (why) => {
      for (const { reject } of this.pending.values()) reject(new Error(why));
      this.pending.clear();
    };
    child.on("exit", (code) => failAll(`scn lsp exited (${code})`));
    child.on("error", (error) => failAll(`cannot start scn lsp: ${error.message}`));
  }

  write(message) {
    const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...message }), "utf8");
    this.child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin.write(body);
  }

  request(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.write({ id, method, params });
    });
  }

  notify(method, params) {
    this.write({ method, params });
  }

  receive(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const end = this.buffer.indexOf("\r\n\r\n");
      if (end < 0) return;
      const header = this.buffer.subarray(0, end).toString("ascii");
      const match = /Content-Length:\s*(\d+)/i.exec(header);
      const length = match ? Number(match[1]) : 0;
      if (this.buffer.length < end + 4 + length) return;
      const body = this.buffer.subarray(end + 4, end + 4 + length).toString("utf8");
      this.buffer = this.buffer.subarray(end + 4 + length);
      let message;
      try {
        message = JSON.parse(body);
      } catch {
        continue;
      }
      if (message.id !== undefined && this.pending.has(message.id)) {
        const { resolve, reject } = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) reject(new Error(message.error.message));
        else resolve(message.result);
      } else if (message.method) {
        this.onNotification(message.method, message.params);
      }
    }
  }
}

// Protocol values to VS Code's and back.
const position = (p) => new vscode.Position(p.line, p.character);
const range = (r) => new vscode.Range(position(r.start), position(r.end));
const toPosition = (p) => ({ line: p.line, character: p.character });
const toRange = (r) => ({ start: toPosition(r.start), end: toPosition(r.end) });
const severities = () => [
  vscode.DiagnosticSeverity.Error,
  vscode.DiagnosticSeverity.Error,
  vscode.DiagnosticSeverity.Warning,
  vscode.DiagnosticSeverity.Information,
  vscode.DiagnosticSeverity.Hint,
];

function diagnostic(d) {
  const made = new vscode.Diagnostic(range(d.range), d.message, severities()[d.severity || 1]);
  made.source = d.source || "scn";
  return made;
}

function symbol(s) {
  // The protocol's kinds are VS Code's plus one.
  const made = new vscode.DocumentSymbol(s.name, s.detail || "", Math.max(0, (s.kind || 1) - 1),
    range(s.range), range(s.selectionRange || s.range));
  made.children = (s.children || []).map(symbol);
  return made;
}

function workspaceEdit(edit) {
  const made = new vscode.WorkspaceEdit();
  for (const [uri, edits] of Object.entries((edit && edit.changes) || {})) {
    for (const e of edits) made.replace(vscode.Uri.parse(uri), range(e.range), e.newText);
  }
  return made;
}

let connection;
let child;

function activate(context) {
  const command = vscode.workspace.getConfiguration("scn").get("server.path", "scn");
  const diagnostics = vscode.languages.createDiagnosticCollection("scn");
  child = spawn(command, ["lsp"], { stdio: ["pipe", "pipe", "inherit"] });
  connection = new Connection(child, (method, params) => {
    if (method === "textDocument/publishDiagnostics") {
      diagnostics.set(vscode.Uri.parse(params.uri), params.diagnostics.map(diagnostic));
    }
  });
  const folders = vscode.workspace.workspaceFolders || [];
  const ready = connection
    .request("initialize", {
      processId: process.pid,
      rootUri: folders.length ? folders[0].uri.toString() : null,
      capabilities: {},
    })
    .then(() => {
      connection.notify("initialized", {});
      vscode.workspace.textDocuments.forEach(open);
    });

  const isScn = (document) => document.languageId === "scn" && document.uri.scheme === "file";
  function open(document) {
    if (!isScn(document)) return;
    connection.notify("textDocument/didOpen", {
      textDocument: { uri: document.uri.toString(), languageId: "scn", version: document.version, text: document.getText() },
    });
  }
  const at = (document, where) => ({ textDocument: { uri: document.uri.toString() }, position: toPosition(where) });
  const ask = (method, params) => ready.then(() => connection.request(method, params)).catch(() => null);

  context.subscriptions.push(
    diagnostics,
    vscode.workspace.onDidOpenTextDocument((document) => ready.then(() => open(document))),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (!isScn(event.document)) return;
      ready.then(() =>
        connection.notify("textDocument/didChange", {
          textDocument: { uri: event.document.uri.toString(), version: event.document.version },
          contentChanges: [{ text: event.document.getText() }],
        }));
    }),
    vscode.workspace.onDidSaveTextDocument((document) => {
      if (isScn(document)) ready.then(() => connection.notify("textDocument/didSave", { textDocument: { uri: document.uri.toString() } }));
    }),
    vscode.workspace.onDidCloseTextDocument((document) => {
      if (!isScn(document)) return;
      diagnostics.delete(document.uri);
      ready.then(() => connection.notify("textDocument/didClose", { textDocument: { uri: document.uri.toString() } }));
    }),
    vscode.languages.registerCompletionItemProvider(selector, {
      provideCompletionItems: async (document, where) => {
        const result = await ask("textDocument/completion", at(document, where));
        const items = (result && (result.items || result)) || [];
        return new vscode.CompletionList(
          items.map((item) => {
            const made = new vscode.CompletionItem(item.label, Math.max(0, (item.kind || 1) - 1));
            if (item.detail) made.detail = item.detail;
            if (item.insertText) made.insertText = item.insertText;
            return made;
          }),
          Boolean(result && result.isIncomplete));
      },
    }, " ", "$", "\"", "/"),
    vscode.languages.registerHoverProvider(selector, {
      provideHover: async (document, where) => {
        const result = await ask("textDocument/hover", at(document, where));
        if (!result || !result.contents) return null;
        const text = typeof result.contents === "string" ? result.contents : result.contents.value;
        return new vscode.Hover(new vscode.MarkdownString(text), result.range ? range(result.range) : undefined);
      },
    }),
    vscode.languages.registerDocumentFormattingEditProvider(selector, {
      provideDocumentFormattingEdits: async (document) => {
        const result = await ask("textDocument/formatting", {
          textDocument: { uri: document.uri.toString() },
          options: { tabSize: 4, insertSpaces: true },
        });
        return (result || []).map((e) => vscode.TextEdit.replace(range(e.range), e.newText));
      },
    }),
    vscode.languages.registerDocumentSymbolProvider(selector, {
      provideDocumentSymbols: async (document) =>
        ((await ask("textDocument/documentSymbol", { textDocument: { uri: document.uri.toString() } })) || []).map(symbol),
    }),
    vscode.languages.registerDefinitionProvider(selector, {
      provideDefinition: async (document, where) => {
        const result = await ask("textDocument/definition", at(document, where));
        const found = Array.isArray(result) ? result : result ? [result] : [];
        return found.map((l) => new vscode.Location(vscode.Uri.parse(l.uri), range(l.range)));
      },
    }),
    vscode.languages.registerReferenceProvider(selector, {
      provideReferences: async (document, where, context) => {
        const result = await ask("textDocument/references", {
          ...at(document, where), context: { includeDeclaration: Boolean(context && context.includeDeclaration) },
        });
        return (result || []).map((l) => new vscode.Location(vscode.Uri.parse(l.uri), range(l.range)));
      },
    }),
    vscode.languages.registerRenameProvider(selector, {
      provideRenameEdits: async (document, where, newName) => {
        const params = { ...at(document, where), newName };
        const result = await ready.then(() => connection.request("textDocument/rename", params));
        return workspaceEdit(result);
      },
    }),
    vscode.languages.registerCodeActionsProvider(selector, {
      provideCodeActions: async (document, where) => {
        const result = await ask("textDocument/codeAction", {
          textDocument: { uri: document.uri.toString() }, range: toRange(where), context: { diagnostics: [] },
        });
        return (result || []).map((a) => {
          const made = new vscode.CodeAction(a.title, vscode.CodeActionKind.QuickFix);
          made.edit = workspaceEdit(a.edit);
          made.isPreferred = Boolean(a.isPreferred);
          return made;
        });
      },
    }),
  );
  return ready;
}

function deactivate() {
  if (!connection) return undefined;
  const done = connection
    .request("shutdown", null)
    .then(() => connection.notify("exit", null))
    .catch(() => undefined)
    .then(() => child.kill());
  connection = undefined;
  return done;
}

module.exports = { activate, deactivate, Connection };
