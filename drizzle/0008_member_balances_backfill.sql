-- Fills the stored per-member totals from the rows already written, under the balance rule the
-- services apply on every write (packages/api/src/services/member-totals.ts): payers paid their
-- rows; each split's member owes its split; what an expense leaves unallocated (amount minus its
-- splits, either sign) is owed by the member shown as payer, which is the amount owed by the payer
-- with each split moved from the payer to its member. Settlements count as sent and received.
-- Live expenses only; groups deleted or not, as the admin tools still show deleted groups.
INSERT INTO "member_balances" ("group_id", "member_id", "paid_cents", "owed_cents", "sent_cents", "received_cents")
SELECT "group_id", "member_id",
  coalesce(sum("paid") FILTER (WHERE NOT "settlement"), 0),
  coalesce(sum("owed") FILTER (WHERE NOT "settlement"), 0),
  coalesce(sum("paid") FILTER (WHERE "settlement"), 0),
  coalesce(sum("owed") FILTER (WHERE "settlement"), 0)
FROM (
  SELECT e."group_id", p."member_id", e."is_settlement" AS "settlement", p."amount_cents" AS "paid", 0::bigint AS "owed"
    FROM "expense_payers" p JOIN "expenses" e ON e."id" = p."expense_id"
    WHERE e."deleted_at" IS NULL
  UNION ALL
  SELECT e."group_id", e."paid_by_member_id", e."is_settlement", 0, e."amount_cents"
    FROM "expenses" e
    WHERE e."deleted_at" IS NULL
  UNION ALL
  SELECT e."group_id", moved."member_id", e."is_settlement", 0, moved."owed"
    FROM "expense_splits" s JOIN "expenses" e ON e."id" = s."expense_id"
    CROSS JOIN LATERAL (VALUES (s."member_id", s."amount_cents"), (e."paid_by_member_id", -s."amount_cents"))
      AS moved("member_id", "owed")
    WHERE e."deleted_at" IS NULL
) AS "moves"
GROUP BY "group_id", "member_id";
