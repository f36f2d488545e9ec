export * from "./auth.ts";
export * from "./availability.ts";
export * from "./bookings.ts";
export * from "./common.ts";
export * from "./instructors.ts";
export * from "./profiles.ts";
