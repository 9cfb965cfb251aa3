-- Service front desk rules the database itself keeps (issue 11).
ALTER TABLE "doctor_practice" ADD CONSTRAINT "doctor_practice_status_chk" CHECK ("status" IN (0, 1));
--> statement-breakpoint
ALTER TABLE "doctor_schedule" ADD CONSTRAINT "doctor_schedule_chk" CHECK (
  "day_of_week" BETWEEN 1 AND 7 AND "start_time" < "end_time" AND "slot_minutes" BETWEEN 5 AND 240
  AND "capacity" BETWEEN 1 AND 50 AND "status" IN (0, 1));
--> statement-breakpoint
ALTER TABLE "schedule_closed" ADD CONSTRAINT "schedule_closed_status_chk" CHECK ("status" IN (0, 1));
--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_closed_once_idx" ON "schedule_closed" ("profile_id", coalesce("doctor_id", 0), "date") WHERE "status" = 1;
--> statement-breakpoint
ALTER TABLE "reservation" ADD CONSTRAINT "reservation_status_chk" CHECK ("status" IN ('booked', 'datang', 'batal', 'tidak_datang') AND "time" < "end_time" AND "slot_capacity" >= 1);
--> statement-breakpoint
-- The capacity of a slot: the reservation trigger counts bookings here and this check refuses the one too many.
-- The service maps a violation of reservation_slot_full_chk to 409 'Slot ... sudah penuh'.
ALTER TABLE "reservation_slot" ADD CONSTRAINT "reservation_slot_full_chk" CHECK ("booked" >= 0 AND "booked" <= "capacity");
--> statement-breakpoint
CREATE FUNCTION reservation_slot_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_counts boolean := TG_OP = 'UPDATE' AND OLD.status <> 'batal';
  new_counts boolean := NEW.status <> 'batal';
  moved boolean := TG_OP = 'UPDATE' AND (OLD.doctor_id, OLD.date, OLD.time) IS DISTINCT FROM (NEW.doctor_id, NEW.date, NEW.time);
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.profile_id <> OLD.profile_id THEN
    RAISE EXCEPTION 'Cabang reservasi tidak dapat diubah' USING ERRCODE = '23514';
  END IF;
  IF old_counts AND (moved OR NOT new_counts) THEN
    UPDATE reservation_slot SET booked = booked - 1
     WHERE profile_id = OLD.profile_id AND doctor_id = OLD.doctor_id AND date = OLD.date AND time = OLD.time;
  END IF;
  IF new_counts AND (TG_OP = 'INSERT' OR moved OR NOT old_counts) THEN
    INSERT INTO reservation_slot (profile_id, doctor_id, date, time, capacity, booked)
    VALUES (NEW.profile_id, NEW.doctor_id, NEW.date, NEW.time, NEW.slot_capacity, 1)
    ON CONFLICT (profile_id, doctor_id, date, time)
    DO UPDATE SET booked = reservation_slot.booked + 1, capacity = EXCLUDED.capacity;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reservation_slot_count AFTER INSERT OR UPDATE OF status, doctor_id, date, time, profile_id ON "reservation"
  FOR EACH ROW EXECUTE FUNCTION reservation_slot_count();
--> statement-breakpoint
-- Reservation statuses: booked -> datang | batal | tidak_datang; the others are final.
CREATE FUNCTION reservation_status_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (OLD.status = 'booked' AND NEW.status IN ('datang', 'batal', 'tidak_datang')) THEN
    RAISE EXCEPTION 'Status reservasi tidak dapat diubah dari % ke %', OLD.status, NEW.status USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reservation_status_guard BEFORE UPDATE ON "reservation" FOR EACH ROW EXECUTE FUNCTION reservation_status_guard();
--> statement-breakpoint
ALTER TABLE "visit" ADD CONSTRAINT "visit_chk" CHECK (
  "kind" IN ('konsultasi', 'tindakan', 'paket') AND "status" IN ('menunggu', 'dipanggil', 'diperiksa', 'selesai', 'batal')
  AND "queue_number" >= 1);
--> statement-breakpoint
-- The visit state machine (shared VISIT_TRANSITIONS): menunggu -> dipanggil -> diperiksa -> selesai; batal from the first three.
CREATE FUNCTION visit_status_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
       (OLD.status = 'menunggu' AND NEW.status IN ('dipanggil', 'batal'))
    OR (OLD.status = 'dipanggil' AND NEW.status IN ('diperiksa', 'batal'))
    OR (OLD.status = 'diperiksa' AND NEW.status IN ('selesai', 'batal'))) THEN
    RAISE EXCEPTION 'Status kunjungan tidak dapat diubah dari % ke %', OLD.status, NEW.status USING ERRCODE = '23514';
  END IF;
  IF NEW.profile_id <> OLD.profile_id THEN
    RAISE EXCEPTION 'Cabang kunjungan tidak dapat diubah' USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER visit_status_guard BEFORE UPDATE ON "visit" FOR EACH ROW EXECUTE FUNCTION visit_status_guard();
--> statement-breakpoint
ALTER TABLE "multimedia_label" ADD CONSTRAINT "multimedia_label_status_chk" CHECK ("status" IN (0, 1));
--> statement-breakpoint
ALTER TABLE "visit_multimedia" ADD CONSTRAINT "visit_multimedia_chk" CHECK ("status" IN (0, 1) AND ("status" = 1 OR "deleted_at" IS NOT NULL));
--> statement-breakpoint
-- Clinical and booking history is never erased: reservations, visits, their status log and photos are kept.
CREATE FUNCTION service_history_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% rows are never deleted', TG_TABLE_NAME USING ERRCODE = 'P0001';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER reservation_no_delete BEFORE DELETE ON "reservation" FOR EACH ROW EXECUTE FUNCTION service_history_keep();
--> statement-breakpoint
CREATE TRIGGER visit_no_delete BEFORE DELETE ON "visit" FOR EACH ROW EXECUTE FUNCTION service_history_keep();
--> statement-breakpoint
CREATE TRIGGER visit_status_log_no_delete BEFORE DELETE OR UPDATE ON "visit_status_log" FOR EACH ROW EXECUTE FUNCTION service_history_keep();
--> statement-breakpoint
CREATE TRIGGER visit_multimedia_no_delete BEFORE DELETE ON "visit_multimedia" FOR EACH ROW EXECUTE FUNCTION service_history_keep();
