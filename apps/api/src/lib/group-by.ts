/**
 * Rows grouped by a key, groups and rows in first-seen order (Map.groupBy needs Node 21). Rows whose
 * key is null belong to no group and are left out.
 */
export function groupBy<T>(rows: readonly T[], key: (row: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
