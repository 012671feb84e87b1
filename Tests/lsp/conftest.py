"""End-to-end tests of `scn lsp` with pytest-lsp, a client this project did not write.

The server is the built `scn` binary: `SCN` names it (default: .build/debug/scn from the
repository root). Each test gets a fresh server and a scratch workspace folder.
"""

import os
import pathlib
import subprocess

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

REPO = pathlib.Path(__file__).resolve().parents[2]
SCN = os.environ.get("SCN", str(REPO / ".build" / "debug" / "scn"))


@pytest.fixture
def workspace(tmp_path: pathlib.Path) -> pathlib.Path:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "helpers.scn").write_text("def greet who {\n  push kindly visible title $who\n}\n")
    return tmp_path


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[SCN, "lsp"]))
async def client(lsp_client: LanguageClient, workspace: pathlib.Path):
    # Capabilities of a real editor, so pytest-lsp checks replies against what it accepts.
    params = types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        root_uri=workspace.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="scn")],
    )
    await lsp_client.initialize_session(params)
    lsp_client.workspace_path = workspace
    yield
    await lsp_client.shutdown_session()


def scn(*arguments: str, cwd: pathlib.Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    """Runs the same binary as a command-line tool."""
    return subprocess.run([SCN, *arguments], cwd=cwd, input=stdin, capture_output=True, text=True)
