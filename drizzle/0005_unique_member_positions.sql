DROP INDEX "group_members_group_id_position_index";--> statement-breakpoint
-- Hand-written: seats that share a position (concurrent joins took max + 1 at once) are renumbered
-- 0, 1, 2, ... in their group, in the order they had: position, then created_at, then id. Groups
-- without a shared position keep their numbers.
UPDATE "group_members" AS "seat"
SET "position" = "renumbered"."position"
FROM (
	SELECT "id", (row_number() OVER (PARTITION BY "group_id" ORDER BY "position", "created_at", "id") - 1)::integer AS "position"
	FROM "group_members"
	WHERE "group_id" IN (
		SELECT "group_id" FROM "group_members" GROUP BY "group_id", "position" HAVING count(*) > 1
	)
) AS "renumbered"
WHERE "seat"."id" = "renumbered"."id" AND "seat"."position" <> "renumbered"."position";--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_group_position_key" ON "group_members" USING btree ("group_id","position");
