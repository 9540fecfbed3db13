// The token a subcommand gives the slget serve it talks to (slget peers,
// slget cache ls): one spelling for one idea, the fleet token's flags and
// variable as downloads read them (--peer-token, --peer-token-file,
// SLGET_PEER_TOKEN), each subcommand's older spellings kept as aliases.

package main

import "github.com/urfave/cli/v2"

// askTokenFlags are peerTokenFlags for a subcommand that asks a serve for
// one of its pages: oldFlag, when not "", is an older name of
// --peer-token, and oldEnv an older variable read when SLGET_PEER_TOKEN is
// unset.
func askTokenFlags(oldFlag, oldEnv string) []cli.Flag {
	also := envPeerToken
	if oldEnv != "" {
		also += " (or " + oldEnv + ")"
	}
	f := &cli.StringFlag{Name: "peer-token", Usage: "the `TOKEN` of the slget serve (the fleet's token, its --token); also " + also + ", which keeps it out of ps"}
	if oldFlag != "" {
		f.Aliases = []string{oldFlag}
		f.Usage += "; --" + oldFlag + " is its older name"
	}
	return []cli.Flag{f,
		&cli.StringFlag{Name: "peer-token-file", Usage: "read the token from the first line of `FILE` (--peer-token wins over it, and it over " + envPeerToken + ")"},
	}
}

// readAskToken reads the token of askTokenFlags: --peer-token (or its
// alias), --peer-token-file, SLGET_PEER_TOKEN, then oldEnv.
func readAskToken(c *cli.Context, oldEnv string) (string, error) {
	tok, err := readToken(c, tokenSource{"peer-token", "peer-token-file", envPeerToken})
	if err != nil || tok != "" || oldEnv == "" {
		return tok, err
	}
	return readToken(c, tokenSource{"peer-token", "peer-token-file", oldEnv})
}
