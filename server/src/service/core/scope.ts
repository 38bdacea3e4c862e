// Which files see each other: the index's scopes, shared by the host and the editor layer that feeds it.

/** The scope every file of the workspace folders shares; a file outside them is its own scope (its uri). */
export const WORKSPACE_SCOPE = 'workspace';
