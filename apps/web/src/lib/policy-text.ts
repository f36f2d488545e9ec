// Moved to @kerb/shared/words (policy.ts): the API's emails and PDFs word the policies the same way.
export * from "@kerb/shared/words";
