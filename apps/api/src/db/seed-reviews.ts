/**
 * Demo reviews: every seeded instructor's rating is the average of real reviews of real completed
 * lessons, so the first review a demo student leaves moves it like any other (instead of replacing an
 * aggregate nothing backs).
 */
import { addDaysToDate, averageRating, sydneyTodayDate, sydneyWallTimeToInstant } from "@kerb/shared/rules";
import { eq } from "drizzle-orm";
import type { Executor } from "./client.ts";
import { bookings, instructorProfiles, reviews, studentProfiles, users } from "./schema/index.ts";

/** Reviews per rated instructor: ten whole-star ratings can average any one-decimal rating exactly. */
export const SEED_REVIEWS_PER_INSTRUCTOR = 10;

const REVIEWERS: Array<[firstName: string, lastName: string]> = [
  ["Mia", "Roberts"],
  ["Oliver", "Huang"],
  ["Chloe", "Nasser"],
  ["Ethan", "Vo"],
  ["Isla", "Kaur"],
  ["Lucas", "Demir"],
  ["Ava", "Byrne"],
  ["Noah", "Ito"],
  ["Zara", "Costa"],
  ["Leo", "Fraser"],
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

/** Ten whole-star ratings whose mean is exactly `rating` (one decimal, 1–5). */
export function seedRatings(rating: number): number[] {
  const total = Math.round(rating * SEED_REVIEWS_PER_INSTRUCTOR);
  const base = Math.floor(total / SEED_REVIEWS_PER_INSTRUCTOR);
  const higher = total - base * SEED_REVIEWS_PER_INSTRUCTOR;
  return Array.from({ length: SEED_REVIEWS_PER_INSTRUCTOR }, (_, k) => (k < higher ? base + 1 : base));
}

export async function seedReviews(
  tx: Executor,
  input: {
    instructors: Array<{ id: string; rating: number | null; rateCents: number }>;
    passwordHash: string;
    now: Date;
  },
) {
  const rated = input.instructors.filter((i) => i.rating !== null);
  if (rated.length === 0) return;
  const reviewers = await tx
    .insert(users)
    .values(
      REVIEWERS.map(([firstName, lastName], k) => ({
        email: `reviewer${k + 1}@students.kerb.test`,
        passwordHash: input.passwordHash,
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

  const today = sydneyTodayDate(input.now);
  const lessons: Array<typeof bookings.$inferInsert> = [];
  const ratings: number[] = [];
  for (const [i, instructor] of rated.entries()) {
    const stars = seedRatings(instructor.rating ?? 0);
    for (const [k, reviewer] of reviewers.entries()) {
      // Each reviewer's lessons fall on distinct days or hours, and each instructor's on distinct days.
      const start = sydneyWallTimeToInstant(
        addDaysToDate(today, -(20 + k * 6 + (i % 5))),
        (8 + (i % 9)) * 60,
      );
      if (!start) throw new Error("seed: review lesson time invalid");
      const end = new Date(start.getTime() + 3_600_000);
      lessons.push({
        studentId: reviewer.id,
        instructorId: instructor.id,
        startTime: start,
        endTime: end,
        status: "COMPLETED",
        completedAt: end,
        priceCents: instructor.rateCents,
        isPoolHours: false,
        suburb: "Sydney CBD",
        pickupLocation: null,
      });
      ratings.push(stars[(k + i) % stars.length] ?? 5);
    }
  }
  const inserted = await tx.insert(bookings).values(lessons).returning({
    id: bookings.id,
    studentId: bookings.studentId,
    instructorId: bookings.instructorId,
    endTime: bookings.endTime,
  });
  await tx.insert(reviews).values(
    inserted.map((lesson, n) => ({
      bookingId: lesson.id,
      studentId: lesson.studentId,
      instructorId: lesson.instructorId,
      rating: ratings[n] ?? 5,
      comment: COMMENTS[n % COMMENTS.length] ?? null,
      // Written the day after the lesson.
      createdAt: new Date(lesson.endTime.getTime() + 86_400_000),
    })),
  );
  for (const instructor of rated) {
    const stars = seedRatings(instructor.rating ?? 0);
    const sum = stars.reduce((total, s) => total + s, 0);
    await tx
      .update(instructorProfiles)
      .set({ ratingAverage: averageRating({ count: stars.length, sum }), ratingCount: stars.length })
      .where(eq(instructorProfiles.userId, instructor.id));
  }
}
