// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChartSeriesInput } from './chart-model.ts';
import { TimeSeriesChart, type TimeSeriesChartProps } from './time-series-chart.tsx';

/**
 * jsdom has no 2D canvas, no matchMedia (which uPlot reads as it loads) and no ResizeObserver: a context that
 * records the text drawn on it, and an observer the test drives, stand in for them.
 */
const browser = vi.hoisted(() => {
  const texts: string[] = [];
  const observers = new Set<{ callback: ResizeObserverCallback; target?: Element }>();
  window.matchMedia = (media: string) =>
    ({ matches: false, media, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
  globalThis.Path2D = class {
    moveTo() {}
    lineTo() {}
    rect() {}
    arc() {}
    closePath() {}
    bezierCurveTo() {}
    addPath() {}
  } as unknown as typeof Path2D;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement) {
    const state: Record<PropertyKey, unknown> = {
      canvas: this,
      measureText: (text: string) => ({ width: text.length * 6 }),
      fillText: (text: string) => texts.push(text),
    };
    return new Proxy(state, {
      get: (target, prop) => (prop in target ? target[prop] : () => {}),
      set: (target, prop, value) => ((target[prop] = value), true),
    });
  } as unknown as typeof HTMLCanvasElement.prototype.getContext;
  globalThis.ResizeObserver = class {
    private entry: { callback: ResizeObserverCallback; target?: Element };
    constructor(callback: ResizeObserverCallback) {
      this.entry = { callback };
    }
    observe(target: Element) {
      this.entry.target = target;
      observers.add(this.entry);
    }
    unobserve() {}
    disconnect() {
      observers.delete(this.entry);
    }
  } as unknown as typeof ResizeObserver;
  /** Gives every observed chart box this size, as a browser laying out the page would. */
  const resize = (width: number, height: number) =>
    observers.forEach(({ callback, target }) =>
      callback([{ target, contentRect: { width, height } } as unknown as ResizeObserverEntry], {} as ResizeObserver),
    );
  return { texts, observers, resize };
});

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-GB', resources: {}, react: { useSuspense: false } });
});
afterEach(() => {
  cleanup();
  browser.texts.length = 0;
});

const HOUR = 3_600_000;
const T0 = Date.UTC(2025, 5, 1);
const level: ChartSeriesInput = {
  key: 'pz-01',
  label: 'Piezometric level',
  unit: 'm',
  points: Array.from({ length: 48 }, (_, i) => [T0 + i * HOUR, 100 + Math.sin(i / 5)] as const),
};

function renderChart(props: Partial<TimeSeriesChartProps> = {}) {
  const all: TimeSeriesChartProps = {
    series: [level],
    height: 240,
    noDataText: 'NO DATA',
    ariaLabel: 'PZ-01',
    ...props,
  };
  const view = render(
    <I18nextProvider i18n={i18n}>
      <TimeSeriesChart {...all} />
    </I18nextProvider>,
  );
  const rerender = (next: Partial<TimeSeriesChartProps>) =>
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <TimeSeriesChart {...all} {...next} />
      </I18nextProvider>,
    );
  act(() => browser.resize(600, 240));
  return { ...view, rerender };
}

/** uPlot's event layer over the plot area: where a user's mouse lands (it has no role to find it by). */
const plotArea = (container: HTMLElement) => container.querySelector<HTMLElement>('.u-over')!;

/** uPlot redraws in a microtask after a change. */
const settled = () => act(async () => {});

function drag(area: HTMLElement, fromX: number, toX: number) {
  fireEvent.mouseDown(area, { clientX: fromX, clientY: 50, button: 0 });
  fireEvent.mouseMove(area, { clientX: toX, clientY: 50, movementX: toX - fromX, movementY: 1 });
  fireEvent.mouseUp(document, { clientX: toX, clientY: 50, button: 0 });
}

