#!/usr/bin/env bash
# What the file-transfer integration tests (libs/adapters/src/file-transfer/*.int-spec.ts) need
# from the system. The FTP/FTPS and SFTP servers themselves are Node packages started by the tests
# (ftp-srv, ssh2), so the only system tool is OpenSSH's ssh-keygen (package openssh-client): the
# interoperability test makes keys with it and compares fingerprints with its output.
# Idempotent and quiet: when ssh-keygen is there it returns at once. Needs root (or sudo) only to install.
set -euo pipefail

log() { echo "[ensure-transfer-servers] $*"; }

if command -v ssh-keygen >/dev/null 2>&1; then
  exit 0
fi

SUDO=()
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO=(sudo -n); fi
command -v apt-get >/dev/null 2>&1 || { echo "[ensure-transfer-servers] ERROR: apt-get not found; install openssh-client by hand" >&2; exit 1; }

log "apt-get install openssh-client"
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends openssh-client >/dev/null
command -v ssh-keygen >/dev/null 2>&1 || { echo "[ensure-transfer-servers] ERROR: ssh-keygen still missing" >&2; exit 1; }
