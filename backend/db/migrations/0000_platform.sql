CREATE TABLE "access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"entity" text NOT NULL,
	"slug" text NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adverts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"link" text NOT NULL,
	"image" text NOT NULL,
	"placement" text DEFAULT 'Right' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"body_text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(to_tsvector('english', coalesce(body_text, '')), 'C')) STORED,
	CONSTRAINT "applications_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "article_authors" (
	"article_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_authors_article_id_author_id_pk" PRIMARY KEY("article_id","author_id")
);
--> statement-breakpoint
CREATE TABLE "article_companies" (
	"article_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	CONSTRAINT "article_companies_article_id_company_id_pk" PRIMARY KEY("article_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "article_events" (
	"article_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	CONSTRAINT "article_events_article_id_event_id_pk" PRIMARY KEY("article_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "article_geographies" (
	"article_id" integer NOT NULL,
	"geography_id" integer NOT NULL,
	CONSTRAINT "article_geographies_article_id_geography_id_pk" PRIMARY KEY("article_id","geography_id")
);
--> statement-breakpoint
CREATE TABLE "article_industries" (
	"article_id" integer NOT NULL,
	"industry_id" integer NOT NULL,
	CONSTRAINT "article_industries_article_id_industry_id_pk" PRIMARY KEY("article_id","industry_id")
);
--> statement-breakpoint
CREATE TABLE "article_projects" (
	"article_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	CONSTRAINT "article_projects_article_id_project_id_pk" PRIMARY KEY("article_id","project_id")
);
--> statement-breakpoint
CREATE TABLE "article_technologies" (
	"article_id" integer NOT NULL,
	"technology_id" integer NOT NULL,
	CONSTRAINT "article_technologies_article_id_technology_id_pk" PRIMARY KEY("article_id","technology_id")
);
--> statement-breakpoint
CREATE TABLE "article_topics" (
	"article_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	CONSTRAINT "article_topics_article_id_topic_id_pk" PRIMARY KEY("article_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "article_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"body_text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(to_tsvector('english', coalesce(body_text, '')), 'C')) STORED,
	CONSTRAINT "article_types_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"headline" text NOT NULL,
	"standfirst" text,
	"alternate_standfirst" text,
	"lead_in" text,
	"body_text" text NOT NULL,
	"article_type_id" integer NOT NULL,
	"blog_type_id" integer,
	"sponsor_company_id" integer,
	"section" text,
	"image_url" text,
	"thumbnail" text,
	"is_editors_pick" boolean DEFAULT false NOT NULL,
	"is_partner_content" boolean DEFAULT false NOT NULL,
	"permission_levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_draft" boolean DEFAULT false NOT NULL,
	"preview_secret" text,
	"publication_date" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(headline, '')), 'A') || setweight(to_tsvector('english', coalesce(coalesce(standfirst, '') || ' ' || coalesce(lead_in, ''), '')), 'B') || setweight(to_tsvector('english', coalesce(regexp_replace(body_text, '<[^>]+>', ' ', 'g'), '')), 'C')) STORED,
	CONSTRAINT "articles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "authors" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"photo" text,
	"job_title" text,
	"description" text,
	"biography" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(to_tsvector('english', coalesce(biography, '')), 'C')) STORED,
	CONSTRAINT "authors_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "blog_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"body_text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(to_tsvector('english', coalesce(body_text, '')), 'C')) STORED,
	CONSTRAINT "blog_types_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" integer NOT NULL,
	"slice_id" integer,
	"card_type" text NOT NULL,
	"position" text DEFAULT 'Centre' NOT NULL,
	"width" text DEFAULT 'Full' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"legacy_id" integer,
	"name" text NOT NULL,
	"full_company_name" text,
	"company_name_alias" text,
	"headquarters_country_id" integer,
	"description" text,
	"body_text" text,
	"water_revenue" double precision,
	"water_revenue_currency" text,
	"water_revenue_dollars" double precision,
	"website" text,
	"primary_exchange" text,
	"logo" text,
	"show_as_page" boolean DEFAULT true NOT NULL,
	"is_partner" boolean DEFAULT false NOT NULL,
	"chemicals" text[] DEFAULT '{}'::text[] NOT NULL,
	"engineering_project_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"services" text[] DEFAULT '{}'::text[] NOT NULL,
	"digital_products" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(coalesce(company_name_alias, '') || ' ' || coalesce(description, ''), '')), 'B') || setweight(to_tsvector('english', coalesce(body_text, '')), 'C')) STORED,
	CONSTRAINT "companies_slug_unique" UNIQUE("slug"),
	CONSTRAINT "companies_legacy_id_unique" UNIQUE("legacy_id")
);
--> statement-breakpoint
CREATE TABLE "company_expertises" (
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"page_slug" text,
	CONSTRAINT "company_expertises_company_id_name_pk" PRIMARY KEY("company_id","name")
);
--> statement-breakpoint
CREATE TABLE "company_indicators" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"indicator" text NOT NULL,
	"indicator_display_name" text NOT NULL,
	"year" integer NOT NULL,
	"value" double precision NOT NULL,
	"currency" text NOT NULL,
	"value_usd" double precision NOT NULL,
	"unit" text DEFAULT 'm' NOT NULL,
	"footnote" text,
	"full_date" date
);
--> statement-breakpoint
CREATE TABLE "company_industries" (
	"company_id" integer NOT NULL,
	"industry_id" integer NOT NULL,
	CONSTRAINT "company_industries_company_id_industry_id_pk" PRIMARY KEY("company_id","industry_id")
);
--> statement-breakpoint
CREATE TABLE "company_technology_types" (
	"company_id" integer NOT NULL,
	"technology_type_id" integer NOT NULL,
	CONSTRAINT "company_technology_types_company_id_technology_type_id_pk" PRIMARY KEY("company_id","technology_type_id")
);
--> statement-breakpoint
CREATE TABLE "contexts" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"display_name" text,
	"html_description" text,
	"body_text" text,
	"author_names" text[] DEFAULT '{}'::text[] NOT NULL,
	"permission_levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_expanded" boolean DEFAULT false NOT NULL,
	"publication_date" timestamp with time zone NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(coalesce(display_name, name), '')), 'A') || setweight(to_tsvector('english', coalesce(html_description, '')), 'B') || setweight(to_tsvector('english', coalesce(body_text, '')), 'C')) STORED,
	CONSTRAINT "contexts_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "dated_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"organisation_id" integer,
	"role_id" integer NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"is_renewable" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image" text,
	"document_type" text NOT NULL,
	"extension" text DEFAULT 'pdf' NOT NULL,
	"file_path" text,
	"sample_file_path" text,
	"is_hyperlink" boolean DEFAULT false NOT NULL,
	"permission_levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"sample_permission_levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_draft" boolean DEFAULT false NOT NULL,
	"preview_secret" text,
	"publication_date" timestamp with time zone NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(to_tsvector('english', coalesce('', '')), 'C')) STORED,
	CONSTRAINT "documents_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"body_text" text,
	"logo" text,
	"hero_image" text,
	"thumbnail" text,
	"is_partner_event" boolean DEFAULT false NOT NULL,
	"location" text,
	"project_region" text,
	"country_id" integer,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"website_url" text,
	"register_url" text,
	"contact_email" text,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(coalesce(location, '') || ' ' || coalesce(description, ''), '')), 'B') || setweight(to_tsvector('english', coalesce(body_text, '')), 'C')) STORED,
	CONSTRAINT "events_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "forecast_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "forecast_definitions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "forecast_dimension_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"display_name" text NOT NULL,
	"parent_value" text,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forecast_facts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"measure" text NOT NULL,
	"country_id" integer NOT NULL,
	"expenditure_type" text DEFAULT '' NOT NULL,
	"utility_industrial" text DEFAULT '' NOT NULL,
	"sector" text DEFAULT '' NOT NULL,
	"application" text DEFAULT '' NOT NULL,
	"industry_subsector" text DEFAULT '' NOT NULL,
	"technology" text DEFAULT '' NOT NULL,
	"technology_type" text DEFAULT '' NOT NULL,
	"market_subcategory" text DEFAULT '' NOT NULL,
	"chemical_type" text DEFAULT '' NOT NULL,
	"product_type" text DEFAULT '' NOT NULL,
	"forecast_application" text DEFAULT '' NOT NULL,
	"year" integer NOT NULL,
	"value_usd_m" double precision NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forecast_releases" (
	"measure" text PRIMARY KEY NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"min_year" integer NOT NULL,
	"max_year" integer NOT NULL,
	"default_min_year" integer NOT NULL,
	"default_max_year" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "geographies" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"is_region" boolean DEFAULT false NOT NULL,
	"region_id" integer,
	"description" text,
	"body_text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(to_tsvector('english', coalesce(body_text, '')), 'C')) STORED,
	CONSTRAINT "geographies_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "industrial_subsectors" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"body_text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(to_tsvector('english', coalesce(body_text, '')), 'C')) STORED,
	CONSTRAINT "industrial_subsectors_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"body_text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(to_tsvector('english', coalesce(body_text, '')), 'C')) STORED,
	CONSTRAINT "industries_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "menu_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"link" text,
	"menu_item_type" text NOT NULL,
	"is_external" boolean DEFAULT false NOT NULL,
	"required_permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"display_with_strategist_tag" boolean DEFAULT false NOT NULL,
	"submenu_name_override" text,
	"placement" text DEFAULT 'header' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "menus_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "merger_companies" (
	"merger_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "merger_companies_merger_id_company_id_role_pk" PRIMARY KEY("merger_id","company_id","role")
);
--> statement-breakpoint
CREATE TABLE "mergers" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"year" integer NOT NULL,
	"announced_date" date,
	"target_name" text NOT NULL,
	"vendor_name" text,
	"acquiror_name" text NOT NULL,
	"acquiror_type" text,
	"merger_sector" text,
	"target_country_id" integer,
	"vendor_country_id" integer,
	"acquiror_country_id" integer,
	"percent_acquired" double precision,
	"price_local" double precision,
	"price_currency" text,
	"price_dollars" double precision,
	"revenue" double precision,
	"revenue_currency" text,
	"profit" double precision,
	"profit_currency" text,
	"deal_completed" boolean DEFAULT true NOT NULL,
	"description" text,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(target_name || ' ' || acquiror_name, '')), 'A') || setweight(to_tsvector('english', coalesce(vendor_name, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED,
	CONSTRAINT "mergers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "metered_access" (
	"user_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"date_access_granted" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metered_access_user_id_article_id_pk" PRIMARY KEY("user_id","article_id")
);
--> statement-breakpoint
CREATE TABLE "newsletter_components" (
	"id" serial PRIMARY KEY NOT NULL,
	"newsletter_id" integer NOT NULL,
	"component_type" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"publication_frequency" text NOT NULL,
	"theme_colour" text NOT NULL,
	"banner_image" text,
	"permission_levels" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "newsletter_definitions_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "newsletters" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"definition_id" integer NOT NULL,
	"name" text NOT NULL,
	"edition" text NOT NULL,
	"is_draft" boolean DEFAULT false NOT NULL,
	"preview_secret" text,
	"published" timestamp with time zone NOT NULL,
	"banner_image" text,
	"cover_image" text,
	"theme_colour" text,
	"presentation_version" text DEFAULT 'V2' NOT NULL,
	"see_more_link" text,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(edition, '')), 'B') || setweight(to_tsvector('english', coalesce('', '')), 'C')) STORED,
	CONSTRAINT "newsletters_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "no_access_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"message" text NOT NULL,
	CONSTRAINT "no_access_messages_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"email" text NOT NULL,
	"join_type" text NOT NULL,
	"membership" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"buying_as" text DEFAULT 'individual' NOT NULL,
	"organisation_name" text,
	"vat_number" text,
	"address" jsonb,
	"payment_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_ip_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"cidr" "cidr" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"reference" text NOT NULL,
	"parent_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"headline" text,
	"description" text,
	"body_text" text,
	"banner_image" text,
	"thumbnail" text,
	"permission_levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"seo" jsonb,
	"publication_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(to_tsvector('english', coalesce(body_text, '')), 'C')) STORED,
	CONSTRAINT "pages_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "project_companies" (
	"project_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "project_companies_project_id_company_id_role_pk" PRIMARY KEY("project_id","company_id","role")
);
--> statement-breakpoint
CREATE TABLE "project_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"organisation" text,
	"phone" text,
	"email" text
);
--> statement-breakpoint
CREATE TABLE "project_costs" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"cost_usd" double precision,
	"cost_local_currency" double precision,
	"local_currency" text,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "project_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"cost_usd" double precision,
	"status" text,
	"progress" text
);
--> statement-breakpoint
CREATE TABLE "project_technologies" (
	"project_id" integer NOT NULL,
	"technology_id" integer NOT NULL,
	CONSTRAINT "project_technologies_project_id_technology_id_pk" PRIMARY KEY("project_id","technology_id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text,
	"short_status" text,
	"structure" text,
	"progress" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"subcategories" text[] DEFAULT '{}'::text[] NOT NULL,
	"project_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"build_type" text,
	"capacity_m3d" double precision,
	"capacity_people" integer,
	"capacity_unit" text,
	"disposal_routes" text[] DEFAULT '{}'::text[] NOT NULL,
	"treatment_levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"client_name" text,
	"utility_id" integer,
	"region" text,
	"country_id" integer,
	"state" text,
	"date_added" timestamp with time zone NOT NULL,
	"date_last_modified" timestamp with time zone NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(coalesce(client_name, '') || ' ' || coalesce(short_status, ''), '')), 'B') || setweight(to_tsvector('english', coalesce(coalesce(description, '') || ' ' || coalesce(status, ''), '')), 'C')) STORED,
	CONSTRAINT "projects_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"subtitle" text,
	"url" text NOT NULL,
	"preferences" jsonb,
	"last_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slices" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_kind" text NOT NULL,
	"owner_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"visibility" text DEFAULT 'standard' NOT NULL,
	"permission_levels" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "technologies" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"body_text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(to_tsvector('english', coalesce(body_text, '')), 'C')) STORED,
	CONSTRAINT "technologies_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "technology_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"node_type" text NOT NULL,
	"technology_id" integer NOT NULL,
	"parent_id" integer,
	"description" text,
	"body_text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(to_tsvector('english', coalesce(body_text, '')), 'C')) STORED,
	CONSTRAINT "technology_types_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"body_text" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(to_tsvector('english', coalesce(body_text, '')), 'C')) STORED,
	CONSTRAINT "topics_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text,
	"last_name" text,
	"job_title" text,
	"organisation_id" integer,
	"subject" text NOT NULL,
	"has_complete_profile" boolean DEFAULT true NOT NULL,
	"has_opted_out_of_usage_report" boolean DEFAULT false NOT NULL,
	"strategy_menu_enabled" boolean,
	"preview_data" boolean DEFAULT false NOT NULL,
	"show_renewal_messaging" boolean DEFAULT false NOT NULL,
	"last_trial_requested_at" timestamp with time zone,
	"interests" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_subject_unique" UNIQUE("subject")
);
--> statement-breakpoint
CREATE TABLE "utilities" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"body_text" text,
	"headquarters_country_id" integer,
	"utility_state" text,
	"project_region" text,
	"utility_ownership_type" text,
	"utility_services" text[] DEFAULT '{}'::text[] NOT NULL,
	"water_population" integer,
	"wastewater_population" integer,
	"non_revenue_water" double precision,
	"website" text,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(description, '')), 'B') || setweight(to_tsvector('english', coalesce(body_text, '')), 'C')) STORED,
	CONSTRAINT "utilities_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_authors" ADD CONSTRAINT "article_authors_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_authors" ADD CONSTRAINT "article_authors_author_id_authors_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."authors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_companies" ADD CONSTRAINT "article_companies_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_companies" ADD CONSTRAINT "article_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_events" ADD CONSTRAINT "article_events_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_events" ADD CONSTRAINT "article_events_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_geographies" ADD CONSTRAINT "article_geographies_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_geographies" ADD CONSTRAINT "article_geographies_geography_id_geographies_id_fk" FOREIGN KEY ("geography_id") REFERENCES "public"."geographies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_industries" ADD CONSTRAINT "article_industries_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_industries" ADD CONSTRAINT "article_industries_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_projects" ADD CONSTRAINT "article_projects_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_projects" ADD CONSTRAINT "article_projects_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_technologies" ADD CONSTRAINT "article_technologies_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_technologies" ADD CONSTRAINT "article_technologies_technology_id_technologies_id_fk" FOREIGN KEY ("technology_id") REFERENCES "public"."technologies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_topics" ADD CONSTRAINT "article_topics_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_topics" ADD CONSTRAINT "article_topics_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_article_type_id_article_types_id_fk" FOREIGN KEY ("article_type_id") REFERENCES "public"."article_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_blog_type_id_blog_types_id_fk" FOREIGN KEY ("blog_type_id") REFERENCES "public"."blog_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_sponsor_company_id_companies_id_fk" FOREIGN KEY ("sponsor_company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_slice_id_slices_id_fk" FOREIGN KEY ("slice_id") REFERENCES "public"."slices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_headquarters_country_id_geographies_id_fk" FOREIGN KEY ("headquarters_country_id") REFERENCES "public"."geographies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_expertises" ADD CONSTRAINT "company_expertises_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_indicators" ADD CONSTRAINT "company_indicators_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_industries" ADD CONSTRAINT "company_industries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_industries" ADD CONSTRAINT "company_industries_industry_id_industries_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."industries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_technology_types" ADD CONSTRAINT "company_technology_types_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_technology_types" ADD CONSTRAINT "company_technology_types_technology_type_id_technology_types_id_fk" FOREIGN KEY ("technology_type_id") REFERENCES "public"."technology_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dated_roles" ADD CONSTRAINT "dated_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dated_roles" ADD CONSTRAINT "dated_roles_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dated_roles" ADD CONSTRAINT "dated_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_country_id_geographies_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."geographies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forecast_facts" ADD CONSTRAINT "forecast_facts_country_id_geographies_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."geographies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geographies" ADD CONSTRAINT "geographies_region_id_geographies_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."geographies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_parent_id_menu_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merger_companies" ADD CONSTRAINT "merger_companies_merger_id_mergers_id_fk" FOREIGN KEY ("merger_id") REFERENCES "public"."mergers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merger_companies" ADD CONSTRAINT "merger_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mergers" ADD CONSTRAINT "mergers_target_country_id_geographies_id_fk" FOREIGN KEY ("target_country_id") REFERENCES "public"."geographies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mergers" ADD CONSTRAINT "mergers_vendor_country_id_geographies_id_fk" FOREIGN KEY ("vendor_country_id") REFERENCES "public"."geographies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mergers" ADD CONSTRAINT "mergers_acquiror_country_id_geographies_id_fk" FOREIGN KEY ("acquiror_country_id") REFERENCES "public"."geographies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metered_access" ADD CONSTRAINT "metered_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metered_access" ADD CONSTRAINT "metered_access_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_components" ADD CONSTRAINT "newsletter_components_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_definition_id_newsletter_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."newsletter_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_ip_ranges" ADD CONSTRAINT "organisation_ip_ranges_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_parent_id_organisations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_companies" ADD CONSTRAINT "project_companies_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_companies" ADD CONSTRAINT "project_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_contacts" ADD CONSTRAINT "project_contacts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_costs" ADD CONSTRAINT "project_costs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_history" ADD CONSTRAINT "project_history_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_technologies" ADD CONSTRAINT "project_technologies_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_technologies" ADD CONSTRAINT "project_technologies_technology_id_technologies_id_fk" FOREIGN KEY ("technology_id") REFERENCES "public"."technologies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_utility_id_utilities_id_fk" FOREIGN KEY ("utility_id") REFERENCES "public"."utilities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_country_id_geographies_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."geographies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technology_types" ADD CONSTRAINT "technology_types_technology_id_technologies_id_fk" FOREIGN KEY ("technology_id") REFERENCES "public"."technologies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technology_types" ADD CONSTRAINT "technology_types_parent_id_technology_types_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."technology_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utilities" ADD CONSTRAINT "utilities_headquarters_country_id_geographies_id_fk" FOREIGN KEY ("headquarters_country_id") REFERENCES "public"."geographies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_search_idx" ON "applications" USING gin ("search");--> statement-breakpoint
