-- The student's planner (issue 9): timetables, study lists and their items, kept per student so a second
-- device or a reinstalled app finds them. Each is a JSON document validated by the planner module; the
-- revision counts the writes, and every revision is kept so the server can merge two devices' offline edits
-- against the version each started from (three-way merge, server/modules/planner/merge.ts).

CREATE TABLE planner_documents (
  student_id text NOT NULL REFERENCES students (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('timetable', 'list', 'item')),
  id text NOT NULL,
  revision integer NOT NULL CHECK (revision >= 1),
  deleted boolean NOT NULL DEFAULT false,
  data jsonb NOT NULL CHECK (jsonb_typeof(data) = 'object'),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (student_id, kind, id)
);

CREATE TABLE planner_revisions (
  student_id text NOT NULL,
  kind text NOT NULL,
  id text NOT NULL,
  revision integer NOT NULL,
  deleted boolean NOT NULL,
  data jsonb NOT NULL,
  PRIMARY KEY (student_id, kind, id, revision),
  FOREIGN KEY (student_id, kind, id) REFERENCES planner_documents (student_id, kind, id) ON DELETE CASCADE
);

-- Account deletion (users module) erases personal data by setting deleted_at: the planner goes with it.
CREATE FUNCTION planner_forget_deleted_student() RETURNS trigger AS $$
BEGIN
  DELETE FROM planner_documents WHERE student_id = NEW.id;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER planner_forget_deleted_student
  AFTER UPDATE OF deleted_at ON students
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION planner_forget_deleted_student();
