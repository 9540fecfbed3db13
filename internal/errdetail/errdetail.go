// Package errdetail gives a sentinel error the particulars of one case: an
// error whose text is the particulars alone and which unwraps to the
// sentinel, so that errors.Is still finds the kind while a message can say
// "journal X is damaged: <particulars>" without the sentinel's own words.
package errdetail

import (
	"errors"
	"fmt"
)

type detail struct {
	kind error
	msg  string
}

func (d *detail) Error() string { return d.msg }
func (d *detail) Unwrap() error { return d.kind }

// New is kind with particulars, formatted as fmt.Sprintf does.
func New(kind error, format string, args ...any) error {
	return &detail{kind: kind, msg: fmt.Sprintf(format, args...)}
}

// Of returns the particulars that New gave err or an error it wraps, or
// err's own text when it has none.
func Of(err error) string {
	var d *detail
	if errors.As(err, &d) {
		return d.msg
	}
	return err.Error()
}
