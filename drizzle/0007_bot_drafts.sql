CREATE TABLE "bot_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"chat_id" text NOT NULL,
	"message_id" text NOT NULL,
	"author_user_id" uuid NOT NULL,
	"expense_input" jsonb NOT NULL,
	"display" jsonb NOT NULL,
	"reply_message_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"expense_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_updates" (
	"update_id" bigint PRIMARY KEY NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "telegram_chats" (
	"chat_id" text PRIMARY KEY NOT NULL,
	"group_id" uuid,
	"chat_type" text NOT NULL,
	"bound_by_user_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot_drafts" ADD CONSTRAINT "bot_drafts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_drafts" ADD CONSTRAINT "bot_drafts_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_drafts" ADD CONSTRAINT "bot_drafts_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_chats" ADD CONSTRAINT "telegram_chats_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_chats" ADD CONSTRAINT "telegram_chats_bound_by_user_id_users_id_fk" FOREIGN KEY ("bound_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_drafts_chat_message_key" ON "bot_drafts" USING btree ("chat_id","message_id");--> statement-breakpoint
CREATE INDEX "bot_drafts_group_id_index" ON "bot_drafts" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "bot_updates_stale_idx" ON "bot_updates" USING btree (coalesce("claimed_at", "received_at")) WHERE "bot_updates"."done_at" is null;--> statement-breakpoint
CREATE INDEX "bot_updates_received_at_index" ON "bot_updates" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "telegram_chats_group_id_index" ON "telegram_chats" USING btree ("group_id");