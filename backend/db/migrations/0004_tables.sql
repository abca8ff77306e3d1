CREATE TABLE "company_facets" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"technologies" text[] DEFAULT '{}'::text[] NOT NULL,
	"technology_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"technology_subtypes" text[] DEFAULT '{}'::text[] NOT NULL,
	"expertises" text[] DEFAULT '{}'::text[] NOT NULL,
	"sectors" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_facets" ADD CONSTRAINT "company_facets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;