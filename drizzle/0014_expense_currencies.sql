CREATE TABLE "fx_rates" (
	"requested_date" date NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"rate" numeric NOT NULL,
	"rate_date" date NOT NULL,
	"source" text NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_rates_requested_date_from_currency_to_currency_pk" PRIMARY KEY("requested_date","from_currency","to_currency"),
	CONSTRAINT "fx_rates_rate_positive" CHECK ("fx_rates"."rate" > 0)
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "original_currency" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "original_amount_cents" bigint;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "exchange_rate" numeric;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "rate_date" date;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "rate_source" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_original_all_or_none" CHECK (num_nonnulls("expenses"."original_currency", "expenses"."original_amount_cents", "expenses"."exchange_rate", "expenses"."rate_date", "expenses"."rate_source") in (0, 5));--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_exchange_rate_positive" CHECK ("expenses"."exchange_rate" is null or "expenses"."exchange_rate" > 0);--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_rate_source_known" CHECK ("expenses"."rate_source" is null or "expenses"."rate_source" in ('manual', 'fetched'));--> statement-breakpoint
-- Every expense has its payer rows since 0000; one written without (by hand, a restore) gets its
-- one payer, paid_by_member_id paying the whole amount, so "paid" always reads expense_payers.
INSERT INTO "expense_payers" ("group_id", "expense_id", "member_id", "amount_cents")
SELECT e."group_id", e."id", e."paid_by_member_id", e."amount_cents"
FROM "expenses" e
WHERE NOT EXISTS (
  SELECT 1 FROM "expense_payers" p WHERE p."group_id" = e."group_id" AND p."expense_id" = e."id"
);
