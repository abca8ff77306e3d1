/**
 * Content-change notices through PostgreSQL (backend/db/content-changes.ts): what every
 * process of every host hears, over the test database (two listeners stand for two hosts).
 * - a notice sent on one connection reaches every listener;
 * - a listener whose connection is killed reconnects, empties everything once, and hears the next notice;
 * - `npm run cache:purge` sends the same notice.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterEach, expect, test } from 'vitest'
import { listenForContentChanges, sendContentChange, type ContentChange, type ContentChangeListener } from '../../backend/db/content-changes.ts'
import { useTestDatabase } from '../support/database.ts'

const run = promisify(execFile)
const database = useTestDatabase()
const listeners: ContentChangeListener[] = []
/** Generous: a notice arrives in milliseconds, but the machine may be busy. */
const WAIT_MS = 10_000
const quiet = { info: () => {}, warn: () => {}, error: () => {} }

afterEach(async () => {
	await Promise.all(listeners.splice(0).map((listener) => listener.close()))
})

async function listen() {
	const heard: ContentChange[] = []
	const listener = listenForContentChanges({ url: database.url, onChange: (change) => heard.push(change), log: quiet, reconnect: { firstDelayMs: 50, maxDelayMs: 500 } })
	listeners.push(listener)
	await listener.ready
	return heard
}

async function until(condition: () => boolean, what: string) {
	const deadline = Date.now() + WAIT_MS
	while (!condition()) {
		if (Date.now() > deadline) throw new Error(`waited ${WAIT_MS} ms for ${what}`)
		await new Promise((resolve) => setTimeout(resolve, 20))
	}
}

test('a notice sent on one connection reaches every listener, with its reason', async () => {
	const hostA = await listen()
	const hostB = await listen()
	await sendContentChange(database.db.$client, 'POST /opportunities')
	await until(() => hostA.length > 0 && hostB.length > 0, 'both listeners')
	expect(hostA.map((change) => change.reason)).toEqual(['POST /opportunities'])
	expect(hostB.map((change) => change.reason)).toEqual(['POST /opportunities'])
})

test('a listener whose connection is lost reconnects, empties everything once, and hears the next notice', async () => {
	const heard = await listen()
	const { rows } = await database.db.$client.query<{ pid: number }>(`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen %'`)
	expect(rows).toHaveLength(1)
	await database.db.$client.query('select pg_terminate_backend($1)', [rows[0]!.pid])
	await until(() => heard.length > 0, 'the reconnection')
	expect(heard.map((change) => change.reason)).toEqual(['reconnected'])
	await sendContentChange(database.db.$client, 'after the reconnection')
	await until(() => heard.length > 1, 'the next notice')
	expect(heard.map((change) => change.reason)).toEqual(['reconnected', 'after the reconnection'])
})

test('npm run cache:purge sends the same notice', async () => {
	const heard = await listen()
	const { stdout, stderr } = await run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'backend/db/cache-purge-cli.ts'], {
		env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: 'production' },
	})
	expect(`${stdout}${stderr}`).toContain('purge notice sent')
	await until(() => heard.length > 0, 'the purge notice')
	expect(heard.map((change) => change.reason)).toEqual(['npm run cache:purge'])
}, 60_000)
