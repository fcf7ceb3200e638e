// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { SiteMap } from '@vigil/domain';
import i18next from 'i18next';
import L from 'leaflet';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ImageOverlay } from 'react-leaflet';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { STATE_PAINT } from '../state/state-paint.ts';
import type { MapMarker } from './map-marker.ts';
import { VigilMap, type VigilMapProps } from './vigil-map.tsx';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const maps = (lang: string) =>
    JSON.parse(readFileSync(join(import.meta.dirname, `../../../public/locales/${lang}/maps.json`), 'utf8'));
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { maps: maps('en-US') }, es: { maps: maps('es') } },
    react: { useSuspense: false },
  });
  URL.createObjectURL = vi.fn(() => 'blob:site-plan');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const pz1: MapMarker = {
  id: 'd1',
  title: 'PZ-1',
  longitude: -70.33,
  latitude: -27.37,
  colour: 'green',
  entityType: 'instrument',
};

const SITE: SiteMap = {
  image: {
    url: '/ui/api/v1/projects/p1/site-map/image',
    bounds: { west: -70.34, south: -27.38, east: -70.32, north: -27.36 },
    updated_at: '2026-01-01T00:00:00Z',
  },
  tile_layer: null,
};

function renderMap(props: Partial<VigilMapProps> = {}) {
  const all: VigilMapProps = {
    markers: [pz1],
    siteMap: null,
    height: 300,
    emptyText: 'No device has a location',
    ariaLabel: 'Safety state map',
    cluster: false,
    ...props,
  };
  const wrap = (next: Partial<VigilMapProps>) => (
    <I18nextProvider i18n={i18n}>
      <VigilMap {...all} {...next} />
    </I18nextProvider>
  );
  const view = render(wrap({}));
  return { ...view, rerender: (next: Partial<VigilMapProps>) => view.rerender(wrap(next)) };
}

describe('VigilMap', () => {
  it('says so when no marker has a location', () => {
    renderMap({ markers: [{ ...pz1, longitude: null, latitude: null }] });
    expect(screen.getByRole('region', { name: 'Safety state map' })).toBeTruthy();
    expect(screen.getByText('No device has a location')).toBeTruthy();
  });

  it('shows no empty text when a marker has a location', async () => {
    renderMap();
    await screen.findByRole('button', { name: 'PZ-1, green' });
    expect(screen.queryByText('No device has a location')).toBeNull();
  });

  it('draws a device as a button named by its title and state that opens it on click', async () => {
    const onMarkerClick = vi.fn();
    renderMap({ onMarkerClick });
    fireEvent.click(await screen.findByRole('button', { name: 'PZ-1, green' }));
    expect(onMarkerClick).toHaveBeenCalledWith('d1');
  });

  it('recolours and renames a marker in place when its state changes', async () => {
    const view = renderMap();
    const marker = await screen.findByRole('button', { name: 'PZ-1, green' });
    expect(marker.innerHTML).toContain(`background:${STATE_PAINT.green}`);
    view.rerender({ markers: [{ ...pz1, colour: 'red' }] });
    await waitFor(() => expect(marker.innerHTML).toContain(`background:${STATE_PAINT.red}`));
    expect(screen.getByRole('button', { name: 'PZ-1, red' })).toBe(marker);
  });

  it('names its markers again in another language', async () => {
    renderMap();
    const marker = await screen.findByRole('button', { name: 'PZ-1, green' });
    await act(() => i18n.changeLanguage('es'));
    expect(marker.getAttribute('aria-label')).toBe('PZ-1, verde');
    await act(() => i18n.changeLanguage('en-US'));
  });

  it('keeps every name shown while Display Names is on', async () => {
    renderMap({ displayNames: false });
    await screen.findByRole('button', { name: 'PZ-1, green' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => fireEvent.click(screen.getByRole('switch', { name: 'Display Names' })));
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('PZ-1'));
  });

  it('shows the name beside a lone device without a Display Names switch when asked to', async () => {
    renderMap({ displayNames: true, nameSwitch: false });
    await screen.findByRole('button', { name: 'PZ-1, green' });
    expect(screen.queryByRole('switch', { name: 'Display Names' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('PZ-1'));
  });

  it('offers the site plan first, the background, and an online map only when one is configured', async () => {
    const fetch = vi.fn(async () => new Response(new Blob(['png']), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const view = renderMap({ siteMap: SITE });
    expect((screen.getByRole('radio', { name: 'Site plan' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'Background only' })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Online map' })).toBeNull();
    await waitFor(() => expect(fetch).toHaveBeenCalledWith(SITE.image!.url, expect.anything()));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Site plan of the project' })).toBeTruthy());
    view.rerender({
      siteMap: {
        ...SITE,
        tile_layer: { url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'OSM', max_zoom: 19 },
      },
    });
    expect(screen.getByRole('radio', { name: 'Online map' })).toBeTruthy();
    view.unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:site-plan');
  });

  it("is made at its first view: the markers are never clustered at the world's zoom first", async () => {
    // jsdom lays nothing out: the map's box is given its size, as in a card
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    const zooms: number[] = [];
    L.Map.addInitHook(function (this: L.Map) {
      this.on('zoomend', () => zooms.push(this.getZoom()));
    });
    renderMap({ cluster: true, zoom: 16, markers: [pz1, { ...pz1, id: 'd2', title: 'PZ-2', longitude: -70.34 }] });
    await waitFor(() => expect(document.querySelector('.vigil-cluster, .vigil-marker')).toBeTruthy());
    expect(zooms.length).toBe(1);
    expect(zooms[0]).toBeGreaterThan(4);
  });

  it('draws the layers given as its children, and shows no empty text when it has none to show', async () => {
    renderMap({
      markers: [],
      emptyText: undefined,
      initialBounds: { west: -70.34, south: -27.38, east: -70.32, north: -27.36 },
      children: (
        <ImageOverlay
          url="/section.png"
          bounds={[
            [-27.38, -70.34],
            [-27.36, -70.32],
          ]}
          alt="Aerial image"
        />
      ),
    });
    expect(await screen.findByRole('img', { name: 'Aerial image' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
