export * from "./admin.ts";
export * from "./auth.ts";
export * from "./availability.ts";
export * from "./bookings.ts";
export * from "./common.ts";
export * from "./instructor-portal.ts";
export * from "./instructors.ts";
export * from "./profiles.ts";
