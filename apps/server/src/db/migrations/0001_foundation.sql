-- Foundation: roles, users (superior → subordinate tree by materialised path), sessions, login defences, audit.

CREATE TABLE roles (
  id serial PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  builtin_key text UNIQUE,
  creator_id int,
  permissions text[] NOT NULL DEFAULT '{}',
  views text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX roles_name_key ON roles (lower(name));

CREATE TABLE users (
  id serial PRIMARY KEY,
  username text NOT NULL,
  password_hash text NOT NULL,
  name text NOT NULL,
  code text NOT NULL UNIQUE,
  email text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  company text NOT NULL DEFAULT '',
  remark text NOT NULL DEFAULT '',
  avatar text,
  level smallint NOT NULL CHECK (level BETWEEN 0 AND 3),
  enabled boolean NOT NULL DEFAULT true,
  role_id int NOT NULL REFERENCES roles (id),
  superior_id int REFERENCES users (id),
  -- "/1/7/42/": ids from the root down to this user; a subtree is a prefix match.
  path text NOT NULL,
  parent_customer_code text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX users_username_key ON users (lower(username));
CREATE INDEX users_path_idx ON users (path text_pattern_ops);
CREATE INDEX users_superior_idx ON users (superior_id);

ALTER TABLE roles ADD CONSTRAINT roles_creator_fk FOREIGN KEY (creator_id) REFERENCES users (id) ON DELETE SET NULL;

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,
  user_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);

CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE captchas (
  id text PRIMARY KEY,
  answer_hash text NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE TABLE used_nonces (
  nonce text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  key text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX login_failures_key_idx ON login_failures (key, at);

CREATE TABLE operation_records (
  id bigserial PRIMARY KEY,
  user_id int REFERENCES users (id) ON DELETE SET NULL,
  username text,
  -- The actor's path when the record was written, so records stay scoped after users move or go.
  user_path text,
  ip text NOT NULL DEFAULT '',
  action text NOT NULL,
  category text NOT NULL,
  object_type text NOT NULL DEFAULT '',
  object_id text,
  params jsonb NOT NULL DEFAULT '{}',
  ok boolean NOT NULL,
  status int NOT NULL DEFAULT 200,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX operation_records_time_idx ON operation_records (created_at DESC);
CREATE INDEX operation_records_path_idx ON operation_records (user_path text_pattern_ops);

CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
