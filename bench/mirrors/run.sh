#!/usr/bin/env bash
# Three mirrors of one file at 2, 8 and 20 MiB/s per connection (nginx
# limit_rate, loopback ports), downloaded from an aria2 TAB line by each
# command given, RUNS times in turn; prints the wall time and the bytes each
# mirror sent (from nginx's log) for each run, then the medians.
#   bench/mirrors/run.sh SIZE_MIB RUNS NAME=COMMAND... (COMMAND gets the -i file as $IN and the folder as $OUT)
# Example:
#   bench/mirrors/run.sh 256 5 new='/tmp/slget-new -q -x 8 -i $IN -d $OUT' aria2c='aria2c -q -x 8 -s 8 -i $IN -d $OUT'
set -euo pipefail
size=${1:?size in MiB}; runs=${2:?runs}; shift 2
. "$(dirname "$0")/../nginxfile.sh"
nginx_folder mirrors "$size"
ports=()
for _ in 1 2 3; do ports+=("$(free_port)"); done
rates=(2m 8m 20m)
{
  echo "worker_processes 2; error_log $dir/logs/error.log warn; pid $dir/nginx.pid; events { worker_connections 1024; }"
  echo "http { log_format b '\$server_port \$status \$body_bytes_sent'; access_log $dir/logs/access.log b;"
  echo "client_body_temp_path $dir/tmp; proxy_temp_path $dir/tmp; fastcgi_temp_path $dir/tmp; uwsgi_temp_path $dir/tmp; scgi_temp_path $dir/tmp;"
  for i in 0 1 2; do echo "server { listen 127.0.0.1:${ports[$i]}; location / { root $dir/www; limit_rate ${rates[$i]}; } }"; done
  echo "}"
} >"$dir/nginx.conf"
/usr/sbin/nginx -c "$dir/nginx.conf" -p "$dir"
IN="$dir/in.txt"
printf 'http://127.0.0.1:%s/f.bin\thttp://127.0.0.1:%s/f.bin\thttp://127.0.0.1:%s/f.bin\n  out=f.bin\n' "${ports[0]}" "${ports[1]}" "${ports[2]}" >"$IN"
declare -A times
for ((r = 1; r <= runs; r++)); do
  for spec in "$@"; do
    name=${spec%%=*}; cmd=${spec#*=}
    OUT="$dir/out-$name"; rm -rf "$OUT"; mkdir -p "$OUT"
    : >"$dir/logs/access.log"; kill -USR1 "$(cat "$dir/nginx.pid")"; sleep 0.2
    t0=$(date +%s.%N)
    rc=0
    IN=$IN OUT=$OUT bash -c "$cmd" >/dev/null 2>"$dir/err" || rc=$?
    [ "$rc" = 0 ] || { echo "$name: exit $rc"; head -5 "$dir/err"; }
    t1=$(date +%s.%N)
    sleep 0.3
    got=$(sha256sum "$OUT/f.bin" 2>/dev/null | cut -d' ' -f1 || true)
    [ "$got" = "$want" ] || echo "$name: WRONG BYTES"
    sent=$(awk -v p0="${ports[0]}" -v p1="${ports[1]}" -v p2="${ports[2]}" '{b[$1]+=$3} END {printf "%.1f %.1f %.1f", b[p0]/1048576, b[p1]/1048576, b[p2]/1048576}' "$dir/logs/access.log")
    wall=$(echo "$t1 - $t0" | bc)
    read -r s0 s1 s2 <<<"$sent"
    extra=$(echo "scale=2; ($s0 + $s1 + $s2 - $size) * 100 / $size" | bc)
    echo "run $r $name: ${wall}s, MiB sent by 2/8/20 MiB/s mirrors: $s0 $s1 $s2 (extra ${extra}%)"
    times[$name]+="$wall $extra;"
  done
done
echo "medians over $runs runs:"
median() { sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
for spec in "$@"; do
  name=${spec%%=*}
  w=$(echo "${times[$name]}" | tr ';' '\n' | grep . | cut -d' ' -f1 | median)
  e=$(echo "${times[$name]}" | tr ';' '\n' | grep . | cut -d' ' -f2 | median)
  echo "  $name: ${w}s, extra bytes ${e}%"
done
