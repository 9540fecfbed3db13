// Remedies: what a caller can do about an error, as values. The library's
// messages say what happened in plain words; a program (the command turns
// each into its flags) chooses how to offer them.

package slget

import (
	"errors"
	"fmt"

	"github.com/slget/slget/resume"
)

// Remedy is one thing a caller can do about a failed download, named by
// the Request or Client setting (or the action) that would help.
type Remedy int

// The remedies an error may offer, in the order a message lists them.
const (
	// RemedyWait: another download holds the output; wait for it to end.
	RemedyWait Remedy = iota + 1
	// RemedyAgain: run the same download again, which resumes it.
	RemedyAgain
	// RemedyFreeSpace: free some space on the file system of the output.
	RemedyFreeSpace
	// RemedyOverwrite: set Request.AllowOverwrite to replace what is there.
	RemedyOverwrite
	// RemedyAutoRename: set Request.AutoRename to save as NAME.1.ext.
	RemedyAutoRename
	// RemedyContinue: set Request.Continue to take over a partial file.
	RemedyContinue
	// RemedyChecksum: give Request.Checksum, which can prove a file.
	RemedyChecksum
	// RemedyRestart: set Request.Restart to discard a partial download.
	RemedyRestart
	// RemedyAllowRestart: leave Request.NoRestart unset, so that a changed
	// remote file starts the download over.
	RemedyAllowRestart
	// RemedyOtherName: save under another Request.Path.
	RemedyOtherName
	// RemedyShorterName: save under a shorter Request.Path.
	RemedyShorterName
	// RemedyOtherDir: save in another directory.
	RemedyOtherDir
	// RemedyLargerSlice: choose a larger Client.Slice.
	RemedyLargerSlice
	// RemedyAgainAnew: run the same download again, which starts over
	// with the remote file's new version.
	RemedyAgainAnew
	// RemedyLongerRetry: a longer Client.Retry.Budget rides out a longer
	// outage.
	RemedyLongerRetry
	// RemedyLowerSpeed: a lower Client.LowestSpeed, or none, lets a slow
	// server finish.
	RemedyLowerSpeed
	// RemedyHostKeyDigest: the SSH host key's digest, checked with its
	// owner, given as SFTPOptions.HostKeyMD, is the one key accepted.
	RemedyHostKeyDigest
	// RemedyLogin: another user and password (the URL's
	// user:password@, or FTPOptions.User and Password) may log in.
	RemedyLogin
)

// String says the remedy in plain words, without naming a setting.
func (r Remedy) String() string {
	switch r {
	case RemedyWait:
		return "wait for it to finish"
	case RemedyAgain:
		return "run the same download again to resume it"
	case RemedyFreeSpace:
		return "free some space"
	case RemedyOverwrite:
		return "allow overwriting to replace it"
	case RemedyAutoRename:
		return "allow renaming to save beside it"
	case RemedyContinue:
		return "continue it, if it is the start of this file"
	case RemedyChecksum:
		return "give a checksum to check it"
	case RemedyRestart:
		return "restart to discard it"
	case RemedyAllowRestart:
		return "allow starting over"
	case RemedyOtherName:
		return "save under another name"
	case RemedyShorterName:
		return "choose a shorter name"
	case RemedyOtherDir:
		return "choose another directory"
	case RemedyLargerSlice:
		return "choose a larger slice size"
	case RemedyAgainAnew:
		return "run the same download again to fetch the new version from the start"
	case RemedyLongerRetry:
		return "retry for longer"
	case RemedyLowerSpeed:
		return "lower the lowest speed, or set none"
	case RemedyHostKeyDigest:
		return "give the host key's digest, once checked, as the one key to accept"
	case RemedyLogin:
		return "give the user and password the server takes, in the URL (user:password@) or as the FTP login"
	}
	return fmt.Sprintf("Remedy(%d)", int(r))
}

// Remedies lists what can be done about err: those of the first error in
// its chain that offers any (a method Remedies() []Remedy), or for a
// journal that cannot be used, a restart that discards it.
func Remedies(err error) []Remedy {
	var r interface{ Remedies() []Remedy }
	if errors.As(err, &r) {
		return r.Remedies()
	}
	if errors.Is(err, ErrJournalCorrupt) || errors.Is(err, ErrJournalVersion) || errors.Is(err, resume.ErrExist) {
		return []Remedy{RemedyRestart}
	}
	return nil
}
