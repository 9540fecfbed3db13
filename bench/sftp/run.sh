#!/usr/bin/env bash
# sftp:// on a long link: one OpenSSH sshd in a network namespace, the
# clients in another, the veth between them shaped by htb (RATE each way) and
# a round trip (RTT) added by bench/delayproxy in front of sshd, since this
# kernel has no netem. Each tool downloads one SIZE_MIB file RUNS times, in
# turn; prints wall time and the client's CPU per run, then the medians. CPU
# is perf stat's task-clock, which counts every process the tool started:
# /usr/bin/time misses lftp's ssh processes, which lftp does not wait for. Every output is compared
# with the source by SHA-256. Needs root; cleans up its namespaces, sshd,
# proxy and user on exit.
#   bench/sftp/run.sh SIZE_MIB RUNS [TOOL...]
#   TOOL: slget aria2c lftp curl scp, or slget1 (slget -x 1), old and old1
#   (the same with the binary SLGET_OLD) (default: the first five).
#   Environment: RATE=100mbit,
#   RTT=50ms, CONNS=8, SLGET=path (else built from this checkout), NET=10.78.0
set -euo pipefail
size=${1:?size in MiB}; runs=${2:?runs}; shift 2
tools=("$@"); [ ${#tools[@]} -gt 0 ] || tools=(slget aria2c lftp curl scp)
RATE=${RATE:-100mbit}; RTT=${RTT:-50ms}; CONNS=${CONNS:-8}; NET=${NET:-10.78.0}
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
[ "$(id -u)" = 0 ] || { echo "needs root (namespaces, tc, a password user)" >&2; exit 1; }
command -v perf >/dev/null || { echo "needs perf (apt-get install linux-perf)" >&2; exit 1; }
id=$(od -An -N3 -tx1 /dev/urandom | tr -d ' \n')
SRV=sftpb-srv-$id CLI=sftpb-cli-$id USERNAME=sftpb$id PASS=pw$id PORT=2222
dir=$(mktemp -d /tmp/slget-sftpbench.XXXXXX)
chmod 755 "$dir"
cleanup() {
	[ -f "$dir/delay.pid" ] && kill "$(cat "$dir/delay.pid")" 2>/dev/null || true
	[ -f "$dir/sshd.pid" ] && kill "$(cat "$dir/sshd.pid")" 2>/dev/null || true
	sleep 0.2
	ip netns del "$SRV" 2>/dev/null || true
	ip netns del "$CLI" 2>/dev/null || true
	pgrep -u "$USERNAME" | xargs -r kill 2>/dev/null || true # that user's leftover sessions
	userdel "$USERNAME" 2>/dev/null || true
	rm -rf "$dir"
}
trap cleanup EXIT

SLGET=${SLGET:-}
if [ -z "$SLGET" ]; then (cd "$ROOT" && go build -o "$dir/slget" ./cmd/slget); SLGET=$dir/slget; fi
(cd "$ROOT" && go build -o "$dir/delay" ./bench/sftp/delay)

# The password user aria2c needs (its sftp:// logs in by password only);
# its home is / so that a path in a URL reads the same relative or absolute.
useradd -M -d / -s /bin/sh "$USERNAME"
echo "$USERNAME:$PASS" | chpasswd
ssh-keygen -q -t ed25519 -N '' -f "$dir/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$dir/user_key"
cp "$dir/user_key.pub" "$dir/authorized_keys"; chmod 644 "$dir/authorized_keys"
head -c $((size << 20)) /dev/urandom >"$dir/f.bin"; chmod 644 "$dir/f.bin"
want=$(sha256sum "$dir/f.bin" | cut -d' ' -f1)

ip netns add "$SRV"; ip netns add "$CLI"
ip link add "sb$id" netns "$SRV" type veth peer name "sc$id" netns "$CLI"
ip -n "$SRV" addr add "$NET.1/24" dev "sb$id"; ip -n "$CLI" addr add "$NET.2/24" dev "sc$id"
for ns in "$SRV" "$CLI"; do ip -n "$ns" link set lo up; done
ip -n "$SRV" link set "sb$id" up; ip -n "$CLI" link set "sc$id" up
for pair in "$SRV sb$id" "$CLI sc$id"; do
	read -r ns dev <<<"$pair"
	ip netns exec "$ns" tc qdisc add dev "$dev" root handle 1: htb default 10
	ip netns exec "$ns" tc class add dev "$dev" parent 1: classid 1:10 htb rate "$RATE" ceil "$RATE"
done
if ip netns exec "$SRV" tc qdisc add dev lo root netem delay 1ms 2>/dev/null; then
	echo "note: netem works here; this script still adds the delay in userspace" >&2
	ip netns exec "$SRV" tc qdisc del dev lo root
fi

mkdir -p /run/sshd
cat >"$dir/sshd_config" <<CONF
Port 22
ListenAddress 127.0.0.1
HostKey $dir/host_key
AuthorizedKeysFile $dir/authorized_keys
PidFile $dir/sshd.pid
UsePAM no
StrictModes no
PasswordAuthentication yes
KbdInteractiveAuthentication no
MaxStartups 64
MaxSessions 64
Subsystem sftp internal-sftp
LogLevel VERBOSE
CONF
ip netns exec "$SRV" /usr/sbin/sshd -D -f "$dir/sshd_config" -E "$dir/sshd.log" &
# The delay in front of sshd: clients cross the shaped veth to it.
ip netns exec "$SRV" "$dir/delay" -listen "$NET.1:$PORT" -upstream 127.0.0.1:22 -rtt "$RTT" >"$dir/delay.addr" &
echo $! >"$dir/delay.pid"
for _ in $(seq 100); do [ -s "$dir/delay.addr" ] && grep -q "Server listening" "$dir/sshd.log" && break; sleep 0.05; done

host=$NET.1
echo "[$host]:$PORT $(cut -d' ' -f1,2 "$dir/host_key.pub")" >"$dir/known_hosts"
md1=$(cut -d' ' -f2 "$dir/host_key.pub" | base64 -d | sha1sum | cut -d' ' -f1)
sha256b64=$(cut -d' ' -f2 "$dir/host_key.pub" | base64 -d | sha256sum | cut -d' ' -f1 | xxd -r -p | base64 | tr -d '=')
path=$dir/f.bin
ssh_opts="-o UserKnownHostsFile=$dir/known_hosts -o StrictHostKeyChecking=yes -o IdentitiesOnly=yes -o IdentityFile=$dir/user_key"

cmd_for() {
	local out=$1
	case $2 in
	old) echo "SSH_AUTH_SOCK= ${SLGET_OLD:?} -q -x $CONNS --ssh-known-hosts $dir/known_hosts --private-key $dir/user_key -d $out -o f.bin sftp://$USERNAME@$host:$PORT$path" ;;
	old1) echo "SSH_AUTH_SOCK= ${SLGET_OLD:?} -q -x 1 --ssh-known-hosts $dir/known_hosts --private-key $dir/user_key -d $out -o f.bin sftp://$USERNAME@$host:$PORT$path" ;;
	slget1) echo "SSH_AUTH_SOCK= $SLGET -q -x 1 --ssh-known-hosts $dir/known_hosts --private-key $dir/user_key -d $out -o f.bin sftp://$USERNAME@$host:$PORT$path" ;;
	slget) echo "SSH_AUTH_SOCK= $SLGET -q -x $CONNS --ssh-known-hosts $dir/known_hosts --private-key $dir/user_key -d $out -o f.bin sftp://$USERNAME@$host:$PORT$path" ;;
	aria2c) echo "aria2c -q -x $CONNS -s $CONNS --ssh-host-key-md=sha-1=$md1 -d $out -o f.bin sftp://$USERNAME:$PASS@$host:$PORT$path" ;;
	lftp) echo "lftp -c \"set sftp:connect-program 'ssh -a -x $ssh_opts'; open sftp://$USERNAME:$PASS@$host:$PORT; pget -n $CONNS $path -o $out/f.bin\"" ;;
	curl) echo "curl -sS --hostpubsha256 $sha256b64 -u $USERNAME:$PASS -o $out/f.bin sftp://$host:$PORT$path" ;;
	scp) echo "SSH_AUTH_SOCK= scp -q -o BatchMode=yes $ssh_opts -P $PORT $USERNAME@$host:$path $out/f.bin" ;;
	*) echo "unknown tool $2" >&2; return 1 ;;
	esac
}

