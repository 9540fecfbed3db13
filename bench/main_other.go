// The benchmark where it cannot run: it drives aria2c, axel, curl and nginx
// through Unix process groups and rusage, so elsewhere it only says so.

//go:build !unix

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "bench: runs on Unix only (it drives aria2c, axel, curl and nginx in process groups)")
	os.Exit(2)
}
