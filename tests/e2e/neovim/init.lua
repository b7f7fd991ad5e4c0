-- Headless neovim test of editors/neovim (run by scripts/test-neovim.sh):
-- opens a Python file with a typing error, waits for numrs's diagnostic and a hover.
-- Environment: NUMRS_REPO (the repository), NUMRS_BIN (the numrs binary), NUMRS_TIMEOUT_MS.
local repo = assert(os.getenv('NUMRS_REPO'), 'NUMRS_REPO not set')
local timeout = tonumber(os.getenv('NUMRS_TIMEOUT_MS') or '20000')
vim.opt.runtimepath:prepend(repo .. '/editors/neovim')
vim.opt.swapfile = false
require('numrs').setup({ path = assert(os.getenv('NUMRS_BIN'), 'NUMRS_BIN not set') })

-- vim.lsp.get_clients is 0.10+; get_active_clients is deprecated there
local function get_clients(filter)
  return (vim.lsp.get_clients or vim.lsp.get_active_clients)(filter)
end

local function out(msg)
  io.stdout:write(msg .. '\n')
end

local function finish(ok, msg)
  out((ok and 'PASS: ' or 'FAIL: ') .. msg)
  for _, c in pairs(get_clients()) do
    vim.lsp.stop_client(c.id, true)
  end
  vim.cmd(ok and 'qall!' or 'cquit! 1')
end

local function run()
  local buf = vim.api.nvim_get_current_buf()
  local name = vim.api.nvim_buf_get_name(buf)
  if vim.bo[buf].filetype ~= 'python' then
    return finish(false, 'filetype of ' .. name .. ' is "' .. vim.bo[buf].filetype .. '", not python')
  end
  local t0 = vim.loop.now()
  local diag
  local got = vim.wait(timeout, function()
    for _, d in ipairs(vim.diagnostic.get(buf)) do
      if d.source == 'numrs' then
        diag = d
        return true
      end
    end
    return false
  end, 50)
  if not got then
    local attached = #get_clients({ bufnr = buf })
    return finish(false, string.format('no numrs diagnostic within %d ms (%d LSP client(s) attached; see %s)',
      timeout, attached, vim.lsp.get_log_path()))
  end
  out(string.format('diagnostic after %d ms: line %d: [%s] %s', vim.loop.now() - t0, diag.lnum + 1,
    tostring(diag.code or (diag.user_data and diag.user_data.lsp and diag.user_data.lsp.code)),
    (diag.message:gsub('\n', ' '))))
  if not diag.message:find('Cannot unify int64 and Literal[str](odd)', 1, true) then
    return finish(false, 'unexpected message: ' .. diag.message)
  end
  if diag.lnum ~= 18 then
    return finish(false, 'expected the error on line 19, got line ' .. (diag.lnum + 1))
  end
  if diag.severity ~= vim.diagnostic.severity.ERROR then
    return finish(false, 'expected severity ERROR, got ' .. tostring(diag.severity))
  end

  -- Hover on `total` (line 7) shows its Numba type.
  local params = { textDocument = vim.lsp.util.make_text_document_params(buf), position = { line = 6, character = 5 } }
  local responses = vim.lsp.buf_request_sync(buf, 'textDocument/hover', params, 5000) or {}
  local hover = ''
  for _, r in pairs(responses) do
    if r.result and r.result.contents then
      hover = hover .. (r.result.contents.value or vim.inspect(r.result.contents))
    end
  end
  out('hover: ' .. (hover:gsub('\n', ' ')))
  if not hover:find('total: float64', 1, true) then
    return finish(false, 'hover on total did not show "total: float64"')
  end
  local v = vim.version()
  finish(true, string.format('numrs diagnostic and hover arrived in neovim %d.%d.%d', v.major, v.minor, v.patch))
end

vim.api.nvim_create_autocmd('VimEnter', {
  callback = function()
    vim.schedule(run)
  end,
})
