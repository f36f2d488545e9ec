import type { Message } from "@kerb/shared";
import type * as repo from "./messages.repository.ts";

/** A message as the caller sees it: fromMe tells their own from the other person's. */
export function toMessage(row: repo.MessageRow, callerId: string): Message {
  return {
    id: row.id,
    body: row.body,
    sentAt: row.createdAt.toISOString(),
    fromMe: row.senderId === callerId,
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** The other person as the caller sees them: a name and a role, never contact details. */
export function toPerson(row: { id: string; firstName: string; lastName: string; role: string }) {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role === "INSTRUCTOR" ? ("INSTRUCTOR" as const) : ("STUDENT" as const),
  };
}
