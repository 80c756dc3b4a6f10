#!/bin/bash
# The proxy container's command (docker-compose.yml): nginx with
# deploy/nginx.conf, reloaded whenever a worker's address changes.
#
# nginx resolves the names in an `upstream` block once, when it starts or
# reloads.  A restarted container gets a new address on the engine's
# network (Podman's and Docker's DNS then answer the new one), so nginx
# alone would keep sending that worker's rooms to the old address: after
# `restart app1` its rooms stalled, after both workers every request
# answered 502.  (nginx's open-source `resolve` for upstream servers needs
# 1.27.3; Debian's stand-in image has 1.22, and a `resolver` with variables
# in proxy_pass would give up the consistent hash.)  So this script asks the
# engine's DNS once a second, through the container's own resolver
# (getent), for every `server NAME:PORT` of the upstream block, and when an
# answer changed and every name resolves it reloads nginx (gracefully: open
# websockets to the other worker stay), and once more when the moved
# workers listen.  While a name does not resolve (its
# container is down) nginx keeps what it has: its requests go to the next
# worker until the name is back.
#
#   companion-proxy          run nginx and follow the workers (PID 1)
#   companion-proxy health   the health check: the site answers /healthz
#                            through this proxy (200), and the follower runs
# Needs bash, getent, timeout and nginx: the official nginx image and the stand-in
# of scripts/container-base both have them.
set -u
CONF="${COMPANION_PROXY_CONF:-/etc/nginx/conf.d/default.conf}"
EVERY="${COMPANION_PROXY_EVERY:-1}"   # seconds between two looks at the DNS
STATE=/tmp/companion-proxy.alive

workers() {   # the upstream block's servers, NAME:PORT
  sed -n 's/^[[:space:]]*server[[:space:]]\{1,\}\([^:;[:space:]]\{1,\}:[0-9]\{1,\}\).*;.*/\1/p' "$CONF"
}

addresses() {   # "name=address:port ..." of every worker, or failure if one does not resolve
  local worker found out=""
  for worker in $(workers); do
    found="$(getent hosts "${worker%:*}" | awk 'NR == 1 {print $1}')"
    [ -n "$found" ] || return 1
    out+="${worker%:*}=$found:${worker##*:} "
  done
  printf '%s\n' "$out"
}

listening() {   # every worker of "name=address:port ..." accepts a connection
  local entry target
  for entry in $1; do
    target="${entry#*=}"
    timeout 1 bash -c "exec 3<>/dev/tcp/${target%:*}/${target##*:}" 2>/dev/null || return 1
  done
}

health() {
  [ -e "$STATE" ] && kill -0 "$(cat "$STATE")" 2>/dev/null || { echo "follower not running"; exit 1; }
  exec 3<>/dev/tcp/127.0.0.1/80 || exit 1
  printf 'GET /healthz HTTP/1.0\r\nHost: localhost\r\n\r\n' >&3
  local status
  read -r _ status _ <&3
  [ "$status" = 200 ] || { echo "the site answers ${status:-nothing}"; exit 1; }
}

# the whole script is read before it runs (bash reads a script as it goes:
# a file changed under a running proxy must not change what it does)
follow() {
  local seen="" now booting status   # nginx: global, for the trap
  until seen="$(addresses)"; do   # nginx refuses to start on a name that does not resolve
    echo "companion-proxy: waiting for the workers' names ($(workers | tr '\n' ' '))" >&2
    sleep 1
  done
  # no worker_shutdown_timeout: after a reload the old worker processes keep
  # their open websockets (to the worker that did not move) until they close
  # by themselves, so a reload never cuts a healthy room's phones
  nginx -g "daemon off;" &
  nginx=$!
  echo $$ > "$STATE"
  echo "companion-proxy: nginx up, workers at $seen" >&2
  # a stop (the engine sends the image's STOPSIGNAL, SIGQUIT for nginx's) is a
  # fast one: a graceful stop would wait for every open websocket until the
  # engine kills it (10 s); the phones reconnect either way
  trap 'kill -TERM "$nginx" 2>/dev/null' TERM INT QUIT
  # twice per move: at once (the old address no longer answers, each
  # connection to it would wait out proxy_connect_timeout), and again once
  # every moved worker listens: a connection refused while one boots makes
  # nginx pass it over for fail_timeout (10 s) and split its rooms' sockets
  # between workers; a reload forgets that
  booting=0
  while kill -0 "$nginx" 2>/dev/null; do
    sleep "$EVERY" & wait $!
    now="$(addresses)" || continue
    if [ "$now" != "$seen" ]; then
      echo "companion-proxy: workers moved to $now; reloading nginx" >&2
      kill -HUP "$nginx"
      seen="$now"
      booting=1
    elif [ "$booting" = 1 ] && listening "$now"; then
      echo "companion-proxy: every worker listens; reloading nginx" >&2
      kill -HUP "$nginx"
      booting=0
    fi
  done
  wait "$nginx"
  status=$?
  rm -f "$STATE"
  exit "$status"
}

if [ "${1:-}" = health ]; then health; else follow; fi
exit $?
