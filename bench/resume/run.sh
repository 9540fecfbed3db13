#!/usr/bin/env bash
# A download killed (SIGKILL) after KILL seconds and resumed: the resume's
# wall time against what is left over the connections' rate. One nginx on
# loopback with limit_rate RATE per connection, a SIZE_MIB random file.
#   bench/resume/run.sh SIZE_MIB RATE KILL RUNS NAME=SLGET_BINARY...
# Example: bench/resume/run.sh 32 1m 3 5 new=/tmp/slget-new old=/tmp/slget-old
# Also: KILLEVERY=2 kills every 2 s until done, and counts the runs.
set -euo pipefail
size=${1:?}; rate=${2:?}; kill_after=${3:?}; runs=${4:?}; shift 4
. "$(dirname "$0")/../nginxfile.sh"
nginx_folder resume "$size"
port=$(free_port)
cat >"$dir/nginx.conf" <<CONF
worker_processes 2; error_log $dir/logs/error.log warn; pid $dir/nginx.pid; events { worker_connections 1024; }
http { access_log off; client_body_temp_path $dir/tmp; proxy_temp_path $dir/tmp; fastcgi_temp_path $dir/tmp; uwsgi_temp_path $dir/tmp; scgi_temp_path $dir/tmp;
server { listen 127.0.0.1:$port; location / { root $dir/www; limit_rate $rate; } } }
CONF
/usr/sbin/nginx -c "$dir/nginx.conf" -p "$dir"
url=http://127.0.0.1:$port/f.bin
for ((r = 1; r <= runs; r++)); do
  for spec in "$@"; do
    name=${spec%%=*}; bin=${spec#*=}
    out="$dir/out-$name"; rm -rf "$out"; mkdir -p "$out"
    if [ -n "${KILLEVERY:-}" ]; then
      n=0; t0=$(date +%s.%N)
      while [ $n -lt 60 ]; do
        n=$((n + 1))
        if (timeout -s KILL "$KILLEVERY" "$bin" -q -x 8 -d "$out" "$url" 2>/dev/null) 2>/dev/null; then break; fi
      done
      t1=$(date +%s.%N)
      got=$(sha256sum "$out/f.bin" 2>/dev/null | cut -d' ' -f1 || true)
      [ "$got" = "$want" ] || echo "$name: WRONG BYTES or unfinished after $n runs"
      echo "run $r $name: killed every ${KILLEVERY}s: done in $n runs, $(echo "$t1 - $t0" | bc)s"
      continue
    fi
    (timeout -s KILL "$kill_after" "$bin" -q -x 8 -d "$out" "$url" 2>/dev/null || true) 2>/dev/null
    # Done slices, and the bytes written (the begun slices' checked starts
    # too, which a resume keeps).
    read -r done_bytes written <<<"$("$bin" status --json "$out/f.bin" 2>/dev/null | python3 -c 'import json,sys; j=json.load(sys.stdin); print(j.get("bytes_done", 0), j.get("bytes_written", j.get("bytes_done", 0)))' 2>/dev/null || echo "? ?")"
    t0=$(date +%s.%N)
    "$bin" -q -x 8 -d "$out" "$url"
    t1=$(date +%s.%N)
    got=$(sha256sum "$out/f.bin" | cut -d' ' -f1)
    [ "$got" = "$want" ] || echo "$name: WRONG BYTES"
    echo "run $r $name: $done_bytes bytes done ($written written) at the kill; the resume took $(echo "$t1 - $t0" | bc)s"
  done
done
