-- Reference data: the four roles (docs/product.md).
INSERT INTO "roles" ("role_id", "role_name") VALUES
  (1, 'STUDENT'),
  (2, 'AKADEMIA PERSONEEL'),
  (3, 'KANTIEN PERSONEEL'),
  (4, 'KANTIEN ADMIN')
ON CONFLICT ("role_id") DO NOTHING;
