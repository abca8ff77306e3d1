/** A page's card parameters as the API reads them (card-rules.ts has the rules, without zod). */
import { z } from 'zod'

/** The card parameters a page passes on when it loads (GET /pages/slug/{slug}, GET /{kind}/slug/{slug}): isCardParam's, repeated as in its URL. */
export const CardQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]))
