/** `['a', 'b']` to `{ 0: 'a', 1: 'b' }` for `{0}` placeholders. */
export function positional(params: readonly (string | number)[] | undefined): Record<string, string> {
  const values: Record<string, string> = {};
  (params ?? []).forEach((value, index) => {
    values[String(index)] = String(value);
  });
  return values;
}
