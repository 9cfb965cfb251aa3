-- The lease of the run sending an outbox row now (any process, by the database's clock): a second run of the same
-- visit beside it is refused; a process that dies leaves a lease that runs out (docs/decisions.md, SATUSEHAT lease).
ALTER TABLE "satusehat_visit" ADD COLUMN "sending_until" timestamp with time zone;