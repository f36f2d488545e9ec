import { describe, expect, it } from "vitest";
import {
  isEmployeeWwcNumber,
  normaliseAuPhone,
  normaliseInstructorLicenceNumber,
  normaliseWwcNumber,
  phoneSearchDigits,
} from "./contact-formats.ts";

describe("normaliseAuPhone", () => {
  it("stores a mobile as 04xx xxx xxx however it was typed", () => {
    for (const typed of [
      "0412345678",
      "0412 345 678",
      "0412-345-678",
      " (0412) 345.678 ",
      "+61 412 345 678",
      "+61412345678",
      "+61 (0)412 345 678",
      "61412345678",
    ]) {
      expect(normaliseAuPhone(typed), typed).toBe("0412 345 678");
    }
  });

  it("stores a landline as 0x xxxx xxxx, in every state's area code", () => {
    expect(normaliseAuPhone("(02) 9876 5432")).toBe("02 9876 5432");
    expect(normaliseAuPhone("+61 2 9876 5432")).toBe("02 9876 5432");
    expect(normaliseAuPhone("+61 (0)2 9876 5432")).toBe("02 9876 5432");
    expect(normaliseAuPhone("03 9123 4567")).toBe("03 9123 4567");
    expect(normaliseAuPhone("07-3123-4567")).toBe("07 3123 4567");
    expect(normaliseAuPhone("0881234567")).toBe("08 8123 4567");
  });

  it("refuses what is not an Australian phone number", () => {
    for (const typed of [
      "",
      "0412 345 67", // one digit short
      "0412 345 6789", // one digit long
      "1300 123 456", // business numbers
      "1800 123 456",
      "0512 345 678", // not a mobile or geographic range
      "0112 345 678",
      "+64 21 123 4567", // New Zealand
      "+1 415 555 0100",
      "412 345 678", // no trunk 0
      "call me",
      "0412 345 678 ext 2",
      "04+12345678",
    ]) {
      expect(normaliseAuPhone(typed), typed).toBeNull();
    }
  });
});

describe("phoneSearchDigits", () => {
  it("reduces a typed number to its national digits", () => {
    expect(phoneSearchDigits("0412 345 678")).toBe("0412345678");
    expect(phoneSearchDigits("+61 412 345 678")).toBe("0412345678");
    expect(phoneSearchDigits("+61 (0)2 9876 5432")).toBe("0298765432");
    expect(phoneSearchDigits("345 678")).toBe("345678");
  });

  it("is not a phone search below three digits", () => {
    expect(phoneSearchDigits("Nguyen")).toBeNull();
    expect(phoneSearchDigits("Room 42")).toBeNull();
    expect(phoneSearchDigits("042")).toBe("042");
  });

  it("is not a phone search when the text is an email or a name with digits in it", () => {
    expect(phoneSearchDigits("learner.ab123cd4@example.com")).toBeNull();
    expect(phoneSearchDigits("Unit 123")).toBeNull();
  });
});

describe("normaliseWwcNumber", () => {
  it("answers WWC + 7 digits + E or V in capitals, spaces and dashes dropped", () => {
    expect(normaliseWwcNumber("WWC1234567E")).toBe("WWC1234567E");
    expect(normaliseWwcNumber(" wwc 1234567-e ")).toBe("WWC1234567E");
    expect(normaliseWwcNumber("WWC0000001V")).toBe("WWC0000001V");
  });

  it("refuses other shapes", () => {
    for (const typed of [
      "WWC123456E",
      "WWC12345678E",
      "WWC1234567",
      "WWC1234567X",
      "1234567E",
      "APP1234567",
    ]) {
      expect(normaliseWwcNumber(typed), typed).toBeNull();
    }
  });

  it("tells an employee check (E) from a volunteer one (V)", () => {
    expect(isEmployeeWwcNumber("WWC1234567E")).toBe(true);
    expect(isEmployeeWwcNumber("WWC1234567V")).toBe(false);
  });
});

describe("normaliseInstructorLicenceNumber", () => {
  it("takes 6 to 8 digits, spaces ignored", () => {
    expect(normaliseInstructorLicenceNumber("123456")).toBe("123456");
    expect(normaliseInstructorLicenceNumber(" 1234 5678 ")).toBe("12345678");
  });

  it("refuses too few or too many digits, letters and other documents' numbers", () => {
    for (const typed of [
      "12345",
      "123456789",
      "NSW123456",
      "WWC1234567E",
      "51 824 753 556",
      "0412 345 678",
    ]) {
      expect(normaliseInstructorLicenceNumber(typed), typed).toBeNull();
    }
  });
});
