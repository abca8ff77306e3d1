-- Names saved twice before the index existed keep their rows: every copy but the oldest is renamed "name (id)".
UPDATE "saved_searches" s SET "name" = s."name" || ' (' || s."id" || ')' WHERE EXISTS (SELECT 1 FROM "saved_searches" o WHERE o."user_id" = s."user_id" AND o."kind" = s."kind" AND lower(o."name") = lower(s."name") AND o."id" < s."id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_name_idx" ON "saved_searches" USING btree ("user_id","kind",lower("name"));
