import type { AdminBooking, AdminInstructor, AdminUser } from "@kerb/shared";

let n = 1;
const id = () => `e0000000-0000-4000-8000-${String(n++).padStart(12, "0")}`;

export const pageOf = <T>(items: T[], total = items.length, page = 1, pageSize = 20) => ({
  items,
  total,
  page,
  pageSize,
});

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: id(),
    email: "sam@example.test",
    role: "STUDENT",
    firstName: "Sam",
    lastName: "Learner",
    phone: "0412 345 678",
    // 14:00 UTC on 1 March is 1 am on 2 March in Sydney.
    createdAt: "2026-03-01T14:00:00.000Z",
    suspendedAt: null,
    suspendedReason: null,
    ...overrides,
  };
}

export function adminInstructor(overrides: Partial<AdminInstructor> = {}): AdminInstructor {
  return {
    id: id(),
    email: "penny@example.test",
    firstName: "Penny",
    lastName: "Pending",
    phone: "0400 123 456",
    licenseNumber: "12345678",
    wwcNumber: "WWC1234567E",
    suspended: false,
    vehicleType: "AUTOMATIC",
    suburbs: ["Bondi", "Manly"],
    standardRate: 70,
    verificationStatus: "PENDING",
    verifiedAt: null,
    licenseExpiresOn: null,
    wwcExpiresOn: null,
    createdAt: "2026-11-01T00:00:00.000Z",
    compliance: {
      licenseExpired: false,
      wwcExpired: false,
      licenseMissing: true,
      wwcMissing: true,
      isListed: false,
      reasons: ["NOT_VERIFIED", "DOCUMENTS_MISSING"],
      expiringSoon: false,
    },
    ...overrides,
  };
}

export function adminBooking(overrides: Partial<AdminBooking> = {}): AdminBooking {
  return {
    id: id(),
    startTime: "2099-01-15T23:00:00.000Z",
    endTime: "2099-01-16T00:00:00.000Z",
    status: "SCHEDULED",
    price: 85,
    isPoolHours: false,
    suburb: "Bondi",
    pickupLocation: null,
    paymentId: id(),
    bundleId: null,
    completedAt: null,
    cancelledAt: null,
    cancelledBy: null,
    refund: null,
    createdAt: "2026-11-01T00:00:00.000Z",
    student: { id: id(), firstName: "Sam", lastName: "Learner", email: "sam@example.test" },
    instructor: { id: id(), firstName: "Ivy", lastName: "Teacher" },
    noShowDispute: null,
    ...overrides,
  };
}
