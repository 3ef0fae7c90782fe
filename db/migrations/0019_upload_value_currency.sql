ALTER TABLE "portfolio_uploads" ADD COLUMN "value_currency" text;
