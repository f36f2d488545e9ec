import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeSession {
  id: string;
  amount_total: number;
  payment_status: "paid" | "unpaid";
  /** "expired" once expired through the API: the customer can no longer pay on it. */
  status: "open" | "complete" | "expired";
  metadata: Record<string, string>;
  payment_intent: string;
}

/**
 * A local stand-in for the Stripe endpoints Kerb calls, so the real SDK is exercised offline
 * (no stripe-mock exists on these machines). Tests flip a session to paid as the customer would.
 */
export async function startFakeStripe() {
  const sessions = new Map<string, FakeSession>();
  const refunds: Array<{ id: string; payment_intent: string; amount: number; idempotencyKey: string }> = [];
  /** Every POST /v1/refunds that reached the server, answered or not, with its idempotency key. */
  const refundRequests: Array<{ idempotencyKey: string; answered: number }> = [];
  // Like Stripe: the first answer to an idempotency key is replayed for every retry with that key.
  const idempotentAnswers = new Map<string, { status: number; body: unknown }>();
  const faults = { failRefunds: 0, loseRefundAnswers: 0 };
  let counter = 0;
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const form = new URLSearchParams(raw);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const url = req.url ?? "";
      if (req.method === "POST" && url === "/v1/checkout/sessions") {
        counter += 1;
        const id = `cs_test_${counter}`;
        const session: FakeSession = {
          id,
          amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
          payment_status: "unpaid",
          status: "open",
          metadata: { paymentId: form.get("metadata[paymentId]") ?? "" },
          payment_intent: `pi_test_${counter}`,
        };
        sessions.set(id, session);
        return send(200, {
          object: "checkout.session",
          url: `https://checkout.example.test/pay/${id}`,
          ...session,
        });
      }
      const match = url.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/);
      if (req.method === "GET" && match?.[1]) {
        const session = sessions.get(match[1]);
        return session
          ? send(200, { object: "checkout.session", ...session })
          : send(404, { error: { message: "No such session" } });
      }
      const expire = url.match(/^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/);
      if (req.method === "POST" && expire?.[1]) {
        const session = sessions.get(expire[1]);
        if (!session) return send(404, { error: { message: "No such session" } });
        // Like Stripe: only an open session can be expired.
        if (session.status !== "open") {
          return send(400, { error: { type: "invalid_request_error", message: "Session is not open" } });
        }
        session.status = "expired";
        return send(200, { object: "checkout.session", ...session });
      }
      if (req.method === "POST" && url === "/v1/refunds") {
        const idempotencyKey = String(req.headers["idempotency-key"] ?? "");
        let answer = idempotencyKey ? idempotentAnswers.get(idempotencyKey) : undefined;
        if (!answer && faults.failRefunds > 0) {
          // A provider outage: nothing happens and nothing is remembered under the key.
          faults.failRefunds -= 1;
          answer = {
            status: 500,
            body: { error: { type: "api_error", message: "fake stripe: refund outage" } },
          };
        } else if (!answer) {
          const refund = {
            id: `re_${refunds.length + 1}`,
            payment_intent: form.get("payment_intent") ?? "",
            amount: Number(form.get("amount")),
            idempotencyKey,
          };
          refunds.push(refund);
          answer = {
            status: 200,
            body: { object: "refund", id: refund.id, amount: refund.amount, status: "succeeded" },
          };
          if (idempotencyKey) idempotentAnswers.set(idempotencyKey, answer);
        }
        if (faults.loseRefundAnswers > 0) {
          // Whatever happened, the answer never arrives: the caller must retry with the same key.
          faults.loseRefundAnswers -= 1;
          refundRequests.push({ idempotencyKey, answered: 0 });
          req.socket.destroy();
          return;
        }
        refundRequests.push({ idempotencyKey, answered: answer.status });
        return send(answer.status, answer.body);
      }
      send(404, { error: { message: `fake stripe: no route ${req.method} ${url}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    refunds,
    refundRequests,
    /** The next `n` refund calls fail with a 500 (nothing refunded). */
    failNextRefunds(n: number) {
      faults.failRefunds = n;
    },
    /**
     * The next `n` refund answers are lost (the connection drops after the refund is made). The SDK
     * itself retries a dropped connection once with the same key, so lose two to fail one attempt.
     */
    loseNextRefundAnswers(n: number) {
      faults.loseRefundAnswers = n;
    },
    pay(sessionId: string, amount?: number) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      s.payment_status = "paid";
      s.status = "complete";
      if (amount !== undefined) s.amount_total = amount;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
