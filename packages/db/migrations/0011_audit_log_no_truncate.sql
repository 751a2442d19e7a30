-- The audit log is append-only: UPDATE and DELETE are refused row by row (0006); TRUNCATE, which
-- fires no row trigger, is refused by a statement-level one. The owner of the table can still drop
-- a trigger: run the API as a role that owns neither the tables nor their triggers (docs/security.md).
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_refuse_change"();
