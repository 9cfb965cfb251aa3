ALTER TABLE "chain_master" DROP CONSTRAINT "chain_master_kind_check";--> statement-breakpoint
ALTER TABLE "paket" ADD COLUMN "chain_id" integer;--> statement-breakpoint
ALTER TABLE "paket_type" ADD COLUMN "chain_id" integer;--> statement-breakpoint
ALTER TABLE "multimedia_label" ADD COLUMN "chain_id" integer;--> statement-breakpoint
ALTER TABLE "paket" ADD CONSTRAINT "paket_chain_id_chain_master_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chain_master"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paket_type" ADD CONSTRAINT "paket_type_chain_id_chain_master_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chain_master"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "multimedia_label" ADD CONSTRAINT "multimedia_label_chain_id_chain_master_id_fk" FOREIGN KEY ("chain_id") REFERENCES "public"."chain_master"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paket_profile_chain_idx" ON "paket" USING btree ("profile_id","chain_id");--> statement-breakpoint
CREATE UNIQUE INDEX "paket_type_profile_chain_idx" ON "paket_type" USING btree ("profile_id","chain_id");--> statement-breakpoint
CREATE UNIQUE INDEX "multimedia_label_profile_chain_idx" ON "multimedia_label" USING btree ("profile_id","chain_id");--> statement-breakpoint
ALTER TABLE "chain_master" ADD CONSTRAINT "chain_master_kind_check" CHECK ("chain_master"."kind" in ('treatment', 'item', 'item_category', 'item_supplier', 'promo', 'promosi', 'foto-label'));--> statement-breakpoint
-- Issue 30 item 2, the last three chain masters: photo labels ('foto-label', by lower-cased name), package types
-- ('promo', by lower-cased name) and packages ('promosi', by upper-cased code). As chain_master_link_existing() of
-- 0061: a key found in two or more branches becomes one chain record with the values of the first copy made (lowest
-- id; a package's current version), and every branch's first row of that key is linked; nothing is deleted,
-- renumbered or changed, no version is added (each branch keeps its values until the head office next changes the
-- record). A package names its type and its treatments and items by their chain records where those are linked
-- (a type or treatment of one branch only is left out: the head office picks it at the next change). Types are
-- linked before packages. Safe to run again.
CREATE OR REPLACE FUNCTION chain_master_link_paket_label() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  linked integer := 0;
  c integer;
BEGIN
  INSERT INTO chain_master (kind, key, name, fields, status)
  SELECT DISTINCT ON (lower(t.name)) 'foto-label', lower(t.name), t.name, jsonb_build_object('name', t.name), t.status
  FROM multimedia_label t
  WHERE t.chain_id IS NULL
    AND lower(t.name) IN (SELECT lower(x.name) FROM multimedia_label x GROUP BY lower(x.name) HAVING count(DISTINCT x.profile_id) > 1)
  ORDER BY lower(t.name), t.id
  ON CONFLICT (kind, key) DO NOTHING;
  UPDATE multimedia_label t SET chain_id = m.id
  FROM chain_master m
  WHERE m.kind = 'foto-label' AND m.key = lower(t.name) AND t.chain_id IS NULL
    AND t.id = (SELECT min(x.id) FROM multimedia_label x WHERE x.profile_id = t.profile_id AND lower(x.name) = m.key AND x.chain_id IS NULL)
    AND NOT EXISTS (SELECT 1 FROM multimedia_label y WHERE y.profile_id = t.profile_id AND y.chain_id = m.id);
  GET DIAGNOSTICS c = ROW_COUNT;
  linked := linked + c;

  INSERT INTO chain_master (kind, key, name, fields, status)
  SELECT DISTINCT ON (lower(t.name)) 'promo', lower(t.name), t.name,
         jsonb_build_object('name', t.name, 'type', t.type, 'start_at', t.start_at, 'end_at', t.end_at,
                            'season_id', t.season_id), t.status
  FROM paket_type t
  WHERE t.chain_id IS NULL
    AND lower(t.name) IN (SELECT lower(x.name) FROM paket_type x GROUP BY lower(x.name) HAVING count(DISTINCT x.profile_id) > 1)
  ORDER BY lower(t.name), t.id
  ON CONFLICT (kind, key) DO NOTHING;
  UPDATE paket_type t SET chain_id = m.id
  FROM chain_master m
  WHERE m.kind = 'promo' AND m.key = lower(t.name) AND t.chain_id IS NULL
    AND t.id = (SELECT min(x.id) FROM paket_type x WHERE x.profile_id = t.profile_id AND lower(x.name) = m.key AND x.chain_id IS NULL)
    AND NOT EXISTS (SELECT 1 FROM paket_type y WHERE y.profile_id = t.profile_id AND y.chain_id = m.id);
  GET DIAGNOSTICS c = ROW_COUNT;
  linked := linked + c;

  INSERT INTO chain_master (kind, key, name, fields, status)
  SELECT DISTINCT ON (upper(p.code)) 'promosi', upper(p.code), h.name,
         jsonb_build_object('code', upper(p.code), 'name', h.name,
                            'paket_type_id', (SELECT pt.chain_id FROM paket_type pt WHERE pt.id = h.paket_type_id),
                            'active_at', h.active_at, 'price', h.price, 'description', h.description,
                            'installment_schema', h.installment_schema, 'dp_amount', h.dp_amount,
                            'cicilan_amount', h.cicilan_amount, 'cicilan_attempt', h.cicilan_attempt,
                            'items', coalesce((
                              SELECT jsonb_agg(jsonb_build_object('type', i.type,
                                       'ref_id', coalesce(pr.chain_id, it.chain_id),
                                       'free_slot', i.free_slot, 'expired_duration', i.expired_duration) ORDER BY i.id)
                              FROM paket_history_item i
                              LEFT JOIN perawatan pr ON i.type = 1 AND pr.id = i.perawatan_id
                              LEFT JOIN item it ON i.type = 2 AND it.id = i.item_id
                              WHERE i.paket_history_id = h.id AND coalesce(pr.chain_id, it.chain_id) IS NOT NULL),
                              '[]'::jsonb)), h.status
  FROM paket p
  JOIN paket_history h ON h.paket_id = p.id AND h.is_current
  WHERE p.chain_id IS NULL
    AND upper(p.code) IN (SELECT upper(x.code) FROM paket x GROUP BY upper(x.code) HAVING count(DISTINCT x.profile_id) > 1)
  ORDER BY upper(p.code), p.id
  ON CONFLICT (kind, key) DO NOTHING;
  UPDATE paket t SET chain_id = m.id
  FROM chain_master m
  WHERE m.kind = 'promosi' AND m.key = upper(t.code) AND t.chain_id IS NULL
    AND t.id = (SELECT min(x.id) FROM paket x WHERE x.profile_id = t.profile_id AND upper(x.code) = m.key AND x.chain_id IS NULL)
    AND NOT EXISTS (SELECT 1 FROM paket y WHERE y.profile_id = t.profile_id AND y.chain_id = m.id);
  GET DIAGNOSTICS c = ROW_COUNT;
  linked := linked + c;
  RETURN linked;
END $$;
--> statement-breakpoint
SELECT chain_master_link_paket_label();
