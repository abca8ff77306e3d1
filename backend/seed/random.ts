/**
 * Deterministic pseudo-random numbers for the seed (sfc32 seeded from a string hash).
 * Every area forks its own stream by label, so growing one area does not reshuffle the others.
 */

/** 32-bit FNV-1a hash of a string (used to derive stream seeds). */
export function hashString(text: string): number {
	let h = 0x811c9dc5
	for (let i = 0; i < text.length; i++) {
		h ^= text.charCodeAt(i)
		h = Math.imul(h, 0x01000193)
	}
	return h >>> 0
}

export const SEED = 'global-water-intelligence-2026'

export class Random {
	private a: number
	private b: number
	private c: number
	private d: number

	constructor(label: string = SEED) {
		this.a = hashString(label)
		this.b = hashString(`${label}#b`)
		this.c = hashString(`${label}#c`)
		this.d = 1
		for (let i = 0; i < 15; i++) this.next()
	}

	/** A new independent stream derived from this label. */
	static for(label: string) {
		return new Random(`${SEED}/${label}`)
	}

	/** sfc32: uniform float in [0, 1). */
	next(): number {
		this.a >>>= 0
		this.b >>>= 0
		this.c >>>= 0
		this.d >>>= 0
		let t = (this.a + this.b) | 0
		this.a = this.b ^ (this.b >>> 9)
		this.b = (this.c + (this.c << 3)) | 0
		this.c = (this.c << 21) | (this.c >>> 11)
		this.d = (this.d + 1) | 0
		t = (t + this.d) | 0
		this.c = (this.c + t) | 0
		return (t >>> 0) / 4294967296
	}

	/** Integer in [min, max] inclusive. */
	int(min: number, max: number): number {
		return min + Math.floor(this.next() * (max - min + 1))
	}

	float(min: number, max: number): number {
		return min + this.next() * (max - min)
	}

	chance(probability: number): boolean {
		return this.next() < probability
	}

	pick<T>(items: readonly T[]): T {
		return items[Math.floor(this.next() * items.length)]
	}

	/** Up to n distinct items, in random order. */
	sample<T>(items: readonly T[], n: number): T[] {
		const count = Math.min(n, items.length)
		if (count * 3 < items.length) {
			const chosen = new Set<number>()
			const out: T[] = []
			while (out.length < count) {
				const i = Math.floor(this.next() * items.length)
				if (chosen.has(i)) continue
				chosen.add(i)
				out.push(items[i])
			}
			return out
		}
		return this.shuffle(items).slice(0, count)
	}

	shuffle<T>(items: readonly T[]): T[] {
		const out = items.slice()
		for (let i = out.length - 1; i > 0; i--) {
			const j = Math.floor(this.next() * (i + 1))
			;[out[i], out[j]] = [out[j], out[i]]
		}
		return out
	}

	/** Pick by weights (same length as items). */
	weighted<T>(items: readonly T[], weights: readonly number[]): T {
		let total = 0
		for (const w of weights) total += w
		let r = this.next() * total
		for (let i = 0; i < items.length; i++) {
			r -= weights[i]
			if (r < 0) return items[i]
		}
		return items[items.length - 1]
	}

	/** Standard normal (Box-Muller). */
	normal(mean = 0, sd = 1): number {
		const u = 1 - this.next()
		const v = this.next()
		return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v)
	}

	/** Log-normal with the given median and log-space sigma. */
	logNormal(median: number, sigma: number): number {
		return median * Math.exp(this.normal(0, sigma))
	}

	/** A hex token of n bytes (for preview secrets and the like). */
	hex(bytes: number): string {
		let out = ''
		for (let i = 0; i < bytes; i++) out += this.int(0, 255).toString(16).padStart(2, '0')
		return out
	}
}
