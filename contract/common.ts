/**
 * Shapes every product area's responses share (spec 000 §7): a link to another page, SEO
 * properties and the analytics page info.
 */
import { z } from 'zod'

export const LinkSchema = z.object({ name: z.string(), slug: z.string() })
export type Link = z.infer<typeof LinkSchema>

export const SeoPropertiesSchema = z.object({ title: z.string().nullish(), description: z.string().nullish(), keywords: z.string().nullish() })
export type SeoProperties = z.infer<typeof SeoPropertiesSchema>

export const AnalyticsPageInfoSchema = z.object({ pageType: z.string(), pageName: z.string(), slug: z.string() })
export type AnalyticsPageInfo = z.infer<typeof AnalyticsPageInfoSchema>
