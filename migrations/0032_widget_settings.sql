-- Issue 34: the KYB widget's settings per organization (a JSON object: `branding` with its logo,
-- accent colour and font, and `outcomes`: what the merchant sees of each decision). Absent
-- fields take their defaults.
ALTER TABLE organization_settings ADD COLUMN widget TEXT NOT NULL DEFAULT '{}';
