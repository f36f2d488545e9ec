/**
 * "1 lesson", "2 lessons", "0 lessons": a count with its noun, singular for exactly one. The one plural
 * rule for every count we word (emails, documents, screens, error messages); `many` for a noun that does
 * not just add an "s" ("1 entry", "2 entries").
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
