import { describe, expect, it } from 'vitest';
import {
  CARD_PRESETS,
  GRID_COLUMNS,
  childPages,
  firstFit,
  pageTrail,
  pathSegmentOf,
  placeNewCard,
  readingOrder,
} from './dashboard-pages.ts';
import { dashboardCardSchema, DEFAULT_CARD_SIZE, dashboardTreeSchema } from './dashboards.ts';

const card = (id: string, x: number, y: number, w: number, h: number) => ({
  id,
  type: 'state-summary' as const,
  layout: { x, y, w, h },
});
const tree = (pages: Array<{ path: string; cards?: unknown[] }>) =>
  dashboardTreeSchema.safeParse({ pages: pages.map((p) => ({ title: p.path, cards: [], ...p })) });

describe('dashboard grid (requirements#shell-constants, requirements#monitoring-constants)', () => {
  it('is 16 columns wide with the card presets full width 2 or 4 high, half width 8 and media 6', () => {
    expect(GRID_COLUMNS).toBe(16);
    expect(CARD_PRESETS.fullWidth).toEqual({ w: 16, h: 2 });
    expect(CARD_PRESETS.fullWidthTall).toEqual({ w: 16, h: 4 });
    expect(CARD_PRESETS.halfWidth.w).toBe(8);
    expect(CARD_PRESETS.media.w).toBe(6);
    expect(DEFAULT_CARD_SIZE.chart).toEqual(CARD_PRESETS.halfWidth);
  });

  it('places a new card at the left edge below every other card', () => {
    expect(placeNewCard([], CARD_PRESETS.halfWidth)).toEqual({ x: 0, y: 0, w: 8, h: 2 });
    const layouts = [card('a', 0, 0, 8, 2).layout, card('b', 8, 0, 8, 4).layout];
    expect(placeNewCard(layouts, CARD_PRESETS.fullWidth)).toEqual({ x: 0, y: 4, w: 16, h: 2 });
  });

  it('fits a card into the first free place, top to bottom, left to right', () => {
    const layouts = [
      { x: 0, y: 0, w: 8, h: 1 },
      { x: 8, y: 0, w: 4, h: 2 },
      { x: 12, y: 0, w: 4, h: 2 },
    ];
    expect(firstFit(layouts, { w: 4, h: 1 })).toEqual({ x: 0, y: 1, w: 4, h: 1 });
    expect(firstFit(layouts, { w: 16, h: 2 })).toEqual({ x: 0, y: 2, w: 16, h: 2 });
    expect(firstFit([], { w: 20, h: 1 })).toEqual({ x: 0, y: 0, w: 16, h: 1 });
  });

  it('reads cards top to bottom, then left to right, for one column', () => {
    const cards = [card('c', 8, 2, 8, 2), card('a', 8, 0, 8, 2), card('b', 0, 2, 8, 2), card('first', 0, 0, 8, 2)];
    expect(readingOrder(cards).map((c) => c.id)).toEqual(['first', 'a', 'b', 'c']);
  });

  it('refuses a card that runs past the 16th column', () => {
    expect(tree([{ path: 'root', cards: [card('a', 10, 0, 8, 2)] }]).success).toBe(false);
    expect(tree([{ path: 'root', cards: [card('a', 8, 0, 8, 2)] }]).success).toBe(true);
  });
});

describe('dashboard tree', () => {
  it('starts at root, keeps paths unique and parents before children', () => {
    expect(tree([{ path: 'root' }, { path: 'root/north' }, { path: 'root/north/pz' }]).success).toBe(true);
    expect(tree([{ path: 'root/north' }]).success).toBe(false);
    expect(tree([{ path: 'root' }, { path: 'root/a' }, { path: 'root/a' }]).success).toBe(false);
    expect(tree([{ path: 'root' }, { path: 'root/a/b' }]).success).toBe(false);
    expect(tree([{ path: 'root' }, { path: 'root/Upper' }]).success).toBe(false);
    expect(tree([{ path: 'root' }, { path: 'root/device' }]).success).toBe(false);
  });

  it('refuses two cards of one page with the same id', () => {
    expect(tree([{ path: 'root', cards: [card('a', 0, 0, 8, 2), card('a', 8, 0, 8, 2)] }]).success).toBe(false);
  });

  it('takes a cross section in its two forms, the side-section unless the aerial view is chosen, and the map of all', () => {
    const layout = { x: 0, y: 0, w: 16, h: 3 };
    const side = dashboardCardSchema.parse({ id: 'cs', type: 'cross-section', cross_section_id: 'abc', layout });
    expect(side).toMatchObject({ view: 'side', title: '' });
    const aerial = { id: 'cs', type: 'cross-section', cross_section_id: 'abc', view: 'aerial', layout };
    expect(dashboardCardSchema.parse(aerial)).toMatchObject({ view: 'aerial' });
    expect(dashboardCardSchema.safeParse({ ...aerial, view: 'plan' }).success).toBe(false);
    expect(dashboardCardSchema.safeParse({ id: 'cs', type: 'cross-section', layout }).success).toBe(false);
    expect(dashboardCardSchema.parse({ id: 'all', type: 'cross-sections-map', layout }).type).toBe(
      'cross-sections-map',
    );
    expect(DEFAULT_CARD_SIZE['cross-section']).toEqual({ w: 16, h: 3 });
  });

  it('gives breadcrumbs from root and children in order', () => {
    const parsed = dashboardTreeSchema.parse({
      pages: [
        { path: 'root', title: 'Site', cards: [] },
        { path: 'root/north', title: 'North', cards: [] },
        { path: 'root/south', title: 'South', cards: [] },
        { path: 'root/north/pz', title: 'Piezometers', cards: [] },
      ],
    });
    expect(pageTrail(parsed, 'root/north/pz').map((p) => p.title)).toEqual(['Site', 'North', 'Piezometers']);
    expect(pageTrail(parsed, 'root/east')).toEqual([]);
    expect(childPages(parsed, 'root').map((p) => p.title)).toEqual(['North', 'South']);
  });

  it('makes a path segment from a title', () => {
    expect(pathSegmentOf('North crest (CH 0+200)')).toBe('north-crest-ch-0-200');
    expect(pathSegmentOf('Barragem São João')).toBe('barragem-sao-joao');
    expect(pathSegmentOf('Device')).toBe('page-device');
    expect(pathSegmentOf('→')).toBe('page-new');
  });
});
