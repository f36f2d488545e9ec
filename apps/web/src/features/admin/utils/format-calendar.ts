const monthFormatter = new Intl.DateTimeFormat("en-AU", { month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-11" → "November 2026" (the API's months are Sydney calendar months, so no zone maths here). */
export function formatMonth(month: string): string {
  const [year, monthNumber] = month.split("-").map(Number);
  if (!year || !monthNumber) return month;
  return monthFormatter.format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

/** "2026-11-03" → "03/11/2026": a calendar date needs no time-zone conversion. */
export function formatIsoDate(date: string): string {
  const [year, month, day] = date.split("-");
  return year && month && day ? `${day}/${month}/${year}` : date;
}
