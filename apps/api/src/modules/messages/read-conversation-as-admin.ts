import type { AdminConversation } from "@kerb/shared";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/app-error.ts";
import { type PageQuery, pageOf, pageWindow } from "../../lib/paging.ts";
import * as repo from "./messages.repository.ts";

/**
 * GET /admin/messages: an admin reads a learner and an instructor's conversation (a dispute, say), a page
 * at a time, oldest first. Every read is audited, in the transaction that reads.
 */
export async function readConversationAsAdmin(
  ctx: AppContext,
  adminId: string,
  query: { studentId: string; instructorId: string } & PageQuery,
): Promise<AdminConversation> {
  const pair = { studentId: query.studentId, instructorId: query.instructorId };
  return ctx.transact(async (uow) => {
    const parties = await repo.findParties(uow.tx, pair);
    if (!parties) throw new AppError("not_found", "No such learner and instructor");
    const { rows, total } = await repo.pageConversation(uow.tx, pair, pageWindow(query));
    await uow.audit({
      actorId: adminId,
      action: "conversation.read",
      targetType: "conversation",
      targetId: pair.studentId,
      details: { ...pair, page: query.page, pageSize: query.pageSize, messagesShown: rows.length },
      createdAt: ctx.now(),
    });
    const { student, instructor } = parties;
    const party = ({ id, firstName, lastName, email }: typeof student) => ({
      id,
      firstName,
      lastName,
      email,
    });
    return {
      ...pageOf(
        rows.map((row) => ({
          id: row.id,
          body: row.body,
          sentAt: row.createdAt.toISOString(),
          sentBy: row.senderId === pair.studentId ? ("STUDENT" as const) : ("INSTRUCTOR" as const),
          readAt: row.readAt?.toISOString() ?? null,
          emailedAt: row.notifiedAt?.toISOString() ?? null,
        })),
        total,
        query,
      ),
      student: party(student),
      instructor: party(instructor),
    };
  });
}
