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
  const faults = { failRefunds: 0, loseRefundAnswers: 0, failTransfers: 0, refundDelayMs: 0 };
  /** Connect: Express accounts, onboarding links and transfers (payouts to instructors). */
  const accounts: Array<{ id: string; email: string; type: string; idempotencyKey: string }> = [];
  const accountLinks: Array<{ account: string; url: string; return_url: string; refresh_url: string }> = [];
  const transfers: Array<{
    id: string;
    amount: number;
    currency: string;
    destination: string;
    transfer_group: string;
    idempotencyKey: string;
  }> = [];
  /** Every POST /v1/transfers that reached the server, with its idempotency key and answer status. */
  const transferRequests: Array<{ idempotencyKey: string; answered: number }> = [];
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
      const replay = (key: string, make: () => { status: number; body: unknown }) => {
        const saved = key ? idempotentAnswers.get(key) : undefined;
        if (saved) return saved;
        const answer = make();
        if (key && answer.status < 500) idempotentAnswers.set(key, answer);
        return answer;
      };
      if (req.method === "POST" && url === "/v1/accounts") {
        const idempotencyKey = String(req.headers["idempotency-key"] ?? "");
        const answer = replay(idempotencyKey, () => {
          const account = {
            id: `acct_test_${accounts.length + 1}`,
            email: form.get("email") ?? "",
            type: form.get("type") ?? "",
            idempotencyKey,
          };
          accounts.push(account);
          return {
            status: 200,
            body: { object: "account", id: account.id, email: account.email, type: account.type },
          };
        });
        return send(answer.status, answer.body);
      }
      if (req.method === "POST" && url === "/v1/account_links") {
        const account = form.get("account") ?? "";
        if (!accounts.some((a) => a.id === account)) {
          return send(400, {
            error: { type: "invalid_request_error", message: `No such account: ${account}` },
          });
        }
        const link = {
          account,
          url: `https://connect.example.test/setup/${account}/${accountLinks.length + 1}`,
          return_url: form.get("return_url") ?? "",
          refresh_url: form.get("refresh_url") ?? "",
        };
        accountLinks.push(link);
        return send(200, { object: "account_link", url: link.url, expires_at: 0, created: 0 });
      }
      if (req.method === "POST" && url === "/v1/transfers") {
        const idempotencyKey = String(req.headers["idempotency-key"] ?? "");
        const answer = replay(idempotencyKey, () => {
          if (faults.failTransfers > 0) {
            faults.failTransfers -= 1;
            return {
              status: 500,
              body: { error: { type: "api_error", message: "fake stripe: transfer outage" } },
            };
          }
          const destination = form.get("destination") ?? "";
          if (!accounts.some((a) => a.id === destination)) {
            return {
              status: 400,
              body: {
                error: { type: "invalid_request_error", message: `No such destination: ${destination}` },
              },
            };
          }
          const transfer = {
            id: `tr_test_${transfers.length + 1}`,
            amount: Number(form.get("amount")),
            currency: form.get("currency") ?? "",
            destination,
            transfer_group: form.get("transfer_group") ?? "",
            idempotencyKey,
          };
          transfers.push(transfer);
          return { status: 200, body: { object: "transfer", ...transfer } };
        });
        transferRequests.push({ idempotencyKey, answered: answer.status });
        return send(answer.status, answer.body);
      }
      if (req.method === "GET" && url.startsWith("/v1/transfers")) {
        const group = new URL(url, "http://fake").searchParams.get("transfer_group");
        const data = transfers
          .filter((t) => group === null || t.transfer_group === group)
          .map((t) => ({ object: "transfer", ...t }));
        return send(200, { object: "list", data, has_more: false, url: "/v1/transfers" });
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
        const answered = answer;
        if (faults.refundDelayMs > 0) {
          setTimeout(() => send(answered.status, answered.body), faults.refundDelayMs);
          return;
        }
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
    accounts,
    accountLinks,
    transfers,
    transferRequests,
    /** The next `n` transfer calls fail with a 500 (nothing transferred, nothing saved under the key). */
    failNextTransfers(n: number) {
      faults.failTransfers = n;
    },
    /** The next `n` refund calls fail with a 500 (nothing refunded). */
    failNextRefunds(n: number) {
      faults.failRefunds = n;
    },
    /** Every refund answer from now on takes `ms` to arrive (a slow provider: races get a window). */
    slowRefunds(ms: number) {
      faults.refundDelayMs = ms;
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
