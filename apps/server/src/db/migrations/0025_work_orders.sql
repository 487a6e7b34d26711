-- Work orders (R1.2, shell entry "work orders"). features/workorders owns every write to these tables.
-- Scope follows the creator: the creator and their superiors see a work order, and so does its assignee.
CREATE TABLE work_orders (
  id serial PRIMARY KEY,
  creator_id int NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- What it is about, all optional (by hand) or all from an alarm; a deleted plant or device leaves the order.
  plant_id int REFERENCES plants (id) ON DELETE SET NULL,
  device_id int REFERENCES devices (id) ON DELETE SET NULL,
  alarm_id bigint REFERENCES alarms (id) ON DELETE SET NULL,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
  type text NOT NULL CHECK (type IN ('faultRepair', 'maintenance', 'installation', 'other')),
  priority text NOT NULL CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
  description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 4000),
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'assigned', 'inProgress', 'resolved', 'closed')),
  assignee_id int REFERENCES users (id) ON DELETE SET NULL,
  -- A calendar day: overdue is judged against "today" in the plant's time zone (UTC without a plant).
  due_date date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  CHECK ((state = 'closed') = (closed_at IS NOT NULL))
);
CREATE INDEX work_orders_creator ON work_orders (creator_id, id DESC);
CREATE INDEX work_orders_assignee ON work_orders (assignee_id, id DESC);
CREATE INDEX work_orders_alarm ON work_orders (alarm_id) WHERE alarm_id IS NOT NULL;

-- Images are stored re-encoded in the database (bytea), not under DATA_DIR: at most 5 × ~1 MB per order, they go
-- with the order (deleted by cascade, in the same backup and transaction), and several server processes share them
-- without a shared file system.
CREATE TABLE work_order_images (
  id serial PRIMARY KEY,
  work_order_id int NOT NULL REFERENCES work_orders (id) ON DELETE CASCADE,
  content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'image/webp')),
  width int NOT NULL CHECK (width > 0),
  height int NOT NULL CHECK (height > 0),
  data bytea NOT NULL,
  uploaded_by int REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX work_order_images_order ON work_order_images (work_order_id, id);

-- The full history, oldest first: created, edited, assigned, state changes, comments, images added and removed.
CREATE TABLE work_order_events (
  id bigserial PRIMARY KEY,
  work_order_id int NOT NULL REFERENCES work_orders (id) ON DELETE CASCADE,
  kind text NOT NULL
    CHECK (kind IN ('created', 'edited', 'assigned', 'stateChanged', 'commented', 'imageAdded', 'imageRemoved')),
  actor_id int REFERENCES users (id) ON DELETE SET NULL,
  from_state text,
  to_state text,
  assignee_id int REFERENCES users (id) ON DELETE SET NULL,
  comment text CHECK (comment IS NULL OR char_length(comment) <= 4000),
  -- The image an imageAdded/imageRemoved event is about (no foreign key: the history outlives a removed image).
  image_id int,
  -- The fields an edit changed.
  fields text[] NOT NULL DEFAULT '{}',
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX work_order_events_order ON work_order_events (work_order_id, id);
