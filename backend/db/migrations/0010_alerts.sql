CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"saved_search_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"frequency" text NOT NULL,
	"paused_reason" text,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	"unsubscribe_nonce" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_saved_search_id_unique" UNIQUE("saved_search_id")
);
--> statement-breakpoint
CREATE TABLE "project_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_changes" ADD CONSTRAINT "project_changes_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_due_idx" ON "alerts" USING btree ("since");--> statement-breakpoint
CREATE INDEX "alerts_user_idx" ON "alerts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "project_changes_project_idx" ON "project_changes" USING btree ("project_id","changed_at");--> statement-breakpoint
-- What a project's tracked fields were before each change, however the row is changed (alerts say "from → to").
CREATE FUNCTION "record_project_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.progress IS DISTINCT FROM OLD.progress THEN
		INSERT INTO project_changes (project_id, field, old_value, new_value) VALUES (NEW.id, 'progress', OLD.progress, NEW.progress);
	END IF;
	IF NEW.status IS DISTINCT FROM OLD.status THEN
		INSERT INTO project_changes (project_id, field, old_value, new_value) VALUES (NEW.id, 'status', OLD.status, NEW.status);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "projects_record_changes" AFTER UPDATE OF progress, status ON "projects" FOR EACH ROW EXECUTE FUNCTION "record_project_changes"();--> statement-breakpoint
CREATE FUNCTION "record_project_cost_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.cost_usd IS DISTINCT FROM OLD.cost_usd THEN
		INSERT INTO project_changes (project_id, field, old_value, new_value) VALUES (NEW.project_id, 'cost', OLD.cost_usd::text, NEW.cost_usd::text);
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "project_costs_record_changes" AFTER UPDATE OF cost_usd ON "project_costs" FOR EACH ROW EXECUTE FUNCTION "record_project_cost_changes"();
