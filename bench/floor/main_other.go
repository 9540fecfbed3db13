// The floor of the promised file steps, where it cannot run: it calls
// Linux's fdatasync and extended attributes, so elsewhere it only says so.

//go:build !linux

package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "floor: runs on Linux only")
	os.Exit(2)
}
