// Tests of errdetail: the kind is found through the particulars and
// through wrapping, and the particulars are said alone.

package errdetail_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/slget/slget/internal/errdetail"
)

func TestDetail(t *testing.T) {
	kind := errors.New("journal is damaged")
	err := fmt.Errorf("open: %w", errdetail.New(kind, "record %d of %d", 3, 9))
	if !errors.Is(err, kind) {
		t.Errorf("errors.Is(%v, kind) = false", err)
	}
	if got := errdetail.Of(err); got != "record 3 of 9" {
		t.Errorf("Of = %q", got)
	}
	if got := errdetail.Of(kind); got != "journal is damaged" {
		t.Errorf("Of(a bare sentinel) = %q", got)
	}
}