describe('TimeSeriesChart', () => {
  it('shows the no-data text instead of a chart when no series holds a value', () => {
    renderChart({ series: [{ ...level, points: [[T0, null]] }] });
    const image = screen.getByRole('img', { name: 'PZ-01' });
    expect(image.tagName).not.toBe('CANVAS');
    expect(screen.getByText('NO DATA')).toBeTruthy();
    expect(browser.observers.size).toBe(0);
  });

  it('draws on a canvas named for assistive technology, with the unit in the legend and on the axis', async () => {
    renderChart();
    expect(screen.getByRole('img', { name: 'PZ-01' }).tagName).toBe('CANVAS');
    expect(screen.queryByText('NO DATA')).toBeNull();
    expect(screen.getByText('Piezometric level (m)')).toBeTruthy();
    await waitFor(() => expect(browser.texts).toContain('m'));
  });

  it('labels a limit line with its words and value, in the limit unit', async () => {
    renderChart({ limits: [{ level: 'critical', bound: 'upper', value: 101.5, unit: 'm', label: 'critical upper' }] });
    await waitFor(() => expect(browser.texts).toContain('critical upper 101.5 m'));
  });

  it('pins a limit far beyond the data to the edge instead of flattening the chart', async () => {
    renderChart({ limits: [{ level: 'warning', bound: 'upper', value: 150, unit: 'm', label: 'warning upper' }] });
    await waitFor(() => expect(browser.texts).toContain('▲ warning upper 150 m'));
  });

  it('marks a moment with its label, and describes limits and markers to assistive technology', async () => {
    renderChart({
      limits: [{ level: 'critical', bound: 'upper', value: 101.5, unit: 'm', label: 'critical upper' }],
      markers: [{ time: T0 + 20 * HOUR, label: 'Alert reading' }],
    });
    await waitFor(() => expect(browser.texts).toContain('Alert reading'));
    const canvas = screen.getByRole('img', { name: 'PZ-01' });
    expect(canvas.getAttribute('aria-describedby')).toBeTruthy();
    const description = document.getElementById(canvas.getAttribute('aria-describedby')!)!;
    expect(description.textContent).toContain('critical upper 101.5 m');
    expect(description.textContent).toContain('Alert reading');
  });

  it('draws no marker outside the time shown', async () => {
    renderChart({ markers: [{ time: T0 + 500 * HOUR, label: 'Later' }] });
    await waitFor(() => expect(browser.texts).toContain('m'));
    expect(browser.texts).not.toContain('Later');
  });

  it('gives a bars series its own unit axis, reaching down to zero', async () => {
    const rain: ChartSeriesInput = {
      key: 'rain',
      label: 'Rainfall',
      unit: 'mm',
      style: 'bars',
      points: Array.from({ length: 2 }, (_, i) => [T0 + i * 24 * HOUR, 5 + i] as const),
    };
    renderChart({ series: [level, rain] });
    await waitFor(() => expect(browser.texts).toContain('mm'));
    expect(screen.getByText('Rainfall (mm)')).toBeTruthy();
    // the rainfall axis counts from 0 although the least rainfall is 5 mm
    expect(browser.texts).toContain('0');
  });

  it('keeps its canvas when only the readings change, and rebuilds when a unit changes', () => {
    const { rerender } = renderChart();
    const canvas = screen.getByRole('img', { name: 'PZ-01' });
    rerender({ series: [{ ...level, points: level.points.slice(10) }] });
    expect(screen.getByRole('img', { name: 'PZ-01' })).toBe(canvas);
    rerender({ series: [{ ...level, unit: 'kPa' }] });
    expect(screen.getByRole('img', { name: 'PZ-01' })).not.toBe(canvas);
    expect(screen.getByText('Piezometric level (kPa)')).toBeTruthy();
  });

  it('reports a dragged time range to onZoom instead of zooming itself', async () => {
    const onZoom = vi.fn();
    const { container } = renderChart({ onZoom });
    await settled();
    drag(plotArea(container), 100, 300);
    await settled();
    drag(plotArea(container), 100, 300);
    expect(onZoom).toHaveBeenCalledTimes(2);
    const [first, second] = onZoom.mock.calls.map(([r]) => [r.from.getTime(), r.to.getTime()]);
    expect(first![0]).toBeGreaterThan(T0);
    expect(first![1]).toBeGreaterThan(first![0]);
    expect(first![1]).toBeLessThan(T0 + 47 * HOUR);
    expect(second).toEqual(first); // the chart still shows the same hours
  });

  it('keeps a drag to the chart it happened on, while sharing the crosshair', async () => {
    const [onZoomA, onZoomB] = [vi.fn(), vi.fn()];
    const props = { series: [level], height: 200, noDataText: 'NO DATA', syncKey: 'page' };
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <TimeSeriesChart {...props} ariaLabel="A" onZoom={onZoomA} />
        <TimeSeriesChart {...props} ariaLabel="B" onZoom={onZoomB} />
      </I18nextProvider>,
    );
    act(() => browser.resize(600, 200));
    await settled();
    drag(plotArea(container), 100, 300);
    expect(onZoomA).toHaveBeenCalledTimes(1);
    expect(onZoomB).not.toHaveBeenCalled();
  });

  it('follows the range it is given rather than the extent of the data', async () => {
    const onZoom = vi.fn();
    const range = { from: new Date(T0 - 24 * HOUR), to: new Date(T0 + 72 * HOUR) };
    const { container, rerender } = renderChart({ onZoom, range });
    const wider = { from: new Date(T0 - 240 * HOUR), to: new Date(T0 + 240 * HOUR) };
    rerender({ onZoom, range: wider });
    await settled();
    // the same drag covers five times as much time on a range five times as wide
    drag(plotArea(container), 100, 300);
    rerender({ onZoom, range });
    await settled();
    drag(plotArea(container), 100, 300);
    const [wide, narrow] = onZoom.mock.calls.map(([r]) => r.to.getTime() - r.from.getTime());
    expect(wide).toBeCloseTo(narrow! * 5, -3);
  });

  it('calls onResetZoom on a double click', () => {
    const onResetZoom = vi.fn();
    const { container } = renderChart({ onZoom: vi.fn(), onResetZoom });
    fireEvent.dblClick(plotArea(container), { button: 0 });
    expect(onResetZoom).toHaveBeenCalledTimes(1);
  });
});
