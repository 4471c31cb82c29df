CREATE TABLE "debt_reminders" (
	"group_id" uuid NOT NULL,
	"debtor_member_id" uuid NOT NULL,
	"creditor_member_id" uuid NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	"sent_by_user_id" uuid,
	CONSTRAINT "debt_reminders_group_id_debtor_member_id_creditor_member_id_pk" PRIMARY KEY("group_id","debtor_member_id","creditor_member_id")
);
--> statement-breakpoint
CREATE TABLE "reminder_mutes" (
	"group_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_mutes_group_id_member_id_pk" PRIMARY KEY("group_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "reminder_recipients" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"language" text DEFAULT 'ru' NOT NULL,
	"stopped_at" timestamp with time zone,
	"unreachable_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_summaries" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"day_of_week" integer NOT NULL,
	"hour" integer NOT NULL,
	"language" text DEFAULT 'ru' NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weekly_summaries_day" CHECK ("weekly_summaries"."day_of_week" between 1 and 7),
	CONSTRAINT "weekly_summaries_hour" CHECK ("weekly_summaries"."hour" between 0 and 23)
);
--> statement-breakpoint
ALTER TABLE "debt_reminders" ADD CONSTRAINT "debt_reminders_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_reminders" ADD CONSTRAINT "debt_reminders_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_reminders" ADD CONSTRAINT "debt_reminders_debtor_fk" FOREIGN KEY ("group_id","debtor_member_id") REFERENCES "public"."group_members"("group_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_reminders" ADD CONSTRAINT "debt_reminders_creditor_fk" FOREIGN KEY ("group_id","creditor_member_id") REFERENCES "public"."group_members"("group_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_mutes" ADD CONSTRAINT "reminder_mutes_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_mutes" ADD CONSTRAINT "reminder_mutes_member_fk" FOREIGN KEY ("group_id","member_id") REFERENCES "public"."group_members"("group_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_recipients" ADD CONSTRAINT "reminder_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_summaries" ADD CONSTRAINT "weekly_summaries_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "weekly_summaries_next_at_idx" ON "weekly_summaries" USING btree ("next_at");