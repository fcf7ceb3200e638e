import { describe, expect, it } from 'vitest';
import { altitudeAt, gridTicks, niceStep, plotY, scaleBar, verticalExaggeration } from './side-view-scale.ts';

const cerro = { distance: 280, altitudeMin: 1115, altitudeMax: 1190 };

describe('verticalExaggeration', () => {
  it('fits the section to its box at 0', () => {
    // 280 m by 75 m in a box twice as wide as tall: 280/75/2 ≈ 1.87 times.
    expect(verticalExaggeration(0, cerro, { width: 800, height: 400 })).toBeCloseTo(280 / 75 / 2, 6);
  });

  it('reads any other value as per cent: 100 is true scale, 1000 ten times', () => {
    expect(verticalExaggeration(100, cerro, { width: 800, height: 400 })).toBe(1);
    expect(verticalExaggeration(250, cerro, { width: 800, height: 400 })).toBe(2.5);
    expect(verticalExaggeration(1000, cerro, { width: 800, height: 400 })).toBe(10);
  });

  it('keeps the scale within 0 to 1000 (requirements#monitoring-constants)', () => {
    expect(verticalExaggeration(5000, cerro, { width: 800, height: 400 })).toBe(10);
    expect(verticalExaggeration(-20, cerro, { width: 800, height: 400 })).toBeCloseTo(280 / 75 / 2, 6);
  });

  it('falls back to true scale when the box or the section has no size yet', () => {
    expect(verticalExaggeration(0, cerro, { width: 0, height: 0 })).toBe(1);
    expect(verticalExaggeration(0, { ...cerro, distance: 0 }, { width: 800, height: 400 })).toBe(1);
  });

  it('never draws a section flatter than a tenth or steeper than a hundred times', () => {
    expect(verticalExaggeration(1, cerro, { width: 800, height: 400 })).toBe(0.1);
    expect(
      verticalExaggeration(0, { distance: 10_000, altitudeMin: 0, altitudeMax: 1 }, { width: 100, height: 100 }),
    ).toBe(100);
  });

  it('maps altitudes to heights of the plane and back', () => {
    expect(plotY(1140, 1115, 2)).toBe(50);
    expect(altitudeAt(50, 1115, 2)).toBe(1140);
  });
});

describe('grid and scale bar', () => {
  it('steps by 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(75, 6)).toBe(10);
    expect(niceStep(280, 8)).toBe(50);
    expect(niceStep(13, 6)).toBe(2);
    expect(niceStep(0.9, 5)).toBe(0.2);
  });

  it('lays grid lines on the steps within the range, rounded', () => {
    expect(gridTicks(1115, 1190, 6)).toEqual([1120, 1130, 1140, 1150, 1160, 1170, 1180, 1190]);
    expect(gridTicks(0, 1, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(gridTicks(5, 5, 5)).toEqual([]);
  });

  it('picks the longest nice length that fits', () => {
    expect(scaleBar(0.5, 120)).toEqual({ length: 50, pixels: 100 });
    expect(scaleBar(2, 100)).toEqual({ length: 200, pixels: 100 });
    expect(scaleBar(0.03, 100)).toEqual({ length: 2, pixels: 2 / 0.03 });
    expect(scaleBar(0, 100)).toEqual({ length: 0, pixels: 0 });
  });
});
