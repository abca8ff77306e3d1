/**
 * A list of client addresses in a setting (METRICS_ALLOW): comma separated addresses
 * (`10.0.0.7`, `::1`), subnets (`10.0.0.0/8`, `fd00::/8`) and `loopback` (127.0.0.0/8 and ::1).
 */
import net from 'node:net'

export type AddressList = { has(address: string | undefined): boolean }

/** The list, or the first entry that is none of the above. */
export function parseAddressList(text: string): { list: AddressList } | { invalid: string } {
	const blocks = new net.BlockList()
	for (const raw of text.split(',')) {
		const entry = raw.trim()
		if (!entry) continue
		if (entry === 'loopback') {
			blocks.addSubnet('127.0.0.0', 8, 'ipv4')
			blocks.addAddress('::1', 'ipv6')
			continue
		}
		const [address, bits, extra] = entry.split('/')
		const family = net.isIPv4(address ?? '') ? 'ipv4' : net.isIPv6(address ?? '') ? 'ipv6' : null
		const prefix = Number(bits)
		if (!family || extra !== undefined) return { invalid: entry }
		if (bits === undefined) blocks.addAddress(address!, family)
		else if (/^\d+$/.test(bits) && prefix <= (family === 'ipv4' ? 32 : 128)) blocks.addSubnet(address!, prefix, family)
		else return { invalid: entry }
	}
	return {
		list: {
			has(address) {
				if (!address) return false
				// An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
				const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
				const family = net.isIPv4(plain) ? 'ipv4' : net.isIPv6(plain) ? 'ipv6' : null
				return family !== null && blocks.check(plain, family)
			},
		},
	}
}

/** The list of a setting already validated (backend/env.ts). */
export function addressList(text: string): AddressList {
	const parsed = parseAddressList(text)
	if ('invalid' in parsed) throw new Error(`Not an address, subnet or loopback: ${parsed.invalid}`)
	return parsed.list
}
