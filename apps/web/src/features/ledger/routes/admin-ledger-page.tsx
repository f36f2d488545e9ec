import type { LedgerBalance, Reconciliation } from "@kerb/shared";
import { formatAud, sydneyTodayDate } from "@kerb/shared/rules";
import { INSTRUCTOR_SHARE_PERCENT, PLATFORM_FEE_PERCENT } from "@kerb/shared/words";
import Scale from "lucide-react/icons/scale";
import { Alert } from "@/components/ui/alert";
import { type Column, DataTable } from "@/components/ui/data-table";
import { DocumentTitle } from "@/components/ui/document-title";
import { SelectField } from "@/components/ui/field";
import { ListState } from "@/components/ui/list-state";
import { SectionCard } from "@/components/ui/section-card";
import { formatMonth } from "@/lib/format";
import { useListParams } from "@/lib/list-params";
import { useLedgerBalance } from "../api/get-ledger-balance";
import { useReconciliation } from "../api/get-reconciliation";
import { GstExportsCard } from "../components/gst-exports-card";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const MONTHS_OFFERED = 24;

/** The current Sydney month and the ones before it, newest first. */
function recentMonths(now: Date): string[] {
  const [year, month] = sydneyTodayDate(now).split("-").map(Number) as [number, number];
  return Array.from({ length: MONTHS_OFFERED }, (_, k) => {
    const index = year * 12 + (month - 1) - k;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
}

function BalanceCheck({ balance }: { balance: LedgerBalance }) {
  const { payments, journals, payouts } = balance;
  return (
    <div className="flex flex-col gap-4">
      <Alert
        tone={balance.balanced ? "success" : "error"}
        title={balance.balanced ? "The ledger balances" : "The ledger does not balance"}
      >
        All entries sum to {formatAud(balance.totalCents)}. {journals.checked} journals checked,{" "}
        {journals.unbalanced} unbalanced. {payments.checked} payments checked, {payments.unbalanced}{" "}
        unbalanced. Payouts due in the ledger: {formatAud(payouts.ledgerDueCents)}; not yet transferred:{" "}
        {formatAud(payouts.untransferredCents)}.
      </Alert>
      {balance.unbalancedPayments.length > 0 ? (
        <DataTable<LedgerBalance["unbalancedPayments"][number]>
          caption="Payments that do not reconcile"
          columns={[
            { header: "Invoice", cell: (p) => <span className="font-semibold">{p.invoiceNumber}</span> },
            {
              header: "What disagrees",
              cell: (p) => (
                <ul className="flex flex-col gap-1 text-left">
                  {p.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              ),
            },
          ]}
          rows={balance.unbalancedPayments}
          rowKey={(p) => p.paymentId}
        />
      ) : null}
    </div>
  );
}

type Figure = { label: string; cents: number; note: string };

function figuresOf(r: Reconciliation): Figure[] {
  return [
    { label: "Collected", cents: r.collectedCents, note: "Charged to cards in the month, GST included" },
    {
      label: "GST (net of refunds)",
      cents: r.gstCents,
      note: "GST collected less GST given back with refunds",
    },
    {
      label: "GST credits (RCTIs)",
      cents: r.gstCreditsCents,
      note: "GST on the tax invoices of payouts to GST-registered instructors in the month, claimed back",
    },
    { label: "Refunds", cents: r.refundsCents, note: "Card refunds decided in the month, GST included" },
    {
      label: "Platform revenue",
      cents: r.platformRevenueCents,
      note: `${PLATFORM_FEE_PERCENT} of lessons taught, no-shows and kept value`,
    },
    {
      label: "Instructor earnings",
      cents: r.instructorEarningsCents,
      note: `${INSTRUCTOR_SHARE_PERCENT} of the same`,
    },
    {
      label: "Paid out",
      cents: r.paidOutCents,
      note: "Transfers to instructors that went through in the month",
    },
    {
      label: "Owed to instructors",
      cents: r.owedCents,
      note: "Earned and not yet paid out, at the end of the month",
    },
    {
      label: "Awaiting transfer",
      cents: r.payoutsDueCents,
      note: "Of what is owed, the part in payouts not transferred yet (pending or failed)",
    },
    {
      label: "Unearned",
      cents: r.unearnedCents,
      note: "Paid for, not yet delivered (ex GST), at the end of the month",
    },
  ];
}

const FIGURE_COLUMNS: Column<Figure>[] = [
  { header: "Figure", cell: (f) => <span className="font-semibold text-slate-900">{f.label}</span> },
  {
    header: "Amount",
    align: "right",
    cell: (f) => <span className="tabular-nums">{formatAud(f.cents)}</span>,
  },
  { header: "What it counts", cell: (f) => <span className="text-slate-600">{f.note}</span> },
];

export function AdminLedgerPage() {
  const months = recentMonths(new Date());
  const { values, setFilters } = useListParams(["month"] as const);
  const month = MONTH.test(values.month) ? values.month : (months[0] ?? "");
  const balanceQuery = useLedgerBalance();
  const reconciliationQuery = useReconciliation(month);
  const options = (months.includes(month) ? months : [month, ...months]).map((m) => ({
    value: m,
    label: formatMonth(m),
  }));

  return (
    <div className="flex flex-col gap-6">
      <DocumentTitle title="Ledger · Admin" />
      <SectionCard
        title="Ledger"
        description="Every payment, refund, lesson earned or kept and payout posts balanced entries in the same transaction as the change. The check proves it: every entry sums to zero, every journal does, and each payment's amount equals its GST, platform share, instructor share, refunds and what is still unearned, to the cent."
      >
        <ListState
          query={balanceQuery}
          isEmpty={false}
          loadingLabel="Checking the ledger…"
          errorTitle="We couldn't check the ledger"
          empty={{ icon: <Scale className="size-6" />, title: "", description: "" }}
        >
          {balanceQuery.data ? <BalanceCheck balance={balanceQuery.data} /> : null}
        </ListState>
      </SectionCard>
      <SectionCard
        title="Monthly reconciliation"
        description="One Sydney month of the ledger. Lesson value earned or kept counts in the month of the lesson (as on the earnings page); payments, refunds and payouts in the month they happen."
        filters={
          <div className="grid grid-cols-1 gap-3 lg:max-w-xs">
            <SelectField
              label="Month"
              value={month}
              options={options}
              onChange={(event) => setFilters({ month: event.target.value })}
            />
          </div>
        }
      >
        <ListState
          query={reconciliationQuery}
          isEmpty={false}
          loadingLabel="Loading the reconciliation…"
          errorTitle="We couldn't load the reconciliation"
          empty={{ icon: <Scale className="size-6" />, title: "", description: "" }}
        >
          {reconciliationQuery.data ? (
            <DataTable<Figure>
              caption={`Reconciliation for ${formatMonth(reconciliationQuery.data.month)}`}
              columns={FIGURE_COLUMNS}
              rows={figuresOf(reconciliationQuery.data)}
              rowKey={(f) => f.label}
            />
          ) : null}
        </ListState>
      </SectionCard>
      <GstExportsCard />
    </div>
  );
}
