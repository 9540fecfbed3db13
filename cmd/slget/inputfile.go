// The -i FILE list in aria2's input-file format: URI lines, indented option
// lines under them, comments; read into entries plus what was wrong, by line.

package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/slget/slget"
	"github.com/slget/slget/queue"
)

// maxInputLine is the longest line an -i file may have.
const maxInputLine = 1 << 20

// inputEntry is one download: a URI line of an -i file with the indented
// option lines under it, or a URL given on the command line.
type inputEntry struct {
	line int        // the URI line's number, from 1; 0 for a command-line URL
	uris []string   // the URI, then its tab-separated mirrors
	meta *metaEntry // what a Metalink says of the file; nil for none
	opts entryOptions
}

// url is the URI the entry downloads.
func (e inputEntry) url() string { return e.uris[0] }

// lineNote is something said about one line of an -i file.
type lineNote struct {
	line int
	msg  string
}

// inputFile is an -i file read: the entries to download, the lines that
// were refused (their entries are not downloaded), and warnings (each said
// once, at its first line).
type inputFile struct {
	entries  []inputEntry
	bad      []lineNote
	warnings []lineNote
}

// parseInputFile reads aria2's input-file format:
//
//	# a comment
//	https://example.com/a.iso	https://mirror.example.net/a.iso
//	  out=b.iso
//	  dir=/srv/isos
//	  checksum=sha-256=0123…
//	  header=Authorization: Bearer xyz
//
// A line starting with blank space is an option of the URI line above it
// (blank lines between them too, as in aria2); one that is not NAME=VALUE
// is ignored with a warning, as aria2 ignores it;
// tab-separated URIs on one line are mirrors of one file (the first is
// used); blank lines and # comments are skipped; a UTF-8 byte-order mark
// at the start is skipped. A bad line (not a URL, an option before any
// URL, a bad option value, a line over 1 MiB) is reported by number and the
// entry it belongs to is dropped; the other entries stand. The error is
// only for a failure to read r.
// It is one pass over the lines, the entry being built its state, with a
// case per kind of line of aria2's format: long because the format is, and
// read top to bottom as aria2's manual lists it.
func parseInputFile(r io.Reader) (inputFile, error) {
	var (
		in      inputFile
		cur     *inputEntry // the entry whose options follow, nil when none or dropped
		dropped bool        // the option lines that follow belong to a refused URI line
		warned  = map[string]bool{}
	)
	flush := func() {
		if cur != nil {
			in.entries = append(in.entries, *cur)
		}
		cur = nil
	}
	bad := func(n int, format string, args ...any) {
		in.bad = append(in.bad, lineNote{n, fmt.Sprintf(format, args...)})
	}
	warnOnce := func(key string, n int, format string, args ...any) {
		if !warned[key] {
			warned[key] = true
			in.warnings = append(in.warnings, lineNote{n, fmt.Sprintf(format, args...)})
		}
	}
	// drop refuses the entry the option line n belongs to.
	drop := func(n int, format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		if cur != nil {
			msg += fmt.Sprintf("; the URL of line %d is skipped", cur.line)
		}
		bad(n, "%s", msg)
		cur, dropped = nil, true
	}
	br := bufio.NewReaderSize(r, 64<<10)
	var buf []byte // the line being read, reused
	for n := 1; ; n++ {
		raw, tooLong, err := readInputLine(br, buf[:0])
		if err == io.EOF {
			break
		}
		if err != nil {
			return in, err
		}
		buf = raw[:0]
		if n == 1 {
			raw = bytes.TrimPrefix(raw, []byte("\uFEFF"))
		}
		option := len(raw) > 0 && (raw[0] == ' ' || raw[0] == '\t')
		if tooLong {
			if option {
				drop(n, "longer than 1 MiB")
			} else {
				flush()
				bad(n, "longer than 1 MiB")
				dropped = true
			}
			continue
		}
		line := string(raw)
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		if option {
			if cur == nil {
				if !dropped {
					bad(n, "option %q before any URL: option lines are indented under the URL they apply to", t)
				}
				continue
			}
			name, value, ok := strings.Cut(t, "=")
			name, value = strings.TrimSpace(name), strings.TrimSpace(value)
			if !ok || name == "" {
				// aria2 reads such a line as an unknown option and ignores
				// it: the URL above it still downloads. A URL indented by
				// mistake (after a blank line, say) is not downloaded.
				if _, err := slget.ParseURL(t); err == nil {
					in.warnings = append(in.warnings, lineNote{n, fmt.Sprintf("%q is indented, so it is read as an option of the URL of line %d, and it is no NAME=VALUE option: ignored, as aria2 does (remove the indentation to download it)", t, cur.line)})
				} else {
					in.warnings = append(in.warnings, lineNote{n, fmt.Sprintf("%q: not an indented NAME=VALUE option (out=NAME, dir=DIR, checksum=sha-256=HEX, header=NAME: VALUE); ignored, as aria2 does", t)})
				}
				continue
			}
			known, err := cur.opts.Set(name, value)
			switch {
			case err != nil:
				drop(n, "%s=%s: %v", name, shown(name, value), err)
			case !known:
				warnOnce("opt "+name, n, "%s", unsupportedOption(name))
			}
			continue
		}
		flush()
		dropped = false
		var uris []string
		for _, u := range strings.Split(t, "\t") {
			if u = strings.TrimSpace(u); u != "" {
				uris = append(uris, u)
			}
		}
		if _, err := slget.ParseURL(uris[0]); err != nil || strings.Contains(uris[0], " ") {
			if err == nil {
				err = errors.New("a URL has no blank in it (separate mirrors by tabs)")
			}
			bad(n, "%v", err)
			dropped = true
			continue
		}
		cur = &inputEntry{line: n, uris: uris}
	}
	flush()
	return in, nil
}

