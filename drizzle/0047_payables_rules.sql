-- Issue 28 item 1: the control accounts of the payables sub-ledger (docs/decisions.md "Payables"). A renamed or
-- remapped account keeps its marking; the posting service reads akun.payable_party, never the code.
UPDATE akun SET payable_party = 'vendor' WHERE code = '2101';--> statement-breakpoint
UPDATE akun SET payable_party = 'doctor' WHERE code = '2102';--> statement-breakpoint
UPDATE akun SET payable_party = 'investor' WHERE code = '2103';--> statement-breakpoint
UPDATE akun SET payable_party = 'pegawai' WHERE code = '2104';--> statement-breakpoint
UPDATE akun SET payable_party = 'laboratorium' WHERE code = '2105';--> statement-breakpoint
UPDATE akun SET payable_party = 'pajak', payable_tax = 'pph_pegawai' WHERE code = '2201';--> statement-breakpoint
UPDATE akun SET payable_party = 'pajak', payable_tax = 'pph23' WHERE code = '2202';--> statement-breakpoint
UPDATE akun SET payable_party = 'pajak', payable_tax = 'pph_badan' WHERE code = '2203';--> statement-breakpoint
UPDATE akun SET payable_party = 'pajak', payable_tax = 'bpjs' WHERE code = '2204';--> statement-breakpoint
UPDATE akun SET payable_party = 'pajak', payable_tax = 'ppn' WHERE code = '2205';--> statement-breakpoint
ALTER TABLE akun ADD CONSTRAINT akun_payable_party_ck CHECK (payable_party IS NULL OR payable_party IN
  ('vendor','laboratorium','rumahsakit','doctor','investor','pegawai','pajak'));--> statement-breakpoint
-- Backfill: every credit line already posted to a control account becomes an item, its party read from the source
-- document where one names it (purchase receipts: the vendor; payroll runs: the month; till payments with one
-- doctor: that doctor), else the account's party type named by the journal's memo. Debit lines already posted
-- (payments and voids made before the sub-ledger) are applied oldest item first on the same branch and account;
-- what is left is a negative item (a debit note).
INSERT INTO hutang_item (profile_id, party_type, party_id, party_name, tax, masa, source_type, source_id, jurnal_id,
  jurnal_detail_id, akun_id, doc_date, amount, paid, status)
SELECT d.profile_id, a.payable_party,
  CASE WHEN j.source_type = 'stock_receipt' THEN po.vendor_id
       WHEN a.payable_party = 'doctor' AND j.source_type = 'kasir_payment' THEN kd.doctor_id END,
  left(coalesce(
    CASE WHEN j.source_type = 'stock_receipt' THEN v.name END,
    CASE WHEN a.payable_party = 'doctor' AND j.source_type = 'kasir_payment' THEN du.name END,
    CASE WHEN j.kind = 'opening' THEN 'Saldo awal' END,
    CASE WHEN a.payable_party = 'pajak' THEN 'Kantor Pajak' END,
    nullif(j.memo, ''), 'Saldo awal'), 200),
  a.payable_tax,
  CASE WHEN a.payable_party = 'pajak' THEN coalesce(pr.period, to_char(d.transaction_at, 'YYYY-MM')) END,
  coalesce(j.source_type, j.kind), coalesce(j.source_id, j.id::text), j.id, d.id, d.akun_id, d.transaction_at,
  d.credit, 0, 'open'
FROM jurnal_detail d
JOIN jurnal j ON j.id = d.jurnal_id
JOIN akun a ON a.id = d.akun_id
LEFT JOIN purchase_receipt r ON j.source_type = 'stock_receipt' AND j.source_id = 'purchase_receipt:' || r.id
LEFT JOIN purchase_order po ON po.id = r.purchase_id
LEFT JOIN vendor v ON v.id = po.vendor_id
LEFT JOIN payroll_run pr ON j.source_type = 'payroll_run' AND j.source_id = pr.id::text
LEFT JOIN LATERAL (
  SELECT min(l.doctor_id) AS doctor_id FROM kasir_payment_line l
  WHERE j.source_type = 'kasir_payment' AND l.payment_id::text = j.source_id AND l.doctor_share > 0
  HAVING count(DISTINCT l.doctor_id) = 1
) kd ON true
LEFT JOIN users du ON du.id = kd.doctor_id
WHERE a.payable_party IS NOT NULL AND d.credit > 0
  AND NOT EXISTS (SELECT 1 FROM hutang_item i WHERE i.jurnal_detail_id = d.id);--> statement-breakpoint
DO $$
DECLARE
  dl record;
  it record;
  rest bigint;
  take bigint;
BEGIN
  FOR dl IN
    SELECT d.id, d.profile_id, d.akun_id, d.debit, d.transaction_at, j.id AS jurnal_id, j.kind, j.memo,
      j.source_type, j.source_id, a.payable_party, a.payable_tax
    FROM jurnal_detail d JOIN jurnal j ON j.id = d.jurnal_id JOIN akun a ON a.id = d.akun_id
    WHERE a.payable_party IS NOT NULL AND d.debit > 0
      AND NOT EXISTS (SELECT 1 FROM hutang_item i WHERE i.jurnal_detail_id = d.id)
    ORDER BY d.transaction_at, d.id
  LOOP
    rest := dl.debit;
    FOR it IN
      SELECT id, amount, paid FROM hutang_item
      WHERE profile_id = dl.profile_id AND akun_id = dl.akun_id AND status = 'open' AND amount > 0
      ORDER BY doc_date, id
    LOOP
      EXIT WHEN rest = 0;
      take := least(rest, it.amount - it.paid);
      UPDATE hutang_item SET paid = paid + take,
        status = CASE WHEN paid + take = amount THEN 'paid' ELSE 'open' END
      WHERE id = it.id;
      rest := rest - take;
    END LOOP;
    IF rest > 0 THEN
      INSERT INTO hutang_item (profile_id, party_type, party_name, tax, masa, source_type, source_id, jurnal_id,
        jurnal_detail_id, akun_id, doc_date, amount, paid, status)
      VALUES (dl.profile_id, dl.payable_party, left(coalesce(nullif(dl.memo, ''), 'Nota debit'), 200), dl.payable_tax,
        CASE WHEN dl.payable_party = 'pajak' THEN to_char(dl.transaction_at, 'YYYY-MM') END,
        coalesce(dl.source_type, dl.kind), coalesce(dl.source_id, dl.jurnal_id::text), dl.jurnal_id, dl.id,
        dl.akun_id, dl.transaction_at, -rest, 0, 'open');
    END IF;
  END LOOP;
END $$;
