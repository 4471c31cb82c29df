-- Imports (issue 29): each file imported into a group, by its content hash, so the same file twice is refused.
CREATE TABLE "group_imports" (
	"group_id" uuid NOT NULL,
	"content_hash" text NOT NULL,
	"format" text NOT NULL,
	"expense_count" integer NOT NULL,
	"settlement_count" integer NOT NULL,
	"imported_by_member_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_imports_group_id_content_hash_pk" PRIMARY KEY("group_id","content_hash")
);
--> statement-breakpoint
ALTER TABLE "group_imports" ADD CONSTRAINT "group_imports_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;