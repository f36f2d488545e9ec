import { and, asc, count, desc, eq, ilike, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { instructorProfiles, payments, users } from "../../db/schema/index.ts";

export interface Page {
  limit: number;
  offset: number;
}

/** `%` and `_` typed by the admin are literal characters, not wildcards. */
function containsPattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// Users -------------------------------------------------------------------------------------------

export async function listUsers(
  db: Executor,
  filter: { search?: string; role?: "STUDENT" | "INSTRUCTOR" | "ADMIN" },
  page: Page,
) {
  const conditions: SQL[] = [];
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const byText = or(
      ilike(users.email, pattern),
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
    );
    if (byText) conditions.push(byText);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phone,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// Instructors -------------------------------------------------------------------------------------

const instructorColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  createdAt: users.createdAt,
  licenseNumber: instructorProfiles.licenseNumber,
  vehicleType: instructorProfiles.vehicleType,
  suburbs: instructorProfiles.suburbs,
  standardRateCents: instructorProfiles.standardRateCents,
  verificationStatus: instructorProfiles.verificationStatus,
  verifiedAt: instructorProfiles.verifiedAt,
  licenseExpiresOn: instructorProfiles.licenseExpiresOn,
  wwcExpiresOn: instructorProfiles.wwcExpiresOn,
};

export type InstructorRow = NonNullable<Awaited<ReturnType<typeof findInstructor>>>;

export interface InstructorFilter {
  status?: "PENDING" | "VERIFIED" | "REJECTED";
  search?: string;
  /** VERIFIED instructors with a document date missing or on/before `flaggedUntil` (expired or soon). */
  flaggedUntil?: string;
  sort: "applied" | "name" | "expiry" | "rate";
}

// The earlier of the two expiry dates; NULL when either is missing (least() would skip a NULL).
const earliestExpiry = sql`(case when ${instructorProfiles.licenseExpiresOn} is null or ${instructorProfiles.wwcExpiresOn} is null then null else least(${instructorProfiles.licenseExpiresOn}, ${instructorProfiles.wwcExpiresOn}) end)`;

const instructorOrder = {
  applied: [asc(instructorProfiles.createdAt), asc(users.id)],
  name: [asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id)],
  // Missing dates first: they are the most urgent to record.
  expiry: [sql`${earliestExpiry} asc nulls first`, asc(users.id)],
  rate: [desc(instructorProfiles.standardRateCents), asc(users.id)],
} satisfies Record<InstructorFilter["sort"], SQL[]>;

export async function listInstructors(db: Executor, filter: InstructorFilter, page: Page) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(instructorProfiles.verificationStatus, filter.status));
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    const byText = or(
      ilike(users.email, pattern),
      ilike(users.firstName, pattern),
      ilike(users.lastName, pattern),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      ilike(instructorProfiles.licenseNumber, pattern),
    );
    if (byText) conditions.push(byText);
  }
  if (filter.flaggedUntil) {
    conditions.push(
      and(
        eq(instructorProfiles.verificationStatus, "VERIFIED"),
        or(
          isNull(instructorProfiles.licenseExpiresOn),
          isNull(instructorProfiles.wwcExpiresOn),
          lte(instructorProfiles.licenseExpiresOn, filter.flaggedUntil),
          lte(instructorProfiles.wwcExpiresOn, filter.flaggedUntil),
        ),
      ) as SQL,
    );
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(instructorColumns)
      .from(instructorProfiles)
      .innerJoin(users, eq(users.id, instructorProfiles.userId))
      .where(where)
      .orderBy(...instructorOrder[filter.sort])
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(instructorProfiles)
      .innerJoin(users, eq(users.id, instructorProfiles.userId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findInstructor(db: Executor, instructorId: string) {
  const [row] = await db
    .select(instructorColumns)
    .from(instructorProfiles)
    .innerJoin(users, eq(users.id, instructorProfiles.userId))
    .where(eq(instructorProfiles.userId, instructorId))
    .limit(1);
  return row;
}

/** Locks the profile row for the rest of the transaction; the previous values go into the audit entry. */
export async function lockInstructorProfile(tx: Executor, instructorId: string) {
  const [row] = await tx
    .select({
      verificationStatus: instructorProfiles.verificationStatus,
      licenseExpiresOn: instructorProfiles.licenseExpiresOn,
      wwcExpiresOn: instructorProfiles.wwcExpiresOn,
    })
    .from(instructorProfiles)
    .where(eq(instructorProfiles.userId, instructorId))
    .for("update");
  return row;
}

export async function updateInstructorProfile(
  tx: Executor,
  instructorId: string,
  patch: {
    verificationStatus?: "PENDING" | "VERIFIED" | "REJECTED";
    verifiedAt?: Date | null;
    licenseExpiresOn?: string | null;
    wwcExpiresOn?: string | null;
  },
) {
  await tx.update(instructorProfiles).set(patch).where(eq(instructorProfiles.userId, instructorId));
}

// Payments ----------------------------------------------------------------------------

export async function listPayments(
  db: Executor,
  filter: {
    status?: (typeof payments.$inferSelect)["status"];
    provider?: (typeof payments.$inferSelect)["provider"];
  },
  page: Page,
) {
  const where = and(
    filter.status ? eq(payments.status, filter.status) : undefined,
    filter.provider ? eq(payments.provider, filter.provider) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: payments.id,
        type: payments.type,
        status: payments.status,
        provider: payments.provider,
        invoiceNumber: payments.invoiceNumber,
        subtotalCents: payments.subtotalCents,
        gstCents: payments.gstCents,
        amountCents: payments.amountCents,
        refundedCents: payments.refundedCents,
        createdAt: payments.createdAt,
        paidAt: payments.paidAt,
        user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(payments).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
