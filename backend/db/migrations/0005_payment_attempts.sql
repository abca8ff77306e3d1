CREATE TABLE "payment_attempts" (
	"reference" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"outcome" text NOT NULL,
	"card_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_reference_idempotency_key_pk" PRIMARY KEY("reference","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_reference_checkout_sessions_reference_fk" FOREIGN KEY ("reference") REFERENCES "public"."checkout_sessions"("reference") ON DELETE cascade ON UPDATE no action;