-- Drives headless Neovim as a user would, after integrations/neovim/cloud-manifests.lua (the setup docs/other-editors.md shows) is
-- loaded: opens $CM_FILE, waits for the server's diagnostics, asks for a hover and a completion, edits the
-- buffer (Neovim sends incremental changes) and waits for the diagnostics to follow, then changes a
-- setting. Everything seen is
-- written as JSON to $CM_OUT for the test to check; errors are recorded there too, and Neovim always quits.
local out = { steps = {} }
local function step(s) table.insert(out.steps, s) end

local function finish()
  local f = assert(io.open(os.getenv('CM_OUT'), 'w'))
  f:write(vim.fn.json_encode(out))
  f:close()
  vim.cmd('qa!')
end

local function diagnostics(buf)
  return vim.tbl_map(function(d)
    local lsp = d.user_data and d.user_data.lsp or {}
    return { lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col, severity = d.severity,
      message = d.message, source = d.source, code = d.code or lsp.code }
  end, vim.diagnostic.get(buf))
end

-- The only answer of our client to a request (buf_request_sync answers per client id).
local function request(buf, method, params)
  local answers, err = vim.lsp.buf_request_sync(buf, method, params, 10000)
  if not answers then error(method .. ': ' .. tostring(err)) end
  for _, a in pairs(answers) do
    if a.err then error(method .. ': ' .. vim.inspect(a.err)) end
    return a.result
  end
end

local function position(line, character)
  return { textDocument = { uri = vim.uri_from_bufnr(0) }, position = { line = line, character = character } }
end

local function find_line(buf, pattern)
  for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    if l:find(pattern) then return i - 1, l end
  end
  error('no line matches ' .. pattern)
end

local ok, err = pcall(function()
  vim.cmd('edit ' .. vim.fn.fnameescape(os.getenv('CM_FILE')))
  local buf = vim.api.nvim_get_current_buf()
  out.filetype = vim.bo[buf].filetype
  step('opened')

  out.diagnosticsReceived = vim.wait(30000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  out.diagnostics = diagnostics(buf)
  out.clients = {}
  for _, c in pairs(vim.lsp.buf_get_clients(buf)) do table.insert(out.clients, c.name) end
  step('diagnostics')

  local kindLine = find_line(buf, '^  kind: StorageV2')
  out.hover = request(buf, 'textDocument/hover', position(kindLine, 3))
  step('hover')

  local tierLine, tier = find_line(buf, '^  accessTier:')
  out.valueCompletion = request(buf, 'textDocument/completion', position(tierLine, #tier))
  step('value completion')

  -- Fix the SKU and add an empty indented line under `spec:`: keys are completed there.
  local skuLine = find_line(buf, 'Standard_XYZ')
  vim.api.nvim_buf_set_lines(buf, skuLine, skuLine + 1, false, { '    name: Standard_LRS' })
  local specLine = find_line(buf, '^spec:')
  vim.api.nvim_buf_set_lines(buf, specLine + 1, specLine + 1, false, { '  ' })
  out.diagnosticsAfterEdit = vim.wait(30000, function()
    for _, d in ipairs(diagnostics(buf)) do
      if d.code == 'enum-value' then return false end
    end
    return true
  end, 50)
  out.diagnosticsAfter = diagnostics(buf)
  step('edit')

  out.keyCompletion = request(buf, 'textDocument/completion', position(specLine + 1, 2))
  step('key completion')

  -- A settings change as a user makes it: the server reads the new settings through Neovim's
  -- workspace/configuration handler (from the client's `settings`).
  local client = vim.lsp.buf_get_clients(buf)[next(vim.lsp.buf_get_clients(buf))]
  client.config.settings = { cloudManifests = { ownerResolution = 'off' } }
  client.notify('workspace/didChangeConfiguration', { settings = client.config.settings })
  out.diagnosticsAfterSettings = vim.wait(30000, function()
    for _, d in ipairs(diagnostics(buf)) do
      if d.code == 'owner-not-found' then return false end
    end
    return true
  end, 50)
  out.diagnosticsSettings = diagnostics(buf)
  step('settings')
end)
if not ok then out.error = tostring(err) end
finish()
