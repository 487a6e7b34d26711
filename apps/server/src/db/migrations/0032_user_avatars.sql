-- Avatars (R3.1 "avatar image", R9.5 image max 1 MB): the re-encoded 256×256 WebP we produced from the upload, never
-- the uploaded bytes. features/users owns every write; users.avatar holds the URL the pages show (with a version, so a
-- new upload is a new URL and the old one may be cached for long).
CREATE TABLE user_avatars (
  user_id int PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  content_type text NOT NULL CHECK (content_type = 'image/webp'),
  data bytea NOT NULL CHECK (octet_length(data) BETWEEN 1 AND 1048576),
  updated_at timestamptz NOT NULL DEFAULT now()
);
