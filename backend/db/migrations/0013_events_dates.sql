ALTER TABLE "events" ADD COLUMN "date_added" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "date_last_modified" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Existing events were not added now: without this, an alert's first digest would report every one as new.
UPDATE "events" SET "date_added" = least("start_date", now()) - interval '90 days', "date_last_modified" = least("start_date", now()) - interval '90 days';--> statement-breakpoint
-- An event's 'Date updated' moves with any change to it, unless the change sets the date itself (alerts report what moved).
CREATE FUNCTION "touch_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.date_last_modified IS NOT DISTINCT FROM OLD.date_last_modified THEN
		NEW.date_last_modified := now();
	END IF;
	RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "events_touch" BEFORE UPDATE ON "events" FOR EACH ROW EXECUTE FUNCTION "touch_event"();
