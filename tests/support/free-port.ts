import net from 'node:net'

/** A TCP port free on loopback right now (the OS picks it), for a server a test starts itself. */
export function freePort() {
	return new Promise<number>((resolve, reject) => {
		const probe = net.createServer().listen(0, '127.0.0.1', () => {
			const { port } = probe.address() as net.AddressInfo
			probe.close(() => resolve(port))
		})
		probe.on('error', reject)
	})
}
