#!/usr/bin/env bash
# Makes sure the services the tests need are installed and answering on this machine:
#   PostgreSQL on 127.0.0.1:5432 (user postgres, no password over local TCP),
#   Redis on 127.0.0.1:6379, and Chromium at /usr/bin/chromium (for the browser tests); the tools
#   some tests call (pdftotext, docker-compose, ssh-keygen, wrk).
# Idempotent: when everything is already there it only checks and returns in well under a second.
# Installs what is missing with apt (Debian), so it needs root (or sudo) only when it has work to do.
set -euo pipefail

PG_HOST=127.0.0.1
PG_PORT=${ENSURE_SERVICES_PG_PORT:-5432}
REDIS_HOST=127.0.0.1
REDIS_PORT=${ENSURE_SERVICES_REDIS_PORT:-6379}
WAIT_SECONDS=${ENSURE_SERVICES_WAIT_SECONDS:-60}

log() { echo "[ensure-services] $*"; }
die() { echo "[ensure-services] ERROR: $*" >&2; exit 1; }

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=(sudo -n); fi
fi
as_root() { "${SUDO[@]}" "$@"; }

APT_UPDATED=0
apt_install() {
  command -v apt-get >/dev/null 2>&1 || die "apt-get not found; install $* by hand"
  if [ "$APT_UPDATED" -eq 0 ]; then
    log "apt-get update"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    APT_UPDATED=1
  fi
  log "apt-get install $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

pg_answers() { pg_isready -q -h "$PG_HOST" -p "$PG_PORT" -t 2 >/dev/null 2>&1; }
redis_answers() { [ "$(redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" ping 2>/dev/null)" = "PONG" ]; }
pg_trusts() { psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -w -d postgres -Atqc 'select 1' >/dev/null 2>&1; }

# ---- install what is absent -------------------------------------------------------------------
missing=()
if ! command -v pg_lsclusters >/dev/null 2>&1 || ! command -v pg_isready >/dev/null 2>&1 \
  || [ -z "$(ls /usr/lib/postgresql 2>/dev/null)" ]; then
  missing+=(postgresql)
fi
if ! command -v redis-server >/dev/null 2>&1 || ! command -v redis-cli >/dev/null 2>&1; then
  missing+=(redis-server)
fi
if [ ! -x /usr/bin/chromium ]; then
  # fonts-liberation: without any font, headless Chromium lays text out with no glyphs.
  missing+=(chromium fonts-liberation)
fi
# poppler-utils: pdftotext and pdffonts read the exported PDFs back in the export tests.
if ! command -v pdftotext >/dev/null 2>&1 || ! command -v pdffonts >/dev/null 2>&1; then
  missing+=(poppler-utils)
fi
# docker-compose (Debian's 1.29): validates docker-compose.yml offline in the tests (no engine needed).
if ! command -v docker-compose >/dev/null 2>&1; then
  missing+=(docker-compose)
fi
# openssh-client: ssh-keygen makes the real OpenSSH keys of the SFTP transfer tests.
if ! command -v ssh-keygen >/dev/null 2>&1; then
  missing+=(openssh-client)
fi
# wrk: the C load generator of the load benchmarks' large answers (bench/load/wrk-load.ts).
if ! command -v wrk >/dev/null 2>&1; then
  missing+=(wrk)
fi
if [ "${#missing[@]}" -gt 0 ]; then
  apt_install "${missing[@]}"
fi

# ---- PostgreSQL -------------------------------------------------------------------------------
if ! pg_answers; then
  clusters=$(pg_lsclusters -h 2>/dev/null || true)
  if [ -z "$clusters" ]; then
    version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
    log "creating PostgreSQL $version cluster main on port $PG_PORT"
    as_root pg_createcluster --port "$PG_PORT" "$version" main >/dev/null
    clusters=$(pg_lsclusters -h)
  fi
  # Prefer the cluster on our port; otherwise the first one.
  line=$(echo "$clusters" | awk -v p="$PG_PORT" '$3 == p' | head -n 1)
  [ -n "$line" ] || line=$(echo "$clusters" | head -n 1)
  read -r version cluster port status _ <<<"$line"
  [ "$port" = "$PG_PORT" ] || die "PostgreSQL cluster $version/$cluster listens on $port, not $PG_PORT"
  if [ "$status" != "online" ]; then
    log "starting PostgreSQL $version/$cluster"
    as_root pg_ctlcluster --skip-systemctl-redirect "$version" "$cluster" start
  else
    log "PostgreSQL $version/$cluster is online but not answering on $PG_HOST:$PG_PORT yet"
  fi
fi
deadline=$((SECONDS + WAIT_SECONDS))
until pg_answers; do
  [ "$SECONDS" -lt "$deadline" ] || die "PostgreSQL does not answer on $PG_HOST:$PG_PORT after ${WAIT_SECONDS}s"
  sleep 0.5
done

if ! pg_trusts; then
  # A fresh Debian cluster asks for a password over TCP (scram-sha-256). Trust local TCP instead;
  # pg_hba.conf is first-match, so the lines go on top.
  hba=$(as_root su postgres -s /bin/sh -c "psql -p $PG_PORT -Atqc 'show hba_file'" 2>/dev/null || true)
  [ -n "$hba" ] || hba=$(ls /etc/postgresql/${version:-*}/${cluster:-main}/pg_hba.conf 2>/dev/null | head -n 1 || true)
  [ -n "$hba" ] && as_root test -f "$hba" || die "cannot find pg_hba.conf to allow local TCP as postgres"
  log "trusting local TCP connections in $hba and reloading"
  tmp=$(mktemp)
  {
    echo "# added by scripts/ensure-services.sh: tests connect as postgres over local TCP without a password"
    echo "host all all 127.0.0.1/32 trust"
    echo "host all all ::1/128 trust"
    as_root cat "$hba"
  } >"$tmp"
  as_root cp "$tmp" "$hba"
  rm -f "$tmp"
  as_root su postgres -s /bin/sh -c "psql -p $PG_PORT -Atqc 'select pg_reload_conf()'" >/dev/null
  deadline=$((SECONDS + 15))
  until pg_trusts; do
    [ "$SECONDS" -lt "$deadline" ] || die "PostgreSQL still refuses user postgres over TCP without a password"
    sleep 0.5
  done
fi

# ---- Redis ------------------------------------------------------------------------------------
if ! redis_answers; then
  log "starting Redis on $REDIS_HOST:$REDIS_PORT"
  as_root redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" --save "" --appendonly no >/dev/null
fi
deadline=$((SECONDS + WAIT_SECONDS))
until redis_answers; do
  [ "$SECONDS" -lt "$deadline" ] || die "Redis does not answer on $REDIS_HOST:$REDIS_PORT after ${WAIT_SECONDS}s"
  sleep 0.5
done

log "ready: PostgreSQL $PG_HOST:$PG_PORT, Redis $REDIS_HOST:$REDIS_PORT, Chromium $(/usr/bin/chromium --version 2>/dev/null | head -n 1 || echo '(version unknown)')"
