export * from "./audit.ts";
export * from "./availability.ts";
export * from "./bookings.ts";
export * from "./ledger.ts";
export * from "./outbox.ts";
export * from "./payments.ts";
export * from "./profiles.ts";
export * from "./users.ts";
