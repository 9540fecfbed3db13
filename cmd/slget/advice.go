// Advice: what a user can do about an error, said in the command's flags
// (the library says it as slget.Remedy values).

package main

import (
	"fmt"
	"strings"

	"github.com/slget/slget"
)

// flagAdvice words a remedy in terms of this command's flags.
func flagAdvice(r slget.Remedy) string {
	switch r {
	case slget.RemedyWait:
		return "wait for it to finish"
	case slget.RemedyAgain:
		return "run the same command again to resume"
	case slget.RemedyFreeSpace:
		return "free some space"
	case slget.RemedyOverwrite:
		return "--allow-overwrite replaces it"
	case slget.RemedyAutoRename:
		return "--auto-file-renaming saves beside it"
	case slget.RemedyContinue:
		return "-c continues it if it is the start of this file"
	case slget.RemedyChecksum:
		return "--checksum checks it"
	case slget.RemedyRestart:
		return "--restart discards it"
	case slget.RemedyAllowRestart:
		return "run without --no-restart to start over"
	case slget.RemedyOtherName:
		return "-o saves under another name"
	case slget.RemedyShorterName:
		return "choose a shorter name with -o"
	case slget.RemedyOtherDir:
		return "choose another directory with -d"
	case slget.RemedyLargerSlice:
		return "choose a larger --slice"
	case slget.RemedyAgainAnew:
		return "run the same command again to download the new version from the start"
	case slget.RemedyLongerRetry:
		return "--retry-max-time SECONDS rides out a longer outage"
	case slget.RemedyLowerSpeed:
		return "run without --lowest-speed-limit (or with a lower one)"
	case slget.RemedyHostKeyDigest:
		return "--ssh-host-key-md=sha-256=HEX accepts that one key, once its fingerprint is checked"
	case slget.RemedyLogin:
		return "--ftp-user and --ftp-passwd (or the URL's user:password@) log in as another user; without them slget logs in as anonymous"
	}
	return r.String()
}

// advise adds to err what the user can do, in flags, when the library
// offers remedies for it.
func advise(err error) error {
	rs := slget.Remedies(err)
	if len(rs) == 0 {
		return err
	}
	return &advised{err: err, advice: sayFlags(rs)}
}

// adviceFor is "; " and the remedies rs in flags, or "" for none.
func adviceFor(rs []slget.Remedy) string {
	if len(rs) == 0 {
		return ""
	}
	return "; " + sayFlags(rs)
}

// sayFlags words remedies as flags: "a, b, or c".
func sayFlags(rs []slget.Remedy) string {
	words := make([]string, len(rs))
	for i, r := range rs {
		words[i] = flagAdvice(r)
	}
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + ", or " + words[len(words)-1]
}

// advised is an error with the user's options after it.
type advised struct {
	err    error
	advice string
}

func (a *advised) Error() string { return fmt.Sprintf("%v; %s", a.err, a.advice) }
func (a *advised) Unwrap() error { return a.err }
