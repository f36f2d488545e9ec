/** Shared words: policy sentences computed from the constants, and enum display labels. */
export * from "./audit-actions.ts";
export * from "./credits.ts";
export * from "./labels.ts";
export * from "./legal-documents.ts";
export * from "./plural.ts";
export * from "./policy.ts";
export * from "./rcti-agreement.ts";
export * from "./refunds.ts";
