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
// or "" if it has none that is usable. filename* may be in UTF-8 or
// ISO-8859-1 (RFC 5987), with or without a language tag.
func FilenameFromDisposition(v string) string {
	if v == "" {
		return ""
	}
	_, params, err := mime.ParseMediaType(v)
	if err != nil {
		return ""
	}
	// mime decodes a UTF-8 or US-ASCII filename* into "filename" but drops
	// an ISO-8859-1 one, leaving the plain filename or nothing.
	if raw, ok := dispositionParam(v, "filename*"); ok {
		if name, ok := decodeExtValue(raw); ok {
			if s := SanitizeFilename(name); s != "" {
				return s
			}
		}
	}
	return SanitizeFilename(params["filename"])
}

// dispositionParam returns the raw value of the parameter named name
// (case-insensitive) in a Content-Disposition value that mime has already
// parsed without error: a token, or a quoted string unquoted.
func dispositionParam(v, name string) (string, bool) {
	_, rest, _ := strings.Cut(v, ";")
	for rest != "" {
		rest = strings.TrimLeft(rest, " \t;")
		key, after, ok := strings.Cut(rest, "=")
		if !ok {
			return "", false
		}
		key = strings.TrimSpace(key)
		after = strings.TrimLeft(after, " \t")
		var val string
		if strings.HasPrefix(after, `"`) {
			var b strings.Builder
			i := 1
			for ; i < len(after) && after[i] != '"'; i++ {
				if after[i] == '\\' && i+1 < len(after) {
					i++
				}
				b.WriteByte(after[i])
			}
			val, rest = b.String(), after[min(i+1, len(after)):]
		} else {
			end := strings.IndexAny(after, "; \t")
			if end < 0 {
				end = len(after)
			}
			val, rest = after[:end], after[end:]
		}
		if strings.EqualFold(key, name) {
			return val, true
		}
	}
	return "", false
}

// decodeExtValue decodes an RFC 5987 ext-value, charset'language'text with
// the text percent-encoded, to UTF-8. The charsets are UTF-8, ISO-8859-1
// (each byte one rune) and US-ASCII; the language is ignored.
func decodeExtValue(v string) (string, bool) {
	charset, rest, ok := strings.Cut(v, "'")
	if !ok {
		return "", false
	}
	_, text, ok := strings.Cut(rest, "'")
	if !ok {
		return "", false
	}
	raw, err := url.PathUnescape(text)
	if err != nil {
		return "", false
	}
	switch strings.ToLower(charset) {
	case "utf-8":
		return raw, true // invalid bytes are replaced by SanitizeFilename
	case "us-ascii":
		for i := 0; i < len(raw); i++ {
			if raw[i] >= 0x80 {
				return "", false
			}
		}
		return raw, true
	case "iso-8859-1":
		b := make([]rune, 0, len(raw))
		for i := 0; i < len(raw); i++ {
			b = append(b, rune(raw[i]))
		}
		return string(b), true
	}
	return "", false
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
