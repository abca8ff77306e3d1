import type { ReactNode } from 'react'

export type ChartFile = { format: string; label: string; href: string }

/**
 * A chart card's menu (spec 001 §2 "Charts"): a disclosure, so it opens without scripts, whose
 * files are plain links (the server draws and rasterises the card's own chart). Fullscreen is
 * the chart's own button (the Fullscreen API needs scripts); a database chart adds its
 * workbook, panels and "Ask an analyst" (`children`).
 */
export function ChartMenu({ files, children }: { files: ChartFile[]; children?: ReactNode }) {
	return (
		<details className="card__menu">
			<summary>Chart menu</summary>
			<div className="card__menu-items">
				{files.map(({ format, label, href }) => (
					<a key={format} href={href}>
						{label}
					</a>
				))}
				{children}
			</div>
		</details>
	)
}
