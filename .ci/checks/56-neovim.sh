#!/usr/bin/env bash
# editors/README.md's Neovim configurations, exactly as shipped, in a real Neovim: each
# snippet is the init.lua of a headless nvim that opens a .scn file with an error; the
# check asserts that `commentstring` is `# %s` (so `gcc` comments a line out), that `scn lsp`
# sends the diagnostic (line and message), answers a hover, offers the "did you mean" as a
# quick fix that Neovim applies, and renames a def across an include.
# SCN=/path/to/other/scn runs it against another server (a broken one must fail it).
set -uo pipefail
cd "$(dirname "$0")/../.."
if ! command -v nvim >/dev/null; then
    echo "error: nvim is not installed (.ci/packages/neovim.pip)" >&2
    exit 1
fi
if [ -z "${SCN:-}" ]; then
    swift build --product scn >/dev/null || exit 1
    SCN="$(swift build --show-bin-path)/scn"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/project/.git" "$work/home"
ln -s "$SCN" "$work/bin/scn"

# The lua blocks of the Neovim section, one file each.
awk -v out="$work/snippet" '
    /^## / { inside = ($0 == "## Neovim") }
    inside && /^```lua$/ { n++; file = out n ".lua"; printf "" > file; copying = 1; next }
    copying && /^```$/ { copying = 0; close(file); next }
    copying { print >> file }
' editors/README.md
snippets=("$work"/snippet*.lua)
if [ ! -e "${snippets[0]}" ]; then
    echo "error: no lua block under '## Neovim' in editors/README.md" >&2
    exit 1
fi

printf 'sdk kindly\nextension kindly\nlaunch killed\npush kindly visible tilte "Anna"\ninclude "lib/h.scn"\ngreet\n' > "$work/project/cold.scn"
mkdir -p "$work/project/lib"
printf 'def greet {\n    tap\n}\n' > "$work/project/lib/h.scn"
cat > "$work/check.lua" <<'LUA'
local function finish(ok, text)
  io.stdout:write(text .. "\n")
  vim.cmd(ok and "qall!" or "cquit! 1")
end
local buf = vim.api.nvim_get_current_buf()
if vim.bo[buf].filetype ~= "scn" then finish(false, "filetype is '" .. vim.bo[buf].filetype .. "', not scn") end
if vim.bo[buf].commentstring ~= "# %s" then
  finish(false, "commentstring is '" .. vim.bo[buf].commentstring .. "', not '# %s' (gcc would not comment with #)")
end
local got = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
if not got then finish(false, "no diagnostic within 20 s (clients: " .. #vim.lsp.get_clients({ bufnr = buf }) .. ")") end
local d = vim.diagnostic.get(buf)[1]
if d.lnum ~= 3 or d.col ~= 20 or not d.message:find("unknown option 'tilte' for 'push kindly'", 1, true) then
  finish(false, string.format("wrong diagnostic: %d:%d %s", d.lnum + 1, d.col + 1, d.message))
end
local replies = vim.lsp.buf_request_sync(buf, "textDocument/hover", {
  textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 3, character = 1 },
}, 10000) or {}
local hover = ""
for _, reply in pairs(replies) do
  local contents = reply.result and reply.result.contents
  if type(contents) == "table" then hover = contents.value or "" end
end
if not hover:find("push kindly", 1, true) then finish(false, "hover on 'push' said: '" .. hover .. "'") end
-- The "did you mean" is a quick fix: asked for at the diagnostic, applied, the line is right.
local actions = vim.lsp.buf_request_sync(buf, "textDocument/codeAction", {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  range = { start = { line = 3, character = 20 }, ["end"] = { line = 3, character = 20 } },
  context = { diagnostics = {} },
}, 10000) or {}
local fix
for _, reply in pairs(actions) do
  for _, action in ipairs(reply.result or {}) do
    if action.kind == "quickfix" then fix = action end
  end
end
if not fix then finish(false, "no quick fix for 'tilte'") end
vim.lsp.util.apply_workspace_edit(fix.edit, "utf-16")
local fixed = vim.api.nvim_buf_get_lines(buf, 3, 4, false)[1]
if fixed ~= 'push kindly visible title "Anna"' then finish(false, "the quick fix gave: " .. fixed) end
-- Rename the def at its call: the call here and the def in the included file both change.
local renamed = vim.lsp.buf_request_sync(buf, "textDocument/rename", {
  textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 5, character = 1 }, newName = "welcome",
}, 10000) or {}
local edit
for _, reply in pairs(renamed) do edit = edit or reply.result end
if not edit then finish(false, "no rename of 'greet'") end
vim.lsp.util.apply_workspace_edit(edit, "utf-16")
local call = vim.api.nvim_buf_get_lines(buf, 5, 6, false)[1]
local lib = vim.fn.bufadd(vim.fn.fnamemodify("lib/h.scn", ":p"))
vim.fn.bufload(lib)
local header = vim.api.nvim_buf_get_lines(lib, 0, 1, false)[1]
if call ~= "welcome" or header ~= "def welcome {" then
  finish(false, "the rename gave '" .. tostring(call) .. "' and '" .. tostring(header) .. "'")
end
finish(true, string.format("diagnostic %d:%d %s; hover answers; '%s' fixes it; a def renames across an include",
  d.lnum + 1, d.col + 1, d.message, fix.title))
LUA

status=0
for snippet in "${snippets[@]}"; do
    name="editors/README.md Neovim block $(basename "$snippet" .lua | tr -dc 0-9)"
    output=$(cd "$work/project" && PATH="$work/bin:$PATH" HOME="$work/home" XDG_CONFIG_HOME="$work/home" \
        XDG_STATE_HOME="$work/home" XDG_DATA_HOME="$work/home" \
        timeout 60 nvim --headless -u "$snippet" -i NONE cold.scn -c "luafile $work/check.lua" </dev/null 2>&1)
    code=$?
    if [ $code -eq 0 ]; then
        echo "ok: $name: $output"
    else
        echo "error: $name: Neovim with scn lsp failed (exit $code): $output" >&2
        status=1
    fi
done
exit $status
