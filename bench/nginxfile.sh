# Sourced by the nginx benches (bench/mirrors, bench/resume): a folder with
# a random file for nginx to serve, removed (and its nginx stopped) at exit,
# and free loopback ports.

# nginx_folder NAME SIZE_MIB sets dir, a new folder with www/f.bin of
# SIZE_MIB random MiB and logs/ and tmp/ for nginx, and want, the file's
# SHA-256.
nginx_folder() {
	dir=$(mktemp -d "/tmp/slget-$1.XXXXXX")
	trap 'kill $(cat "$dir/nginx.pid" 2>/dev/null) 2>/dev/null || true; rm -rf "$dir"' EXIT
	chmod 755 "$dir"
	mkdir -p "$dir/www" "$dir/logs" "$dir/tmp"
	head -c $(($2 << 20)) /dev/urandom >"$dir/www/f.bin"
	want=$(sha256sum "$dir/www/f.bin" | cut -d' ' -f1)
}

# free_port prints a loopback TCP port free now.
free_port() {
	python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
