// Where the audit's data lives: the operator's spec documents and sample manifests, beside the repository
// (`../shared`), not in it. Only the audit (`npm run audit:spec`) reads them; `npm test` never does.
import { join } from 'node:path';

export { yamlFiles } from '../test/helpers/files';

const REPO = join(__dirname, '..');

/** `../shared`; CLOUD_MANIFESTS_SHARED names another place (a git worktree elsewhere). */
export const SHARED = process.env.CLOUD_MANIFESTS_SHARED ?? join(REPO, '..', 'shared');
/** The operator's sample manifests (their README lists the genuine mistakes in them). */
export const CORPUS = join(SHARED, 'corpus', 'operator-samples');
