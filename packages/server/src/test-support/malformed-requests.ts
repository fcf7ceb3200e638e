import { bodySchema, queryParameters, type DocumentedRoute } from './route-catalogue.ts';
import { sampleValue, schemaType, type JsonSchema } from './schema-samples.ts';

/** One malformed request: what it tries, where it goes, and its raw body and headers. */
export interface MalformedRequest {
  label: string;
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
}

const JSON_TYPE = { 'content-type': 'application/json' };
const DEPTH = 5_000;
export const HUGE_STRING_LENGTH = 1_000_000;
/** Nested DEPTH levels deep: small on the wire, deep enough to overflow a recursive walk. */
const deepArray = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const deepObject = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH);
const hugeString = JSON.stringify('x'.repeat(HUGE_STRING_LENGTH));
/** Keys named like Object's members: plain, then the two that pollute prototypes through a careless merge. */
const MEMBER_KEYS = '{"constructor":1,"__proto__":1,"toString":1,"hasOwnProperty":1,"valueOf":1}';
const POLLUTING_BODIES = ['{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}'];

/** Ids no resource has: unknown, malformed, injected, over-long, traversing, or named like Object's members. */
const ODD_IDS = [
  'nope',
  '00000000-0000-0000-0000-000000000000',
  "1'%20or%20'1'%3D'1",
  'x'.repeat(300),
  '%00',
  '..%2F..%2Fetc',
  '__proto__',
  'constructor',
];

const WRONG_TYPES: Array<[type: string, json: string]> = [
  ['number', '42'],
  ['string', '"fuzz"'],
  ['object', '{"fuzz":1}'],
  ['array', '[1]'],
  ['null', 'null'],
  ['boolean', 'true'],
];

/** Query strings that no route declares or that abuse the shared list parameters. */
const ODD_QUERIES = [
  '__proto__=1',
  'constructor=1',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'toString=1&valueOf=1&hasOwnProperty=1',
  'paginate_by=-1',
  'paginate_by=100000',
  'page=abc',
  'ordering=;drop table users',
  'fields=__proto__,constructor',
  'excluded_fields=' + 'a,'.repeat(500),
  'created_at.from_time=not-a-date',
  'fields[]=x&fields[]=y',
  '%ff=%ff',
  '=&&=',
  `fuzz=${'q'.repeat(1_000)}`,
  `fuzz=${'q'.repeat(20_000)}`,
];

/** Values at or past the ends of numbers and times, each sent to every declared query parameter. */
const EXTREME_QUERY_VALUES = [
  '-1',
  '0',
  '99999999999999999999',
  '1e308',
  'NaN',
  '9999-12-31T23:59:59Z',
  '0001-01-01T00:00:00Z',
];
const EXTREME_TIMES = ['"9999-12-31T23:59:59Z"', '"0001-01-01T00:00:00Z"', '"2026-02-29T00:00:00Z"'];

/** The types a schema accepts, so that only the others are sent as wrong. */
function acceptedTypes(schema: JsonSchema | undefined): Set<string> {
  if (!schema) return new Set();
  const options = schema.anyOf ?? schema.oneOf ?? [schema];
  const types = new Set(options.map((o) => schemaType(o)).filter((t): t is string => Boolean(t)));
  if (types.has('integer')) types.add('number');
  if (schema.nullable || options.some((o) => o.type === 'null')) types.add('null');
  return types;
}

/** The object schema of a body (the first object option of a union, as for one ingest payload or many). */
function objectSchema(schema: JsonSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if (schema.properties) return schema;
  return (schema.anyOf ?? schema.oneOf ?? []).find((o) => o.properties);
}

/** One step of a path into a body: a property name or an array index, and the schema found there. */
interface Step {
  key: string | number;
  schema: JsonSchema | undefined;
}
const MAX_FIELD_DEPTH = 3;

