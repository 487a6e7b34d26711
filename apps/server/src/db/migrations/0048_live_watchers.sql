-- Which devices the tabs of each process watch (features/live, decision 0037). A process serving tabs on PostgreSQL
-- keeps one row: its bus origin (random per start), the union of its tabs' visible devices, a version bumped at each
-- change and seen_at renewed every half minute. Publishers read the rows of the other processes seen recently and
-- send a reading over NOTIFY only when one of them watches its device: a stored reading nobody watches elsewhere
-- costs no notification. A row not renewed for a day (its process is gone) is deleted by the next announcement.
CREATE TABLE live_watchers (
  origin text PRIMARY KEY,
  devices int[] NOT NULL,
  version bigint NOT NULL DEFAULT 1,
  seen_at timestamptz NOT NULL DEFAULT now()
);
