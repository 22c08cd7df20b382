#!/bin/sh
# First start of the PostgreSQL container: the two roles of docs/operations.md (owner runs migrations,
# the application role gets DML only) and the database.
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" <<SQL
CREATE ROLE amplio_owner LOGIN PASSWORD '${AMPLIO_OWNER_PASSWORD}' NOSUPERUSER;
CREATE ROLE amplio_app LOGIN PASSWORD '${AMPLIO_APP_PASSWORD}' NOSUPERUSER;
CREATE DATABASE amplio OWNER amplio_owner;
SQL
