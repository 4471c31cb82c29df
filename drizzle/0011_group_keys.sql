-- Group keys (SCALING.md, sharding by group_id): every group-owned table is keyed by (group_id, id)
-- and its references to other group rows carry group_id. Written by hand from drizzle-kit's draft:
-- drizzle-kit cannot name the old primary keys, nor say ON DELETE SET NULL (expense_id).
-- Order: the old foreign keys go first (they depend on the old primary keys' indexes), then the
-- primary keys are swapped, then the composite foreign keys are added and checked against the rows.

-- A notification's seat is found by (group_id, member_id): every row with a seat has its group.
UPDATE "notifications" AS n SET "group_id" = m."group_id"
  FROM "group_members" AS m
  WHERE m."id" = n."member_id" AND n."group_id" IS NULL;--> statement-breakpoint
ALTER TABLE "bot_drafts" DROP CONSTRAINT "bot_drafts_expense_id_expenses_id_fk";--> statement-breakpoint
ALTER TABLE "expense_items" DROP CONSTRAINT "expense_items_expense_id_expenses_id_fk";--> statement-breakpoint
ALTER TABLE "expense_payers" DROP CONSTRAINT "expense_payers_expense_id_expenses_id_fk";--> statement-breakpoint
ALTER TABLE "expense_payers" DROP CONSTRAINT "expense_payers_member_id_group_members_id_fk";--> statement-breakpoint
ALTER TABLE "expense_splits" DROP CONSTRAINT "expense_splits_expense_id_expenses_id_fk";--> statement-breakpoint
ALTER TABLE "expense_splits" DROP CONSTRAINT "expense_splits_member_id_group_members_id_fk";--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_paid_by_member_id_group_members_id_fk";--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_settlement_from_id_group_members_id_fk";--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_settlement_to_id_group_members_id_fk";--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_created_by_member_id_group_members_id_fk";--> statement-breakpoint
ALTER TABLE "group_logs" DROP CONSTRAINT "group_logs_actor_member_id_group_members_id_fk";--> statement-breakpoint
ALTER TABLE "invites" DROP CONSTRAINT "invites_created_by_member_id_group_members_id_fk";--> statement-breakpoint
ALTER TABLE "member_balances" DROP CONSTRAINT "member_balances_member_id_group_members_id_fk";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_member_id_group_members_id_fk";--> statement-breakpoint
-- Led by group_id now, the primary keys serve what these served.
DROP INDEX "bot_drafts_group_id_index";--> statement-breakpoint
DROP INDEX "expense_items_expense_id_index";--> statement-breakpoint
DROP INDEX "invites_group_id_index";--> statement-breakpoint
ALTER TABLE "bot_drafts" DROP CONSTRAINT "bot_drafts_pkey";--> statement-breakpoint
ALTER TABLE "expense_items" DROP CONSTRAINT "expense_items_pkey";--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_pkey";--> statement-breakpoint
ALTER TABLE "group_logs" DROP CONSTRAINT "group_logs_pkey";--> statement-breakpoint
ALTER TABLE "group_members" DROP CONSTRAINT "group_members_pkey";--> statement-breakpoint
ALTER TABLE "invites" DROP CONSTRAINT "invites_pkey";--> statement-breakpoint
ALTER TABLE "bot_drafts" ADD CONSTRAINT "bot_drafts_group_id_id_pk" PRIMARY KEY("group_id","id");--> statement-breakpoint
ALTER TABLE "expense_items" ADD CONSTRAINT "expense_items_group_id_id_pk" PRIMARY KEY("group_id","id");--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_group_id_id_pk" PRIMARY KEY("group_id","id");--> statement-breakpoint
ALTER TABLE "group_logs" ADD CONSTRAINT "group_logs_group_id_id_pk" PRIMARY KEY("group_id","id");--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_id_pk" PRIMARY KEY("group_id","id");--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_group_id_id_pk" PRIMARY KEY("group_id","id");--> statement-breakpoint
-- Deleting an expense unlinks its draft: only expense_id is nulled, group_id stays (PostgreSQL 15+).
ALTER TABLE "bot_drafts" ADD CONSTRAINT "bot_drafts_expense_fk" FOREIGN KEY ("group_id","expense_id") REFERENCES "public"."expenses"("group_id","id") ON DELETE SET NULL ("expense_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_items" ADD CONSTRAINT "expense_items_expense_fk" FOREIGN KEY ("group_id","expense_id") REFERENCES "public"."expenses"("group_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_payers" ADD CONSTRAINT "expense_payers_expense_fk" FOREIGN KEY ("group_id","expense_id") REFERENCES "public"."expenses"("group_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_payers" ADD CONSTRAINT "expense_payers_member_fk" FOREIGN KEY ("group_id","member_id") REFERENCES "public"."group_members"("group_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_splits" ADD CONSTRAINT "expense_splits_expense_fk" FOREIGN KEY ("group_id","expense_id") REFERENCES "public"."expenses"("group_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_splits" ADD CONSTRAINT "expense_splits_member_fk" FOREIGN KEY ("group_id","member_id") REFERENCES "public"."group_members"("group_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The nullable seat columns are checked when set (MATCH SIMPLE; group_id is never null).
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_paid_by_fk" FOREIGN KEY ("group_id","paid_by_member_id") REFERENCES "public"."group_members"("group_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_settlement_from_fk" FOREIGN KEY ("group_id","settlement_from_id") REFERENCES "public"."group_members"("group_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_settlement_to_fk" FOREIGN KEY ("group_id","settlement_to_id") REFERENCES "public"."group_members"("group_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_fk" FOREIGN KEY ("group_id","created_by_member_id") REFERENCES "public"."group_members"("group_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_logs" ADD CONSTRAINT "group_logs_actor_fk" FOREIGN KEY ("group_id","actor_member_id") REFERENCES "public"."group_members"("group_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_created_by_fk" FOREIGN KEY ("group_id","created_by_member_id") REFERENCES "public"."group_members"("group_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_balances" ADD CONSTRAINT "member_balances_member_fk" FOREIGN KEY ("group_id","member_id") REFERENCES "public"."group_members"("group_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_member_fk" FOREIGN KEY ("group_id","member_id") REFERENCES "public"."group_members"("group_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_member_has_group" CHECK ("notifications"."member_id" is null or "notifications"."group_id" is not null);--> statement-breakpoint
CREATE INDEX "expense_items_expense_idx" ON "expense_items" USING btree ("group_id","expense_id");--> statement-breakpoint
CREATE INDEX "notifications_group_member_idx" ON "notifications" USING btree ("group_id","member_id");
