import type { Queryable } from '../db/db.js';
import { worksheetsOf } from './xlsx-fixtures.js';
/** The OpenAPI document's shapes and a body sampler, shared by the tests generated from /api/openapi.json. */

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  default?: unknown;
};
export type Parameter = {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
};
export type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type OpenApi = { paths: Record<string, Record<string, Operation>> };

export type Leaf = { path: (string | number)[]; kind: 'text' | 'number' };

/** A body of the schema's shape (valid or not, it reaches every field) and the paths of its text and number leaves. */
export function sample(schema: JsonSchema, path: (string | number)[] = [], leaves: Leaf[] = []): unknown {
  const option = schema.oneOf?.[0] ?? schema.anyOf?.find((o) => o.type !== 'null') ?? schema.allOf?.[0];
  if (option) return sample(option, path, leaves);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = [schema.type].flat().find((t) => t !== 'null');
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, [...path, k], leaves)]),
      );
    case 'array':
      return schema.items ? [sample(schema.items, [...path, 0], leaves)] : [];
    case 'string':
      leaves.push({ path, kind: 'text' });
      return schema.format === 'date-time'
        ? new Date().toISOString()
        : schema.format === 'date'
          ? '2024-05-01'
          : 'Fuzz_1';
    case 'number':
    case 'integer':
      leaves.push({ path, kind: 'number' });
      // zod's int() states the safe-integer range as its bounds; a small positive number fits most fields.
      return schema.minimum !== undefined && schema.minimum > 0 ? schema.minimum : 1;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

/** The schema's sample with a valid body's values laid over it. */
export function overlay(sampled: unknown, valid: unknown): unknown {
  if (valid === undefined) return sampled;
  if (sampled && valid && typeof sampled === 'object' && typeof valid === 'object' && !Array.isArray(valid))
    return {
      ...(sampled as object),
      ...Object.fromEntries(
        Object.entries(valid).map(([k, v]) => [k, overlay((sampled as Record<string, unknown>)[k], v)]),
      ),
    };
  return valid;
}

/** A 1×1 PNG, for the upload routes (multipart). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);
export function multipart(): { payload: Buffer; type: string } {
  const boundary = 'scope-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A spreadsheet's cell values, row by row (the file's own timestamps differ between two exports). */
export async function sheetValues(data: Buffer): Promise<string> {
  const rows: unknown[] = [];
  for (const sheet of await worksheetsOf(data)) sheet.eachRow((row) => rows.push(row.values));
  return JSON.stringify(rows);
}

/** Where two answers part, with a little of each around it. */
export function difference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  const from = Math.max(0, i - 60);
  return `…${a.slice(from, i + 100)}… ≠ missing …${b.slice(from, i + 100)}…`;
}

/** Each table's row count and a hash of its rows (except the tables in `skip`). */
export async function fingerprint(db: Queryable, skip: ReadonlySet<string>): Promise<Map<string, string>> {
  const { rows: tables } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition ORDER BY 1`,
  );
  const out = new Map<string, string>();
  for (const { name } of tables) {
    if (skip.has(name)) continue;
    const { rows } = await db.query<{ n: string; h: string | null }>(
      `SELECT count(*)::text AS n, md5(string_agg(md5(t::text), ',' ORDER BY md5(t::text))) AS h FROM "${name}" t`,
    );
    out.set(name, `${rows[0]!.n}:${rows[0]!.h ?? ''}`);
  }
  return out;
}

export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, h]) => before.get(name) !== h).map(([name]) => name);
}

/** Property names anywhere in a body schema. */
export function propertyNames(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  return [
    ...Object.entries(schema.properties ?? {}).flatMap(([k, v]) => [k, ...propertyNames(v)]),
    ...propertyNames(schema.items),
    ...[...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])].flatMap(propertyNames),
  ];
}
