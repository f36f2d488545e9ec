/**
 * Messages between a learner and an instructor (issue 23 item 5). The conversation is always the
 * caller's own: its pair is the caller (by their role and id, from the session) and the person named in
 * the path, and it exists only while the two have a lesson together (rules/messages.ts); anyone else
 * is 404, whether or not they exist. Plain text, 1–1000 characters (the shared schema), at most
 * MESSAGE_RATE_LIMIT per sender in MESSAGE_RATE_WINDOW_MINUTES (counted in the database, so the limit
 * holds across replicas). Emails go later and batched (message-emails.ts), never per message.
 */
import { AppError } from "../../lib/app-error.ts";
import type * as repo from "./messages.repository.ts";

/** Who asks: the signed-in learner or instructor (role and id from the session). */
export type Caller = repo.Side;

// The same answer for a stranger, someone who does not exist and someone with no lesson any more.
export const conversationNotFound = () => new AppError("not_found", "Conversation not found");

/** The conversation of the caller with `otherId`: the caller's role decides which side is which. */
export function pairOf(caller: Caller, otherId: string): repo.Pair {
  return caller.role === "STUDENT"
    ? { studentId: caller.id, instructorId: otherId }
    : { studentId: otherId, instructorId: caller.id };
}
