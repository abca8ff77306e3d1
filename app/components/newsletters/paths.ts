/** Where the newsletters' own header leads. */
/** The issues listed with their date filter: the archive page's newsletter search card. */
export const ARCHIVE_PATH = '/pages/archive'
/** "/pages/newsletters (latest issue)". */
export const LATEST_PATH = '/pages/newsletters'
