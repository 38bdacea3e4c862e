-- Cloud Resource Manifests in Neovim's built-in LSP client (Neovim 0.7 or later): one server per working
-- directory, attached to every YAML buffer. Put this file in ~/.config/nvim/plugin/ (or `require` it from
-- init.lua); `cloud-manifests-language-server` must be on PATH (npm install -g, see the README).
local clients = {}

vim.api.nvim_create_autocmd('FileType', {
  pattern = 'yaml',
  callback = function(args)
    local root = vim.fn.getcwd()
    if not clients[root] then
      clients[root] = vim.lsp.start_client({
        name = 'cloud-manifests',
        cmd = { 'cloud-manifests-language-server' },
        root_dir = root,
        -- The editor settings without the `cloudManifests.` prefix, as in .cloud-manifests.json.
        settings = { cloudManifests = { ownerResolution = 'info' } },
      })
    end
    vim.lsp.buf_attach_client(args.buf, clients[root])
  end,
})
