CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at_index" ON "rate_limits" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "auth_challenges_client_key_index" ON "auth_challenges" USING btree ("client_key");