-- Weather forecast cache (R2.13 plant detail "weather", R7.7 third party): one row per plant with the last 3-day
-- forecast fetched for its location. A job refreshes due rows; several processes share the work by claiming rows
-- with FOR UPDATE SKIP LOCKED and pushing next_attempt_at forward (a lease) before they call the provider.

CREATE TABLE weather_forecasts (
  plant_id int PRIMARY KEY REFERENCES plants (id) ON DELETE CASCADE,
  -- The location and zone the forecast was fetched for: a plant moved or re-zoned needs a new forecast.
  latitude double precision,
  longitude double precision,
  time_zone text,
  -- The last successful fetch and its days (ForecastDay[] of packages/domain weather.ts); NULL until one succeeds.
  fetched_at timestamptz,
  days jsonb,
  -- The last attempt (success or not), and its error when it failed (operator-facing, never sent to clients).
  attempted_at timestamptz,
  last_error text,
  -- Failures in a row since the last success; they stretch the backoff.
  failures int NOT NULL DEFAULT 0,
  -- When the job should try next; a claim moves it forward so no other process takes the same row meanwhile.
  next_attempt_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX weather_forecasts_due_idx ON weather_forecasts (next_attempt_at);
