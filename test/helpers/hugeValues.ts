// A CRD whose one rule builds a huge value from a manifest of modest size (issue 43), and that manifest: the
// rule reads `self.s` (a string of at most 3,000,000 characters) and `self.l` (a list of at most 20,000
// integers), bounds under which the API server takes the CRD. Shared by the CLI and server tests and bench:hostile.
import { crdText } from './manifests';

/** The rules of the campaign: each passes the CRD's estimated cost and builds hundreds of millions of characters. */
export const HUGE_VALUE_RULES = {
  format: "'%s'.format([self.l.map(x, self.s)]).size() > 0",
  replace: "self.s.replace('a', self.s).size() > 0",
  join: "self.l.map(x, self.s).join('').size() > 0",
  findAll: "self.s.findAll('').size() > 0",
} as const;

/** The manifest each rule is run on: `s`'s characters and `l`'s items (80 KB, or 2 MB for one string). */
export const HUGE_VALUE_SIZES: Record<keyof typeof HUGE_VALUE_RULES, [number, number]> = {
  format: [20_000, 20_000],
  replace: [2_000_000, 1],
  join: [20_000, 20_000],
  findAll: [2_000_000, 1],
};

export const hugeValueCrd = (rule: string) =>
  crdText({
    group: 'example.org',
    kind: 'Huge',
    plural: 'huges',
    spec: `              x-kubernetes-validations:
                - rule: ${JSON.stringify(rule)}
              properties:
                s: {type: string, maxLength: 3000000}
                l: {type: array, maxItems: 20000, items: {type: integer}}
`,
  });

/** A manifest whose `s` is `chars` letters `a` and `l` is `items` zeros. */
export const hugeValueManifest = (chars: number, items: number) =>
  `apiVersion: example.org/v1\nkind: Huge\nmetadata:\n  name: h\nspec:\n  s: ${'a'.repeat(chars)}\n  l: [${Array.from({ length: items }, () => '0').join(', ')}]\n`;
