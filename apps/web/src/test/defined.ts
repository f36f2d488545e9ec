/**
 * The value, or a test failure that says what was missing: a checked stand-in for the `!` assertion
 * when a test indexes an array or searches a list it has just filled.
 */
export function defined<T>(value: T | null | undefined, what = "value"): T {
  if (value === null || value === undefined) throw new Error(`Expected a ${what}, got ${value}`);
  return value;
}
