CREATE TABLE "opportunities" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"country_id" integer NOT NULL,
	"organisation" text NOT NULL,
	"description" text NOT NULL,
	"contact_email" text NOT NULL,
	"value_usd_m" double precision,
	"closing_date" date,
	"project_id" integer,
	"created_by" integer,
	"is_draft" boolean DEFAULT false NOT NULL,
	"preview_secret" text,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_modified" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(organisation, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED,
	CONSTRAINT "opportunities_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "tracker_filters" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"params" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_country_id_geographies_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."geographies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_filters" ADD CONSTRAINT "tracker_filters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opportunities_search_idx" ON "opportunities" USING gin ("search");--> statement-breakpoint
CREATE INDEX "opportunities_published_idx" ON "opportunities" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "companies_index_columns_idx" ON "companies" USING btree ("id","show_as_page","headquarters_country_id","water_revenue_dollars","last_modified_date","name","digital_products");--> statement-breakpoint
CREATE INDEX "projects_tracker_columns_idx" ON "projects" USING btree ("date_last_modified","id","is_archived","country_id","capacity_m3d","progress","categories","project_types","subcategories","name");