CREATE INDEX "article_authors_author_idx" ON "article_authors" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "article_companies_tag_idx" ON "article_companies" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "article_events_tag_idx" ON "article_events" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "article_geographies_tag_idx" ON "article_geographies" USING btree ("geography_id");--> statement-breakpoint
CREATE INDEX "article_industries_tag_idx" ON "article_industries" USING btree ("industry_id");--> statement-breakpoint
CREATE INDEX "article_projects_tag_idx" ON "article_projects" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "article_technologies_tag_idx" ON "article_technologies" USING btree ("technology_id");--> statement-breakpoint
CREATE INDEX "article_topics_tag_idx" ON "article_topics" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "article_types_search_idx" ON "article_types" USING gin ("search");--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("publication_date");--> statement-breakpoint
CREATE INDEX "articles_type_idx" ON "articles" USING btree ("article_type_id","publication_date");--> statement-breakpoint
CREATE INDEX "authors_search_idx" ON "authors" USING gin ("search");--> statement-breakpoint
CREATE INDEX "blog_types_search_idx" ON "blog_types" USING gin ("search");--> statement-breakpoint
CREATE INDEX "cards_owner_idx" ON "cards" USING btree ("owner_kind","owner_id");--> statement-breakpoint
CREATE INDEX "companies_search_idx" ON "companies" USING gin ("search");--> statement-breakpoint
CREATE INDEX "companies_hq_idx" ON "companies" USING btree ("headquarters_country_id");--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name");--> statement-breakpoint
CREATE INDEX "company_indicators_company_idx" ON "company_indicators" USING btree ("company_id","indicator","year");--> statement-breakpoint
CREATE INDEX "contexts_search_idx" ON "contexts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "dated_roles_user_idx" ON "dated_roles" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "dated_roles_org_idx" ON "dated_roles" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "documents_search_idx" ON "documents" USING gin ("search");--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin ("search");--> statement-breakpoint
CREATE INDEX "events_start_idx" ON "events" USING btree ("start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "forecast_dimension_values_key" ON "forecast_dimension_values" USING btree ("dimension","value");--> statement-breakpoint
CREATE INDEX "forecast_facts_measure_year_idx" ON "forecast_facts" USING btree ("measure","year");--> statement-breakpoint
CREATE INDEX "forecast_facts_country_idx" ON "forecast_facts" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "geographies_search_idx" ON "geographies" USING gin ("search");--> statement-breakpoint
CREATE INDEX "geographies_region_idx" ON "geographies" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "industrial_subsectors_search_idx" ON "industrial_subsectors" USING gin ("search");--> statement-breakpoint
CREATE INDEX "industries_search_idx" ON "industries" USING gin ("search");--> statement-breakpoint
CREATE INDEX "menu_items_menu_idx" ON "menu_items" USING btree ("menu_id");--> statement-breakpoint
CREATE INDEX "mergers_search_idx" ON "mergers" USING gin ("search");--> statement-breakpoint
CREATE INDEX "mergers_year_idx" ON "mergers" USING btree ("year");--> statement-breakpoint
CREATE INDEX "newsletter_components_newsletter_idx" ON "newsletter_components" USING btree ("newsletter_id");--> statement-breakpoint
CREATE INDEX "newsletters_search_idx" ON "newsletters" USING gin ("search");--> statement-breakpoint
CREATE INDEX "newsletters_published_idx" ON "newsletters" USING btree ("published");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organisation_ip_ranges_org_idx" ON "organisation_ip_ranges" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "pages_search_idx" ON "pages" USING gin ("search");--> statement-breakpoint
CREATE INDEX "project_contacts_project_idx" ON "project_contacts" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "project_history_project_idx" ON "project_history" USING btree ("project_id","date");--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("search");--> statement-breakpoint
CREATE INDEX "projects_country_idx" ON "projects" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "projects_modified_idx" ON "projects" USING btree ("date_last_modified");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "slices_owner_idx" ON "slices" USING btree ("owner_kind","owner_id");--> statement-breakpoint
CREATE INDEX "technologies_search_idx" ON "technologies" USING gin ("search");--> statement-breakpoint
CREATE INDEX "technology_types_search_idx" ON "technology_types" USING gin ("search");--> statement-breakpoint
CREATE INDEX "technology_types_parent_idx" ON "technology_types" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "topics_search_idx" ON "topics" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "utilities_search_idx" ON "utilities" USING gin ("search");--> statement-breakpoint
CREATE INDEX "utilities_country_idx" ON "utilities" USING btree ("headquarters_country_id");