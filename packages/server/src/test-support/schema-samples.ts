/** A JSON Schema node as the OpenAPI document holds it (zod's output through fastify-type-provider-zod). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  minItems?: number;
  $ref?: string;
}

/** Strings tried, in order, against a property's pattern, format and length bounds. */
const STRING_CANDIDATES = [
  'fuzz',
  'x1',
  'fuzz@example.com',
  'FUZZ@EXAMPLE.COM',
  '2026-01-01T00:00:00Z',
  'image/png',
  'https://example.com/x',
  'en',
  'a,b',
  '1',
  'x',
];

function toRegExp(pattern: string): RegExp {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return new RegExp(pattern);
  }
}

function sampleString(schema: JsonSchema): string {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  const pattern = schema.pattern ? toRegExp(schema.pattern) : undefined;
  const fits = (s: string) => s.length >= min && s.length <= max && (!pattern || pattern.test(s));
  if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
  if (schema.format === 'uri') return 'https://example.com/x';
  if (schema.format === 'email') return 'fuzz@example.com';
  return STRING_CANDIDATES.find(fits) ?? 'x'.repeat(Math.max(min, 1));
}

function sampleNumber(schema: JsonSchema, integer: boolean): number {
  let value = schema.minimum ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1);
  if (schema.maximum !== undefined && value > schema.maximum) value = schema.maximum;
  return integer ? Math.ceil(value) : value;
}

/** The first type a schema names, `undefined` when it accepts any JSON value. */
export function schemaType(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  return option ? schemaType(option) : undefined;
}

/**
 * A small value the schema accepts (best effort: required properties only, the first option of a
 * union, the first enum member); used as the valid rest of a body whose one property is malformed, so
 * that the malformed value gets past the other fields' checks.
 */
export function sampleValue(schema: JsonSchema | undefined): unknown {
  if (!schema || schema.$ref) return {};
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (option && !schema.type) return sampleValue(option);
  switch (schemaType(schema)) {
    case 'string':
      return sampleString(schema);
    case 'number':
      return sampleNumber(schema, false);
    case 'integer':
      return sampleNumber(schema, true);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleValue(schema.items));
    case 'object': {
      const body: Record<string, unknown> = {};
      for (const name of schema.required ?? []) body[name] = sampleValue(schema.properties?.[name]);
      return body;
    }
    default:
      return {};
  }
}
