import { sql, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import { LIST_PAGE_SIZE, MAX_PAGE_SIZE, splitList, type ListBody } from '@vigil/domain';
import { addDetail, validationError, type ErrorDetails } from './errors.ts';

const RESERVED = new Set(['paginate_by', 'page', 'fields', 'excluded_fields', 'ordering', 'token']);

/** Query-string schema of every list route: the reserved parameters; filters are checked by `parseListQuery`. */
/** A text filter of a list: bounded, and free of the NUL character that PostgreSQL refuses. */
export const filterText = z
  .string()
  .max(150)
  .regex(/^[^\0]*$/, 'Invalid value');

export const listQuerySchema = z.looseObject({
  paginate_by: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  fields: z.string().max(2000).optional(),
  excluded_fields: z.string().max(2000).optional(),
  ordering: z.string().max(500).optional(),
});
export type ListQueryInput = z.infer<typeof listQuerySchema>;

/** What a resource allows: wire name → SQL column, for filters, ranges and ordering. */
export interface ListSpec {
  columns: Record<string, string>;
  filters?: readonly string[];
  ranges?: readonly string[];
  orderings?: readonly string[];
  defaultOrdering: string;
  /** the column that breaks ties so that pages never overlap */
  tieBreaker: string;
}

export interface ListQuery {
  page: number;
  paginateBy: number;
  fields: string[] | undefined;
  excludedFields: string[] | undefined;
  ordering: Array<{ column: string; desc: boolean }>;
  equals: Array<{ column: string; values: string[] }>;
  ranges: Array<{ column: string; op: '>=' | '<='; value: string }>;
}

/** Reads paging, field selection, ordering and dotted filters; unknown filters are a ValidationError. */
export function parseListQuery(input: ListQueryInput, spec: ListSpec): ListQuery {
  const details: ErrorDetails = {};
  const query: ListQuery = {
    page: input.page ?? 1,
    paginateBy: input.paginate_by ?? LIST_PAGE_SIZE,
    fields: splitList(input.fields),
    excludedFields: splitList(input.excluded_fields),
    ordering: [],
    equals: [],
    ranges: [],
  };
  for (const key of splitList(input.ordering) ?? [spec.defaultOrdering]) {
    const name = key.replace(/^-/, '');
    const column = spec.columns[name];
    if (!column || !(spec.orderings ?? Object.keys(spec.columns)).includes(name)) {
      addDetail(details, 'ordering', `Cannot order by ${name}`);
    } else query.ordering.push({ column, desc: key.startsWith('-') });
  }
  for (const [key, raw] of Object.entries(input)) {
    if (RESERVED.has(key) || raw === undefined) continue;
    const values = (Array.isArray(raw) ? raw : [raw]).map(String);
    if (values.some((v) => v.includes('\0') || v.length > 1000)) {
      addDetail(details, key, 'Invalid value');
      continue;
    }
    const range = /^(.+)\.(from_time|to_time)$/.exec(key);
    if (range && spec.ranges?.includes(range[1]!)) {
      const time = Date.parse(values[0]!);
      if (Number.isNaN(time)) addDetail(details, key, 'Enter a valid ISO-8601 date and time');
      else
        query.ranges.push({
          column: spec.columns[range[1]!]!,
          op: range[2] === 'from_time' ? '>=' : '<=',
          value: new Date(time).toISOString(),
        });
    } else if (spec.filters?.includes(key) && spec.columns[key]) {
      query.equals.push({ column: spec.columns[key], values: values.flatMap((v) => v.split(',')) });
    } else {
      addDetail(details, key, 'Unknown filter');
    }
  }
  if (Object.keys(details).length) throw validationError('Invalid query', details);
  return query;
}

/** Applies filters, ordering and paging to `qb` and counts the matches. */
export async function runListQuery<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  query: ListQuery,
  spec: ListSpec,
): Promise<{ count: number; rows: O[] }> {
  let filtered = qb;
  for (const f of query.equals) filtered = filtered.where(sql.ref(f.column), 'in', f.values) as typeof qb;
  for (const r of query.ranges) filtered = filtered.where(sql.ref(r.column), r.op, r.value) as typeof qb;
  const counted = await filtered
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirst();
  let ordered = filtered;
  for (const o of query.ordering) ordered = ordered.orderBy(sql.ref(o.column), o.desc ? 'desc' : 'asc');
  const rows = await ordered
    .orderBy(sql.ref(spec.tieBreaker))
    .limit(query.paginateBy)
    .offset((query.page - 1) * query.paginateBy)
    .execute();
  return { count: Number((counted as { count?: number } | undefined)?.count ?? 0), rows };
}

