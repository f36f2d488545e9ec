/**
 * `Idempotency-Key` on the routes that buy, pay or move a lesson (issue 30): a double click, or a retry
 * after a lost answer, must not buy a second bundle or move a lesson twice. The first request with a key
 * claims it (a row in idempotency_keys) and runs; its answer is stored if it succeeded. A repeat with the
 * same key by the same caller to the same route gets that answer again, waiting for it while the first is
 * still running. A failed request leaves no row, so its retry runs again. Requests without a key run as
 * they always did, unless the route asks for `withoutKey`.
 *
 * A route takes it as `{ schema: { headers: idempotencyKeyHeaders, … }, ...idempotent(ctx) }`: the
 * preHandler runs after the guard and the validation (the caller and the body are known), onSend stores
 * or drops the claim.
 */
import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { errorResponses } from "@kerb/shared";
import { and, eq, isNotNull, isNull, lt } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Database } from "../db/client.ts";
import { idempotencyKeys } from "../db/schema/index.ts";
import { AppError } from "../lib/app-error.ts";
import { currentUserId } from "./auth.ts";

const KEEP_MS = 24 * 60 * 60 * 1000;
/** How long a repeat waits for the first request's answer before saying it is still being answered. */
const WAIT_MS = 10_000;
const POLL_MS = 25;
/** A claim this old with no answer belongs to a request that died (a crash, a restart): taken over. */
const STALE_MS = 60_000;

/** The statuses an idempotent route adds to its own: a bad key (400), still answering (409), reused (422). */
export const IDEMPOTENCY_ERRORS = errorResponses(400, 409, 422);

export interface IdempotencyOptions {
  /**
   * A request without a key is matched by what it asks: an identical one by the same caller within
   * `seconds` gets the first one's answer, as long as `stillStands` says that answer does (its payment
   * is still unpaid, say), so that a later purchase made on purpose is not swallowed.
   */
  withoutKey?: { seconds: number; stillStands: (answer: unknown) => Promise<boolean> };
}

interface KeyRow {
  userId: string;
  operation: string;
  key: string;
  fingerprint: string;
}

type Claim = { kind: "claimed" } | { kind: "replay"; statusCode: number; response: unknown };

/** What the keys need of the app (the AppContext has it; a plugin sits below context.ts). */
interface IdempotencyContext {
  db: Database;
  now: () => Date;
}

const claims = new WeakMap<FastifyRequest, KeyRow>();

const rowOf = (row: Pick<KeyRow, "userId" | "operation" | "key">) =>
  and(
    eq(idempotencyKeys.userId, row.userId),
    eq(idempotencyKeys.operation, row.operation),
    eq(idempotencyKeys.key, row.key),
  );

function fingerprintOf(request: FastifyRequest): string {
  // The validated params and body: zod gives their keys in the schema's order, so equal asks hash equal.
  const asked = JSON.stringify({ params: request.params ?? null, body: request.body ?? null });
  return createHash("sha256").update(asked).digest("hex");
}

/** Takes over a row whose claim lapsed, unless another request took it first. */
async function takeOver(ctx: IdempotencyContext, row: KeyRow, seen: { createdAt: Date; answered: boolean }) {
  const [taken] = await ctx.db
    .update(idempotencyKeys)
    .set({ fingerprint: row.fingerprint, statusCode: null, response: null, createdAt: ctx.now() })
    .where(
      and(
        rowOf(row),
        eq(idempotencyKeys.createdAt, seen.createdAt),
        seen.answered ? isNotNull(idempotencyKeys.statusCode) : isNull(idempotencyKeys.statusCode),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return taken !== undefined;
}

async function claimKey(
  ctx: IdempotencyContext,
  row: KeyRow,
  withoutKey: IdempotencyOptions["withoutKey"],
): Promise<Claim> {
  const now = ctx.now();
  await ctx.db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, row.userId),
        lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEEP_MS)),
      ),
    );
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [inserted] = await ctx.db
      .insert(idempotencyKeys)
      .values({ ...row, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted) return { kind: "claimed" };
    const [first] = await ctx.db.select().from(idempotencyKeys).where(rowOf(row));
    if (first && first.fingerprint !== row.fingerprint) {
      throw new AppError(
        "idempotency_key_reused",
        "This Idempotency-Key was already used for a different request. Make a new key for a new purchase or move.",
      );
    }
    if (first?.statusCode != null) {
      const lapsed =
        withoutKey &&
        (first.createdAt.getTime() < now.getTime() - withoutKey.seconds * 1000 ||
          !(await withoutKey.stillStands(first.response)));
      if (!lapsed) return { kind: "replay", statusCode: first.statusCode, response: first.response };
      if (await takeOver(ctx, row, { createdAt: first.createdAt, answered: true }))
        return { kind: "claimed" };
    } else if (first && first.createdAt.getTime() < now.getTime() - STALE_MS) {
      if (await takeOver(ctx, row, { createdAt: first.createdAt, answered: false }))
        return { kind: "claimed" };
    }
    // Still being answered (or just answered with a failure, which frees the key): look again shortly.
    if (Date.now() > deadline) {
      throw new AppError(
        "request_in_progress",
        "The same request is still being answered. Please wait a moment, then try again.",
      );
    }
    if (first) await sleep(POLL_MS);
  }
}

/** The route options that make a route idempotent: spread them beside its schema. */
export function idempotent(ctx: IdempotencyContext, options: IdempotencyOptions = {}) {
  return {
    async preHandler(request: FastifyRequest, reply: FastifyReply) {
      const header = request.headers["idempotency-key"];
      const given = typeof header === "string" && header !== "" ? header : undefined;
      if (!given && !options.withoutKey) return;
      const fingerprint = fingerprintOf(request);
      const row: KeyRow = {
        userId: currentUserId(request),
        operation: `${request.method} ${request.routeOptions.url}`,
        key: given ?? `auto:${fingerprint}`,
        fingerprint,
      };
      const claim = await claimKey(ctx, row, given ? undefined : options.withoutKey);
      if (claim.kind === "claimed") {
        claims.set(request, row);
        return;
      }
      reply.code(claim.statusCode).header("idempotent-replayed", "true");
      return reply.send(claim.response);
    },
    async onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
      const row = claims.get(request);
      if (!row) return payload;
      claims.delete(request);
      let answer: unknown;
      if (reply.statusCode >= 200 && reply.statusCode < 300 && typeof payload === "string") {
        try {
          answer = JSON.parse(payload);
        } catch {
          answer = undefined;
        }
      }
      if (answer === undefined) {
        await ctx.db.delete(idempotencyKeys).where(rowOf(row));
      } else {
        await ctx.db
          .update(idempotencyKeys)
          .set({ statusCode: reply.statusCode, response: answer })
          .where(rowOf(row));
      }
      return payload;
    },
  };
}
