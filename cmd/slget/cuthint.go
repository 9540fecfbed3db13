// Advice for an answer cut short by a cache in front of the origin: which
// cache, why it cuts, and the ways around it.

package main

import (
	"errors"

	"github.com/slget/slget"
)

// cutAdvice returns advice for a person when err is (or wraps) a
// *slget.CutError, and "" otherwise: the cache cannot hold the file, so
// ask the origin without it, or make the cache hold or pass files this
// large.
func cutAdvice(err error) string {
	var ce *slget.CutError
	if !errors.As(err, &ce) {
		return ""
	}
	if ce.Varnish {
		return "varnish ends an answer early when its storage cannot hold the object (-s malloc,SIZE smaller than the file). " +
			"Give it storage larger than the file, have it pass files this large to the origin uncached " +
			"(set beresp.uncacheable in vcl_backend_response), or download from the origin directly."
	}
	return "A cache that cannot store the file may end its answers early. Give it room for the file, " +
		"have it pass files this large to the origin uncached, or download from the origin directly " +
		"(for a proxy: --no-proxy HOST)."
}
