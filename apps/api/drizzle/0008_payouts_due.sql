ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_entries_account_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_check" CHECK ("ledger_entries"."account" in ('STUDENT_CASH', 'GST_PAYABLE', 'UNEARNED_REVENUE', 'PLATFORM_REVENUE', 'INSTRUCTOR_PAYABLE', 'REFUNDS', 'PAYOUTS_DUE'));--> statement-breakpoint
-- Until now a payout took its money out of STUDENT_CASH the moment it was made up, so a transfer that
-- failed counted as paid (docs/decisions/018-payouts-due.md). Restate each payout posted that way:
-- its cash goes back and becomes PAYOUTS_DUE, as a payout made up from now on posts it.
WITH cash_out AS (
	SELECT j.payout_id, j.occurred_at, -e.amount_cents AS amount_cents
	FROM ledger_journals j
	JOIN ledger_entries e ON e.journal_id = j.id AND e.account = 'STUDENT_CASH'
	WHERE j.event = 'payout'
), restated AS (
	INSERT INTO ledger_journals (key, event, payout_id, occurred_at)
	SELECT 'payout:' || payout_id || ':restated', 'payout.restated', payout_id, occurred_at FROM cash_out
	ON CONFLICT (key) DO NOTHING
	RETURNING id, payout_id
)
INSERT INTO ledger_entries (journal_id, account, amount_cents)
SELECT restated.id, line.account, line.amount_cents
FROM restated
JOIN cash_out USING (payout_id)
CROSS JOIN LATERAL (
	VALUES ('STUDENT_CASH', cash_out.amount_cents), ('PAYOUTS_DUE', -cash_out.amount_cents)
) AS line(account, amount_cents);
--> statement-breakpoint
-- Those whose transfer went through take the money out of cash again, when they were paid.
WITH paid AS (
	SELECT p.id AS payout_id, coalesce(p.paid_at, p.created_at) AS paid_at, p.amount_cents
	FROM payouts p
	JOIN ledger_journals j ON j.key = 'payout:' || p.id || ':restated'
	WHERE p.status = 'PAID'
), posted AS (
	INSERT INTO ledger_journals (key, event, payout_id, occurred_at)
	SELECT 'payout:' || payout_id || ':paid', 'payout.paid', payout_id, paid_at FROM paid
	ON CONFLICT (key) DO NOTHING
	RETURNING id, payout_id
)
INSERT INTO ledger_entries (journal_id, account, amount_cents)
SELECT posted.id, line.account, line.amount_cents
FROM posted
JOIN paid USING (payout_id)
CROSS JOIN LATERAL (
	VALUES ('PAYOUTS_DUE', paid.amount_cents), ('STUDENT_CASH', -paid.amount_cents)
) AS line(account, amount_cents);
