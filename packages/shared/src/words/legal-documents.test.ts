import { describe, expect, it } from "vitest";
import {
  INSTRUCTOR_AGREEMENT_VERSION,
  LEGAL_DOCUMENT_TEXTS,
  LEGAL_DOCUMENTS,
  legalDocumentsFor,
  outstandingLegalDocuments,
  PRIVACY_VERSION,
  TERMS_VERSION,
} from "./legal-documents.ts";

describe("legal documents", () => {
  it("asks students and guardians for the terms and privacy policy, instructors also their agreement", () => {
    expect(legalDocumentsFor("STUDENT")).toEqual(["TERMS", "PRIVACY"]);
    expect(legalDocumentsFor("GUARDIAN")).toEqual(["TERMS", "PRIVACY"]);
    expect(legalDocumentsFor("INSTRUCTOR")).toEqual(["TERMS", "PRIVACY", "INSTRUCTOR_AGREEMENT"]);
  });

  it("counts only the current version as accepted", () => {
    expect(
      outstandingLegalDocuments("INSTRUCTOR", [
        { document: "TERMS", version: TERMS_VERSION },
        { document: "PRIVACY", version: "2000-01" },
      ]),
    ).toEqual([
      { document: "PRIVACY", version: PRIVACY_VERSION },
      { document: "INSTRUCTOR_AGREEMENT", version: INSTRUCTOR_AGREEMENT_VERSION },
    ]);
    expect(
      outstandingLegalDocuments("STUDENT", [
        { document: "TERMS", version: TERMS_VERSION },
        { document: "PRIVACY", version: PRIVACY_VERSION },
      ]),
    ).toEqual([]);
  });

  it("names the privacy rights the Australian Privacy Principles give: access and closure", () => {
    const privacy = LEGAL_DOCUMENT_TEXTS.PRIVACY.join(" ");
    expect(privacy).toMatch(/download everything we hold about you/);
    expect(privacy).toMatch(/closed/);
    expect(privacy).toMatch(/five years/);
    for (const document of LEGAL_DOCUMENTS) expect(LEGAL_DOCUMENT_TEXTS[document].length).toBeGreaterThan(0);
  });
});
