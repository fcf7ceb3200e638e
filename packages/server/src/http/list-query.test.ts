import { describe, expect, it } from 'vitest';
import { parseListQuery, selectFields, type ListSpec } from './list-query.ts';

const spec: ListSpec = {
  columns: { name: 'name', created_at: 'created_at', status: 'status' },
  filters: ['status'],
  ranges: ['created_at'],
  defaultOrdering: 'name',
  tieBreaker: 'id',
};

describe('parseListQuery', () => {
  it('defaults to page 1 of 100 ordered by the default field', () => {
    const q = parseListQuery({}, spec);
    expect(q).toMatchObject({ page: 1, paginateBy: 100, ordering: [{ column: 'name', desc: false }] });
  });

  it('reads descending ordering, dotted ranges as UTC ISO times and comma-separated filter values', () => {
    const q = parseListQuery(
      {
        ordering: '-created_at',
        'created_at.from_time': '2026-11-20T10:00:00+02:00',
        'created_at.to_time': '2026-11-21T00:00:00Z',
        status: 'a,b',
      },
      spec,
    );
    expect(q.ordering).toEqual([{ column: 'created_at', desc: true }]);
    expect(q.ranges).toEqual([
      { column: 'created_at', op: '>=', value: '2026-11-20T08:00:00.000Z' },
      { column: 'created_at', op: '<=', value: '2026-11-21T00:00:00.000Z' },
    ]);
    expect(q.equals).toEqual([{ column: 'status', values: ['a', 'b'] }]);
  });

  it('refuses unknown filters, unknown orderings and bad times with the field named', () => {
    expect(() =>
      parseListQuery({ colour: 'red', ordering: 'secret', 'created_at.from_time': 'yesterday' }, spec),
    ).toThrow(
      expect.objectContaining({
        status: 400,
        errorType: 'ValidationError',
        details: {
          colour: ['Unknown filter'],
          ordering: ['Cannot order by secret'],
          'created_at.from_time': ['Enter a valid ISO-8601 date and time'],
        },
      }),
    );
  });
});

describe('selectFields', () => {
  const object = {
    id: 1,
    name: 'PZ-01',
    scheme: { type: 'standard', spec: { unit: 'kPa' } },
    tags: [{ title: 'a', x: 1 }],
  };

  it('keeps only the dotted fields asked for, inside objects and arrays', () => {
    expect(selectFields(object, ['id', 'scheme.type', 'tags.title'], undefined)).toEqual({
      id: 1,
      scheme: { type: 'standard' },
      tags: [{ title: 'a' }],
    });
  });

  it('drops excluded fields without touching the original', () => {
    expect(selectFields(object, undefined, ['scheme.spec', 'tags'])).toEqual({
      id: 1,
      name: 'PZ-01',
      scheme: { type: 'standard' },
    });
    expect(object.scheme.spec.unit).toBe('kPa');
  });

  it('ignores fields the object does not have', () => {
    expect(selectFields(object, ['id', 'nope.deeper'], undefined)).toEqual({ id: 1 });
  });
});
