// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ProfileChart, type ProfileChartProps } from './profile-chart.tsx';
import type { ProfileInput } from './profile-model.ts';

/** jsdom has no 2D canvas, no matchMedia (read by uPlot as it loads), no Path2D and no ResizeObserver. */
const drawn = vi.hoisted(() => {
  const texts: string[] = [];
  window.matchMedia = (media: string) =>
    ({ matches: false, media, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;
  globalThis.Path2D = class {
    moveTo() {}
    lineTo() {}
    rect() {}
    arc() {}
    closePath() {}
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
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  // every box laid out at 600 × 300 px, so that uPlot draws its axes
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 300 });
  return texts;
});

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-GB', resources: {}, react: { useSuspense: false } });
});
afterEach(() => {
  cleanup();
  drawn.length = 0;
});

const now: ProfileInput = {
  key: 'now',
  label: 'Now',
  points: [0, 1, 2].map((i) => ({ depth: i * 2, value: 6 - 3 * i })),
};
const before: ProfileInput = { key: 'd7', label: '7 days ago', points: [{ depth: 0, value: 4.25 }] };

function renderChart(props: Partial<ProfileChartProps> = {}) {
  return render(
    <I18nextProvider i18n={i18n}>
      <ProfileChart
        profiles={[now, before]}
        height={300}
        ariaLabel="Profile: IPI-01"
        tableLabel="Profile values: IPI-01"
        noDataText="NO DATA"
        texts={{ depth: 'Depth (m)', displacement: 'Displacement (mm)', limit: 'Limit' }}
        {...props}
      />
    </I18nextProvider>,
  );
}

const cellTexts = (row: HTMLElement) => [...row.children].map((c) => c.textContent);

describe('profile chart', () => {
  it('is an image named by its label, with a table of a row per depth and a column per profile', () => {
    renderChart();
    expect(screen.getByRole('img', { name: 'Profile: IPI-01' }).tagName).toBe('CANVAS');
    const table = screen.getByRole('table', { name: 'Profile values: IPI-01' });
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Depth (m)', 'Now', '7 days ago']);
    expect(rows.map(cellTexts)).toEqual([
      ['0', '6', '4.25'],
      ['2', '3', '–'],
      ['4', '0', '–'],
    ]);
  });

  it('names each profile and the limit in its legend, and labels both axes', async () => {
    const { container } = renderChart({ limit: 20 });
    const legend = container.querySelector('.u-legend')!.textContent;
    expect(legend).toContain('Now');
    expect(legend).toContain('7 days ago');
    expect(legend).toContain('Limit');
    await waitFor(() => expect(drawn).toEqual(expect.arrayContaining(['Depth (m)', 'Displacement (mm)'])));
  });

  it('has no limit without one', () => {
    const { container } = renderChart();
    expect(container.querySelector('.u-legend')!.textContent).not.toContain('Limit');
  });

  it('shows the table instead of the plot on request', () => {
    renderChart({ showTable: true });
    expect(screen.queryByRole('img')).toBeNull();
    // shown, not the visually hidden table kept for screen readers
    expect(getComputedStyle(screen.getByRole('table', { name: 'Profile values: IPI-01' })).position).not.toBe(
      'absolute',
    );
  });

  it('says there is no data when no profile holds a value', () => {
    renderChart({ profiles: [{ key: 'x', label: 'Now', points: [{ depth: 0, value: null }] }] });
    expect(screen.getByRole('img', { name: 'Profile: IPI-01' }).textContent).toBe('NO DATA');
    expect(screen.queryByRole('table')).toBeNull();
  });
});
