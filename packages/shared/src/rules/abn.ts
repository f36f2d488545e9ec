/**
 * The ATO's ABN check: subtract 1 from the first digit, weight the 11 digits (10, 1, 3, 5 … 19) and the
 * sum must divide by 89. Spaces are ignored ("51 824 753 556"). Used for Kerb's own ABN (env) and the
 * instructors' ABNs printed on payout statements.
 */
const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

export function isValidAbn(value: string): boolean {
  const digits = value.replace(/\s/g, "");
  if (!/^\d{11}$/.test(digits)) return false;
  const sum = ABN_WEIGHTS.reduce((acc, w, i) => acc + w * (Number(digits[i]) - (i === 0 ? 1 : 0)), 0);
  return sum % 89 === 0;
}

/** "51824753556" → "51 824 753 556", the way an ABN is printed; anything else comes back unchanged. */
export function formatAbn(value: string): string {
  const digits = value.replace(/\s/g, "");
  if (!/^\d{11}$/.test(digits)) return value;
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
}
