// Slget --enable-rpc, a queue of downloads (package queue)
// behind aria2's JSON-RPC and XML-RPC (package aria2rpc), listening until
// a client asks it to shut down or a signal comes.

package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget/aria2rpc"
	"github.com/slget/slget/internal/version"
	"github.com/slget/slget/queue"
)

// daemon is one run of --enable-rpc.
type daemon struct {
	a    *app
	rc   rpcConfig
	root string
	c    *cli.Context
	q    *queue.Queue
	jobs *jobs
	// session is --save-session's file ("" for none), written every
	// interval (0: only at the end and on saveSession).
	session  string
	interval time.Duration
	input    string // --input-file: the downloads to put in line first
	stdin    io.Reader
}

func daemonAction(ctx context.Context, c *cli.Context, con *console, stdin io.Reader, conf *confFile) error {
	if c.Bool("daemon") && os.Getenv(detachedEnv) == "" {
		return detach(con)
	}
	cfg, err := readConfig(c)
	if err != nil {
		return err
	}
	if n := conf.note(); n != "" {
		cfg.notes = append(cfg.notes, n)
	}
	rc, err := readRPCConfig(c)
	if err != nil {
		return withCode(exitBadOption, err)
	}
	con.quiet = c.Bool("quiet")
	if err := con.openLog(c.String("log"), c.String("log-level")); err != nil {
		return err
	}
	defer con.closeLog()
	con.mode = progressNone
	for _, n := range cfg.notes {
		con.warnf("%s", n)
	}
	root, err := filepath.Abs(cfg.dir)
	if err != nil {
		return withCode(exitBadOption, fmt.Errorf("-d %s: %v", cfg.dir, err))
	}
	cfg.dir = root
	a, err := newApp(con, stdin, cfg)
	if err != nil {
		return err
	}
	if err := a.openShare(c); err != nil {
		return err
	}
	defer a.closeShare()
	d := &daemon{a: a, rc: rc, root: root, c: c, session: c.String("save-session"), input: c.String("input-file"), stdin: stdin}
	if d.interval, err = parseSeconds("save-session-interval", c.String("save-session-interval")); err != nil {
		return withCode(exitBadOption, err)
	}
	d.jobs = newJobs(a, c)
	a.hooks = hooksOf(c, con)
	return d.serve(ctx)
}

// errAsked ends the daemon's context when a client asks for shutdown.
var errAsked = errors.New("aria2.shutdown asked")

// serve runs the queue and the server until ctx ends or a client asks
// for shutdown.
//
// Decision: whichever comes first decides the exit code. A shutdown asked
// over RPC ends with 0 even if a signal comes while the downloads stop
// (a user's Ctrl-C after a front end's Quit, a service manager's SIGTERM):
// aria2c's clients asked for a clean stop and got one.
func (d *daemon) serve(outer context.Context) error {
	ctx, stop := context.WithCancelCause(outer)
	defer stop(nil)
	srv := &aria2rpc.Server{
		Root: d.root, Secret: d.rc.secret, AllowOriginAll: d.rc.allowOriginAll, AnyHost: d.rc.listenAll, MaxRequestSize: d.rc.maxRequest,
		Version: version.Version, PieceLength: d.a.cfg.slice,
		Options: d.jobs.globalOptions, ChangeOptions: d.changeGlobal, Check: d.jobs.check,
		Shutdown: func(bool) { stop(errAsked) }, PauseAdded: d.c.Bool("pause"),
	}
	if d.session != "" {
		srv.SaveSession = d.saveSession
	}
	d.q = queue.New(queue.Config{
		Jobs: d.a.cfg.jobs, Prepare: d.jobs.prepare, ErrorCode: exitCode, Notify: d.logEvents(func(ev queue.Event) {
			srv.Notify(ev)
			d.hook(ev)
		}),
	})
	srv.Queue = d.q
	defer d.q.Close()
	if err := d.restore(srv); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", d.rc.addr)
	if err != nil {
		return withCode(exitBadOption, fmt.Errorf("--rpc-listen-port: cannot listen on %s: %v", d.rc.addr, err))
	}
	scheme := "http"
	if d.rc.secure {
		cert, err := tls.LoadX509KeyPair(d.rc.cert, d.rc.key)
		if err != nil {
			ln.Close()
			return withCode(exitBadOption, fmt.Errorf("--rpc-certificate %s / --rpc-private-key %s: %v", d.rc.cert, d.rc.key, err))
		}
		ln = tls.NewListener(ln, &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12})
		scheme = "https"
	}
	if d.rc.listenAll && d.rc.secret == "" {
		con := d.a.con
		con.errorf("WARNING: --rpc-listen-all without --rpc-secret: anyone who reaches port %d can make this machine download anything into %s; give --rpc-secret", ln.Addr().(*net.TCPAddr).Port, d.root)
	}
	d.a.con.errorf("JSON-RPC on %s://%s/jsonrpc, XML-RPC on %s://%s/rpc (downloads into %s)", scheme, ln.Addr(), scheme, ln.Addr(), d.root)
	if d.interval > 0 && d.session != "" {
		go d.saveEvery(ctx)
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute, BaseContext: func(net.Listener) context.Context { return ctx }}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case <-ctx.Done():
	case err := <-done:
		if !errors.Is(err, http.ErrServerClosed) {
			return fmt.Errorf("RPC server: %v", err)
		}
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_ = hs.Shutdown(sctx)
	srv.CloseSockets()
	st := d.q.Stats()
	d.q.Close()           // its last events are out
	d.a.hooks.wait(outer) // and their hooks run, unless a signal came
	asked := errors.Is(context.Cause(ctx), errAsked)
	if d.session != "" {
		if err := d.saveSession(); err != nil {
			return err
		}
	}
	// A signal (not aria2.shutdown, nor one after it) that stops
	// downloads is an interruption, exit 7, as aria2c says "unfinished
	// downloads".
	if n := st.NumActive + st.NumWaiting; !asked && outer.Err() != nil && n > 0 {
		kept := "their partial files and journals are kept: add them again to resume"
		if d.session != "" {
			kept = "their partial files and journals are kept, and " + d.session + " lists them for --input-file"
		}
		return withCode(exitUnfinished, fmt.Errorf("stopped with %s unfinished; %s", plural(n, "download"), kept))
	}
	return nil
}

// changeGlobal applies changeGlobalOption: -j to the queue, the download
// options to the downloads added after.
func (d *daemon) changeGlobal(opts map[string]string) error {
	n, err := d.jobs.setGlobal(opts)
	if err != nil {
		return err
	}
	if n > 0 {
		d.q.SetJobs(n)
	}
	return nil
}

// hook runs the event hook of ev, if one is set, with the download's
// path: where its file is, or will be when out names it (getFiles's
// path), else "".
func (d *daemon) hook(ev queue.Event) {
	if d.a.hooks == nil {
		return
	}
	path := ""
	if in, err := d.q.Get(ev.GID); err == nil {
		path = in.Path
		if out := in.Spec.Options["out"]; path == "" && out != "" {
			path = filepath.Join(in.Spec.Options["dir"], filepath.FromSlash(out))
		}
	}
	d.a.hooks.event(ev.Kind, ev.GID.String(), path)
}
