/**
 * Reviews: a student rates a completed lesson (POST /api/student/bookings/{id}/review), the public reads
 * an instructor's visible reviews (GET /api/instructors/{id}/reviews), and an admin moderates them
 * (GET /api/admin/reviews, POST /api/admin/reviews/{id}/hide|unhide).
 */
import { z } from "zod";
import { VEHICLE_TYPES } from "../constants.ts";
import { MAX_RATING, MIN_RATING, REVIEW_COMMENT_MAX_LENGTH } from "../rules/reviews.ts";
import { pageOf, pageQuery, safeText } from "./common.ts";

export const reviewRating = z
  .number({ error: "Choose a rating from 1 to 5 stars" })
  .int("Choose a rating from 1 to 5 stars")
  .min(MIN_RATING, "Choose a rating from 1 to 5 stars")
  .max(MAX_RATING, "Choose a rating from 1 to 5 stars");

/** Plain text: control characters are refused; an empty or blank comment is the same as none. */
export const reviewComment = safeText({ error: "The comment must be text" })
  .trim()
  .max(REVIEW_COMMENT_MAX_LENGTH, `Keep the comment under ${REVIEW_COMMENT_MAX_LENGTH} characters`)
  .transform((value) => (value === "" ? undefined : value));

export const createReviewRequest = z.object({
  rating: reviewRating,
  comment: reviewComment.optional(),
});
export type CreateReviewRequest = z.input<typeof createReviewRequest>;

/** The student's own review, as created. */
export const studentReview = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  instructorId: z.uuid(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
});
export type StudentReview = z.infer<typeof studentReview>;

export const createReviewResponse = z.object({
  review: studentReview,
  /** The instructor's rating once this review counts. */
  instructor: z.object({ id: z.uuid(), rating: z.number().nullable(), ratingCount: z.number().int() }),
});
export type CreateReviewResponse = z.infer<typeof createReviewResponse>;

/** What anyone may read of a review: no student id, no surname. */
export const publicReview = z.object({
  id: z.uuid(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  /** "Sam L." */
  reviewerName: z.string(),
});
export type PublicReview = z.infer<typeof publicReview>;

export const instructorReviewsQuery = pageQuery.extend({
  pageSize: pageQuery.shape.pageSize.default(10),
});
export type InstructorReviewsQuery = z.input<typeof instructorReviewsQuery>;

/** The public profile of a listed instructor, with their rating. */
export const publicInstructorProfile = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  bio: z.string().nullable(),
  languages: z.array(z.string()),
  suburbs: z.array(z.string()),
  vehicleType: z.enum(VEHICLE_TYPES),
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
});
export type PublicInstructorProfile = z.infer<typeof publicInstructorProfile>;

/** Newest first; `instructor` lets a profile page render from this one answer. */
export const instructorReviewsResponse = pageOf(publicReview).extend({ instructor: publicInstructorProfile });
export type InstructorReviewsResponse = z.infer<typeof instructorReviewsResponse>;

export const REVIEW_VISIBILITIES = ["all", "visible", "hidden"] as const;
export const adminReviewsQuery = pageQuery.extend({
  visibility: z.enum(REVIEW_VISIBILITIES).default("all"),
  instructorId: z.uuid().optional(),
});
export type AdminReviewsQuery = z.input<typeof adminReviewsQuery>;

const personName = z.object({ id: z.uuid(), firstName: z.string(), lastName: z.string() });

export const adminReview = z.object({
  id: z.uuid(),
  bookingId: z.uuid(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  hiddenAt: z.string().nullable(),
  student: personName,
  instructor: personName,
});
export type AdminReview = z.infer<typeof adminReview>;
export const adminReviewsResponse = pageOf(adminReview);
export type AdminReviewsResponse = z.infer<typeof adminReviewsResponse>;
export const adminReviewResponse = z.object({ review: adminReview });
export type AdminReviewResponse = z.infer<typeof adminReviewResponse>;
