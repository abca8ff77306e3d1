/**
 * The embedded backend's configuration (README "Configuration"), validated with zod like
 * the site's (app/lib/env.server.ts): server.ts checks it once at start, so a typo in a
 * variable stops the server with a clear message instead of failing on the first request.
 * Read at call time (not cached): a process, or a test, may change its mode.
 */
import { z } from 'zod'
import { DEFAULT_API_AUDIENCE, DEFAULT_OIDC_CLIENT_ID } from '../contract/sign-in.ts'
import { parseAddressList } from './http/address-list.ts'

const flag = z.enum(['0', '1']).optional()
const port = (fallback: number) => z.coerce.number().int().min(1).max(65_535).default(fallback)

const BackendEnvSchema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
	PORT: port(3000),
	/** Interface to listen on ('0.0.0.0' in a container). */
	HOST: z.string().min(1).default('127.0.0.1'),
	/**
	 * 'demo' or 'production' (backend/mode.ts); unset = the demo on the embedded database,
	 * production on DATABASE_URL. 'demo' on DATABASE_URL: a test or staging copy of the demo.
	 */
	SITE_MODE: z.enum(['demo', 'production']).optional(),
	/** '1': seed the demo catalogue and accounts into an empty database in production too. */
	DEMO_DATA: flag,
	/** '1': the payment sandbox (test cards, no money taken) in production too (a staging host). */
	PAYMENT_SANDBOX: flag,
	/** Any PostgreSQL 14+; unset = the embedded cluster in DATA_DIR/postgres. */
	DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// or postgresql:// URL').optional(),
	EMBEDDED_DATABASE_PORT: port(5433),
	/** Where the embedded database and generated secrets live. */
	DATA_DIR: z.string().min(1).default('data'),
	PUBLIC_URL: z.url().optional(),
	/** Which proxies may set X-Forwarded-For (backend/http/forwarded.ts); unset = none. */
	TRUST_PROXY: z.string().optional(),
	/** Connections per process, and the database bounds (backend/db/client.ts). */
	DATABASE_POOL_SIZE: z.coerce.number().int().min(1).optional(),
	DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(1).optional(),
	DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).optional(),
	/** Set by server.ts from ./data when unset. */
	SESSION_SECRET: z.string().min(16, 'SESSION_SECRET must be at least 16 characters (comma separated for rotation)').optional(),
	OIDC_ISSUER: z.url().optional(),
	OIDC_CLIENT_ID: z.string().min(1).default(DEFAULT_OIDC_CLIENT_ID),
	OIDC_CLIENT_SECRET: z.string().min(1).optional(),
	API_AUDIENCE: z.string().min(1).default(DEFAULT_API_AUDIENCE),
	/** The embedded provider's private signing keys, a JWKS. */
	SIGNING_JWKS: z
		.string()
		.refine((text) => {
			try {
				return Array.isArray((JSON.parse(text) as { keys?: unknown }).keys)
			} catch {
				return false
			}
		}, 'SIGNING_JWKS must be a JWKS in JSON: {"keys": [...]}')
		.optional(),
	SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL').optional(),
	MAIL_FROM: z.string().min(1).optional(),
	/**
	 * Where the alert digests' jobs run (backend/alerts/jobs.ts): 'in-process' (default) in the
	 * site's process; 'off' when a separate `npm run worker` runs them.
	 */
	ALERT_JOBS: z.enum(['in-process', 'off']).default('in-process'),
	/** Multiplies the per-address rate limits (a staging or test host reached from one address). */
	RATE_LIMIT_SCALE: z.coerce.number().int().min(1).optional(),
	/** '0': no in-process copy of anonymous pages (backend/http/page-cache.ts); default on. */
	PAGE_CACHE: flag,
	/** '1': honour /ip-login?debugIPAddress= in production too (a staging host). */
	TRUST_DEBUG_IP: flag,
	/** '1' on a separate API host only the site can reach: believe its X-Client-Address. */
	TRUST_CLIENT_ADDRESS_HEADER: flag,
	/** How much the server logs (backend/logger.ts): request lines are info, health checks debug. */
	LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
	/** Who may read GET /metrics: comma separated addresses, subnets and `loopback` (backend/http/address-list.ts). */
	METRICS_ALLOW: z
		.string()
		.default('loopback')
		.superRefine((text, ctx) => {
			const parsed = parseAddressList(text)
			if ('invalid' in parsed) ctx.addIssue({ code: 'custom', message: `METRICS_ALLOW lists addresses, subnets (10.0.0.0/8) or loopback, comma separated: "${parsed.invalid}" is none of these` })
		}),
	/** Stripe Checkout instead of the embedded payment sandbox (backend/payments). */
	STRIPE_SECRET_KEY: z.string().min(1).optional(),
	/** Verifies Stripe's webhook signatures (required with STRIPE_SECRET_KEY for payments to activate). */
	STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
	/** Where document files are stored (GET /download, document downloads); default DATA_DIR/files. */
	FILE_STORAGE_DIR: z.string().min(1).optional(),
	/** Document storage in an S3-compatible bucket instead of the local folder (backend/files/s3-storage.ts). */
	S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots and hyphens)').optional(),
	/** Any S3-compatible service (MinIO, R2, ...); unset = AWS S3 in S3_REGION. */
	S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http:// or https:// URL' }).optional(),
	/** The bucket's region; unset: the AWS SDK's AWS_REGION (or AWS_DEFAULT_REGION), else us-east-1. */
	S3_REGION: z.string().min(1).optional(),
	AWS_REGION: z.string().min(1).optional(),
	AWS_DEFAULT_REGION: z.string().min(1).optional(),
	/** Explicit keys for the bucket; unset, the AWS SDK's credential chain (environment, profiles, roles). */
	S3_ACCESS_KEY_ID: z.string().min(1).optional(),
	S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
})
	.refine((env) => !env.STRIPE_SECRET_KEY || env.STRIPE_WEBHOOK_SECRET, {
		// Without it no payment would ever activate a membership.
		message: 'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY',
		path: ['STRIPE_WEBHOOK_SECRET'],
	})
	.refine((env) => !(env.PAYMENT_SANDBOX === '1' && env.STRIPE_SECRET_KEY), {
		// Which one takes a buyer's money must not depend on an order of precedence.
		message: 'PAYMENT_SANDBOX=1 and STRIPE_SECRET_KEY are exclusive: test payments or real ones',
		path: ['PAYMENT_SANDBOX'],
	})
	.refine((env) => !env.S3_ACCESS_KEY_ID === !env.S3_SECRET_ACCESS_KEY, {
		// One without the other signs nothing; without both the AWS SDK's credential chain applies.
		message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together (or leave both unset for the AWS SDK credential chain)',
		path: ['S3_ACCESS_KEY_ID'],
	})
export type BackendEnv = z.infer<typeof BackendEnvSchema>

/** Empty variables count as unset (`FOO= npm start`). */
const withoutBlanks = (env: Record<string, string | undefined>) => Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))

/** The backend's configuration now; throws one message naming every bad variable. */
export function backendEnv(env: Record<string, string | undefined> = process.env): BackendEnv {
	const parsed = BackendEnvSchema.safeParse(withoutBlanks(env))
	if (!parsed.success) throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`)
	return parsed.data
}
