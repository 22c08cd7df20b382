#!/bin/sh
# CI check of docker-compose.yml without a Docker engine: Debian's docker-compose (1.29) parses,
# interpolates and validates the file against its schema. Placeholder secrets only.
set -eu
cd "$(dirname "$0")/.."
export METRICS_TOKEN=ci-placeholder KEYCLOAK_ADMIN_PASSWORD=ci-placeholder
docker-compose -f docker-compose.yml config -q
docker-compose -f docker-compose.yml config --services
