/**
 * A spec's own learner and instructor, as sign-up and an admin's verification leave them: the users, the
 * student profile and the instructor profile given, in the caller's transaction. Every seed that needs a
 * pair nobody else's spec meets writes it through here.
 */
import type { Executor } from "../../apps/api/src/db/client.ts";
import { instructorProfiles, studentProfiles, users } from "../../apps/api/src/db/schema/index.ts";

export interface PairAccounts {
  student: string;
  studentFirstName: string;
  studentLastName: string;
  instructor: string;
  instructorFirstName: string;
  instructorLastName: string;
}

export async function insertLearnerAndInstructor(
  tx: Executor,
  input: {
    accounts: PairAccounts;
    passwordHash: string;
    student: Omit<typeof studentProfiles.$inferInsert, "userId">;
    instructor: Omit<typeof instructorProfiles.$inferInsert, "userId">;
  },
): Promise<{ studentId: string; instructorId: string }> {
  const { accounts, passwordHash } = input;
  const [student] = await tx
    .insert(users)
    .values({
      email: accounts.student,
      passwordHash,
      role: "STUDENT",
      firstName: accounts.studentFirstName,
      lastName: accounts.studentLastName,
      phone: "0400 222 333",
    })
    .returning({ id: users.id });
  const [instructor] = await tx
    .insert(users)
    .values({
      email: accounts.instructor,
      passwordHash,
      role: "INSTRUCTOR",
      firstName: accounts.instructorFirstName,
      lastName: accounts.instructorLastName,
      phone: "0400 444 555",
    })
    .returning({ id: users.id });
  if (!student || !instructor) throw new Error(`seed: accounts ${accounts.student} not created`);
  await tx.insert(studentProfiles).values({ ...input.student, userId: student.id });
  await tx.insert(instructorProfiles).values({ ...input.instructor, userId: instructor.id });
  return { studentId: student.id, instructorId: instructor.id };
}
