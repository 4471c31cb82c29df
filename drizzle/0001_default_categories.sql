-- The default categories every group offers; ids are stable keys the clients translate.
INSERT INTO "categories" ("id", "group_id", "name", "name_ru", "position") VALUES
  ('general', NULL, 'General', 'Общее', 0),
  ('food', NULL, 'Food & drink', 'Еда и напитки', 1),
  ('groceries', NULL, 'Groceries', 'Продукты', 2),
  ('transport', NULL, 'Transport', 'Транспорт', 3),
  ('housing', NULL, 'Housing', 'Жильё', 4),
  ('utilities', NULL, 'Utilities', 'Коммунальные услуги', 5),
  ('entertainment', NULL, 'Entertainment', 'Развлечения', 6),
  ('travel', NULL, 'Travel', 'Путешествия', 7),
  ('shopping', NULL, 'Shopping', 'Покупки', 8),
  ('health', NULL, 'Health', 'Здоровье', 9),
  ('gifts', NULL, 'Gifts', 'Подарки', 10),
  ('other', NULL, 'Other', 'Другое', 11)
ON CONFLICT ("id") DO NOTHING;
