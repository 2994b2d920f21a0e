CREATE INDEX "clients_akd_number_trgm_idx" ON "clients" USING gin ("akd_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "kantien_staff_employee_number_trgm_idx" ON "kantien_staff" USING gin ("kantien_employee_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_first_name_trgm_idx" ON "users" USING gin ("first_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_last_name_trgm_idx" ON "users" USING gin ("last_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);