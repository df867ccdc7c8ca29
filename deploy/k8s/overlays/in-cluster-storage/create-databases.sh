#!/bin/sh
# Creates the role `portal` (password: $PORTAL_DB_PASSWORD) and one database per service owned by it.
# The postgres image runs this once, on an empty data directory, from /docker-entrypoint-initdb.d: in
# Kubernetes (overlays/in-cluster-storage, ConfigMap `postgres-init`) and in docker-compose alike. The
# services then connect as `portal`, with PGPASSWORD set to the same password.
#
# Plain POSIX sh. Executable, so the image runs it instead of sourcing it into its own bash: the `set -e`
# below then stays in this script.
set -e

: "${PORTAL_DB_PASSWORD:?PORTAL_DB_PASSWORD must be set: the password of the portal role}"

# The password is a psql variable that psql quotes itself (:'password'), so no character in it can end
# the string early; the here-document is quoted, so the shell expands nothing in the SQL.
psql -v ON_ERROR_STOP=1 -v password="$PORTAL_DB_PASSWORD" \
    --username "${POSTGRES_USER:-postgres}" --dbname "${POSTGRES_DB:-postgres}" <<'SQL'
CREATE ROLE portal LOGIN PASSWORD :'password';
CREATE DATABASE identity OWNER portal;
CREATE DATABASE applications OWNER portal;
CREATE DATABASE documents OWNER portal;
CREATE DATABASE contracts OWNER portal;
CREATE DATABASE messages OWNER portal;
CREATE DATABASE notifications OWNER portal;
CREATE DATABASE audit OWNER portal;
CREATE DATABASE payroll OWNER portal;
CREATE DATABASE compliance OWNER portal;
SQL
