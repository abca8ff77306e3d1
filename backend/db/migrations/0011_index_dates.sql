ALTER TABLE "companies" ADD COLUMN "date_added" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mergers" ADD COLUMN "date_added" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "mergers" ADD COLUMN "date_last_modified" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "utilities" ADD COLUMN "date_added" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing rows were not added now: without these, an alert's first digest would report every one as new.
UPDATE "companies" SET "date_added" = "last_modified_date";--> statement-breakpoint
UPDATE "utilities" SET "date_added" = "last_modified_date";--> statement-breakpoint
UPDATE "mergers" SET "date_added" = coalesce("announced_date"::timestamp AT TIME ZONE 'UTC', make_timestamptz("year", 1, 1, 0, 0, 0, 'UTC')), "date_last_modified" = coalesce("announced_date"::timestamp AT TIME ZONE 'UTC', make_timestamptz("year", 1, 1, 0, 0, 0, 'UTC'));--> statement-breakpoint
-- A deal's 'Date updated' moves with any change to it, unless the change sets the date itself (alerts report what moved).
CREATE FUNCTION "touch_merger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.date_last_modified IS NOT DISTINCT FROM OLD.date_last_modified THEN
		NEW.date_last_modified := now();
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "mergers_touch" BEFORE UPDATE ON "mergers" FOR EACH ROW EXECUTE FUNCTION "touch_merger"();
