#!/usr/bin/env bash
# The fleet benchmark: four hosts and an origin in network namespaces on one bridge, the origin's link
# shaped to 100 Mbit/s by htb; what the origin sent, each host's time and each serve's bytes, per configuration.
#
#   sudo bench/fleet/run.sh [CONFIG...]      CONFIG: nocache oneserve nginxslice fourserve fourserve-warm
#                                            fourserve-kill fourserve-stop fourserve-join fourserve-restart
#                                            fourserve-mixed, or all
#                                            (the default: every one, in that order)
#
# Environment (all optional): SLGET=path (else built from this checkout), SIZE=512m (the file), RATE=100mbit
# (the origin's egress), HOSTRATE= (each host's egress; empty: unshaped), CONNS=8 (-x of each client),
# CLIENT_TIMEOUT=600 (seconds per client), SERVE_FLAGS= (more flags for every serve; the word @fleet stands for
# --peer http://h1:7878 ... --peer http://h4:7878), CLIENT_FLAGS= (more flags for every client), CLIENT_PEERS=all
# (the four-serve clients' --peer: all four serves; own: each its own host's alone), TOKEN= (the fleet's token:
# every serve's --token, every client's --peer-token, and the bench's own requests to /metrics and /fleet), KILL_HOST=h3,
# KILL_AT= (seconds into the kill run; empty: when the origin has sent half the file), NET=10.77.0 (the private
# /24, used only inside the namespaces), OUT=bench/results/fleet-DATE.csv, KEEP=1 (keep the work folder),
# GOSSIP_HOSTS="h1 h2 h3" (fourserve-mixed: the serves with gossip, the others on health checks), SETTLE=12
# (fourserve-mixed: seconds from the serves' start to the wave, two mDNS queries).
set -euo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
SIZE=${SIZE:-512m}
RATE=${RATE:-100mbit}
HOSTRATE=${HOSTRATE:-}
CONNS=${CONNS:-8}
CLIENT_TIMEOUT=${CLIENT_TIMEOUT:-600}
SERVE_FLAGS=${SERVE_FLAGS:-}
CLIENT_FLAGS=${CLIENT_FLAGS:-}
CLIENT_PEERS=${CLIENT_PEERS:-all}
TOKEN=${TOKEN:-}
AUTH=()
[ -n "$TOKEN" ] && AUTH=(-u "slget:$TOKEN") && SERVE_FLAGS="$SERVE_FLAGS --token $TOKEN" && CLIENT_FLAGS="$CLIENT_FLAGS --peer-token $TOKEN"
KILL_HOST=${KILL_HOST:-h3}
KILL_AT=${KILL_AT:-}
NET=${NET:-10.77.0}
GOSSIP_HOSTS=${GOSSIP_HOSTS:-h1 h2 h3}
SETTLE=${SETTLE:-12}
MIXED=         # set while fourserve-mixed runs: its serves share a token, GOSSIP_HOSTS's with gossip
MIXED_TOKEN=bench-fleet-token
OUT=${OUT:-$ROOT/bench/results/fleet-$(date -u +%Y%m%dT%H%M%SZ).csv}
HOSTS=(h1 h2 h3 h4)
CONFIGS=(nocache oneserve nginxslice fourserve fourserve-warm fourserve-kill fourserve-stop fourserve-join fourserve-restart fourserve-mixed)

die() { echo "fleet: $*" >&2; exit 1; }
say() { echo "fleet: $*" >&2; }

# bytes turns 512m, 1g, 64k or a plain number into bytes.
bytes() {
	local s=${1,,}
	case $s in
	*k) echo $((${s%k} << 10)) ;; *m) echo $((${s%m} << 20)) ;; *g) echo $((${s%g} << 30)) ;;
	*[!0-9]* | '') die "SIZE $1: want a number of bytes, or one with k, m or g" ;;
	*) echo "$s" ;;
	esac
}
mib() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'; }

