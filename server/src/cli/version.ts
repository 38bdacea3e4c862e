// The package's version, as `--version` prints it and every report names it.
import { version } from '../../../package.json';

export const VERSION: string = version;
