// Aria2's options of the JSON-RPC daemon (--enable-rpc and
// the --rpc-* ones) and what they say together.

package main

import (
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"
)

const catDaemon = "Daemon (aria2's JSON-RPC and XML-RPC)"

func rpcFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: "enable-rpc", Category: catDaemon, Usage: "run as a download daemon that aria2's clients drive: aria2's JSON-RPC on /jsonrpc over HTTP and WebSocket, and its XML-RPC on /rpc; -d is the download root and the download options are the defaults of what it is given"},
		&cli.IntFlag{Name: "rpc-listen-port", Value: 6800, Category: catDaemon, Usage: "listen on `PORT` (0: any free port, said on stderr)"},
		&cli.BoolFlag{Name: "rpc-listen-all", Category: catDaemon, Usage: "listen on every interface, not only the loopback (give --rpc-secret too)"},
		&cli.StringFlag{Name: "rpc-secret", Category: catDaemon, Usage: "require `TOKEN` as every call's first parameter, \"token:TOKEN\", as aria2"},
		&cli.BoolFlag{Name: "rpc-allow-origin-all", Category: catDaemon, Usage: "answer web pages of any origin (CORS); without it a page not served from the loopback is refused"},
		&cli.StringFlag{Name: "rpc-max-request-size", Value: "2M", Category: catDaemon, Usage: "refuse a request over `SIZE` (bytes, or with K or M)"},
		&cli.BoolFlag{Name: "rpc-secure", Category: catDaemon, Usage: "speak HTTPS and WSS, with --rpc-certificate and --rpc-private-key"},
		&cli.StringFlag{Name: "rpc-certificate", Category: catDaemon, Usage: "the PEM certificate `FILE` of --rpc-secure"},
		&cli.StringFlag{Name: "rpc-private-key", Category: catDaemon, Usage: "the PEM private key `FILE` of --rpc-secure"},
		&cli.BoolFlag{Name: "daemon", Aliases: []string{"D"}, Category: catDaemon, Usage: "with --enable-rpc: run in the background, detached from the terminal, once it listens (as aria2c -D); its output then goes to --log only"},
		&cli.BoolFlag{Name: "pause", Category: catDaemon, Usage: "with --enable-rpc: put each download added in line paused, until unpaused (a download's pause=false starts it)"},
	}
}

// aria2Size reads a size as aria2's options take it: bytes, or a number
// followed by K or M (1024 and 1048576 bytes).
func aria2Size(s string) (int64, bool) {
	mult := int64(1)
	switch {
	case strings.HasSuffix(s, "K") || strings.HasSuffix(s, "k"):
		mult, s = 1<<10, s[:len(s)-1]
	case strings.HasSuffix(s, "M") || strings.HasSuffix(s, "m"):
		mult, s = 1<<20, s[:len(s)-1]
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n > (1<<40)/mult {
		return 0, false
	}
	return n * mult, true
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
	n, ok := aria2Size(c.String("rpc-max-request-size"))
	if !ok || n <= 0 {
		return rc, fmt.Errorf("--rpc-max-request-size %q: want a size such as 2M or 2097152", c.String("rpc-max-request-size"))
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
