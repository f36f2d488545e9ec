import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type Stripe from "stripe";

/**
 * A payment-mode Checkout Session as the fake keeps it: the SDK's own type (so no field the SDK
 * expects is missing from an answer), with the fields tests read narrowed to what a payment session has.
 */
export type FakeSession = Stripe.Checkout.Session & {
  amount_total: number;
  payment_status: "paid" | "unpaid";
  /** "expired" once expired through the API: the customer can no longer pay on it. */
  status: "open" | "complete" | "expired";
  metadata: Stripe.Metadata;
  payment_intent: string;
};

/** Why the fake's bank refuses an off-session charge on a card (set per card by a test). */
export type CardFault = "card_declined" | "authentication_required";

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** `metadata[key]=value` form fields as the object Stripe keeps. */
const metadataOf = (form: URLSearchParams): Stripe.Metadata =>
  Object.fromEntries(
    [...form.entries()].flatMap(([k, v]) => {
      const key = k.match(/^metadata\[(\w+)\]$/)?.[1];
      return key ? [[key, v]] : [];
    }),
  );

/** Every field of a Checkout Session at its empty value; each answer overrides what it is about. */
function checkoutSession(
  fields: Pick<Stripe.Checkout.Session, "id" | "mode" | "status" | "payment_status"> &
    Partial<Stripe.Checkout.Session>,
): Stripe.Checkout.Session {
  const session: Stripe.Checkout.Session = {
    object: "checkout.session",
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: null,
    amount_total: null,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: null,
    client_reference_id: null,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: nowSeconds(),
    currency: "aud",
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: null,
    customer_account: null,
    customer_creation: null,
    customer_details: null,
    customer_email: null,
    discounts: null,
    expires_at: nowSeconds() + 86_400,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: {},
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ["card"],
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    submit_type: null,
    subscription: null,
    success_url: null,
    total_details: null,
    ui_mode: "hosted",
    url: null,
    wallet_options: null,
    ...fields,
  };
  return session;
}

function paymentIntent(
  fields: Pick<Stripe.PaymentIntent, "id" | "amount" | "status"> & Partial<Stripe.PaymentIntent>,
): Stripe.PaymentIntent {
  const intent: Stripe.PaymentIntent = {
    object: "payment_intent",
    allowed_payment_method_types: null,
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: "automatic",
    client_secret: `${fields.id}_secret_fake`,
    confirmation_method: "automatic",
    created: nowSeconds(),
    currency: "aud",
    customer: null,
    customer_account: null,
    description: null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    managed_payments: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ["card"],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    transfer_group: null,
    ...fields,
  };
  return intent;
}

function setupIntent(
  fields: Pick<Stripe.SetupIntent, "id" | "customer" | "status"> & Partial<Stripe.SetupIntent>,
): Stripe.SetupIntent {
  const intent: Stripe.SetupIntent = {
    object: "setup_intent",
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: `${fields.id}_secret_fake`,
    created: nowSeconds(),
    description: null,
    excluded_payment_method_types: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: {},
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ["card"],
    single_use_mandate: null,
    usage: "off_session",
    ...fields,
  };
  return intent;
}