/** Keeps only the dotted `fields` (when given) and drops `excluded` ones, on an API object. */
export function selectFields<T extends object>(
  object: T,
  fields: string[] | undefined,
  excluded: string[] | undefined,
): Partial<T> {
  let result: Record<string, unknown> = object as Record<string, unknown>;
  if (fields?.length) {
    result = {};
    for (const path of fields) copyPath(object as Record<string, unknown>, result, path.split('.'));
  }
  if (excluded?.length) {
    result = structuredClone(result);
    for (const path of excluded) deletePath(result, path.split('.'));
  }
  return result as Partial<T>;
}

function copyPath(from: Record<string, unknown>, to: Record<string, unknown>, path: string[]) {
  const [head, ...rest] = path;
  if (head === undefined || !(head in from)) return;
  const value = from[head];
  if (!rest.length || value === null || typeof value !== 'object') {
    to[head] = value;
  } else if (Array.isArray(value)) {
    const target = (Array.isArray(to[head]) ? to[head] : value.map(() => ({}))) as Record<string, unknown>[];
    value.forEach((item, i) => item && typeof item === 'object' && copyPath(item, target[i]!, rest));
    to[head] = target;
  } else {
    const target = (to[head] ?? {}) as Record<string, unknown>;
    copyPath(value as Record<string, unknown>, target, rest);
    to[head] = target;
  }
}

function deletePath(object: Record<string, unknown>, path: string[]) {
  const [head, ...rest] = path;
  if (head === undefined || !(head in object)) return;
  if (!rest.length) delete object[head];
  else if (object[head] && typeof object[head] === 'object') deletePath(object[head] as Record<string, unknown>, rest);
}

/** The list body of requirements#http-contract with field selection applied to each object. */
export function listBody<T extends object>(query: ListQuery, count: number, objects: T[]): ListBody<Partial<T>> {
  return {
    count,
    page: query.page,
    paginate_by: query.paginateBy,
    objects: objects.map((o) => selectFields(o, query.fields, query.excludedFields)),
  };
}

/** For lists held in memory (small, computed sets): same paging, fields and ordering rules. */
export function listInMemory<T extends Record<string, unknown>>(items: T[], query: ListQuery): ListBody<Partial<T>> {
  const start = (query.page - 1) * query.paginateBy;
  return listBody(query, items.length, items.slice(start, start + query.paginateBy));
}

/** Applies the `equals` filters and the ordering to in-memory items keyed by the spec's column names. */
export function queryInMemory<T extends object>(items: T[], query: ListQuery): T[] {
  const value = (item: T, column: string) => (item as Record<string, unknown>)[column];
  const compare = (a: unknown, b: unknown) => {
    if (a === b) return 0;
    if (a == null || b == null) return a == null ? -1 : 1;
    return (a as string) < (b as string) ? -1 : (a as string) > (b as string) ? 1 : 0;
  };
  return items
    .filter((item) => query.equals.every((f) => f.values.includes(String(value(item, f.column)))))
    .sort((a, b) => {
      for (const o of query.ordering) {
        const order = compare(value(a, o.column), value(b, o.column));
        if (order) return o.desc ? -order : order;
      }
      return 0;
    });
}

/** A list held in memory, answered as a list route answers: filtered, ordered, paged, its fields selected. */
export function listFromMemory<T extends Record<string, unknown>>(
  items: T[],
  input: ListQueryInput,
  spec: ListSpec,
): ListBody<Partial<T>> {
  const query = parseListQuery(input, spec);
  return listInMemory(queryInMemory(items, query), query);
}

/** `ListSpec.columns` of a resource whose wire names are its columns' names. */
export const sameNamedColumns = (names: readonly string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, name]));
