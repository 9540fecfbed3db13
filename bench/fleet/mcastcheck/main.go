// mcastcheck proves that multicast crosses the fleet benchmark's bridge: run it with -listen on some
// hosts and with -send on one; each listener exits 0 once a datagram from another host arrives.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"os"
	"time"
)

func main() {
	group := flag.String("group", "239.77.0.1:7979", "the multicast `GROUP:PORT`")
	listen := flag.Bool("listen", false, "wait for one datagram sent to the group")
	send := flag.Bool("send", false, "send datagrams to the group until -wait is over")
	wait := flag.Duration("wait", 5*time.Second, "give up after `DURATION`")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), *wait)
	defer cancel()
	var err error
	switch {
	case *listen:
		err = receive(ctx, *group)
	case *send:
		err = transmit(ctx, *group)
	default:
		err = errors.New("give -listen or -send")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcastcheck:", err)
		os.Exit(1)
	}
}

// receive waits for one datagram to group and prints whom it came from.
func receive(ctx context.Context, group string) error {
	addr, err := net.ResolveUDPAddr("udp4", group)
	if err != nil {
		return err
	}
	c, err := net.ListenMulticastUDP("udp4", nil, addr)
	if err != nil {
		return err
	}
	defer c.Close()
	if dl, ok := ctx.Deadline(); ok {
		if err := c.SetReadDeadline(dl); err != nil {
			return err
		}
	}
	buf := make([]byte, 1500)
	n, from, err := c.ReadFromUDP(buf)
	if err != nil {
		return fmt.Errorf("no datagram to %s: %w", group, err)
	}
	fmt.Printf("%s from %s\n", buf[:n], from.IP)
	return nil
}

// transmit sends a datagram to group every 100 ms until ctx ends: the
// listeners may start after it.
func transmit(ctx context.Context, group string) error {
	addr, err := net.ResolveUDPAddr("udp4", group)
	if err != nil {
		return err
	}
	c, err := net.DialUDP("udp4", nil, addr)
	if err != nil {
		return err
	}
	defer c.Close()
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	for {
		if _, err := c.Write([]byte("slget-fleet")); err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}
