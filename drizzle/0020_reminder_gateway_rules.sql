-- Reminder deliveries are history (issue 11 item 6): never deleted, whoever asks (service_history_keep: 0016).
CREATE TRIGGER reminder_delivery_no_delete BEFORE DELETE ON "reminder_delivery" FOR EACH ROW EXECUTE FUNCTION service_history_keep();
