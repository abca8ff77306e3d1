/**
 * Saved searches kept per user on the server (spec 001 §5): newest first, default
 * names, unique names ("This name is already in use."), rename, delete, only one's own.
 */
import { describe, expect, test } from 'vitest'
import { call, tokenFor } from '../support/api-identity.ts'
import { useTestApi } from '../support/test-api.ts'

const { database, api } = useTestApi()

describe('saved searches', () => {
	test('save, list newest first, unique names, rename, delete — and never another member’s', async () => {
		const token = await tokenFor(database.db, 'strategist@example.com')
		const other = await tokenFor(database.db, 'executive@example.com')
		expect((await call(api, 'GET', '/savedsearches?kind=companies')).status).toBe(401)
		expect((await call(api, 'GET', '/savedsearches?kind=companies', { token })).body.items).toEqual([])

		const first = await call(api, 'POST', '/savedsearches', { token, body: { kind: 'companies', url: '/companies?filters%5BExpertise%5D=Desalination' } })
		expect(first.status).toBe(200)
		expect(first.body.item.name).toMatch(/^Company search \d{2}-\d{2}-\d{4} - \d{2}:\d{2}$/)
		const second = await call(api, 'POST', '/savedsearches', { token, body: { kind: 'companies', name: 'Desal firms', url: '/companies?searchTerm=desal' } })
		expect(second.status).toBe(200)
		const duplicate = await call(api, 'POST', '/savedsearches', { token, body: { kind: 'companies', name: 'desal FIRMS', url: '/companies' } })
		expect(duplicate.status).toBe(409)
		expect(duplicate.body.errors).toEqual(['This name is already in use.'])
		expect((await call(api, 'POST', '/savedsearches', { token, body: { kind: 'companies', url: 'https://evil.example/' } })).status).toBe(400)

		const list = (await call(api, 'GET', '/savedsearches?kind=companies', { token })).body.items
		expect(list.map((item: any) => item.id)).toEqual([second.body.item.id, first.body.item.id])

		// Renaming to one's own name is allowed; to another's is not.
		expect((await call(api, 'PUT', `/savedsearches/${second.body.item.id}`, { token, body: { name: 'Desal firms' } })).status).toBe(200)
		const clash = await call(api, 'PUT', `/savedsearches/${second.body.item.id}`, { token, body: { name: first.body.item.name } })
		expect(clash.body.errors).toEqual(['This name is already in use.'])
		expect((await call(api, 'PUT', `/savedsearches/${first.body.item.id}`, { token: other, body: { name: 'Mine now' } })).status).toBe(404)
		expect((await call(api, 'POST', `/savedsearches/${first.body.item.id}/delete`, { token: other })).status).toBe(404)

		expect((await call(api, 'POST', `/savedsearches/${first.body.item.id}/delete`, { token })).status).toBe(200)
		expect((await call(api, 'GET', '/savedsearches?kind=companies', { token })).body.items.map((item: any) => item.name)).toEqual(['Desal firms'])
	})

	test('the list gives each saved search with its alert', async () => {
		const token = await tokenFor(database.db, 'strategist@example.com')
		const save = async (name: string) => (await call(api, 'POST', '/savedsearches', { token, body: { kind: 'projects', name, url: `/projecttracker?searchTerm=${encodeURIComponent(name)}` } })).body.item
		const alerted = await save('With an alert')
		const plain = await save('Without one')
		const alert = (await call(api, 'POST', '/alerts', { token, body: { savedSearchId: alerted.id, frequency: 'weekly' } })).body.item
		const list = (await call(api, 'GET', '/savedsearches?kind=projects', { token })).body.items
		expect(list.find((item: any) => item.id === alerted.id).alert).toEqual(alert)
		expect(list.find((item: any) => item.id === plain.id).alert).toBeNull()
		// The same alert as the alerts list gives it.
		expect((await call(api, 'GET', '/alerts', { token })).body.items).toContainEqual(alert)
	})

	test('one name saved 40 times at once is one row; the others are told the name is in use', async () => {
		const token = await tokenFor(database.db, 'strategist@example.com')
		const name = `Race ${Date.now()}`
		const answers = await Promise.all(Array.from({ length: 40 }, () => call(api, 'POST', '/savedsearches', { token, body: { kind: 'mergers', name, url: '/mergers' } })))
		expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
		for (const answer of answers.filter((answer) => answer.status !== 200)) {
			expect(answer.status).toBe(409)
			expect(answer.body.errors).toEqual(['This name is already in use.'])
		}
		const listed = (await call(api, 'GET', '/savedsearches?kind=mergers', { token })).body.items.filter((item: { name: string }) => item.name === name)
		expect(listed).toHaveLength(1)
	})
})
