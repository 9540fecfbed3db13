// rpcflags.go: aria2's options of the JSON-RPC daemon (--enable-rpc and
// the --rpc-* ones) and what they say together.

package main

import (
	"errors"
	"fmt"
	"net"
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/slget/slget"
)

const catDaemon = "Daemon (aria2's JSON-RPC)"

func rpcFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "enable-rpc", Category: catDaemon, Usage: "run as a download daemon that aria2's clients drive: aria2's JSON-RPC on /jsonrpc over HTTP and WebSocket; -d is the download root and the download options are the defaults of what it is given"},
		&cli.IntFlag{Name: "rpc-listen-port", Value: 6800, Category: catDaemon, Usage: "listen on `PORT` (0: any free port, said on stderr)"},
		&cli.BoolFlag{Name: "rpc-listen-all", Category: catDaemon, Usage: "listen on every interface, not only the loopback (give --rpc-secret too)"},
		&cli.StringFlag{Name: "rpc-secret", Category: catDaemon, Usage: "require `TOKEN` as every call's first parameter, \"token:TOKEN\", as aria2"},
		&cli.BoolFlag{Name: "rpc-allow-origin-all", Category: catDaemon, Usage: "answer web pages of any origin (CORS); without it a page not served from the loopback is refused"},
		&cli.StringFlag{Name: "rpc-max-request-size", Value: "2m", Category: catDaemon, Usage: "refuse a request over `SIZE`"},
		&cli.BoolFlag{Name: "rpc-secure", Category: catDaemon, Usage: "speak HTTPS and WSS, with --rpc-certificate and --rpc-private-key"},
		&cli.StringFlag{Name: "rpc-certificate", Category: catDaemon, Usage: "the PEM certificate `FILE` of --rpc-secure"},
		&cli.StringFlag{Name: "rpc-private-key", Category: catDaemon, Usage: "the PEM private key `FILE` of --rpc-secure"},
		&cli.BoolFlag{Name: "pause", Category: catDaemon, Usage: "with --enable-rpc: put each download added in line paused, until unpaused (a download's pause=false starts it)"},
	}
}

// rpcConfig is what the --rpc-* options say.
type rpcConfig struct {
	addr           string // HOST:PORT to listen on
	secret         string
	listenAll      bool
	allowOriginAll bool
	maxRequest     int64
	secure         bool
	cert, key      string
}

func readRPCConfig(c *cli.Context) (rpcConfig, error) {
	rc := rpcConfig{
		secret:         c.String("rpc-secret"),
		listenAll:      c.Bool("rpc-listen-all"),
		allowOriginAll: c.Bool("rpc-allow-origin-all"),
		secure:         c.Bool("rpc-secure"),
		cert:           c.String("rpc-certificate"),
		key:            c.String("rpc-private-key"),
	}
	port := c.Int("rpc-listen-port")
	if port < 0 || port > 65535 {
		return rc, fmt.Errorf("--rpc-listen-port %d: want 1024 to 65535 (or 0 for any free port)", port)
	}
	host := "127.0.0.1"
	if rc.listenAll {
		host = ""
	}
	rc.addr = net.JoinHostPort(host, strconv.Itoa(port))
	n, err := slget.ParseSize(c.String("rpc-max-request-size"))
	if err != nil || n <= 0 {
		return rc, fmt.Errorf("--rpc-max-request-size %q: want a size such as 2m", c.String("rpc-max-request-size"))
	}
	rc.maxRequest = n
	if rc.secure && (rc.cert == "" || rc.key == "") {
		return rc, errors.New("--rpc-secure needs --rpc-certificate and --rpc-private-key (PEM files)")
	}
	if !rc.secure && (rc.cert != "" || rc.key != "") {
		return rc, errors.New("--rpc-certificate and --rpc-private-key are used only with --rpc-secure")
	}
	for _, name := range []string{"out", "metalink-file"} {
		if c.IsSet(name) {
			return rc, fmt.Errorf("--%s names one download; with --enable-rpc give it to addUri", name)
		}
	}
	if c.Args().Len() > 0 {
		return rc, errors.New("--enable-rpc takes its downloads from its clients (and --input-file), not from the command line")
	}
	return rc, nil
}
