/**
 * The ATO's ABN check: subtract 1 from the first digit, weight the 11 digits (10, 1, 3, 5 … 19) and the
 * sum must divide by 89. Spaces are ignored ("51 824 753 556"). Used for Kerb's own ABN (env) and the
 * instructors' ABNs printed on payout statements.
 *
 * The checksum alone lets through numbers that cannot be ABNs: "01300000000" adds up (0 − 1 weighs −10,
 * and 1 × 1 + 3 × 3 = 10), but the ATO's algorithm starts by subtracting 1 from a leading digit that
 * is at least 1 — ABNs are issued from 10 000 000 000 up, so one starting with 0 does not exist.
 */
const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** Why a string is not an ABN, or null when it is one. */
export type AbnProblem = "format" | "leading_zero" | "checksum";

export function abnProblemOf(value: string): AbnProblem | null {
  const digits = value.replace(/\s/g, "");
  if (!/^\d{11}$/.test(digits)) return "format";
  if (digits[0] === "0") return "leading_zero";
  const sum = ABN_WEIGHTS.reduce((acc, w, i) => acc + w * (Number(digits[i]) - (i === 0 ? 1 : 0)), 0);
  return sum % 89 === 0 ? null : "checksum";
}

export function isValidAbn(value: string): boolean {
  return abnProblemOf(value) === null;
}

/** What the instructor is told, in plain words, for each reason. */
export const ABN_PROBLEM_MESSAGES: Record<AbnProblem, string> = {
  format: "Enter your ABN as 11 digits (spaces are fine)",
  leading_zero: "An ABN never starts with 0: check the first digit against your ABN record",
  checksum: "That is not a valid ABN: one of the digits is wrong (the ATO checksum does not match)",
};

/** "51824753556" → "51 824 753 556", the way an ABN is printed; anything else comes back unchanged. */
export function formatAbn(value: string): string {
  const digits = value.replace(/\s/g, "");
  if (!/^\d{11}$/.test(digits)) return value;
  return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}`;
}
