-- The API's own database role: it reads and writes rows and nothing else. Run this as the role
-- that owns the database (the one `npm run db:migrate` runs as), after the migrations and again
-- after each later migration that adds a table; the API then connects as stratus_api, which
-- owns no table and no trigger, so it can neither drop the audit log's triggers nor empty it.
--
--   CREATE ROLE stratus_api LOGIN PASSWORD '…';   -- once, as a superuser or CREATEROLE role
--   psql "$OWNER_DATABASE_URL" -f packages/db/sql/api-role.sql
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO stratus_api;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO stratus_api;
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO stratus_api;
-- The audit log is append-only for the API as well as by its triggers.
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM stratus_api;
-- The server checks at start that every migration has run.
GRANT USAGE ON SCHEMA drizzle TO stratus_api;
GRANT SELECT ON drizzle.__drizzle_migrations TO stratus_api;