/** What a test says about the card a customer enters on the setup page. */
interface EnteredCard {
  brand?: string;
  last4?: string;
  exp_month?: number;
  exp_year?: number;
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
  /** Saved cards: customers, setup-mode sessions and their intents, payment methods, off-session charges. */
  const customers = new Map<string, Stripe.Customer>();
  const setupSessions = new Map<string, Stripe.Checkout.Session>();
  const setupIntents = new Map<string, Stripe.SetupIntent>();
  const paymentMethods = new Map<string, Stripe.PaymentMethod>();
  const paymentIntents = new Map<string, Stripe.PaymentIntent>();
  /** Every POST /v1/payment_intents that reached the server, with its idempotency key and answer status. */
  const paymentIntentRequests: Array<{ idempotencyKey: string; answered: number }> = [];
  const cardFaults = new Map<string, CardFault>();
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
      const noSuch = (what: string, id: string) =>
        send(404, {
          error: {
            type: "invalid_request_error",
            code: "resource_missing",
            message: `No such ${what}: '${id}'`,
          },
        });
      if (req.method === "POST" && url === "/v1/checkout/sessions" && form.get("mode") === "setup") {
        const customer = form.get("customer") ?? "";
        if (!customers.has(customer)) return noSuch("customer", customer);
        counter += 1;
        const id = `cs_test_setup_${counter}`;
        const intent = setupIntent({
          id: `seti_test_${counter}`,
          customer,
          status: "requires_payment_method",
        });
        setupIntents.set(intent.id, intent);
        const session = checkoutSession({
          id,
          mode: "setup",
          status: "open",
          payment_status: "no_payment_required",
          customer,
          setup_intent: intent.id,
          metadata: metadataOf(form),
          success_url: form.get("success_url"),
          cancel_url: form.get("cancel_url"),
          url: `https://checkout.example.test/setup/${id}`,
        });
        setupSessions.set(id, session);
        return send(200, session);
      }
      if (req.method === "POST" && url === "/v1/checkout/sessions") {
        counter += 1;
        const id = `cs_test_${counter}`;
        const session: FakeSession = {
          ...checkoutSession({ id, mode: "payment", status: "open", payment_status: "unpaid" }),
          amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
          amount_subtotal: Number(form.get("line_items[0][price_data][unit_amount]")),
          payment_status: "unpaid",
          status: "open",
          metadata: { paymentId: form.get("metadata[paymentId]") ?? "" },
          client_reference_id: form.get("client_reference_id"),
          customer_email: form.get("customer_email"),
          success_url: form.get("success_url"),
          cancel_url: form.get("cancel_url"),
          payment_intent: `pi_test_${counter}`,
        };
        sessions.set(id, session);
        return send(200, { ...session, url: `https://checkout.example.test/pay/${id}` });
      }
      const match = url.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/);
      if (req.method === "GET" && match?.[1]) {
        const session = sessions.get(match[1]) ?? setupSessions.get(match[1]);
        return session ? send(200, session) : send(404, { error: { message: "No such session" } });
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
        return send(200, session);
      }
      const replay = (key: string, make: () => { status: number; body: unknown }) => {
        const saved = key ? idempotentAnswers.get(key) : undefined;
        if (saved) return saved;
        const answer = make();
        if (key && answer.status < 500) idempotentAnswers.set(key, answer);
        return answer;
      };
      if (req.method === "POST" && url === "/v1/customers") {
        const idempotencyKey = String(req.headers["idempotency-key"] ?? "");
        const answer = replay(idempotencyKey, () => {
          counter += 1;
          const customer: Stripe.Customer = {
            id: `cus_test_${counter}`,
            object: "customer",
            balance: 0,
            created: nowSeconds(),
            default_source: null,
            description: null,
            email: form.get("email"),
            invoice_settings: {
              custom_fields: null,
              default_payment_method: null,
              footer: null,
              rendering_options: null,
            },
            livemode: false,
            metadata: { userId: form.get("metadata[userId]") ?? "" },
            shipping: null,
          };
          customers.set(customer.id, customer);
          return { status: 200, body: customer };
        });
        return send(answer.status, answer.body);
      }
      const setupIntentPath = url.match(/^\/v1\/setup_intents\/([\w-]+)$/);
      if (req.method === "GET" && setupIntentPath?.[1]) {
        const intent = setupIntents.get(setupIntentPath[1]);
        return intent ? send(200, intent) : noSuch("setup_intent", setupIntentPath[1]);
      }
      const methodPath = url.match(/^\/v1\/payment_methods\/([\w-]+)(\/detach)?$/);
      if (methodPath?.[1]) {
        const method = paymentMethods.get(methodPath[1]);
        if (!method) return noSuch("payment_method", methodPath[1]);
        if (req.method === "GET" && !methodPath[2]) return send(200, method);
        if (req.method === "POST" && methodPath[2]) {
          // Like Stripe: only an attached payment method can be detached.
          if (!method.customer) {
            return send(400, {
              error: {
                type: "invalid_request_error",
                message:
                  "The payment method you provided is not attached to a customer so detachment is impossible.",
              },
            });
          }
          method.customer = null;
          return send(200, method);
        }
      }
      const intentPath = url.match(/^\/v1\/payment_intents\/([\w-]+)$/);
      if (req.method === "GET" && intentPath?.[1]) {
        const intent = paymentIntents.get(intentPath[1]);
        return intent ? send(200, intent) : noSuch("payment_intent", intentPath[1]);
      }
      if (req.method === "POST" && url === "/v1/payment_intents") {
        const idempotencyKey = String(req.headers["idempotency-key"] ?? "");
        const answer = replay(idempotencyKey, () => {
          const customer = form.get("customer") ?? "";
          const method = paymentMethods.get(form.get("payment_method") ?? "");
          if (!customers.has(customer)) {
            return {
              status: 400,
              body: { error: { type: "invalid_request_error", message: `No such customer: '${customer}'` } },
            };
          }
          if (!method || method.customer !== customer) {
            return {
              status: 400,
              body: {
                error: {
                  type: "invalid_request_error",
                  code: "resource_missing",
                  message: "The payment method is not attached to this customer.",
                },
              },
            };
          }
          counter += 1;
          const fault = cardFaults.get(method.id);
          const base = {
            id: `pi_test_off_${counter}`,
            amount: Number(form.get("amount")),
            currency: form.get("currency") ?? "aud",
            customer,
            payment_method: method.id,
            description: form.get("description"),
            metadata: metadataOf(form),
          };
          if (fault) {
            // Like Stripe off-session: a 402 card_error carrying the intent, which was not paid.
            const intent = paymentIntent({
              ...base,
              status: fault === "authentication_required" ? "requires_action" : "requires_payment_method",
            });
            paymentIntents.set(intent.id, intent);
            const message =
              fault === "card_declined"
                ? "Your card was declined."
                : "This payment requires authentication by the cardholder.";
            return {
              status: 402,
              body: {
                error: {
                  type: "card_error",
                  code: fault,
                  ...(fault === "card_declined" ? { decline_code: "insufficient_funds" } : {}),
                  message,
                  payment_intent: intent,
                },
              },
            };
          }
          const intent = paymentIntent({ ...base, status: "succeeded", amount_received: base.amount });
          paymentIntents.set(intent.id, intent);
          return { status: 200, body: intent };
        });
        paymentIntentRequests.push({ idempotencyKey, answered: answer.status });
        return send(answer.status, answer.body);
      }
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
          const body: Stripe.Refund = {
            id: refund.id,
            object: "refund",
            amount: refund.amount,
            balance_transaction: null,
            charge: null,
            created: nowSeconds(),
            currency: form.get("currency") ?? "aud",
            customer: null,
            customer_account: null,
            metadata: metadataOf(form),
            payment_intent: refund.payment_intent,
            payment_method: null,
            reason: null,
            receipt_number: null,
            source_transfer_reversal: null,
            status: "succeeded",
            transfer_reversal: null,
          };
          answer = { status: 200, body };
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
    customers,
    setupSessions,
    paymentMethods,
    paymentIntents,
    paymentIntentRequests,
    /** Every off-session charge on this card from now on fails as the bank would (null: succeeds again). */
    failCard(paymentMethodId: string, fault: CardFault | null) {
      if (fault) cardFaults.set(paymentMethodId, fault);
      else cardFaults.delete(paymentMethodId);
    },
    /**
     * The customer enters a card on the setup page and Stripe sends the browser back: the session is
     * complete, its SetupIntent succeeded, and a new card (pm_…) is attached to the customer.
     */
    completeSetup(sessionId: string, card: EnteredCard = {}) {
      const session = setupSessions.get(sessionId);
      const intent = setupIntents.get(String(session?.setup_intent));
      if (!session || !intent) throw new Error(`no setup session ${sessionId}`);
      counter += 1;
      const method: Stripe.PaymentMethod = {
        id: `pm_test_${counter}`,
        object: "payment_method",
        billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
        card: {
          brand: card.brand ?? "visa",
          checks: null,
          country: "AU",
          display_brand: card.brand ?? "visa",
          exp_month: card.exp_month ?? 4,
          exp_year: card.exp_year ?? 2031,
          funding: "credit",
          generated_from: null,
          last4: card.last4 ?? "4242",
          networks: null,
          regulated_status: null,
          three_d_secure_usage: { supported: true },
          wallet: null,
        },
        created: nowSeconds(),
        customer: typeof session.customer === "string" ? session.customer : null,
        customer_account: null,
        livemode: false,
        metadata: {},
        type: "card",
      };
      paymentMethods.set(method.id, method);
      intent.status = "succeeded";
      intent.payment_method = method.id;
      session.status = "complete";
      return method.id;
    },
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
