/** `{ before, after }` of the fields whose values differ (lists compared by content); null when none did. */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
  fields: readonly (keyof T)[],
) {
  const changed = fields.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]));
  if (changed.length === 0) return null;
  const pick = (from: T) => Object.fromEntries(changed.map((f) => [f, from[f] ?? null]));
  return { before: pick(before), after: pick(after) };
}

/** The user's own fields of a profile edit (name and phone live on users, the rest on the profile). */
export function userChanges(input: { firstName?: string; lastName?: string; phone?: string }) {
  const { firstName, lastName, phone } = input;
  return Object.fromEntries(
    Object.entries({ firstName, lastName, phone }).filter(([, v]) => v !== undefined),
  ) as { firstName?: string; lastName?: string; phone?: string };
}
