DROP INDEX "article_companies_tag_idx";--> statement-breakpoint
DROP INDEX "article_events_tag_idx";--> statement-breakpoint
DROP INDEX "article_geographies_tag_idx";--> statement-breakpoint
DROP INDEX "article_industries_tag_idx";--> statement-breakpoint
DROP INDEX "article_projects_tag_idx";--> statement-breakpoint
DROP INDEX "article_technologies_tag_idx";--> statement-breakpoint
DROP INDEX "article_topics_tag_idx";--> statement-breakpoint
CREATE INDEX "article_companies_tag_idx" ON "article_companies" USING btree ("company_id","article_id");--> statement-breakpoint
CREATE INDEX "article_events_tag_idx" ON "article_events" USING btree ("event_id","article_id");--> statement-breakpoint
CREATE INDEX "article_geographies_tag_idx" ON "article_geographies" USING btree ("geography_id","article_id");--> statement-breakpoint
CREATE INDEX "article_industries_tag_idx" ON "article_industries" USING btree ("industry_id","article_id");--> statement-breakpoint
CREATE INDEX "article_projects_tag_idx" ON "article_projects" USING btree ("project_id","article_id");--> statement-breakpoint
CREATE INDEX "article_technologies_tag_idx" ON "article_technologies" USING btree ("technology_id","article_id");--> statement-breakpoint
CREATE INDEX "article_topics_tag_idx" ON "article_topics" USING btree ("topic_id","article_id");