echo "link: veth, htb $RATE each way, RTT $RTT added by a userspace proxy; file ${size} MiB; -x/-n $CONNS"
declare -A walls cpus
for ((r = 1; r <= runs; r++)); do
	for t in "${tools[@]}"; do
		out=$dir/out-$t; rm -rf "$out"; mkdir -p "$out"
		cmd=$(cmd_for "$out" "$t")
		rc=0
		ip netns exec "$CLI" /usr/bin/time -f '%e %U %S' -o "$dir/time" \
			perf stat -x, -e task-clock -o "$dir/perf" -- bash -c "$cmd" >/dev/null 2>"$dir/err" </dev/null || rc=$?
		[ "$rc" = 0 ] || { echo "$t: exit $rc"; head -5 "$dir/err"; }
		got=$(sha256sum "$out/f.bin" 2>/dev/null | cut -d' ' -f1 || true)
		[ "$got" = "$want" ] || echo "$t: WRONG BYTES"
		read -r wall user sys < <(tail -1 "$dir/time")
		cpu=$(awk -F, '/task-clock/ { printf "%.2f", $1 / 1000 }' "$dir/perf")
		echo "run $r $t: wall ${wall}s, CPU ${cpu}s (task-clock of every process it started), user+sys of those waited for ${user}+${sys}s"
		walls[$t]+="$wall "; cpus[$t]+="$cpu "
		rm -rf "$out"
	done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
echo "medians over $runs runs (wall, client CPU: perf's task-clock of the tool and every process it started):"
for t in "${tools[@]}"; do
	w=$(echo "${walls[$t]}" | median); c=$(echo "${cpus[$t]}" | median)
	echo "  $t: ${w}s, CPU ${c}s, $(echo "scale=1; $size / $w" | bc) MiB/s"
done
echo "sshd logins: $(grep -cE 'Accepted (publickey|password) ' "$dir/sshd.log"), sftp channels: $(grep -c "subsystem 'sftp'" "$dir/sshd.log")"
