import { z } from 'zod'

/**
 * The site's configuration (README "Configuration"), validated once. server.ts fills
 * SESSION_SECRET from ./data when it is unset; a deployment under remix-serve sets it.
 */
const EnvSchema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
	PORT: z.coerce.number().int().positive().default(3000),
	/** Another host that speaks the content API contract; unset = the embedded API in-process. */
	API_BASE_URL: z.url().optional(),
	/** Canonical origin for links, sitemaps and sign-in redirects; unset = the request's origin. */
	PUBLIC_URL: z.url().optional(),
	SESSION_SECRET: z.string().min(16, 'SESSION_SECRET must be at least 16 characters (comma separated for rotation)'),
	CMS_URL: z.url().optional(),
})
export type Env = z.infer<typeof EnvSchema>

let cached: Env | undefined
export function getEnv(): Env {
	if (!cached) {
		const parsed = EnvSchema.safeParse(process.env)
		if (!parsed.success) throw new Error(`Invalid configuration: ${z.prettifyError(parsed.error)}`)
		cached = parsed.data
	}
	return cached
}

export const isProduction = () => getEnv().NODE_ENV === 'production'

/** Origin used in canonical links and structured data. */
export function publicOrigin(request: Request) {
	return (getEnv().PUBLIC_URL ?? new URL(request.url).origin).replace(/\/$/, '')
}
