// Command delay relays TCP connections to an upstream address with a round
// trip added (bench/delayproxy), for link benchmarks on kernels without
// the netem qdisc. It runs until SIGINT or SIGTERM.
//
//	delay -listen 10.78.0.1:2222 -upstream 127.0.0.1:22 -rtt 50ms
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/slget/slget/bench/delayproxy"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:0", "address to listen on")
	upstream := flag.String("upstream", "", "address to relay to")
	rtt := flag.Duration("rtt", 50*time.Millisecond, "round trip to add")
	flag.Parse()
	if *upstream == "" {
		fmt.Fprintln(os.Stderr, "delay: -upstream is needed")
		os.Exit(2)
	}
	p, err := delayproxy.Start(*listen, *upstream, *rtt)
	if err != nil {
		fmt.Fprintln(os.Stderr, "delay:", err)
		os.Exit(1)
	}
	fmt.Println(p.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	<-ctx.Done()
	p.Close()
}
