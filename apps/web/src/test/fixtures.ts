import type { AuthResponse, AuthUser, PaymentDetails, StudentProfile } from "@kerb/shared";

export const studentUser: AuthUser = {
  id: "6c1f3b1e-0a4e-4b0a-9b3e-1f2a3b4c5d6e",
  email: "student@demo.test",
  role: "STUDENT",
  firstName: "Sam",
  lastName: "Learner",
  phone: "0400 000 000",
};

export const instructorUser: AuthUser = {
  id: "7d2a4c2f-1b5f-4c1b-8c4f-2a3b4c5d6e7f",
  email: "instructor@demo.test",
  role: "INSTRUCTOR",
  firstName: "Ivy",
  lastName: "Teacher",
  phone: "0411 111 111",
};

export const adminUser: AuthUser = {
  id: "8e3b5d30-2c60-4d2c-9d50-3b4c5d6e7f80",
  email: "admin@demo.test",
  role: "ADMIN",
  firstName: "Ada",
  lastName: "Admin",
  phone: null,
};

export const guardianUser: AuthUser = {
  id: "9f4c6e41-3d71-4e3d-8e61-4c5d6e7f8091",
  email: "guardian@demo.test",
  role: "GUARDIAN",
  firstName: "Gabi",
  lastName: "Learner",
  phone: null,
};

export function sessionFor(
  user: AuthUser,
  tokens = { accessToken: "access-1", refreshToken: "refresh-1" },
): AuthResponse {
  return { user, ...tokens };
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export const iso = (ms: number) => new Date(ms).toISOString();
const instructor = { id: instructorUser.id, firstName: "Ivy", lastName: "Teacher" };

/** A profile relative to `now`: two upcoming lessons (given out of order), one past, one completed. */
export function studentProfile(now = Date.now(), overrides: Partial<StudentProfile> = {}): StudentProfile {
  return {
    id: studentUser.id,
    firstName: "Sam",
    lastName: "Learner",
    email: studentUser.email,
    phone: studentUser.phone,
    suburb: "Parramatta",
    licenseType: "AUTOMATIC",
    experienceLevel: "SOME_EXPERIENCE",
    bundles: [
      {
        id: "a0000000-0000-4000-8000-000000000001",
        totalLessons: 10,
        usedLessons: 3,
        pricePerLesson: 70,
        expiresAt: iso(now + 200 * DAY),
        createdAt: iso(now - 30 * DAY),
        instructor: null,
        suburb: "Parramatta",
        instructorBookable: false,
        expired: false,
        boughtBy: null,
      },
      {
        id: "a0000000-0000-4000-8000-000000000002",
        totalLessons: 5,
        usedLessons: 5,
        pricePerLesson: 75,
        expiresAt: iso(now + 100 * DAY),
        createdAt: iso(now - 60 * DAY),
        instructor: null,
        suburb: "Parramatta",
        instructorBookable: false,
        expired: false,
        boughtBy: null,
      },
    ],
    bookings: [
      {
        id: "b0000000-0000-4000-8000-000000000001",
        startTime: iso(now + 3 * DAY),
        endTime: iso(now + 3 * DAY + HOUR),
        status: "SCHEDULED",
        pickupLocation: "12 George St, Parramatta",
        price: 85,
        isPoolHours: false,
        instructor,
        paymentId: "00000000-0000-4000-8000-0000000000aa",
        bundleId: null,
        holdExpiresAt: null,
        refund: null,
      },
      {
        id: "b0000000-0000-4000-8000-000000000002",
        startTime: iso(now + 1 * DAY),
        endTime: iso(now + 1 * DAY + HOUR),
        status: "SCHEDULED",
        pickupLocation: null,
        price: 55.25,
        isPoolHours: true,
        instructor,
        paymentId: "00000000-0000-4000-8000-0000000000aa",
        bundleId: null,
        holdExpiresAt: null,
        refund: null,
      },
      {
        id: "b0000000-0000-4000-8000-000000000003",
        startTime: iso(now - 2 * DAY),
        endTime: iso(now - 2 * DAY + HOUR),
        status: "SCHEDULED",
        pickupLocation: null,
        price: 85,
        isPoolHours: false,
        instructor,
        paymentId: "00000000-0000-4000-8000-0000000000aa",
        bundleId: null,
        holdExpiresAt: null,
        refund: null,
      },
      {
        id: "b0000000-0000-4000-8000-000000000004",
        startTime: iso(now - 9 * DAY),
        endTime: iso(now - 9 * DAY + HOUR),
        status: "COMPLETED",
        pickupLocation: null,
        price: 85,
        isPoolHours: false,
        instructor,
        paymentId: "00000000-0000-4000-8000-0000000000aa",
        bundleId: null,
        holdExpiresAt: null,
        refund: null,
      },
    ],
    ...overrides,
  };
}

/** A paid checkout of lessons as the confirm routes answer it; the amounts and ids a test cares about go in `overrides`. */
export function paidPayment(overrides: Partial<PaymentDetails> & Pick<PaymentDetails, "id">): PaymentDetails {
  return {
    type: "BOOKINGS",
    status: "PAID",
    provider: "demo",
    currency: "AUD",
    invoiceNumber: "KRB-1",
    subtotal: 80,
    gst: 8,
    amount: 88,
    createdAt: new Date().toISOString(),
    paidAt: new Date().toISOString(),
    lessons: [],
    bundle: null,
    ...overrides,
  };
}
