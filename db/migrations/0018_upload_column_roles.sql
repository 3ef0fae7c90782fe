ALTER TABLE "portfolio_uploads" ADD COLUMN "column_roles" jsonb DEFAULT '{}'::jsonb NOT NULL;