/** Every field of a body schema down to MAX_FIELD_DEPTH levels (array items as index 0). */
function* fieldPaths(schema: JsonSchema | undefined, steps: Step[] = []): Generator<Step[]> {
  if (!schema || steps.length >= MAX_FIELD_DEPTH) return;
  const object = objectSchema(schema);
  const children: Step[] = object
    ? Object.entries(object.properties!).map(([key, property]) => ({ key, schema: property }))
    : schemaType(schema) === 'array' && schema.items
      ? [{ key: 0, schema: schema.items }]
      : [];
  for (const child of children) {
    yield [...steps, child];
    yield* fieldPaths(child.schema, [...steps, child]);
  }
}

const MARK = '\u0001fuzz\u0001';

/** The JSON text of `base` with the field at `steps` set to the raw JSON `raw` (its containers made valid). */
function bodyWith(base: Record<string, unknown>, steps: Step[], raw: string): string {
  const body = structuredClone(base);
  let node: any = body;
  steps.forEach((step, i) => {
    const next = steps[i + 1];
    if (!next) {
      node[step.key] = MARK;
      return;
    }
    const isArray = typeof next.key === 'number';
    let child = node[step.key];
    if (isArray ? !Array.isArray(child) : child === null || typeof child !== 'object' || Array.isArray(child)) {
      const sample = sampleValue(step.schema);
      child = isArray ? [] : sample !== null && typeof sample === 'object' && !Array.isArray(sample) ? sample : {};
      node[step.key] = child;
    }
    if (isArray && child.length === 0) child.push(sampleValue(next.schema));
    node = child;
  });
  return JSON.stringify(body).replace(JSON.stringify(MARK), () => raw);
}

/** Values that a field of this schema should refuse or that sit on its bounds, as raw JSON. */
function valueMutations(schema: JsonSchema | undefined, topLevel: boolean): Array<[what: string, raw: string]> {
  const accepted = acceptedTypes(schema);
  const mutations = WRONG_TYPES.filter(([type]) => !accepted.has(type));
  if (accepted.has('number')) {
    mutations.push(['1e308', '1e308'], ['-1e308', '-1e308'], ['2^53 + 1', '9007199254740993']);
    if (schema?.minimum !== undefined) mutations.push(['its minimum', String(schema.minimum)]);
    if (schema?.maximum !== undefined) mutations.push(['its maximum', String(schema.maximum)]);
  }
  if (accepted.has('string')) {
    mutations.push(['NUL', '"\\u0000"'], ['lone surrogate', '"\\ud800"']);
    if (schema?.format === 'date-time') for (const time of EXTREME_TIMES) mutations.push([time, time]);
    if (schema?.maxLength && schema.maxLength <= 100_000) {
      mutations.push(['its longest', JSON.stringify('x'.repeat(schema.maxLength))]);
    }
  }
  if (topLevel) {
    mutations.push(
      ['1,000,000 characters', hugeString],
      [`array nested ${DEPTH} deep`, deepArray],
      [`object nested ${DEPTH} deep`, deepObject],
    );
  }
  return mutations;
}

/** `url` with its n-th path parameter (by the template) replaced. */
function replaceParam(route: DocumentedRoute, url: string, index: number, value: string): string {
  const template = route.path.split('/');
  const concrete = url.split('/');
  let seen = -1;
  return template.map((segment, i) => (/^\{.+\}$/.test(segment) && ++seen === index ? value : concrete[i])).join('/');
}

/**
 * Malformed requests for one route, derived from its OpenAPI operation and sent to `url` (real ids
 * where they resolve; `references` give real values to required properties that name other
 * resources): bad ids in each path parameter; odd values of each declared query parameter
 * and of undeclared ones; odd headers; and, for routes that take a body, each field (three levels
 * down) mistyped or at its bounds and each top-level property a million characters long or nested
 * 5,000 levels deep (the rest of the body valid), a missing-fields body,
 * Object's member names as keys, whole bodies nested 5,000 deep, and wrong content types.
 */
