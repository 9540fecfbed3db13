// Tests of remoteKey: the address of the connection that brought a
// request's final answer, told by the transport's own GotConn hook.

package fetch

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
)

// After a redirect to another server, the address is the second
// server's; a request without the key is answered as before.
func TestRemoteOfFinalAnswer(t *testing.T) {
	final := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("hello")) }))
	t.Cleanup(final.Close)
	first := httptest.NewServer(http.RedirectHandler(final.URL+"/f", http.StatusFound))
	t.Cleanup(first.Close)
	c, err := NewClient(ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var remote atomic.Pointer[net.Addr]
	for _, ctx := range []context.Context{context.Background(), context.WithValue(context.Background(), remoteKey{}, &remote)} {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, first.URL+"/f", nil)
		resp, err := c.HTTP.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	if a := remote.Load(); a == nil || (*a).String() != final.Listener.Addr().String() {
		t.Errorf("remote %v, want the final server's %s", a, final.Listener.Addr())
	}
}
