-- Issue 10: reports that stay bounded as the book grows. Per branch, account and month, the sums of the journal
-- lines (debit, credit, count), the closing journals kept apart (profit and loss leaves them out). Kept by the
-- posting statement itself (a statement trigger over the inserted lines, rows locked in account order so that
-- concurrent postings never deadlock); journal lines are insert-only, so an INSERT is all there is to follow.
-- Reports read whole months here and only the partial months at the ends of a range from jurnal_detail.
CREATE TABLE "jurnal_saldo_bulan" (
  "profile_id" integer NOT NULL,
  "akun_id" integer NOT NULL REFERENCES "akun" ("id"),
  "bulan" date NOT NULL,
  "closing" boolean NOT NULL,
  "debit" bigint NOT NULL DEFAULT 0,
  "credit" bigint NOT NULL DEFAULT 0,
  "n" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("profile_id", "bulan", "akun_id", "closing")
);
--> statement-breakpoint
CREATE FUNCTION jurnal_saldo_bulan_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO jurnal_saldo_bulan AS s (profile_id, akun_id, bulan, closing, debit, credit, n)
  SELECT d.profile_id, d.akun_id, date_trunc('month', d.transaction_at)::date, j.kind = 'closing',
         sum(d.debit), sum(d.credit), count(*)
  FROM new_lines d JOIN jurnal j ON j.id = d.jurnal_id
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 3, 2, 4
  ON CONFLICT (profile_id, bulan, akun_id, closing) DO UPDATE
    SET debit = s.debit + excluded.debit, credit = s.credit + excluded.credit, n = s.n + excluded.n;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER jurnal_detail_saldo_bulan AFTER INSERT ON "jurnal_detail"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION jurnal_saldo_bulan_add();
--> statement-breakpoint
CREATE TRIGGER jurnal_saldo_bulan_no_delete BEFORE DELETE ON "jurnal_saldo_bulan"
  FOR EACH ROW EXECUTE FUNCTION finance_immutable();
--> statement-breakpoint
CREATE TRIGGER jurnal_saldo_bulan_no_truncate BEFORE TRUNCATE ON "jurnal_saldo_bulan"
  FOR EACH STATEMENT EXECUTE FUNCTION finance_immutable();
--> statement-breakpoint
INSERT INTO jurnal_saldo_bulan (profile_id, akun_id, bulan, closing, debit, credit, n)
SELECT d.profile_id, d.akun_id, date_trunc('month', d.transaction_at)::date, j.kind = 'closing',
       sum(d.debit), sum(d.credit), count(*)
FROM jurnal_detail d JOIN jurnal j ON j.id = d.jurnal_id
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Only the posting trigger writes here (trigger depth 2: its own INSERT ... ON CONFLICT UPDATE).
CREATE FUNCTION jurnal_saldo_bulan_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'Saldo bulanan hanya diisi oleh posting jurnal' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER jurnal_saldo_bulan_guard BEFORE INSERT OR UPDATE ON "jurnal_saldo_bulan"
  FOR EACH ROW EXECUTE FUNCTION jurnal_saldo_bulan_guard();
--> statement-breakpoint
-- A ledger page reads one account's lines of a branch in ledger order from a given date, and stops at the page.
CREATE INDEX "jurnal_detail_ledger_idx" ON "jurnal_detail" ("profile_id", "akun_id", "transaction_at", "jurnal_id", "line_no");
