-- The search's trigram index needs pg_trgm, and btree_gin for the group's uuid in the same GIN
-- index. Both are trusted extensions (PostgreSQL 13+): the database's owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "search_text" text GENERATED ALWAYS AS (translate(lower(name || ' ' || coalesce(notes, '')), 'ё', 'е')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "expense_splits_member_idx" ON "expense_splits" USING btree ("group_id","member_id","expense_id");--> statement-breakpoint
CREATE INDEX "expenses_search_idx" ON "expenses" USING gin ("group_id","search_text" gin_trgm_ops);