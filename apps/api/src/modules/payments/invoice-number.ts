import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { InvoiceNumberClaim } from "@kerb/shared";
import { sydneyDateOf } from "@kerb/shared/rules";
import type { Executor } from "../../db/client.ts";
import { invoiceNumberTaken } from "./payments.repository.ts";

// No 0/O or 1/I: invoice numbers get read out over the phone.
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/** `KRB-20261122-7QH3XK`: the Sydney date plus 30 random bits (unique constraint backs it). */
export function newInvoiceNumber(now: Date): string {
  let suffix = "";
  for (let i = 0; i < 6; i++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `KRB-${sydneyDateOf(now).replaceAll("-", "")}-${suffix}`;
}

/**
 * The key that proves we issued `number` to this student. Signed rather than stored: an invoice screen
 * opened and left costs no row, and a number never paid is only a gap (invoice numbers must be unique,
 * not consecutive). The purpose prefix keeps this signature apart from the JWTs made with the same secret.
 */
function invoiceKey(secret: Uint8Array, studentId: string, number: string): string {
  return createHmac("sha256", secret).update(`invoice-number:${studentId}:${number}`).digest("base64url");
}

/** A number for the invoice screen, before anything is paid; the payment takes it (`claimInvoiceNumber`). */
export function issueInvoiceNumber(secret: Uint8Array, studentId: string, now: Date): InvoiceNumberClaim {
  const number = newInvoiceNumber(now);
  return { number, key: invoiceKey(secret, studentId, number) };
}

/** Whether `claim` is a number we issued to this student and no payment has taken yet. */
export async function isClaimOpen(
  db: Executor,
  input: { secret: Uint8Array; studentId: string; claim: InvoiceNumberClaim },
): Promise<boolean> {
  const { claim } = input;
  const expected = Buffer.from(invoiceKey(input.secret, input.studentId, claim.number));
  const given = Buffer.from(claim.key);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  return !(await invoiceNumberTaken(db, claim.number));
}

/**
 * The number the new payment gets: the one the student's invoice screen showed, when we issued it to
 * them and no payment has it yet (paying again after a payment lapsed gets a fresh one), else a new one.
 */
export async function claimInvoiceNumber(
  db: Executor,
  input: { secret: Uint8Array; studentId: string; claim: InvoiceNumberClaim | undefined; now: Date },
): Promise<string> {
  const { claim } = input;
  if (claim && (await isClaimOpen(db, { ...input, claim }))) return claim.number;
  return newInvoiceNumber(input.now);
}