[ "$(id -u)" = 0 ] || die "needs root (network namespaces, tc): run it with sudo"
for tool in ip tc nginx curl sha256sum timeout awk; do
	command -v "$tool" >/dev/null || die "needs $tool (apt-get install iproute2 nginx-light curl coreutils)"
done
nginx -V 2>&1 | grep -q with-http_slice_module || die "this nginx has no slice module (nginx-light has it)"
FILE_BYTES=$(bytes "$SIZE")
want=("$@")
[ ${#want[@]} = 0 ] && want=(all)
[ "${want[*]}" = all ] && want=("${CONFIGS[@]}")
for c in "${want[@]}"; do
	[[ " ${CONFIGS[*]} " == *" $c "* ]] || die "unknown configuration $c (want one of: ${CONFIGS[*]} all)"
done

ID=$(od -An -N3 -tx1 /dev/urandom | tr -d ' \n')
P=slget-fb-$ID
W=$(mktemp -d "${TMPDIR:-/tmp}/slget-fb-$ID.XXXX")
NODES=(origin "${HOSTS[@]}")
SERVES=()        # hosts whose serve is running
declare -A ADDR=([origin]=$NET.100 [h1]=$NET.1 [h2]=$NET.2 [h3]=$NET.3 [h4]=$NET.4)

cleanup() {
	set +e
	trap - EXIT INT TERM
	local ns pids
	for ns in "$P-br" "${NODES[@]/#/$P-}"; do
		pids=$(ip netns pids "$ns" 2>/dev/null)
		[ -n "$pids" ] && kill -KILL $pids 2>/dev/null
	done
	pids=$(jobs -p)
	[ -n "$pids" ] && kill $pids 2>/dev/null
	wait 2>/dev/null
	for ns in "$P-br" "${NODES[@]/#/$P-}"; do
		ip netns del "$ns" 2>/dev/null
		rm -rf "/etc/netns/$ns"
	done
	rmdir /etc/netns 2>/dev/null
	if [ -n "${KEEP:-}" ]; then say "kept $W"; else rm -rf "$W"; fi
}
trap cleanup EXIT
trap 'say interrupted; exit 130' INT TERM

inns() { local n=$1; shift; ip netns exec "$P-$n" "$@"; }

# net: a bridge in a namespace of its own, a veth from it to each node, htb on the origin's egress.
net() {
	ip netns add "$P-br"
	ip -n "$P-br" link set lo up
	ip -n "$P-br" link add name br0 type bridge mcast_snooping 0
	ip -n "$P-br" link set br0 up
	local n ns
	for n in "${NODES[@]}"; do
		ns=$P-$n
		ip netns add "$ns"
		mkdir -p "/etc/netns/$ns"
		{
			echo "127.0.0.1 localhost"
			for m in "${NODES[@]}"; do echo "${ADDR[$m]} $m"; done
		} >"/etc/netns/$ns/hosts"
		ip -n "$ns" link set lo up
		ip -n "$P-br" link add name "$n" type veth peer name eth0 netns "$ns"
		ip -n "$P-br" link set "$n" master br0 up
		ip -n "$ns" addr add "${ADDR[$n]}/24" dev eth0
		ip -n "$ns" link set eth0 up
		ip -n "$ns" route add 224.0.0.0/4 dev eth0 # multicast (mDNS) leaves by the bridge
	done
	tc -n "$P-origin" qdisc add dev eth0 root handle 1: htb default 10
	tc -n "$P-origin" class add dev eth0 parent 1: classid 1:10 htb rate "$RATE" ceil "$RATE" quantum 60000
	if [ -n "$HOSTRATE" ]; then
		for n in "${HOSTS[@]}"; do
			tc -n "$P-$n" qdisc add dev eth0 root handle 1: htb default 10
			tc -n "$P-$n" class add dev eth0 parent 1: classid 1:10 htb rate "$HOSTRATE" ceil "$HOSTRATE" quantum 60000
		done
	fi
}

# multicast: a datagram to a group from h1 must reach h2, h3 and h4 across the bridge (mDNS needs it).
multicast() {
	local n pids=() bad=0
	for n in h2 h3 h4; do
		ip netns exec "$P-$n" "$MCAST" -listen -wait 5s >"$W/mcast-$n" 2>&1 &
		pids+=($!)
	done
	ip netns exec "$P-h1" "$MCAST" -send -wait 2s
	for n in 0 1 2; do wait "${pids[$n]}" || bad=1; done
	[ $bad = 0 ] || { cat "$W"/mcast-h* >&2; die "multicast from h1 did not reach every host"; }
	say "multicast from h1 reached h2 h3 h4"
}

# originSent is what the origin's shaped link has sent, in bytes, as htb counts it.
originSent() { tc -n "$P-origin" -s class show dev eth0 classid 1:10 | awk '/Sent/ { print $2; exit }'; }

# waitURL waits (bounded) for URL to answer anything over HTTP from node's namespace.
waitURL() {
	local n=$1 url=$2 i
	for i in $(seq 100); do
		inns "$n" curl -s -o /dev/null -r 0-0 --max-time 2 "$url" && return 0
		sleep 0.1
	done
	die "$url did not answer from $n"
}

nginxCommon() { # $1: the nginx's folder
	cat <<CONF
user root;
worker_processes 2;
pid $1/nginx.pid;
events { worker_connections 4096; }
http {
  log_format ranges '\$msec \$body_bytes_sent \$status \$remote_addr "\$request" "\$http_range" im="\$http_if_match" cache=\$upstream_cache_status';
  access_log $1/access.log ranges;
  client_body_temp_path $1/tmp; proxy_temp_path $1/tmp; fastcgi_temp_path $1/tmp; uwsgi_temp_path $1/tmp; scgi_temp_path $1/tmp;
  sendfile on; tcp_nopush on; keepalive_requests 100000;
CONF
}

# origin: nginx in the origin's namespace serving one random file, logging every request's Range and bytes.
origin() {
	local d=$W/origin
	mkdir -p "$d/www" "$d/tmp"
	say "making a $(mib "$FILE_BYTES") MiB random file"
	head -c "$FILE_BYTES" /dev/urandom >"$d/www/file.bin"
	WANT=$(sha256sum "$d/www/file.bin" | cut -d' ' -f1)
	{
		nginxCommon "$d"
		echo "  server { listen ${ADDR[origin]}:80; root $d/www; }"
		echo "}"
	} >"$d/nginx.conf"
	inns origin nginx -p "$d" -e "$d/error.log" -c "$d/nginx.conf"
	URL=http://origin/file.bin
	waitURL h1 "$URL"
}

# nginxCache: nginx "slice 1m" + proxy_cache_lock in h1's namespace, in front of the origin, on port 8080.
nginxCache() {
	local d=$W/nginxcache
	rm -rf "$d"
	mkdir -p "$d/tmp" "$d/cache"
	{
		nginxCommon "$d"
		cat <<CONF
  proxy_cache_path $d/cache levels=1:2 keys_zone=slices:10m max_size=8g inactive=60m use_temp_path=off;
  server {
    listen ${ADDR[h1]}:8080;
    location / {
      slice 1m;
      proxy_cache slices;
      proxy_cache_key \$uri\$is_args\$args\$slice_range;
      proxy_set_header Range \$slice_range;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_cache_valid 200 206 1h;
      proxy_cache_lock on;
      proxy_pass http://${ADDR[origin]}:80;
    }
  }
}
CONF
	} >"$d/nginx.conf"
	inns h1 nginx -p "$d" -e "$d/error.log" -c "$d/nginx.conf"
	waitURL h1 "http://h1:8080/"
}
nginxCacheStop() { [ -s "$W/nginxcache/nginx.pid" ] && kill "$(cat "$W/nginxcache/nginx.pid")" 2>/dev/null || true; }

fleetPeers() { local n; for n in "${HOSTS[@]}"; do printf -- '--peer http://%s:7878 ' "$n"; done; }

# serve HOST [fresh]: start slget serve on HOST (a fresh cache unless told otherwise) and wait for it.
serve() {
	local n=$1 flags=() w
	[ "${2:-}" = fresh ] && rm -rf "$W/cache-$n"
	for w in $SERVE_FLAGS; do
		if [ "$w" = @fleet ]; then read -ra w <<<"$(fleetPeers)"; flags+=("${w[@]}"); else flags+=("$w"); fi
	done
	if [ -n "$MIXED" ]; then
		flags+=(--token "$MIXED_TOKEN")
		[[ " $GOSSIP_HOSTS " == *" $n "* ]] && flags+=(--gossip-port 7947)
	fi
	# ip itself, not the function inns: $! must be the serve, not a shell around it
	ip netns exec "$P-$n" "$SLGET" serve --cache "$W/cache-$n" --listen 0.0.0.0:7878 --allow origin "${flags[@]}" \
		>>"$W/serve-$n.log" 2>&1 &
	echo $! >"$W/serve-$n.pid"
	for _ in $(seq 100); do
		inns "$n" curl -sf -o /dev/null --max-time 2 "http://$n:7878/healthz" && kill -0 "$(cat "$W/serve-$n.pid")" && { SERVES+=("$n"); return 0; }
		kill -0 "$(cat "$W/serve-$n.pid")" 2>/dev/null || { cat "$W/serve-$n.log" >&2; die "serve on $n exited"; }
		sleep 0.1
	done
	die "serve on $n did not answer"
}
# settle: wait (30 s at most) until every serve sees every serve running as a healthy member, so that a wave
# starts on one view of the fleet (a serve's first checks of the others may predate their start).
settle() {
	local n i ok
	[[ " $SERVE_FLAGS " == *" @fleet "* || "$SERVE_FLAGS" == *--fleet-file* ]] || return 0
	for i in $(seq 150); do
		ok=1
		for n in "${SERVES[@]}"; do
			[ "$(inns "$n" curl -sf --max-time 2 "${AUTH[@]}" "http://$n:7878/fleet" 2>/dev/null | grep -o '"healthy":true' | wc -l)" -ge ${#SERVES[@]} ] || ok=
		done
		[ -n "$ok" ] && return 0
		sleep 0.2
	done
	say "the serves do not all see each other after 30 s; going on"
}
stopServes() {
	local n
	for n in "${SERVES[@]}"; do kill "$(cat "$W/serve-$n.pid")" 2>/dev/null || true; done
	for n in "${SERVES[@]}"; do while kill -0 "$(cat "$W/serve-$n.pid")" 2>/dev/null; do sleep 0.1; done; done
	SERVES=()
}
# served HOST: the body bytes HOST's serve has sent to clients (every codec and source), or "-" if it is gone.
served() {
	local m auth=("${AUTH[@]}")
	[ -n "$MIXED" ] && auth=(-H "Authorization: Bearer $MIXED_TOKEN")
	m=$(inns "$1" curl -sf --max-time 5 "${auth[@]}" "http://$1:7878/metrics" 2>/dev/null) || { echo -; return 0; }
	awk '/^slget_serve_sent_bytes_total/ { s += $2 } END { printf "%.0f", s }' <<<"$m"
}

# wave NAME [CLIENT FLAGS...]: the four clients at once; then one row of results.
wave() {
	local name=$1 n logoff sent0 start
	shift
	declare -A before=()
	for n in "${SERVES[@]}"; do before[$n]=$(served "$n"); done
	logoff=$(stat -c %s "$W/origin/access.log")
	sent0=$(originSent)
	local load0
	load0=$(cut -d' ' -f1-3 /proc/loadavg)
	say "$name: four clients at once"
	start=$(date +%s.%N)
	local pids=()
	for n in "${HOSTS[@]}"; do
		rm -rf "$W/dl-$n" && mkdir -p "$W/dl-$n"
		# @own: the serve of the client's own host alone (a host whose serve
		# joins later asks h1's meanwhile: it has none of its own yet)
		local args=() a own=$n
		[ "$name" = fourserve-join ] && [ "$n" = "$KILL_HOST" ] && own=h1
		for a in "$@"; do if [ "$a" = @own ]; then args+=(--peer "http://$own:7878"); else args+=("$a"); fi; done
		(
			s=$(date +%s.%N)
			set +e
			inns "$n" timeout -k 10 "$CLIENT_TIMEOUT" "$SLGET" --json --summary-interval 0 -x "$CONNS" -d "$W/dl-$n" -o file.bin \
				"${args[@]}" $CLIENT_FLAGS "$URL" >"$W/dl-$n.out" 2>"$W/dl-$n.err"
			rc=$?
			echo "$rc $s $(date +%s.%N)" >"$W/dl-$n.rc"
		) &
		pids+=($!)
	done
	local killer=
	case $name in
	fourserve-kill | fourserve-stop | fourserve-join | fourserve-restart)
		(
			if [ -n "$KILL_AT" ]; then
				sleep "$KILL_AT"
			else
				while [ $(($(originSent) - sent0)) -lt $((FILE_BYTES / 2)) ]; do sleep 0.2; done
			fi
			case $name in
			fourserve-kill) kill -KILL "$(cat "$W/serve-$KILL_HOST.pid")" ;;
			fourserve-stop) kill -STOP "$(cat "$W/serve-$KILL_HOST.pid")" ;;
			fourserve-join) serve "$KILL_HOST" fresh ;; # a member that was not there joins, its cache empty
			fourserve-restart) # killed and started again on its cache, as systemd restarts it
				kill -KILL "$(cat "$W/serve-$KILL_HOST.pid")"
				while kill -0 "$(cat "$W/serve-$KILL_HOST.pid")" 2>/dev/null; do sleep 0.05; done
				serve "$KILL_HOST" ;;
			esac
			echo "$(date +%s.%N) $(($(originSent) - sent0))" >"$W/killed"
		) &
		killer=$!
		;;
	esac
	wait "${pids[@]}"
	if [ -n "$killer" ]; then
		# the join and the restart must not be cut short by the wave's end
		case $name in fourserve-join | fourserve-restart) wait "$killer" 2>/dev/null || true ;; esac
		kill "$killer" 2>/dev/null || true
		wait "$killer" 2>/dev/null || true
	fi
	# A stopped serve goes on after the wave, to be stopped as the others are.
	[ "$name" = fourserve-stop ] && kill -CONT "$(cat "$W/serve-$KILL_HOST.pid")" 2>/dev/null || true
	local wall
	wall=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
	local origin_b
	origin_b=$(tail -c +$((logoff + 1)) "$W/origin/access.log" | awk '{ s += $2 } END { printf "%.0f", s }')
	# A peer a client gave up on says so on its stderr ("not asking it
	# again"): in a healthy fleet there is none.
	local drops
	drops=$(cat "$W"/dl-h?.err | grep -c "not asking it" || true)
	local times=() codes=() oks=() sends=() rc s e got
	for n in "${HOSTS[@]}"; do
		read -r rc s e <"$W/dl-$n.rc"
		times+=("$(awk -v a="$s" -v b="$e" 'BEGIN { printf "%.1f", b - a }')")
		got=-
		[ -f "$W/dl-$n/file.bin" ] && got=$(sha256sum "$W/dl-$n/file.bin" | cut -d' ' -f1)
		codes+=("$rc")
		if [ "$got" = "$WANT" ]; then oks+=(ok); else oks+=(BAD); fi
		[ "$rc" = 0 ] || { say "$name: client on $n exited $rc:"; tail -5 "$W/dl-$n.err" >&2; }
		rm -rf "$W/dl-$n"
	done
	# a member that joined during the wave is not in SERVES yet: its pid file says it runs
	[ "$name" = fourserve-join ] && [[ " ${SERVES[*]} " != *" $KILL_HOST "* ]] && SERVES+=("$KILL_HOST")
	for n in "${HOSTS[@]}"; do
		if [[ " ${SERVES[*]} " == *" $n "* ]]; then
			local now
			now=$(served "$n")
			if [ "$now" = - ]; then sends+=(killed); elif [ "${before[$n]:--}" = - ]; then sends+=("$(mib "$now")"); else sends+=("$(mib $((now - ${before[$n]})))"); fi
		else
			sends+=(-)
		fi
	done
	# nginx counts what it handed the kernel: with a host killed, what sat in
	# its sockets' buffers counts, though it never crossed the link; htb
	# counts what did (headers and TCP/IP too).
	say "$name: the origin's link carried $(mib $(($(originSent) - sent0))) MiB (htb's count, with headers)"
	local x
	x=$(awk -v o="$origin_b" -v f="$FILE_BYTES" 'BEGIN { printf "%.2f", o / f }')
	local load1
	load1=$(cut -d' ' -f1-3 /proc/loadavg)
	local cells=() i
	for i in 0 1 2 3; do cells+=("${times[$i]} (${codes[$i]}, ${oks[$i]})"); done
	printf '| %s | %s (%sx) | %s | %s | %s | %s | %s | %s |\n' "$name" "$(mib "$origin_b")" "$x" \
		"${cells[0]}" "${cells[1]}" "${cells[2]}" "${cells[3]}" "${sends[*]}" "$drops" | tee -a "$W/table.md"
	[ -s "$OUT" ] || echo "config,file_mib,origin_mib,origin_x,wall_s,h1_s,h1_exit,h1_sha,h2_s,h2_exit,h2_sha,h3_s,h3_exit,h3_sha,h4_s,h4_exit,h4_sha,serve_h1_mib,serve_h2_mib,serve_h3_mib,serve_h4_mib,killed_at_origin_mib,load_before,load_after,peers_dropped" >"$OUT"
	local killed=
	[ -s "$W/killed" ] && killed=$(mib "$(cut -d' ' -f2 "$W/killed")") && rm -f "$W/killed"
	{
		printf '%s,%s,%s,%s,%s' "$name" "$(mib "$FILE_BYTES")" "$(mib "$origin_b")" "$x" "$wall"
		for i in 0 1 2 3; do printf ',%s,%s,%s' "${times[$i]}" "${codes[$i]}" "${oks[$i]}"; done
		printf ',%s' "${sends[@]}"
		printf ',%s,%s,%s,%s\n' "$killed" "$load0" "$load1" "$drops"
	} >>"$OUT"
}

