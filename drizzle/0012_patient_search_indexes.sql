-- Issue 10: patient search that does not scan (100 000 patients in a branch).
-- Substring search on names, NO RM (username), phone and NIK: trigram GIN indexes (pg_trgm; PGlite loads the same
-- extension from its contrib, see db/client.ts), one per expression the query ORs, so PostgreSQL combines them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin (lower("username") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin ("phone" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_idcard_trgm_idx" ON "users" USING gin ("idcard" gin_trgm_ops);
--> statement-breakpoint
-- Exact look-ups: NIK (btree), phone normalised to digits with a leading 62 read as 0 (btree, also serves a prefix),
-- NO RM through the existing unique index on lower(username).
CREATE FUNCTION klinik_phone_norm(p text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT regexp_replace(regexp_replace(p, '[^0-9]', '', 'g'), '^62', '0')
$$;
--> statement-breakpoint
CREATE INDEX "users_phone_norm_idx" ON "users" (klinik_phone_norm("phone") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "users_idcard_idx" ON "users" ("idcard");
--> statement-breakpoint
-- A branch's patients (or staff) in list order: the first pages and the short keywords read this index in name
-- order instead of sorting the branch.
CREATE INDEX "users_profile_role_name_idx" ON "users" ("profile_id", "role", "name", "id");
