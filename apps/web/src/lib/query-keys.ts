import type { AdminInstructorSort, VerificationStatus } from "@kerb/shared";

/**
 * The roots the web's query keys start with: whose screen the data is for, not which feature reads it.
 * Each feature's `api/query-keys.ts` builds its keys on one of these, so invalidating a root refreshes
 * everything that person sees, across features, without naming (or importing) any of them: after a
 * payment everything the student sees, after an admin's refund or cancellation every admin list. A few
 * keys stay outside every root on purpose (the cancellation previews, an admin's audited read of a
 * conversation): their feature's factory says why.
 */
export const scopeKeys = {
  student: ["student"] as const,
  instructor: ["instructor"] as const,
  guardian: ["guardian"] as const,
  admin: ["admin"] as const,
  /** The signed-in person's own account details, whatever their role. */
  account: ["account"] as const,
};

/** The signed-in student's profile (src/lib/student-profile.ts): lessons, bundles and what they answered. */
export const studentProfileKeys = {
  profile: () => [...scopeKeys.student, "profile"] as const,
};

/** An instructor's public profile and reviews (src/lib/instructor-reviews.ts). */
export const instructorReviewKeys = {
  /** Every instructor's pages: a new or hidden review refreshes them all. */
  all: ["instructor-reviews"] as const,
  page: (instructorId: string, query: { page: number; pageSize: number }) =>
    [...instructorReviewKeys.all, instructorId, query] as const,
};

export type AdminInstructorsParams = {
  status?: VerificationStatus;
  search?: string;
  sort?: AdminInstructorSort;
  /** Only instructors with a document date missing, past or within 30 days. */
  flagged?: boolean;
  page: number;
  pageSize?: number;
};

/** The admin's instructor list (src/lib/admin-instructors.ts): the verification queue and a filter. */
export const adminInstructorKeys = {
  all: [...scopeKeys.admin, "instructors"] as const,
  list: (query: AdminInstructorsParams) => [...adminInstructorKeys.all, query] as const,
};
