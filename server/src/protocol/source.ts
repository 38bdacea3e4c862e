// The `source` of every diagnostic the server reports (and the CLI's tool name): the client tells its own
// diagnostics from other extensions' by it, so both sides read it from here.
export const SOURCE = 'cloud-manifests';