// shown is an option's value as messages may show it: a header's value and
// a proxy's password may be secrets.
func shown(name, value string) string { return queue.Shown(name, value) }

// readInputLine reads one line without its line ending, appending it to
// line. A line longer than maxInputLine is read to its end and reported as
// tooLong, with its start.
func readInputLine(br *bufio.Reader, line []byte) (_ []byte, tooLong bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) <= maxInputLine+2 { // room for "\r\n"
				line = append(line, chunk...)
			} else {
				tooLong = true // keep what was read: its start tells an option line
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err == io.EOF && (len(line) > 0 || tooLong) {
			err = nil
		}
		if err != nil {
			return nil, false, err
		}
		line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
		if len(line) > maxInputLine {
			tooLong = true
		}
		return line, tooLong, nil
	}
}

// unsupportedOption says why an option of an -i file is ignored.
func unsupportedOption(name string) string {
	if hasWord(aria2InputOptions, name) {
		return fmt.Sprintf("option %s= of aria2 has no slget counterpart; ignored wherever it appears", name)
	}
	msg := fmt.Sprintf("unknown option %s=; ignored wherever it appears", name)
	best, bestD := "", 3
	for _, s := range strings.Fields(entryOptionNames) {
		if d := editDistance(name, s); d < bestD {
			best, bestD = s, d
		}
	}
	if best != "" {
		msg += fmt.Sprintf(" (did you mean %s=?)", best)
	}
	return msg
}

// aria2InputOptions are the options aria2's manual allows in an input file
// (aria2 1.36); entryOptionNames says which of them slget applies.
const aria2InputOptions = "all-proxy all-proxy-passwd all-proxy-user allow-overwrite allow-piece-length-change " +
	"always-resume async-dns auto-file-renaming bt-enable-hook-after-hash-check bt-enable-lpd " +
	"bt-exclude-tracker bt-external-ip bt-force-encryption bt-hash-check-seed bt-load-saved-metadata " +
	"bt-max-peers bt-metadata-only bt-min-crypto-level bt-prioritize-piece bt-remove-unselected-file " +
	"bt-request-peer-speed-limit bt-require-crypto bt-save-metadata bt-seed-unverified bt-stop-timeout " +
	"bt-tracker bt-tracker-connect-timeout bt-tracker-interval bt-tracker-timeout check-integrity " +
	"checksum conditional-get connect-timeout content-disposition-default-utf8 continue dir dry-run " +
	"enable-http-keep-alive enable-http-pipelining enable-mmap enable-peer-exchange file-allocation " +
	"follow-metalink follow-torrent force-save ftp-passwd ftp-pasv ftp-proxy ftp-proxy-passwd " +
	"ftp-proxy-user ftp-reuse-connection ftp-type ftp-user gid hash-check-only header " +
	"http-accept-gzip http-auth-challenge http-no-cache http-passwd http-proxy http-proxy-passwd " +
	"http-proxy-user http-user https-proxy https-proxy-passwd https-proxy-user index-out " +
	"lowest-speed-limit max-connection-per-server max-download-limit max-file-not-found " +
	"max-mmap-limit max-resume-failure-tries max-tries max-upload-limit metalink-base-uri " +
	"metalink-enable-unique-protocol metalink-language metalink-location metalink-os " +
	"metalink-preferred-protocol metalink-version min-split-size no-file-allocation-limit no-netrc " +
	"no-proxy out parameterized-uri pause pause-metadata piece-length proxy-method " +
	"realtime-chunk-checksum referer remote-time remove-control-file retry-wait reuse-uri " +
	"rpc-save-upload-metadata seed-ratio seed-time select-file split ssh-host-key-md " +
	"stream-piece-selector timeout uri-selector use-head user-agent"

// readInputFile reads -i name ("-" is stdin).
func readInputFile(name string, stdin io.Reader) (inputFile, error) {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return inputFile{}, fmt.Errorf("-i %s: %v", name, err)
		}
		defer f.Close()
		r = f
	}
	in, err := parseInputFile(r)
	if err != nil {
		return in, fmt.Errorf("-i %s: %v", name, err)
	}
	return in, nil
}
