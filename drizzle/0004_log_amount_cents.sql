-- Log details carry money as whole cents (amountCents), like the rest of the tRPC contract.
-- Older entries kept it as decimal text ("1200.00"); numeric arithmetic converts them exactly.
UPDATE "group_logs"
SET "details" = ("details" - 'amount') || jsonb_build_object('amountCents', (("details"->>'amount')::numeric * 100)::bigint)
WHERE "details" ? 'amount' AND ("details"->>'amount') ~ '^-?[0-9]+(\.[0-9]{1,2})?$';
