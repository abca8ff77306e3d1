import { Link } from '@remix-run/react'
import type { Menu, MenuItem } from '../../../contract/pages.ts'
import { PRODUCT_NAME } from '../../../contract/constants.ts'
import { MenuLink } from './Header.tsx'

/** Our choice: the publisher's social accounts (spec: "social links"). */
const SOCIAL_LINKS = [
	{ name: 'LinkedIn', href: 'https://www.linkedin.com/' },
	{ name: 'X', href: 'https://x.com/' },
	{ name: 'YouTube', href: 'https://www.youtube.com/' },
]

export function Footer({ menu }: { menu: Menu | null }) {
	const columns = menu?.menuItems.filter((item) => item.placement === 'footer') ?? []
	return (
		<footer className="site-footer">
			<div className="container site-footer__columns">
				<FooterColumns columns={columns} />
			</div>
			<div className="container site-footer__legal">
				<p>
					<Link to="/consent">Cookie settings</Link>
				</p>
				<p>
					© {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
				</p>
			</div>
		</footer>
	)
}

/** The footer menu's columns, then the social links. */
function FooterColumns({ columns }: { columns: MenuItem[] }) {
	return (
		<>
			{columns.map((column) => (
				<section key={column.id} className="site-footer__column">
					<h2>{column.name}</h2>
					<ul>
						{(column.menuItemType === 'PageLinkList' ? column.pageLinks : [column]).map((item) => (
							<li key={item.id}>
								<MenuLink item={item} />
							</li>
						))}
					</ul>
				</section>
			))}
			<section className="site-footer__column">
				<h2>Follow us</h2>
				<ul>
					{SOCIAL_LINKS.map((link) => (
						<li key={link.name}>
							<a href={link.href} rel="noopener noreferrer" target="_blank">
								{link.name}
							</a>
						</li>
					))}
				</ul>
			</section>
		</>
	)
}
