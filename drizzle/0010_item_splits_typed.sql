-- Hand-written around drizzle-kit's four statements (the two ALTERs of "snapshot" and "split", the
-- two DROPs): item splits and the snapshot become typed jsonb, money in cents, converted exactly.
-- An old item split was JSON text: a member id list for "members", else a map of member id to a
-- number, amounts being decimals. Numeric arithmetic converts it: amounts * 100 (rounded half up
-- only where a client once sent more than 2 decimals), fractional shares scaled by a power of ten
-- so their ratios stay exact, percentages as they were.
CREATE FUNCTION "dolya_0010_item_split"("method" text, "value" jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE
		WHEN jsonb_typeof("value") = 'array' THEN jsonb_build_object('method', 'members', 'memberIds',
			COALESCE((SELECT jsonb_agg("e" #>> '{}' ORDER BY "n") FROM jsonb_array_elements("value") WITH ORDINALITY AS "a"("e", "n")), '[]'::jsonb))
		WHEN "method" = 'amounts' THEN jsonb_build_object('method', 'amounts', 'cents',
			COALESCE((SELECT jsonb_object_agg("k", round(("v" #>> '{}')::numeric * 100)::bigint) FROM jsonb_each("value") AS "o"("k", "v")), '{}'::jsonb))
		WHEN "method" = 'shares' THEN jsonb_build_object('method', 'shares', 'shares',
			COALESCE((SELECT jsonb_object_agg("k", (("v" #>> '{}')::numeric * power(10::numeric, "s"."digits"))::bigint)
				FROM jsonb_each("value") AS "o"("k", "v"),
					(SELECT COALESCE(max(scale(("w" #>> '{}')::numeric)), 0) AS "digits" FROM jsonb_each("value") AS "p"("j", "w")) AS "s"), '{}'::jsonb))
		WHEN "method" = 'percentages' THEN jsonb_build_object('method', 'percentages', 'percents', "value")
		ELSE jsonb_build_object('method', 'members', 'memberIds',
			COALESCE((SELECT jsonb_agg("k") FROM jsonb_each("value") AS "o"("k", "v") WHERE ("v" #>> '{}')::numeric > 0), '[]'::jsonb))
	END
$$;--> statement-breakpoint
-- A snapshot was JSON text of a list of items: the bot's (amountCents) or a REST client's (a
-- decimal amount). Each item becomes {name, number, amountCents, split}; text that is no such
-- list cannot be typed and becomes NULL.
CREATE FUNCTION "dolya_0010_snapshot"("text" text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE "result" jsonb;
BEGIN
	IF "text" IS NULL THEN RETURN NULL; END IF;
	SELECT COALESCE(jsonb_agg(jsonb_build_object(
		'name', "e" ->> 'name',
		'number', COALESCE("e" -> 'number', '1'::jsonb),
		'amountCents', CASE WHEN "e" ? 'amountCents' THEN to_jsonb(("e" ->> 'amountCents')::bigint)
			ELSE to_jsonb(round(("e" ->> 'amount')::numeric * 100)::bigint) END,
		'split', CASE WHEN jsonb_typeof("e" -> 'split') = 'object' THEN "e" -> 'split'
			ELSE "dolya_0010_item_split"("e" ->> 'splitMethod', ("e" ->> 'splitJson')::jsonb) END
	) ORDER BY "n"), '[]'::jsonb)
	INTO "result"
	FROM jsonb_array_elements("text"::jsonb) WITH ORDINALITY AS "a"("e", "n");
	IF EXISTS (SELECT 1 FROM jsonb_array_elements("result") AS "i"("item") WHERE "item" ->> 'name' IS NULL OR "item" -> 'amountCents' = 'null'::jsonb OR "item" -> 'split' = 'null'::jsonb) THEN
		RETURN NULL;
	END IF;
	RETURN "result";
EXCEPTION WHEN others THEN
	RETURN NULL;
END
$$;--> statement-breakpoint
ALTER TABLE "expenses" ALTER COLUMN "snapshot" SET DATA TYPE jsonb USING "dolya_0010_snapshot"("snapshot");--> statement-breakpoint
ALTER TABLE "expense_items" ADD COLUMN "split" jsonb;--> statement-breakpoint
UPDATE "expense_items" SET "split" = "dolya_0010_item_split"("split_method", "split_json"::jsonb);--> statement-breakpoint
ALTER TABLE "expense_items" ALTER COLUMN "split" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_items" DROP COLUMN "split_method";--> statement-breakpoint
ALTER TABLE "expense_items" DROP COLUMN "split_json";--> statement-breakpoint
-- A bot draft holds the expenses.create input it will save: its items and snapshot change shape too.
UPDATE "bot_drafts" SET "expense_input" = ("expense_input" - 'items') || jsonb_build_object('items', COALESCE((
	SELECT jsonb_agg(("e" - 'splitMethod' - 'splitJson') || jsonb_build_object('split', "dolya_0010_item_split"("e" ->> 'splitMethod', ("e" ->> 'splitJson')::jsonb)) ORDER BY "n")
	FROM jsonb_array_elements("expense_input" -> 'items') WITH ORDINALITY AS "a"("e", "n")), '[]'::jsonb))
WHERE jsonb_typeof("expense_input" -> 'items') = 'array';--> statement-breakpoint
UPDATE "bot_drafts" SET "expense_input" = jsonb_set("expense_input", '{snapshot}', COALESCE("dolya_0010_snapshot"("expense_input" ->> 'snapshot'), 'null'::jsonb))
WHERE jsonb_typeof("expense_input" -> 'snapshot') = 'string';--> statement-breakpoint
DROP FUNCTION "dolya_0010_snapshot"(text);--> statement-breakpoint
DROP FUNCTION "dolya_0010_item_split"(text, jsonb);
