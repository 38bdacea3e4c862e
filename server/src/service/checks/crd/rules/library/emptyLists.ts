// The element type of an empty list read from a schema (`items: {type: number}`, `{format: duration}`):
// the API server's list is typed, so `sum()` of an empty one is that type's zero (`duration('0s')`, `0.0`),
// where cel-js sees an empty list of unknown type and takes the int overload (`0`, not equal to a duration).

/** The zero (as CEL text) of each empty list whose schema gives its element type, by the list itself. */
const zeros = new WeakMap<readonly unknown[], string>();

/** Records that the empty `list` holds `double`s or durations (other element types sum to an int's `0`). */
export function typedEmptyList<T extends unknown[]>(list: T, element: 'double' | 'duration'): T {
  if (list.length === 0) zeros.set(list, element === 'double' ? '0.0' : "duration('0s')");
  return list;
}

/** The zero `sum()` gives for `list` when its schema says what it holds; `undefined` otherwise. */
export const typedZero = (list: readonly unknown[]): string | undefined => zeros.get(list);
