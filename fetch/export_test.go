// Names the external tests of package fetch use, exported to them alone.

package fetch

import "github.com/slget/slget/internal/pause"

var (
	ProxyEnvFrom = proxyEnvFrom
	NoProxyMatch = noProxyMatch
	Sleep        = pause.Sleep
)

const MaxPeerRun = maxPeerRun
