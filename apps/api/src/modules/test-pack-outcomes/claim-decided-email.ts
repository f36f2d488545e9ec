/**
 * The learner hears how an admin decided their pass-promise claim (issue 33 item 5): approved, with the
 * free test-package credit, until when it can be spent and how to book it; or declined, with the admin's
 * reason. Guardians who asked for copies of the learner's emails get one.
 */
import { paths } from "@kerb/shared/paths";
import { formatSydneyDate, testPackLineLabel } from "@kerb/shared/rules";
import type { UnitOfWork } from "../../platform/unit-of-work-effects.ts";
import { guardianCopies } from "../guardians/index.ts";
import {
  brandedEmail,
  link,
  type OutboxEmail,
  type Person,
  type RenderedEmail,
  recipient,
} from "../notifications/index.ts";

export type ClaimDecision =
  | { status: "APPROVED"; creditExpiresAt: Date }
  | { status: "DECLINED"; reason: string };

const FOOTNOTE = "You received this email because you claimed Kerb's pass promise after a driving test.";

export function claimDecidedEmail(data: {
  learner: Person;
  /** The failed test the claim was for. */
  pack: { centreId: string; testAt: Date };
  decision: ClaimDecision;
  appUrl?: string;
}): RenderedEmail {
  const testPack = link(data.appUrl, paths.student.testPack());
  const claimedFor: [string, string] = ["Your claim was for", testPackLineLabel(data.pack)];
  if (data.decision.status === "APPROVED") {
    const validUntil = formatSydneyDate(data.decision.creditExpiresAt);
    return brandedEmail({
      subject: `Your free driving test package is ready, valid until ${validUntil}`,
      greeting: `Hi ${data.learner.firstName},`,
      paragraphs: [
        `Good news: Kerb approved your pass-promise claim. You have a free test package credit, valid until ${validUntil}.`,
        "How to book it: once you have your new test booking from Service NSW, open the test package page, choose your testing centre and the test's date and time, pick an instructor, and choose your test package credit to pay. The pick-up, warm-up, the car for the test and the drop-off cost you nothing.",
      ],
      details: [["Free test package credit", `Valid until ${validUntil}`], claimedFor],
      ...(testPack ? { action: { label: "Book your test package", url: testPack } } : {}),
      footnote: FOOTNOTE,
    });
  }
  return brandedEmail({
    subject: "Your pass-promise claim was declined",
    greeting: `Hi ${data.learner.firstName},`,
    paragraphs: [
      "Kerb looked at your pass-promise claim for a free second test package and declined it.",
      `The reason: ${data.decision.reason}`,
      "You can still book a test package for your next test on the test package page.",
    ],
    details: [claimedFor],
    ...(testPack ? { action: { label: "See test packages", url: testPack } } : {}),
    footnote: FOOTNOTE,
  });
}

/** The decision's email to the learner, and its copies to guardians who asked for them, in `uow`. */
export async function enqueueClaimDecidedEmail(
  uow: UnitOfWork,
  input: {
    claimId: string;
    learner: Person & { id: string; email: string };
    pack: { centreId: string; testAt: Date };
    decision: ClaimDecision;
    appUrl: string;
    now: Date;
  },
): Promise<void> {
  const email: OutboxEmail = {
    kind: "pass_promise_decided",
    to: recipient(input.learner),
    // A claim is decided once: one email per claim, whatever retries the request.
    dedupeKey: `pass-promise-decided:${input.claimId}`,
    ...claimDecidedEmail({
      learner: input.learner,
      pack: input.pack,
      decision: input.decision,
      appUrl: input.appUrl,
    }),
    now: input.now,
  };
  await uow.email([email, ...(await guardianCopies(uow.tx, input.learner.id, [email]))]);
}
