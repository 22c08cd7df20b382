#!/usr/bin/env bash
# Builds the Dockerfile and starts the image (API and worker) on a machine that cannot pull images
# (docs/deploy.md, "What has and has not been run"). Needs root, Debian's docker.io and debootstrap
# (apt-get install -y docker.io debootstrap), PostgreSQL and Redis on 127.0.0.1.
# The stand-in for node:20-bookworm-slim is a minimal Debian bookworm (debootstrap) with this
# machine's Node.js and npm and its CA bundle (for a registry reached through a TLS proxy).
set -euo pipefail
cd "$(dirname "$0")/.."
docker info >/dev/null 2>&1 || { (dockerd >/tmp/dockerd.log 2>&1 &); sleep 5; docker info >/dev/null; }

if ! docker image inspect node:20-bookworm-slim >/dev/null 2>&1; then
  rootfs=$(mktemp -d)
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >/dev/null
  cp "$(command -v node)" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/lib/node_modules" "$rootfs/usr/etc"
  cp -a "$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")" "$rootfs/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  mkdir -p "$rootfs/etc/ssl/certs"
  cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
  echo "cafile=/etc/ssl/certs/ca-certificates.crt" >"$rootfs/usr/etc/npmrc"
  tar -C "$rootfs" -c . | docker import \
    -c 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    - node:20-bookworm-slim >/dev/null
  rm -rf "$rootfs"
fi

# The classic builder: BuildKit would fetch the docker/dockerfile frontend image.
DOCKER_BUILDKIT=0 docker build --network host -t amplio:local . >/tmp/amplio-image-build.log

db="amplio_image_check_$$"
psql_admin() { psql -h 127.0.0.1 -U postgres -q -v ON_ERROR_STOP=1 "$@"; }
cleanup() {
  docker rm -f "$db-api" "$db-worker" >/dev/null 2>&1 || true
  psql_admin -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "DROP ROLE IF EXISTS ${db}_owner" \
    -c "DROP ROLE IF EXISTS ${db}_app" >/dev/null 2>&1 || true
}
trap cleanup EXIT
psql_admin -c "CREATE ROLE ${db}_owner LOGIN PASSWORD 'owner' NOSUPERUSER" \
  -c "CREATE ROLE ${db}_app LOGIN PASSWORD 'app' NOSUPERUSER" -c "CREATE DATABASE $db OWNER ${db}_owner"
env=(-e "MIGRATION_DATABASE_URL=postgres://${db}_owner:owner@127.0.0.1:5432/$db"
  -e "DATABASE_URL=postgres://${db}_app:app@127.0.0.1:5432/$db" -e "REDIS_URL=redis://127.0.0.1:6379/8")
docker run -d --name "$db-api" --network host -e PORT=3100 -e PUBLIC_URL=http://localhost:3100 "${env[@]}" \
  amplio:local >/dev/null
docker run -d --name "$db-worker" --network host "${env[@]}" amplio:local node --single-threaded-gc workers/dist/main.js >/dev/null

for _ in $(seq 1 60); do
  [ "$(docker inspect -f '{{.State.Health.Status}}' "$db-api")" = healthy ] && break
  sleep 2
done
echo "api health: $(docker inspect -f '{{.State.Health.Status}}' "$db-api"), user $(docker exec "$db-api" id -un)"
echo "GET /api/ready $(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:3100/api/ready)," \
  "GET / $(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:3100/)," \
  "GET /api/run without a token $(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:3100/api/run)"
docker logs "$db-worker" 2>&1 | grep -q 'ready on queues' && echo "worker: ready on its queues"
docker stop -t 30 "$db-api" "$db-worker" >/dev/null
echo "exit codes after docker stop: api $(docker inspect -f '{{.State.ExitCode}}' "$db-api")," \
  "worker $(docker inspect -f '{{.State.ExitCode}}' "$db-worker")"
