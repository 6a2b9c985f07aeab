-- Amina's planner at schema 006: a timetable edited once (two revisions) and a study list.
INSERT INTO planner_documents (student_id, kind, id, revision, deleted, data, updated_at) VALUES
  ('stu-amina', 'timetable', 'tt-f5a', 2, false,
   '{"name":"Form 5 A","days":[1,2,3,4,5],"periods":[{"id":"p1","day":1,"start":"07:30","end":"08:25","subject":"Mathematics","teacher":"Mrs Fon","room":"F5A","colour":"#1e88e5"}]}',
   '2025-09-12T18:00:00Z'),
  ('stu-amina', 'list', 'list-gce', 1, false, '{"name":"GCE revision"}', '2025-09-12T18:05:00Z');
INSERT INTO planner_revisions (student_id, kind, id, revision, deleted, data) VALUES
  ('stu-amina', 'timetable', 'tt-f5a', 1, false, '{"name":"Form 5 A","days":[1,2,3,4,5],"periods":[]}'),
  ('stu-amina', 'timetable', 'tt-f5a', 2, false,
   '{"name":"Form 5 A","days":[1,2,3,4,5],"periods":[{"id":"p1","day":1,"start":"07:30","end":"08:25","subject":"Mathematics","teacher":"Mrs Fon","room":"F5A","colour":"#1e88e5"}]}'),
  ('stu-amina', 'list', 'list-gce', 1, false, '{"name":"GCE revision"}');
