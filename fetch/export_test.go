// Names the external tests of package fetch use, exported to them alone.

package fetch

var (
	ProxyEnvFrom = proxyEnvFrom
	NoProxyMatch = noProxyMatch
	Sleep        = sleep
)

const MaxPeerRun = maxPeerRun
