import { describe, expect, it } from 'vitest';
import { compileExpression, expressionError } from './expressions.ts';

describe('expressions', () => {
  it('computes a piezometric level from pressure and tip elevation', () => {
    const f = compileExpression('tip_elevation + pressure / 9.8068');
    expect(f.variables.sort()).toEqual(['pressure', 'tip_elevation']);
    expect(f.evaluate({ tip_elevation: 400, pressure: 98.068 })).toBeCloseTo(410, 10);
  });

  it('supports comparisons, logic, conditionals and whitelisted functions', () => {
    expect(compileExpression('max(a, b) > 3 && !(c == 1) ? 2 ** 3 : -1').evaluate({ a: 1, b: 4, c: 0 })).toBe(8);
    expect(compileExpression("state == 'red' || abs(x) >= 2").evaluate({ state: 'green', x: -2 })).toBe(true);
  });

  it('refuses what is not in the language', () => {
    for (const source of ['constructor.constructor("x")()', 'a.b', 'a[0]', 'process', 'eval("1")', 'x = 1', '1 +']) {
      const error = source === 'process' ? undefined : expressionError(source);
      if (source !== 'process') expect(error, source).toBeTruthy();
    }
    expect(() => compileExpression('process').evaluate({})).toThrow('Unknown value: process');
    expect(() => compileExpression('toString').evaluate({})).toThrow('Unknown value: toString');
  });

  it('fails on a missing value or a non-finite result instead of returning garbage', () => {
    expect(() => compileExpression('a / b').evaluate({ a: 1, b: 0 })).toThrow('Result is not a finite number');
    expect(() => compileExpression('a + 1').evaluate({})).toThrow('Unknown value: a');
  });
});
