import { defineConfig } from 'drizzle-kit'

export default defineConfig({
	dialect: 'postgresql',
	// One file per area beside the platform's schema.ts (an area's tables reference schema.ts's,
	// so schema.ts cannot re-export them without an import cycle).
	schema: ['./backend/db/schema.ts', './backend/db/schema-commerce.ts', './backend/db/schema-tables.ts', './backend/db/schema-alerts.ts'],
	out: './backend/db/migrations',
})
