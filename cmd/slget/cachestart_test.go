// Private instances of caches that store only whole answers, for the
// interop tests: Apache httpd with mod_cache_disk (CacheLock on) and
// Apache Traffic Server, each as a reverse proxy on loopback in front of
// one origin, with a cold cache in a temporary directory and their
// default cache settings. They skip on a developer's machine without the
// program, and fail in CI.

package main

import (
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// serviceUser is the user a server started as root drops to (it refuses
// to serve as root), to whom dir is given; nil when the tests do not run
// as root.
func serviceUser(t *testing.T, dir string, names ...string) *user.User {
	t.Helper()
	if os.Geteuid() != 0 {
		return nil
	}
	var u *user.User
	var err error
	for _, n := range append(names, "nobody") {
		if u, err = user.Lookup(n); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatalf("no user for the server to run as: %v", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	for d := dir; d != os.TempDir() && d != "/" && d != "."; d = filepath.Dir(d) {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	err = filepath.Walk(dir, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, uid, gid)
	})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// runServer starts cmd in its own process group, stops it at the end of
// the test (printing logs when the test failed), and waits until ready
// reports true or the server exits.
func runServer(t *testing.T, name string, cmd *exec.Cmd, logs []string, ready func() bool) {
	t.Helper()
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	ownGroup(cmd)
	cmd.WaitDelay = 2 * time.Second
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", name, err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	dump := func() string {
		s := out.String()
		for _, l := range logs {
			b, _ := os.ReadFile(l)
			s += fmt.Sprintf("\n%s:\n%s", l, b)
		}
		return s
	}
	t.Cleanup(func() {
		stopGroup(cmd, false)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			stopGroup(cmd, true)
			<-exited
		}
		if t.Failed() {
			t.Logf("%s: %s", name, dump())
		}
	})
	deadline := time.Now().Add(60 * time.Second)
	for !ready() {
		select {
		case <-exited:
			t.Fatalf("%s exited: %s", name, dump())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not start: %s", name, dump())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func listening(addr string) func() bool {
	return func() bool {
		c, err := net.DialTimeout("tcp", addr, 100*time.Millisecond)
		if err == nil {
			c.Close()
		}
		return err == nil
	}
}

// originBase is the scheme and host of a URL.
func originBase(t *testing.T, rawURL string) string {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	return u.Scheme + "://" + u.Host
}

// startApacheCache runs Apache httpd as a reverse proxy to origin (a
// scheme and host) with mod_cache_disk and CacheLock on, and returns its
// base URL. Every cache setting is Apache's default but one:
// CacheMaxFileSize, whose default (1 MB) stores no file worth ranges; the
// lines of extra (CacheHeader on, say) are added to its configuration.
func startApacheCache(t *testing.T, origin string, extra ...string) string {
	t.Helper()
	bin := requireTool(t, "apache2")
	mods := "/usr/lib/apache2/modules"
	if _, err := os.Stat(filepath.Join(mods, "mod_cache_disk.so")); err != nil {
		t.Fatalf("apache2's modules are not in %s: %v", mods, err)
	}
	dir := t.TempDir()
	for _, d := range []string{"cache", "lock", "logs"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	port := freePort(t)
	who := ""
	if u := serviceUser(t, dir, "www-data"); u != nil {
		who = "User " + u.Username + "\nGroup #" + u.Gid
	}
	conf := fmt.Sprintf(`ServerRoot %[1]s
PidFile %[1]s/httpd.pid
Listen 127.0.0.1:%[2]d
ServerName localhost
%[4]s
LoadModule mpm_event_module %[5]s/mod_mpm_event.so
LoadModule authz_core_module %[5]s/mod_authz_core.so
LoadModule proxy_module %[5]s/mod_proxy.so
LoadModule proxy_http_module %[5]s/mod_proxy_http.so
LoadModule cache_module %[5]s/mod_cache.so
LoadModule cache_disk_module %[5]s/mod_cache_disk.so
ErrorLog %[1]s/logs/error.log
LogLevel warn
LogFormat "%%>s \"%%{Range}i\" %%b" ranges
CustomLog %[1]s/logs/access.log ranges
CacheRoot %[1]s/cache
CacheEnable disk /
CacheLock on
CacheLockPath %[1]s/lock
CacheMaxFileSize 4000000000
ProxyPass / %[3]s/
ProxyPassReverse / %[3]s/
%[6]s
`, dir, port, origin, who, mods, strings.Join(extra, "\n"))
	path := filepath.Join(dir, "httpd.conf")
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	runServer(t, "apache2", exec.Command(bin, "-f", path, "-DFOREGROUND"),
		[]string{filepath.Join(dir, "logs", "error.log"), filepath.Join(dir, "logs", "access.log")}, listening(addr))
	return "http://" + addr
}

// startTrafficServer runs Apache Traffic Server as a reverse proxy to
// origin (a scheme and host), with its configuration, cache, logs and
// runtime files in a temporary directory (a runroot), and returns its base
// URL. Every cache setting is the default.
func startTrafficServer(t *testing.T, origin string) string {
	t.Helper()
	bin := requireTool(t, "traffic_server")
	dir := t.TempDir()
	for _, d := range []string{"etc", "log", "run", "cache", "var"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	port := freePort(t)
	runroot := fmt.Sprintf(`prefix: /usr
exec_prefix: /usr
bindir: /usr/bin
sbindir: /usr/sbin
sysconfdir: %[1]s/etc
datadir: /usr/share/trafficserver
includedir: /usr/include
libdir: /usr/lib/trafficserver
libexecdir: /usr/lib/trafficserver/modules
localstatedir: %[1]s/var
runtimedir: %[1]s/run
logdir: %[1]s/log
cachedir: %[1]s/cache
`, dir)
	files := map[string]string{
		"runroot.yaml":       runroot,
		"etc/remap.config":   "map / " + origin + "/\n",
		"etc/storage.config": filepath.Join(dir, "cache") + " 768M\n",
		"etc/ip_allow.yaml":  "ip_allow:\n  - apply: in\n    ip_addrs: 127.0.0.1\n    action: allow\n    methods: ALL\n",
		"etc/sni.yaml":       "sni: []\n",
		"etc/logging.yaml":   "logging: {}\n",
	}
	for _, f := range []string{"plugin.config", "hosting.config", "volume.config", "parent.config", "cache.config",
		"splitdns.config", "socks.config", "ssl_multicert.config", "strategies.yaml"} {
		files["etc/"+f] = ""
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.CopyFS(filepath.Join(dir, "etc", "body_factory"), os.DirFS("/etc/trafficserver/body_factory")); err != nil && !os.IsNotExist(err) {
		t.Logf("no body_factory pages: %v", err)
	}
	u := serviceUser(t, dir, "trafficserver")
	if u == nil {
		var err error
		if u, err = user.Current(); err != nil {
			t.Fatal(err)
		}
	}
	records := fmt.Sprintf("CONFIG proxy.config.http.server_ports STRING %d\nCONFIG proxy.config.admin.user_id STRING %s\n", port, u.Username)
	if err := os.WriteFile(filepath.Join(dir, "etc", "records.config"), []byte(records), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "TS_RUNROOT="+filepath.Join(dir, "runroot.yaml"))
	diags := filepath.Join(dir, "log", "diags.log")
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	up := listening(addr)
	runServer(t, "traffic_server", cmd, []string{diags}, func() bool {
		// Requests before the cache is up are answered, but not stored.
		b, _ := os.ReadFile(diags)
		return strings.Contains(string(b), "cache enabled") && up()
	})
	return "http://" + addr
}