export function malformedRequests(
  route: DocumentedRoute,
  url: string,
  references: Record<string, unknown> = {},
): MalformedRequest[] {
  const requests: MalformedRequest[] = [];
  const takesBody = route.method !== 'GET';
  const schema = bodySchema(route);
  const base = (objectSchema(schema) ? sampleValue(objectSchema(schema)) : {}) as Record<string, unknown>;
  for (const name of Object.keys(base)) if (Object.hasOwn(references, name)) base[name] = references[name];
  const baseJson = JSON.stringify(base);
  // GET requests carry no body: only their headers other than the content type are kept.
  const withBody = (label: string, target: string, payload = baseJson, headers: Record<string, string> = JSON_TYPE) => {
    const { 'content-type': _type, ...otherHeaders } = headers;
    requests.push(takesBody ? { label, url: target, payload, headers } : { label, url: target, headers: otherHeaders });
  };

  route.params.forEach((param, index) => {
    for (const id of ODD_IDS) withBody(`{${param}} = ${id.slice(0, 20)}`, replaceParam(route, url, index, id));
  });

  const query = (q: string) => `${url}${url.includes('?') ? '&' : '?'}${q}`;
  for (const { name, schema: param } of queryParameters(route)) {
    const type = param ? schemaType(param) : undefined;
    const wrong = type === 'string' ? (param?.enum ? 'not-a-choice' : '%7B%22a%22%3A1%7D') : 'abc';
    for (const [label, value] of [
      ['wrong type', `${name}=${wrong}`],
      ['empty', `${name}=`],
      ['repeated', `${name}=1&${name}=2`],
      ['1,000 characters', `${name}=${'q'.repeat(1_000)}`],
      ['20,000 characters', `${name}=${'q'.repeat(20_000)}`],
      ...EXTREME_QUERY_VALUES.map((value) => [value, `${name}=${encodeURIComponent(value)}`] as const),
    ] as const) {
      withBody(`?${name}: ${label}`, query(value));
    }
  }
  for (const q of ODD_QUERIES) withBody(`?${q.slice(0, 40)}`, query(q));
  for (const [name, value] of [
    ['accept', 'application/xml'],
    ['range', 'bytes=abc'],
    ['range', 'bytes=999999999-'],
    ['x-http-method-override', 'DELETE'],
  ]) {
    withBody(`${name}: ${value}`, url, baseJson, { ...JSON_TYPE, [name!]: value! });
  }
  if (!takesBody) return requests;

  for (const steps of fieldPaths(schema)) {
    const field = `body.${steps.map((s) => s.key).join('.')}`;
    for (const [what, raw] of valueMutations(steps.at(-1)!.schema, steps.length === 1)) {
      withBody(`${field}: ${what}`, url, bodyWith(base, steps, raw));
    }
  }
  const plus = (json: string) => (baseJson === '{}' ? json : `${baseJson.slice(0, -1)},${json.slice(1)}`);
  withBody('body {}', url, '{}');
  withBody("body of Object's member names", url, MEMBER_KEYS);
  withBody("valid body plus Object's member names", url, plus(MEMBER_KEYS));
  for (const json of POLLUTING_BODIES) withBody(`body ${json}`, url, plus(json));
  withBody(`body: array nested ${DEPTH} deep`, url, deepArray);
  withBody(`body: object nested ${DEPTH} deep`, url, deepObject);
  for (const payload of ['{"unterminated": ', '', 'null', '42', '"text"', '[]'])
    withBody(`body ${payload || '(empty)'}`, url, payload);
  for (const [what, type, payload] of [
    ['text/plain', 'text/plain', 'hello'],
    ['application/xml', 'application/xml', '<a>1</a>'],
    ['multipart without a boundary', 'multipart/form-data', '--x\r\n\r\n--x--'],
    [
      'multipart cut short',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nab',
    ],
    ['form-urlencoded', 'application/x-www-form-urlencoded', 'a=1&__proto__[polluted]=1'],
    ['JSON in latin1', 'application/json; charset=latin1', baseJson],
  ]) {
    withBody(`content type: ${what}`, url, payload, { 'content-type': type! });
  }
  return requests;
}
