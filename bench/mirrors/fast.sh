#!/usr/bin/env bash
# An origin at 1 MiB/s per connection that names a mirror at 4 MiB/s per
# connection (Link: rel=duplicate), both sending the file's Repr-Digest
# (nginx add_header), so the mirror is proven: how much of the file the
# faster mirror carries, and the wall time against the mirror alone.
# With DIGEST=no neither sends it: the mirror is then on probation, its
# slices compared with the origin's.
#   [DIGEST=no] bench/mirrors/fast.sh SIZE_MIB RUNS NAME=SLGET_BINARY...
set -euo pipefail
size=${1:?}; runs=${2:?}; shift 2
. "$(dirname "$0")/../nginxfile.sh"
nginx_folder fast "$size"
digest=$(python3 -c "import base64,binascii; print(base64.b64encode(binascii.unhexlify('$want')).decode())")
po=$(free_port)
pm=$(free_port)
hd="add_header Repr-Digest \"sha-256=:$digest:\" always;"
[ "${DIGEST:-yes}" = no ] && hd=
cat >"$dir/nginx.conf" <<CONF
worker_processes 2; error_log $dir/logs/error.log warn; pid $dir/nginx.pid; events { worker_connections 1024; }
http { log_format b '\$server_port \$status \$body_bytes_sent'; access_log $dir/logs/access.log b;
client_body_temp_path $dir/tmp; proxy_temp_path $dir/tmp; fastcgi_temp_path $dir/tmp; uwsgi_temp_path $dir/tmp; scgi_temp_path $dir/tmp;
server { listen 127.0.0.1:$po; location / { root $dir/www; limit_rate 1m; $hd add_header Link "<http://127.0.0.1:$pm/f.bin>; rel=duplicate; pri=1" always; } }
server { listen 127.0.0.1:$pm; location / { root $dir/www; limit_rate 4m; $hd } } }
CONF
/usr/sbin/nginx -c "$dir/nginx.conf" -p "$dir"
for ((r = 1; r <= runs; r++)); do
  for spec in "$@" "mirror-alone=${1#*=}"; do
    name=${spec%%=*}; bin=${spec#*=}
    url=http://127.0.0.1:$po/f.bin
    [ "$name" = mirror-alone ] && url=http://127.0.0.1:$pm/f.bin
    out="$dir/out"; rm -rf "$out"; mkdir -p "$out"
    : >"$dir/logs/access.log"; kill -USR1 "$(cat "$dir/nginx.pid")"; sleep 0.2
    t0=$(date +%s.%N)
    "$bin" -q -x 8 -d "$out" "$url" || echo "$name: exit $?"
    t1=$(date +%s.%N); sleep 0.2
    [ "$(sha256sum "$out/f.bin" | cut -d' ' -f1)" = "$want" ] || echo "$name: WRONG BYTES"
    read -r o m <<<"$(awk -v po="$po" -v pm="$pm" '{b[$1]+=$3} END {printf "%.1f %.1f", b[po]/1048576, b[pm]/1048576}' "$dir/logs/access.log")"
    echo "run $r $name: $(echo "$t1 - $t0" | bc)s, MiB from the origin $o, from the mirror $m"
  done
done
