// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';

// uPlot reads matchMedia as it loads; jsdom has none.
vi.hoisted(() => {
  window.matchMedia = (media: string) =>
    ({ matches: false, media, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
});
const { markersPlugin } = await import('./markers-plugin.ts');

/**
 * Draws `markers` on a 1000 px plot spanning 0–1000 s (x) and 0–300 px (y), over a series of
 * `readings` [second, pixel from the top], and answers where each label's box went.
 */
function labelBoxes(markers: Array<{ time: number; label: string }>, readings: Array<[number, number]> = []) {
  const boxes: Array<{ label: string; left: number; top: number }> = [];
  let last: { left: number; top: number } | null = null;
  const ctx = new Proxy(
    {
      measureText: (text: string) => ({ width: text.length * 6 }),
      fillRect: (left: number, top: number) => (last = { left, top }),
      fillText: (text: string) => last && boxes.push({ label: text, ...last }),
    } as Record<string, unknown>,
    {
      get: (target, prop) => (prop in target ? target[prop as string] : () => {}),
      set: (target, prop, value) => ((target[prop as string] = value), true),
    },
  );
  const u = {
    ctx,
    bbox: { left: 0, top: 0, width: 1000, height: 300 },
    valToPos: (v: number) => v,
    data: [readings.map(([t]) => t), readings.map(([, y]) => y)],
    series: [{}, { show: true, scale: 'm' }],
  };
  const plugin = markersPlugin(markers, 'sans-serif', { line: '#888', text: '#000', background: '#fff' });
  (plugin.hooks.draw as (u: unknown) => void)(u);
  return boxes;
}

describe('the markers of a chart', () => {
  it('keeps labels far apart on the same row, and steps up a label that would overlap', () => {
    const boxes = labelBoxes([
      { time: 100_000, label: 'Calibration 1 Nov' },
      { time: 600_000, label: 'Calibration 23 Nov' },
      { time: 620_000, label: 'Alert' },
    ]);
    expect(boxes.map((b) => b.label)).toEqual(['Calibration 1 Nov', 'Calibration 23 Nov', 'Alert']);
    expect(boxes[0]!.top).toBe(boxes[1]!.top);
    expect(boxes[2]!.top).toBeLessThan(boxes[1]!.top);
  });

  it('gives no row to a marker outside the time shown', () => {
    const boxes = labelBoxes([
      { time: 5_000_000, label: 'Later' },
      { time: 300_000, label: 'Shown' },
    ]);
    expect(boxes.map((b) => b.label)).toEqual(['Shown']);
    // at the foot: one row above the plot's bottom
    expect(boxes[0]!.top).toBeGreaterThan(250);
  });

  it('puts a label beside its mark where it hides no readings: left of it, else at the top', () => {
    // readings stepping down to the foot at 600 s, as a re-zeroed piezometer's do
    const stepped: Array<[number, number]> = Array.from({ length: 21 }, (_, i) => [i * 50, i * 50 < 600 ? 100 : 290]);
    const [left] = labelBoxes([{ time: 600_000, label: 'Calibration 29 Nov' }], stepped);
    expect(left!.left).toBeLessThan(600);
    expect(left!.top).toBeGreaterThan(250);
    // readings at the foot on both sides of the mark: the label goes to the top, right of its mark
    const flat: Array<[number, number]> = Array.from({ length: 21 }, (_, i) => [i * 50, 290]);
    const [up] = labelBoxes([{ time: 600_000, label: 'Calibration 29 Nov' }], flat);
    expect(up!.left).toBeGreaterThan(600);
    expect(up!.top).toBeLessThan(50);
    // with no readings under it, the foot right of the mark as before
    const [foot] = labelBoxes(
      [{ time: 600_000, label: 'Calibration 29 Nov' }],
      stepped.map(([t]) => [t, 100]),
    );
    expect(foot!.left).toBeGreaterThan(600);
    expect(foot!.top).toBeGreaterThan(250);
  });
});
