-- Issue 10: patient search on common names. The planner estimates how many names a substring keyword
-- (lower(name) LIKE '%hidayat%') matches from the statistics of the lower(name) expression indexes; with the default
-- 100 entries it guessed 77 of 4 000 matches among 100 000 patients and sorted all 4 000 for a page of 20 instead of
-- reading users_profile_role_name_idx in name order and stopping at the 20th match (25 ms -> 1 ms). 1 000 histogram
-- entries and common values give estimates close enough for that choice, and for rare names (a full name: a few
-- rows) it still takes the trigram index and sorts the few matches.
ALTER INDEX "users_name_lower_idx" ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ALTER INDEX "users_name_trgm_idx" ALTER COLUMN 1 SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE "users";
