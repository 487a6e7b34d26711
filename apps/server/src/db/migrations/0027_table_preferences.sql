-- The columns a user chose to hide in each list (issue 15: tables that fit), kept on the server so the choice follows
-- the user to another browser. features/preferences owns every write. A list left at its default has no row; the
-- column ids are checked against the list's catalogue in packages/domain (table-preferences.ts) before they get here.
CREATE TABLE user_table_preferences (
  user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  table_id text NOT NULL CHECK (char_length(table_id) BETWEEN 1 AND 64),
  hidden_columns text[] NOT NULL CHECK (cardinality(hidden_columns) <= 64),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, table_id)
);
