// The measuring side of helmLinear.test.ts, run in a process of its own (`--single-threaded-gc`): prints the
// fastest of 9 CPU times (ms) of lexing and masking shape `k` at `n` and at `4n` repetitions, the two sizes
// taking turns so that both see the machine alike.
import { lexTemplate } from '../../server/src/service/workspace/helm/lex';
import { maskTemplate } from '../../server/src/service/workspace/helm/mask';
import { SHAPES } from './helmLinearShapes';

/** The process's own CPU time of one lexing and masking, in milliseconds (other processes do not count). */
function time(text: string): number {
  const t0 = process.cpuUsage();
  lexTemplate(text);
  maskTemplate(text);
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / 1000;
}

const [k, n] = process.argv.slice(2).map(Number);
const make = SHAPES[k][1];
const small = make(n);
const large = make(4 * n);
time(small); // warm up the compiler
let a = Infinity;
let b = Infinity;
for (let r = 0; r < 9; r++) {
  a = Math.min(a, time(small));
  b = Math.min(b, time(large));
}
process.stdout.write(JSON.stringify([a, b]));
