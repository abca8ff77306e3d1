/** /newsletters on its own: the latest issue (/pages/newsletters finds it). */
import { redirect } from '@remix-run/node'
import { LATEST_PATH } from '~/components/newsletters/paths.ts'

export const loader = () => redirect(LATEST_PATH)
