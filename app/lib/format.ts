/** Dates render identically on the server and in the browser (fixed locale and zone). */
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
const shortDateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

export const formatDate = (iso: string | null | undefined) => (iso ? dateFormat.format(new Date(iso)) : '')
export const formatShortDate = (iso: string | null | undefined) => (iso ? shortDateFormat.format(new Date(iso)) : '')
export const formatCount = (n: number) => n.toLocaleString('en-GB')
