import type { ProjectDetails } from '../../../contract/entities.ts'
import { formatCount } from '~/lib/format.ts'
import { formatMoney, formatNumber } from '../../../contract/format.ts'

/** Cubic metres a day in one million gallons a day (US). */
const M3D_PER_MGD = 3785.41

const oneDecimal = (value: number) => formatNumber(Math.round(value * 10) / 10)

/**
 * The headline capacity in the project's own unit (backend/seed: 'm3/d' reads capacityM3d;
 * 'PE' capacityPeople; 'MGD' capacityM3d converted; 'Dry tonnes/year' capacityM3d holds tonnes).
 */
export function projectCapacity({ capacityUnit, capacityM3d, capacityPeople }: Pick<ProjectDetails, 'capacityUnit' | 'capacityM3d' | 'capacityPeople'>): string | null {
	if (capacityUnit === 'PE' && typeof capacityPeople === 'number') return `${formatCount(capacityPeople)} PE`
	if (typeof capacityM3d !== 'number') return null
	if (capacityUnit === 'MGD') return `${oneDecimal(capacityM3d / M3D_PER_MGD)} MGD`
	if (capacityUnit === 'Dry tonnes/year') return `${formatCount(Math.round(capacityM3d))} dry tonnes/year`
	return `${formatCount(Math.round(capacityM3d))} m3/d`
}

/** Costs are in millions: "US$14 million (EUR 13.1 million)". */
export function projectCost(cost: ProjectDetails['expectedCost']): string | null {
	if (!cost || typeof cost.cost !== 'number') return null
	const local = typeof cost.costLocalCurrency === 'number' && cost.localCurrency && cost.localCurrency !== 'USD' ? ` (${formatMoney(cost.costLocalCurrency, cost.localCurrency, { symbol: 'code', maximumFractionDigits: 1 })} million)` : ''
	return `${formatMoney(cost.cost, 'USD', { maximumFractionDigits: 1 })} million${local}`
}

export const usdMillions = (value: number | null) => (typeof value === 'number' ? `${formatMoney(value, 'USD', { maximumFractionDigits: 1 })} million` : '')
