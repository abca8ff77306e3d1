/**
 * Highcharts with its sunburst module, through highcharts-react-official: loaded only by
 * InteractiveChart once a page with a forecast chart has hydrated (React.lazy), so no other
 * page downloads it. The chart itself is the cards' (the same Highcharts instance, which the
 * sunburst module extends on import).
 */
import 'highcharts/esm/modules/sunburst.js'

export { default } from '../cards/chart-library.tsx'
