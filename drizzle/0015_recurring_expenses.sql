-- Recurring expenses (issue 28): the series, the link expense -> series (each occurrence once), the group's time zone.
CREATE TABLE "expense_series" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"every" integer NOT NULL,
	"unit" text NOT NULL,
	"start_date" date NOT NULL,
	"until" date,
	"count" integer,
	"next_index" integer DEFAULT 1 NOT NULL,
	"next_date" date,
	"name" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"original_currency" text,
	"original_amount_cents" bigint,
	"exchange_rate" numeric,
	"rate_source" text,
	"template" jsonb NOT NULL,
	"created_by_member_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expense_series_group_id_id_pk" PRIMARY KEY("group_id","id"),
	CONSTRAINT "expense_series_status_known" CHECK ("expense_series"."status" in ('active', 'paused', 'stopped')),
	CONSTRAINT "expense_series_unit_known" CHECK ("expense_series"."unit" in ('day', 'week', 'month', 'year')),
	CONSTRAINT "expense_series_every_positive" CHECK ("expense_series"."every" between 1 and 1000),
	CONSTRAINT "expense_series_count_positive" CHECK ("expense_series"."count" is null or "expense_series"."count" >= 1),
	CONSTRAINT "expense_series_until_after_start" CHECK ("expense_series"."until" is null or "expense_series"."until" >= "expense_series"."start_date"),
	CONSTRAINT "expense_series_one_end" CHECK ("expense_series"."until" is null or "expense_series"."count" is null),
	CONSTRAINT "expense_series_next_index" CHECK ("expense_series"."next_index" >= 1),
	CONSTRAINT "expense_series_original_all_or_none" CHECK (num_nonnulls("expense_series"."original_currency", "expense_series"."original_amount_cents", "expense_series"."exchange_rate", "expense_series"."rate_source") in (0, 4))
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "series_index" integer;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "time_zone" text DEFAULT 'Europe/Moscow' NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_series" ADD CONSTRAINT "expense_series_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_series" ADD CONSTRAINT "expense_series_created_by_fk" FOREIGN KEY ("group_id","created_by_member_id") REFERENCES "public"."group_members"("group_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_series_due_idx" ON "expense_series" USING btree ("next_date") WHERE "expense_series"."status" = 'active' and "expense_series"."next_date" is not null;--> statement-breakpoint
CREATE INDEX "expense_series_group_idx" ON "expense_series" USING btree ("group_id","status");--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_series_fk" FOREIGN KEY ("group_id","series_id") REFERENCES "public"."expense_series"("group_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_series_occurrence_key" ON "expenses" USING btree ("group_id","series_id","series_index") WHERE "expenses"."series_id" is not null;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_series_all_or_none" CHECK (num_nonnulls("expenses"."series_id", "expenses"."series_index") in (0, 2));