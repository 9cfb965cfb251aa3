-- Issue 8 (finding 4, the race left open): a line reads its account FOR KEY SHARE, so an owner re-scoping that
-- account (finance/services/accounts.ts locks it FOR UPDATE, then counts other branches' postings) and a posting
-- of another branch are ordered: whichever locks the account first is committed before the other decides. A
-- posting waiting behind a re-scope re-reads the account's new branch and is refused ('Akun milik cabang lain');
-- a re-scope waiting behind a posting counts that posting and is refused. The foreign key check already takes
-- the same lock, so postings do not wait for one another.
CREATE OR REPLACE FUNCTION jurnal_detail_before_insert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  j RECORD;
  a RECORD;
BEGIN
  SELECT profile_id, transaction_at INTO j FROM jurnal WHERE id = NEW.jurnal_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Jurnal tidak ditemukan' USING ERRCODE = '23503';
  END IF;
  NEW.profile_id := j.profile_id;
  NEW.transaction_at := j.transaction_at;
  SELECT isheader, status, profile_id INTO a FROM akun WHERE id = NEW.akun_id FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Akun tidak ditemukan' USING ERRCODE = '23503';
  END IF;
  IF a.isheader THEN
    RAISE EXCEPTION 'Akun header tidak dapat diposting' USING ERRCODE = '23514';
  END IF;
  IF a.status <> 1 THEN
    RAISE EXCEPTION 'Akun tidak aktif' USING ERRCODE = '23514';
  END IF;
  IF a.profile_id IS NOT NULL AND a.profile_id <> j.profile_id THEN
    RAISE EXCEPTION 'Akun milik cabang lain' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
