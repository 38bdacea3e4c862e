// How fast V8 lets the heap grow between collections; V8 reads this flag at run time.
import { setFlagsFromString } from 'node:v8';

/**
 * While editing: grow by half, not V8's default of up to four times. The live set is small (caches of
 * per-chunk results), the garbage of an edit of a large file is not, and memory should follow the first.
 * See ../protocol/launch.ts for the options V8 reads only at start-up.
 */
export const steadyHeap = (): void => setFlagsFromString('--heap-growing-percent=50');

/**
 * While the workspace scan builds the index: V8's own growth (0 selects it). The live set grows all along,
 * and a heap held to half again its size collects it again and again (about a tenth of the scan's time).
 */
export const growingHeap = (): void => setFlagsFromString('--heap-growing-percent=0');
