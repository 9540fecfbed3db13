// Safe local file names from names the network gave us.

package fetch

import (
	"mime"
	"net/url"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"
)

// FilenameFromDisposition returns the sanitised filename of a
// Content-Disposition header value (filename* preferred, as RFC 6266 says),
// or "" if it has none that is usable.
func FilenameFromDisposition(v string) string {
	if v == "" {
		return ""
	}
	_, params, err := mime.ParseMediaType(v)
	if err != nil {
		return ""
	}
	return SanitizeFilename(params["filename"]) // mime decodes filename* into filename
}

// FilenameFromURL returns the sanitised last path segment of u, or "" if
// there is none (a bare host, a path ending in /).
func FilenameFromURL(u *url.URL) string {
	p := u.EscapedPath()
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		p = p[i+1:]
	}
	if s, err := url.PathUnescape(p); err == nil {
		p = s
	}
	return SanitizeFilename(p)
}

// SanitizeFilename makes a name from the network safe to create in the
// output directory: the base name only (no separators of either kind, so no
// absolute paths and no climbing out), no control or format characters, not
// "." or "..", no leading dots or dashes that would hide the file or read as
// an option, valid UTF-8, at most 200 bytes. It returns "" when nothing
// usable is left.
func SanitizeFilename(name string) string {
	name = strings.ToValidUTF8(name, "_")
	// Both separators: a name from a Windows server may use backslashes.
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	var b strings.Builder
	for _, r := range name {
		switch {
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == utf8.RuneError:
			b.WriteRune('_')
		case r == ':' || r == '*' || r == '?' || r == '"' || r == '<' || r == '>' || r == '|':
			b.WriteRune('_')
		default:
			b.WriteRune(r)
		}
	}
	name = strings.TrimSpace(b.String())
	name = strings.TrimLeft(name, ".-")
	name = strings.TrimRight(name, ". ")
	if len(name) > 200 {
		ext := path.Ext(name)
		if len(ext) > 20 {
			ext = ""
		}
		cut := 200 - len(ext)
		for cut > 0 && !utf8.RuneStart(name[cut]) {
			cut--
		}
		name = name[:cut] + ext
	}
	if name == "" || name == "." || name == ".." {
		return ""
	}
	return name
}
