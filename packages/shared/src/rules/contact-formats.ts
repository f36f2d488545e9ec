/**
 * The formats of the numbers a regulator or a student relies on: Australian phone numbers, NSW Working
 * With Children Check numbers and NSW driving instructor licence numbers. Each is normalised to one
 * stored form, so what the admin searches, compares and reads is the same whatever the person typed.
 */

// Phone numbers ----------------------------------------------------------------------------------

/** National significant numbers we accept: mobiles (04) and geographic landlines (02, 03, 07, 08). */
const NATIONAL_NUMBER = /^0[2-478]\d{8}$/;

/**
 * An Australian mobile or landline in its stored form: national, with the usual spaces — mobiles
 * "0412 345 678", landlines "02 9876 5432". Accepts spaces, dots, dashes and brackets anywhere, and
 * the international forms "+61 412 345 678", "+61 (0)2 9876 5432" and "61412345678". Null when the text
 * is not one (13/1300/1800 numbers are businesses, not a person to call about a lesson).
 */
export function normaliseAuPhone(input: string): string | null {
  const text = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, "");
  const international = text.startsWith("+") || (digits.length >= 11 && digits.startsWith("61"));
  if (international) {
    if (!digits.startsWith("61")) return null;
    // "+61 (0)2 …": the trunk 0 written in brackets after the country code is dropped.
    digits = `0${digits.slice(2).replace(/^0/, "")}`;
  }
  if (!NATIONAL_NUMBER.test(digits)) return null;
  return digits.startsWith("04")
    ? `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`
    : `${digits.slice(0, 2)} ${digits.slice(2, 6)} ${digits.slice(6)}`;
}

export const AU_PHONE_MESSAGE =
  "Enter an Australian mobile or landline number, like 0412 345 678 or (02) 9876 5432";

/**
 * The digits an admin's user search looks for in phone numbers: "0412 345 678", "0412-345-678" and
 * "+61 412 345 678" all become "0412345678" (a +61 prefix is read as the trunk 0), so they match a
 * number stored in any of those shapes. Null when the text is not written as a phone number (letters
 * or an @: searching "learner.ab123@example.com" must not match every phone with 123 in it) or has
 * fewer than 3 digits, too few to mean one.
 */
export function phoneSearchDigits(search: string): string | null {
  const text = search.trim();
  if (!/^[\d\s()+\-.]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, "");
  if (digits.length < 3) return null;
  if (text.startsWith("+61")) digits = `0${digits.slice(2).replace(/^0/, "")}`;
  return digits;
}

// Working With Children Check ----------------------------------------------------------------------

/**
 * NSW Working With Children Check numbers, as the Office of the Children's Guardian issues them:
 * "WWC" + 7 digits + E (employee, paid work) or V (volunteer), e.g. WWC1234567E.
 */
const WWC_NUMBER = /^WWC\d{7}[EV]$/;

/** Upper case, without spaces or dashes ("wwc 1234567-e" → "WWC1234567E"); null when not a WWC number. */
export function normaliseWwcNumber(input: string): string | null {
  const compact = input.trim().toUpperCase().replace(/[\s-]/g, "");
  return WWC_NUMBER.test(compact) ? compact : null;
}

/**
 * Transport for NSW accepts only a WWC check for employment purposes from a driving instructor ("A
 * Working With Children Check for volunteer purposes will not be accepted", transport.nsw.gov.au,
 * Applying for a Driving Instructor Licence): an instructor's number must end in E.
 */
export function isEmployeeWwcNumber(normalised: string): boolean {
  return normalised.endsWith("E");
}

export const WWC_NUMBER_MESSAGE = "Enter your Working With Children Check number, like WWC1234567E";
export const WWC_VOLUNTEER_MESSAGE =
  "This is a volunteer check (it ends in V). Paid driving instruction needs an employee check, ending in E";

// Driving instructor licence -----------------------------------------------------------------------

/**
 * NSW driving instructor licence numbers (Driving Instructors Act 1992, issued by Transport for NSW):
 * 6 to 8 digits, spaces ignored, stored as digits only. Transport for NSW does not publish the number's
 * format; this follows NSW licence numbers, which are numeric and at most 8 digits (the number printed
 * on the licence card, not the 10-digit card number). Strict enough to catch a pasted WWC number, ABN
 * or phone number; the admin still checks the number against the licence before verifying. If a real
 * licence is ever refused, widen the pattern here: the API and the web form both follow it.
 */
const INSTRUCTOR_LICENCE_NUMBER = /^\d{6,8}$/;

export function normaliseInstructorLicenceNumber(input: string): string | null {
  const compact = input.trim().replace(/\s/g, "");
  return INSTRUCTOR_LICENCE_NUMBER.test(compact) ? compact : null;
}

export const INSTRUCTOR_LICENCE_MESSAGE =
  "Enter your NSW driving instructor licence number: 6 to 8 digits, as printed on your licence";
