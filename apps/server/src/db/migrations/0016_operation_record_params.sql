-- Operation records keep a client's parameters as a JSON object. Records written before that rule with a body that
-- was not an object (an array, a string, a number) are wrapped the way the audit plugin now wraps them.
UPDATE operation_records SET params = jsonb_build_object('body', params) WHERE jsonb_typeof(params) <> 'object';
