CREATE TABLE "member_balances" (
	"group_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"owed_cents" bigint DEFAULT 0 NOT NULL,
	"sent_cents" bigint DEFAULT 0 NOT NULL,
	"received_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "member_balances_group_id_member_id_pk" PRIMARY KEY("group_id","member_id")
);
--> statement-breakpoint
DROP INDEX "expenses_group_date_idx";--> statement-breakpoint
ALTER TABLE "member_balances" ADD CONSTRAINT "member_balances_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_balances" ADD CONSTRAINT "member_balances_member_id_group_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."group_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_group_date_idx" ON "expenses" USING btree ("group_id","date" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);