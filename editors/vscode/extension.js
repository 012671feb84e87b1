// The scn language client: starts `scn lsp` over standard input and output for .scn
// files, and stops it with the extension. The command is the setting `scn.server.path`
// (default `scn`: a host's own tool takes its name there), run with the argument `lsp`.
"use strict";
const vscode = require("vscode");
const { LanguageClient, TransportKind } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const command = vscode.workspace.getConfiguration("scn").get("server.path", "scn");
  const server = { command, args: ["lsp"], transport: TransportKind.stdio };
  client = new LanguageClient("scn", "scn language server", server, {
    documentSelector: [{ scheme: "file", language: "scn" }],
  });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