nocache() { wave nocache; }
oneserve() {
	stopServes
	serve h1 fresh
	wave oneserve --peer http://h1:7878
	stopServes
}
nginxslice() {
	nginxCache
	wave nginxslice --all-proxy http://h1:8080
	nginxCacheStop
}
peersAll() { local n; for n in "${HOSTS[@]}"; do printf -- '--peer\nhttp://%s:7878\n' "$n"; done; }
fourWave() { # name
	local args
	mapfile -t args < <(peersAll)
	[ "$CLIENT_PEERS" = own ] && args=(@own)
	wave "$1" "${args[@]}"
}
fourserve() {
	stopServes
	local n
	for n in "${HOSTS[@]}"; do serve "$n" fresh; done
	settle
	fourWave fourserve
	# the serves stay up, caches warm, for fourserve-warm
}
fourserveWarm() {
	[ ${#SERVES[@]} = 4 ] || fourserve
	fourWave fourserve-warm
	stopServes
}
fourserveKill() {
	stopServes
	local n
	for n in "${HOSTS[@]}"; do serve "$n" fresh; done
	settle
	fourWave fourserve-kill
	SERVES=("${SERVES[@]/$KILL_HOST/}")
	read -ra SERVES <<<"${SERVES[*]}"
	stopServes
}
fourserveStop() { # h3's serve SIGSTOPped midway: it takes connections and answers nothing
	stopServes
	local n
	for n in "${HOSTS[@]}"; do serve "$n" fresh; done
	settle
	fourWave fourserve-stop
	stopServes
}
fourserveJoin() { # KILL_HOST's serve is not there at first, and joins when the origin has sent half the file
	stopServes
	local n
	for n in "${HOSTS[@]}"; do [ "$n" = "$KILL_HOST" ] || serve "$n" fresh; done
	settle
	fourWave fourserve-join
	stopServes
}
fourserveRestart() { # KILL_HOST's serve is killed midway and started again on its cache
	stopServes
	local n
	for n in "${HOSTS[@]}"; do serve "$n" fresh; done
	settle
	fourWave fourserve-restart
	stopServes
}
fourserveMixed() { # GOSSIP_HOSTS keep the membership by gossip, the others by health checks; each client asks its own serve
	stopServes
	MIXED=1
	local n
	for n in "${HOSTS[@]}"; do serve "$n" fresh; done
	sleep "$SETTLE" # rounds of checks, joins and mDNS queries (every 5 s): the memberships settle
	for n in "${HOSTS[@]}"; do
		inns "$n" curl -sf --max-time 5 -H "Authorization: Bearer $MIXED_TOKEN" "http://$n:7878/fleet" >"$W/fleet-mixed-$n.json" || true
	done
	wave fourserve-mixed --peer-token "$MIXED_TOKEN" @own
	for n in "${HOSTS[@]}"; do # what each serve said of the mix: /fleet before the wave, its log after
		say "$n: /fleet $(grep -o '"membership":"[a-z ]*","mixed":true' "$W/fleet-mixed-$n.json" || echo 'not mixed'), $(grep -c 'a mixed fleet' "$W/serve-$n.log" || true) log lines of a mixed fleet"
	done
	stopServes
	MIXED=
}

if [ -z "${SLGET:-}" ]; then
	say "building slget from $ROOT"
	(cd "$ROOT" && nice go build -o "$W/slget" ./cmd/slget)
	SLGET=$W/slget
fi
[ -x "$SLGET" ] || die "SLGET=$SLGET is not an executable"
MCAST=$W/mcastcheck
(cd "$ROOT" && nice go build -o "$MCAST" ./bench/fleet/mcastcheck) || die "cannot build bench/fleet/mcastcheck (needs Go)"
mkdir -p "$(dirname "$OUT")"
net
multicast
origin
say "namespaces $P-*, origin at ${ADDR[origin]} shaped to $RATE, file $(mib "$FILE_BYTES") MiB, -x $CONNS, load $(cut -d' ' -f1-3 /proc/loadavg)"
{
	echo "| configuration | origin MiB (x file) | h1 s (exit, SHA-256) | h2 s | h3 s | h4 s | MiB sent by serve h1 h2 h3 h4 | peers dropped by clients |"
	echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
} | tee "$W/table.md"
for c in "${want[@]}"; do
	case $c in
	nocache) nocache ;; oneserve) oneserve ;; nginxslice) nginxslice ;; fourserve) fourserve ;;
	fourserve-warm) fourserveWarm ;; fourserve-kill) fourserveKill ;; fourserve-stop) fourserveStop ;;
	fourserve-join) fourserveJoin ;; fourserve-restart) fourserveRestart ;; fourserve-mixed) fourserveMixed ;;
	esac
done
stopServes
say "results in $OUT"
