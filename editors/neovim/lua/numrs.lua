-- numrs language server for neovim, without plugins (no nvim-lspconfig needed).
-- Works with neovim 0.7 and newer (0.8+ uses vim.lsp.start).
--
-- Put this directory on the runtimepath (or copy this file to ~/.config/nvim/lua/numrs.lua)
-- and in init.lua:
--
--   require('numrs').setup()                             -- `numrs` on PATH
--   require('numrs').setup({ path = '/path/to/numrs' })  -- or an explicit binary
--   require('numrs').setup({ inlay_hints = false })      -- no type hints (neovim 0.10+ shows them)
local M = {}

local defaults = {
  path = 'numrs', -- the numrs executable
  inlay_hints = true, -- sent as initializationOptions.inlayHints.enable
  root_markers = { 'pyproject.toml', 'setup.cfg', 'setup.py', '.git' },
}

local uv = vim.uv or vim.loop

-- The nearest parent directory holding one of the markers, else the file's directory.
local function find_root(bufname, markers)
  local dir = vim.fn.fnamemodify(bufname, ':p:h')
  local cur = dir
  while cur and cur ~= '' do
    for _, m in ipairs(markers) do
      if uv.fs_stat(cur .. '/' .. m) then
        return cur
      end
    end
    local parent = vim.fn.fnamemodify(cur, ':h')
    if parent == cur then
      break
    end
    cur = parent
  end
  return dir
end

local clients_by_root = {} -- neovim 0.7 only: one client per root

function M.config(opts, bufnr)
  local root = find_root(vim.api.nvim_buf_get_name(bufnr), opts.root_markers)
  return {
    name = 'numrs',
    cmd = { opts.path, 'server' },
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
    init_options = { inlayHints = { enable = opts.inlay_hints } },
    on_attach = function(_, buf)
      if opts.inlay_hints and vim.lsp.inlay_hint and vim.lsp.inlay_hint.enable then
        pcall(vim.lsp.inlay_hint.enable, true, { bufnr = buf }) -- neovim 0.10+
      end
    end,
  }
end

function M.setup(user)
  local opts = vim.tbl_extend('force', defaults, user or {})
  if vim.fn.executable(opts.path) ~= 1 then
    vim.notify('numrs: cannot find the executable "' .. opts.path
      .. '"; install numrs (cargo install --path crates/numrs_cli) or pass { path = ... }', vim.log.levels.WARN)
    return
  end
  local group = vim.api.nvim_create_augroup('numrs_lsp', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = 'python',
    callback = function(args)
      if vim.bo[args.buf].buftype ~= '' then
        return
      end
      local config = M.config(opts, args.buf)
      if vim.lsp.start then
        vim.lsp.start(config, { bufnr = args.buf })
      else
        local id = clients_by_root[config.root_dir]
        if not id or not vim.lsp.get_client_by_id(id) then
          id = vim.lsp.start_client(config)
          clients_by_root[config.root_dir] = id
        end
        if id then
          vim.lsp.buf_attach_client(args.buf, id)
        end
      end
    end,
  })
end

return M
