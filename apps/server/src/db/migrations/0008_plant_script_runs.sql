-- Plant scripts, continued (0003 holds the tables). The job claims plants whose script is due with
-- FOR UPDATE SKIP LOCKED and pushes next_run_at forward (a lease), so several processes can share the work.
ALTER TABLE plant_scripts ADD COLUMN next_run_at timestamptz NOT NULL DEFAULT now();

CREATE INDEX plant_scripts_due ON plant_scripts (next_run_at);

-- Every saved version in full: the operation record keeps the save's parameters (long text shortened), this table
-- keeps what exactly ran.
CREATE TABLE plant_script_versions (
  plant_id int NOT NULL REFERENCES plants (id) ON DELETE CASCADE,
  version int NOT NULL,
  source text NOT NULL,
  saved_by int REFERENCES users (id) ON DELETE SET NULL,
  saved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (plant_id, version)
);
