import { DEMO_PASSWORD } from '../backend/seed/demo-accounts.ts'
const BASE = process.argv[2]
const cookies = new Map<string, string>()
const cookie = () => [...cookies].map(([n, v]) => `${n}=${v}`).join('; ')
async function request(url: string, form?: Record<string, string>) {
	const r = await fetch(new URL(url, BASE), { method: form ? 'POST' : 'GET', redirect: 'manual', headers: { Cookie: cookie(), ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded', Origin: BASE } : {}) }, body: form ? new URLSearchParams(form) : undefined })
	for (const h of r.headers.getSetCookie()) { const [p] = h.split(';'); const n = p.slice(0, p.indexOf('=')); const v = p.slice(p.indexOf('=') + 1); if (v === '' || /expires=Thu, 01 Jan 1970/i.test(h)) cookies.delete(n); else cookies.set(n, v) }
	return r
}
async function follow(url: string, form?: Record<string, string>) {
	let r = await request(url, form); let cur = new URL(url, BASE).href
	for (let i = 0; i < 20 && r.headers.get('location'); i++) { cur = new URL(r.headers.get('location')!, cur).href; r = await request(cur) }
	return await r.text()
}
const page = await follow('/login?returnUrl=%2F')
const action = [...page.matchAll(/<form method="post" action="([^"]+)"/g)].find(([, a]) => a.includes('/login'))![1]
await follow(action.replace(/&amp;/g, '&'), { email: 'strategist@example.com', password: DEMO_PASSWORD })
console.log(cookie())
