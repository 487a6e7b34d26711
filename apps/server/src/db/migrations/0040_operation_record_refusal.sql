-- Why the server refused a request, in every language (issue 36): a refused command's record says it was refused and
-- why ("the value must be between 10 and 100"), in the reader's language, not only "Failed". Null for a request that
-- was not refused, and for records written before this column.
ALTER TABLE operation_records ADD COLUMN refusal jsonb;
