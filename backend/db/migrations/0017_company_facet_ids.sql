CREATE TABLE "company_facet_names" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "company_facet_names_name_unique" UNIQUE("name")
);
--> statement-breakpoint
-- The facets' names as they stand, each given an id; then each company's names as ids.
INSERT INTO "company_facet_names" ("name") SELECT DISTINCT unnest("technologies" || "technology_types" || "technology_subtypes" || "expertises" || "sectors") AS "name" FROM "company_facets" ORDER BY 1;
--> statement-breakpoint
CREATE TEMPORARY TABLE "company_facet_ids" AS SELECT f."company_id",
	array(SELECT n."id" FROM unnest(f."technologies") AS v JOIN "company_facet_names" n ON n."name" = v ORDER BY n."id") AS "technologies",
	array(SELECT n."id" FROM unnest(f."technology_types") AS v JOIN "company_facet_names" n ON n."name" = v ORDER BY n."id") AS "technology_types",
	array(SELECT n."id" FROM unnest(f."technology_subtypes") AS v JOIN "company_facet_names" n ON n."name" = v ORDER BY n."id") AS "technology_subtypes",
	array(SELECT n."id" FROM unnest(f."expertises") AS v JOIN "company_facet_names" n ON n."name" = v ORDER BY n."id") AS "expertises",
	array(SELECT n."id" FROM unnest(f."sectors") AS v JOIN "company_facet_names" n ON n."name" = v ORDER BY n."id") AS "sectors"
	FROM "company_facets" f;
--> statement-breakpoint
DELETE FROM "company_facets";--> statement-breakpoint
ALTER TABLE "company_facets" ALTER COLUMN "technologies" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "company_facets" ALTER COLUMN "technology_types" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "company_facets" ALTER COLUMN "technology_subtypes" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "company_facets" ALTER COLUMN "expertises" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "company_facets" ALTER COLUMN "sectors" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "company_facets" ALTER COLUMN "technologies" SET DATA TYPE integer[] USING '{}'::integer[];--> statement-breakpoint
ALTER TABLE "company_facets" ALTER COLUMN "technologies" SET DEFAULT '{}'::integer[];--> statement-breakpoint
ALTER TABLE "company_facets" ALTER COLUMN "technology_types" SET DATA TYPE integer[] USING '{}'::integer[];--> statement-breakpoint
ALTER TABLE "company_facets" ALTER COLUMN "technology_types" SET DEFAULT '{}'::integer[];--> statement-breakpoint
ALTER TABLE "company_facets" ALTER COLUMN "technology_subtypes" SET DATA TYPE integer[] USING '{}'::integer[];--> statement-breakpoint
ALTER TABLE "company_facets" ALTER COLUMN "technology_subtypes" SET DEFAULT '{}'::integer[];--> statement-breakpoint
ALTER TABLE "company_facets" ALTER COLUMN "expertises" SET DATA TYPE integer[] USING '{}'::integer[];--> statement-breakpoint
ALTER TABLE "company_facets" ALTER COLUMN "expertises" SET DEFAULT '{}'::integer[];--> statement-breakpoint
ALTER TABLE "company_facets" ALTER COLUMN "sectors" SET DATA TYPE integer[] USING '{}'::integer[];--> statement-breakpoint
ALTER TABLE "company_facets" ALTER COLUMN "sectors" SET DEFAULT '{}'::integer[];--> statement-breakpoint
INSERT INTO "company_facets" SELECT * FROM "company_facet_ids";--> statement-breakpoint
DROP TABLE "company_facet_ids";--> statement-breakpoint
-- A column whose type changes loses its statistics: without them the planner guessed 179 companies of an expertise that has 10,418.
ANALYZE "company_facets";
