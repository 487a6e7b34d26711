-- What a change did to its object's fields, before → after (issue 15: records readable as "Plant Suzhou edited:
-- address"). Routes that edit an object fill it in; records written before keep NULL and are read from their params.
ALTER TABLE operation_records ADD COLUMN changes jsonb;
