-- A real editor as the language server's client: headless Neovim starts `todo language-server`
-- through its built-in LSP client on a todo.txt buffer, then checks the diagnostics it shows
-- and a completion. Exits 0 when both are right, 1 (with the reason on stderr) when not.
--
--   TODO_LSP_CMD="/path/to/todo language-server" nvim --headless -u NONE -c "luafile Tests/Editors/neovim-check.lua"
--
-- Works with Neovim 0.7 (Debian 12) and later.

local function fail(message)
  io.stderr:write("neovim-check: " .. message .. "\n")
  vim.cmd("cquit 1")
end

local command = os.getenv("TODO_LSP_CMD")
if command == nil or command == "" then
  fail("set TODO_LSP_CMD to the server command, such as '/path/to/todo language-server'")
end

local directory = vim.fn.tempname()
vim.fn.mkdir(directory, "p")
local path = directory .. "/todo.txt"
vim.fn.writefile({
  "(A) 2026-11-20 call mom +family @phone",
  "X pay rent +home due:2026-02-30",
  "plan trip +family ",
  "buy milk +",
}, path)
vim.fn.writefile({ "x 2026-11-01 old +garden" }, directory .. "/done.txt")

vim.cmd("edit " .. vim.fn.fnameescape(path))
local buffer = vim.api.nvim_get_current_buf()

local client_id = vim.lsp.start_client({
  name = "todo",
  cmd = vim.split(command, " ", { trimempty = true }),
  root_dir = directory,
})
if client_id == nil then
  fail("the server could not be started: " .. command)
end
vim.lsp.buf_attach_client(buffer, client_id)

-- Diagnostics arrive after didOpen.
local arrived = vim.wait(10000, function()
  return #vim.diagnostic.get(buffer) >= 3
end, 50)
if not arrived then
  fail("expected 3 diagnostics, got " .. #vim.diagnostic.get(buffer))
end

local seen = {}
for _, diagnostic in ipairs(vim.diagnostic.get(buffer)) do
  local code = diagnostic.code or (diagnostic.user_data and diagnostic.user_data.lsp and diagnostic.user_data.lsp.code)
  seen[#seen + 1] = string.format("%d:%d-%d %s %s", diagnostic.lnum, diagnostic.col, diagnostic.end_col, tostring(code), diagnostic.message)
end
table.sort(seen)
local expected = {
  "1:0-1 uppercase-done-mark 'X ' does not mark a task done; write a lower-case 'x '",
  "1:21-31 invalid-date invalid date '2026-02-30' in due:, there is no such day",
  "2:17-18 trailing-whitespace trailing whitespace",
}
if table.concat(seen, "\n") ~= table.concat(expected, "\n") then
  fail("diagnostics differ:\n" .. table.concat(seen, "\n") .. "\nexpected:\n" .. table.concat(expected, "\n"))
end

-- Completion after the `+` on the last line: projects by use, done.txt included.
local params = {
  textDocument = { uri = vim.uri_from_bufnr(buffer) },
  position = { line = 3, character = 10 },
}
local responses = vim.lsp.buf_request_sync(buffer, "textDocument/completion", params, 10000)
if responses == nil then
  fail("no completion response")
end
local labels = {}
for _, response in pairs(responses) do
  if response.err then
    fail("completion error: " .. vim.inspect(response.err))
  end
  local items = response.result and (response.result.items or response.result) or {}
  for _, item in ipairs(items) do
    labels[#labels + 1] = item.label .. " (" .. (item.detail or "") .. ")"
  end
end
local wanted = "+family (2 tasks), +garden (1 task), +home (1 task)"
if table.concat(labels, ", ") ~= wanted then
  fail("completion labels: " .. table.concat(labels, ", ") .. "; expected " .. wanted)
end

vim.lsp.stop_client(client_id)
io.stdout:write("neovim-check: diagnostics and completion are right\n")
vim.cmd("qall!")
