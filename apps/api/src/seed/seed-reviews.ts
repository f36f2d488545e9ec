/**
 * Demo reviews: every seeded instructor's rating is the average of real reviews of real completed
 * lessons, so the first review a demo student leaves moves it like any other (instead of replacing an
 * aggregate nothing backs).
 */
import type { Executor } from "../db/client.ts";
import { studentProfiles, users } from "../db/schema/index.ts";
import type { ReviewPlan, SeedPerson } from "./seed-api.ts";

/**
 * Reviews per rated instructor. Each is a lesson booked, paid, taught and reviewed through the use cases
 * (seed-history.ts), so they cost start-up time: five whole-star ratings come within 0.1 of any rating.
 */
const SEED_REVIEWS_PER_INSTRUCTOR = 5;

const REVIEWERS: Array<[firstName: string, lastName: string]> = [
  ["Mia", "Roberts"],
  ["Oliver", "Huang"],
  ["Chloe", "Nasser"],
  ["Ethan", "Vo"],
  ["Isla", "Kaur"],
];

const COMMENTS = [
  "Patient and clear. I felt calmer after every lesson.",
  "Great at explaining roundabouts and lane changes.",
  null,
  "Always on time and very encouraging.",
  "Helped me fix my reverse parking in one lesson.",
  null,
  "Knows the test routes well. Passed first go!",
  "Friendly, relaxed and focused on what I needed.",
  null,
  "Good lesson plan and honest feedback.",
];

/** Whole-star ratings, one per reviewer, whose mean is as close to `rating` (one decimal, 1–5) as they allow. */
function seedRatings(rating: number): number[] {
  const total = Math.round(rating * SEED_REVIEWS_PER_INSTRUCTOR);
  const base = Math.floor(total / SEED_REVIEWS_PER_INSTRUCTOR);
  const higher = total - base * SEED_REVIEWS_PER_INSTRUCTOR;
  return Array.from({ length: SEED_REVIEWS_PER_INSTRUCTOR }, (_, k) => (k < higher ? base + 1 : base));
}

/** The demo reviewers: students who took lessons with the rated instructors and reviewed them. */
export async function insertReviewers(tx: Executor, passwordHash: string): Promise<SeedPerson[]> {
  const reviewers = await tx
    .insert(users)
    .values(
      REVIEWERS.map(([firstName, lastName], k) => ({
        email: `reviewer${k + 1}@students.kerb.test`,
        passwordHash,
        role: "STUDENT" as const,
        firstName,
        lastName,
        phone: `0411 000 ${String(100 + k)}`,
      })),
    )
    .returning({ id: users.id });
  await tx
    .insert(studentProfiles)
    .values(
      reviewers.map((r) => ({ userId: r.id, suburb: "Sydney CBD", licenseType: "AUTOMATIC" as const })),
    );
  return reviewers.map((r) => ({ id: r.id, role: "STUDENT" }));
}

/** Who reviews whom with how many stars: each rated instructor's ten reviews average their rating. */
export function planReviews(
  reviewers: SeedPerson[],
  instructors: Array<{ id: string; rating: number | null; suburb: string }>,
): ReviewPlan[] {
  const plans: ReviewPlan[] = [];
  let n = 0;
  for (const [i, instructor] of instructors.entries()) {
    if (instructor.rating === null) continue;
    const stars = seedRatings(instructor.rating);
    for (const [k, reviewer] of reviewers.entries()) {
      plans.push({
        reviewer,
        instructor: { id: instructor.id, role: "INSTRUCTOR", suburb: instructor.suburb },
        rating: stars[(k + i) % stars.length] ?? 5,
        comment: COMMENTS[n % COMMENTS.length] ?? null,
      });
      n += 1;
    }
  }
  return plans;
}
