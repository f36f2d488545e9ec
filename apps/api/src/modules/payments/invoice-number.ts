import { randomInt } from "node:crypto";
import { sydneyDateOf } from "@kerb/shared/rules";

// No 0/O or 1/I: invoice numbers get read out over the phone.
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** `KRB-20261122-7QH3XK`: the Sydney date plus 30 random bits (unique constraint backs it). */
export function newInvoiceNumber(now: Date): string {
  let suffix = "";
  for (let i = 0; i < 6; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `KRB-${sydneyDateOf(now).replaceAll("-", "")}-${suffix}`;
}
