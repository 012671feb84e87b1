"""The TextMate grammar and the VS Code extension folder, read by tools this project did not
write: textmate-grammar-python (a port of VS Code's tokenizer) and Python's JSON parser."""

import json
import os
import pathlib
import subprocess

import pytest
from textmate_grammar.parsers.base import LanguageParser

REPO = pathlib.Path(__file__).resolve().parents[2]
VSCODE = REPO / "editors" / "vscode"
GRAMMAR = json.loads((VSCODE / "syntaxes" / "scn.tmLanguage.json").read_text())

SAMPLE = """# a comment
sdk kindly 3.0.12
let who = "An${x}na"
def greet name {
  push kindly visible title $name body 'raw'
}
case "cold start" {
  launch killed; wait 61s
  for s in [chat, host] { screen $s }
  expect banner none
}
case "faulty" {
  known-bug "https://x/1" because "dropped" in p1
  bug expect banners 1
  bug never expect delivered false
}
"""


def scopes() -> dict[tuple[int, str], str]:
    """The innermost scope of each token, by (line, text)."""
    tokens = LanguageParser(GRAMMAR).parse_string(SAMPLE).flatten()
    return {(line, text.strip()): names[-1] for (line, _), text, names in tokens if text.strip()}


@pytest.fixture(scope="module")
def tokens():
    return scopes()


@pytest.mark.parametrize(
    "line, text, scope",
    [
        (0, "# a comment", "comment.line.number-sign.scn"),
        (1, "sdk", "keyword.other.command.scn"),
        (1, "kindly", "support.function.command.scn"),
        (1, "3.0.12", "constant.numeric.scn"),
        (2, "let", "keyword.control.scn"),
        (2, "${x}", "variable.other.interpolation.scn"),
        (3, "def", "keyword.control.scn"),
        (4, "push", "keyword.other.command.scn"),
        (4, "visible", "support.constant.choice.scn"),
        (4, "title", "variable.parameter.option.scn"),
        (4, "$name", "variable.other.scn"),
        (4, "'raw'", "string.quoted.single.scn"),
        (6, "case", "keyword.control.scn"),
        (6, '"cold start"', "string.quoted.double.scn"),
        (7, "launch", "keyword.other.command.scn"),
        (7, "wait", "keyword.other.command.scn"),
        (7, "61s", "constant.numeric.duration.scn"),
        (8, "for", "keyword.control.scn"),
        (8, "in", "keyword.control.scn"),
        (8, "screen", "keyword.other.command.scn"),
        (9, "expect", "keyword.other.command.scn"),
        (9, "none", "constant.language.scn"),
        (12, "known-bug", "keyword.control.scn"),
        (12, '"https://x/1"', "string.quoted.double.scn"),
        (12, "because", "keyword.control.scn"),
        (12, '"dropped"', "string.quoted.double.scn"),
        (12, "in", "keyword.control.scn"),
        (13, "bug", "keyword.control.scn"),
        (13, "expect", "keyword.other.command.scn"),
        (14, "bug", "keyword.control.scn"),
        (14, "never", "keyword.control.scn"),
        (14, "expect", "keyword.other.command.scn"),
    ],
)
def test_scopes(tokens, line, text, scope):
    assert tokens.get((line, text)) == scope


def test_every_command_word_of_the_registry_is_highlighted():
    # `scn help --markdown` lists every command; each head word is in the grammar's command rule.
    scn = os.environ.get("SCN", str(REPO / ".build" / "debug" / "scn"))
    reference = subprocess.run([scn, "help", "--markdown"], capture_output=True, text=True, check=True).stdout
    commands, _, statements = reference.partition("## Statements")
    def heads(text):
        return {line.split("`")[1].split()[0] for line in text.splitlines() if line.startswith("| `")}
    rule = next(p["match"] for p in GRAMMAR["patterns"] if p.get("captures", {}).get("1", {}).get("name") == "keyword.other.command.scn")
    assert heads(commands) and all(h in rule for h in heads(commands))
    # The statements (`known-bug`, `bug`, `always`, `never`) are the parser's keywords.
    keywords = [p["match"] for p in GRAMMAR["patterns"] if p.get("captures", {}).get("1", {}).get("name") == "keyword.control.scn"]
    assert heads(statements) and all(any(h in k for k in keywords) for h in heads(statements))


def test_the_extension_folder_is_consistent():
    manifest = json.loads((VSCODE / "package.json").read_text())
    (language,) = manifest["contributes"]["languages"]
    (grammar,) = manifest["contributes"]["grammars"]
    assert language["extensions"] == [".scn"]
    assert grammar["scopeName"] == GRAMMAR["scopeName"] == "source.scn"
    assert (VSCODE / grammar["path"]).is_file()
    configuration = json.loads((VSCODE / language["configuration"]).read_text())
    assert configuration["comments"]["lineComment"] == "#"
