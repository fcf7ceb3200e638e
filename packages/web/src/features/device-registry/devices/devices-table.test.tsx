// @vitest-environment jsdom
import { createTheme, ThemeProvider } from '@mui/material';
import { cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import texts from '../../../../public/locales/en-US/deviceRegistry.json';
import type { RegisterRow } from '../api/devices-api.ts';
import { DevicesTable } from './devices-table.tsx';

const i18n = i18next.createInstance();
beforeAll(async () => {
  // jsdom lays nothing out: the scrolling box is given a screenful's height.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { deviceRegistry: texts } },
    defaultNS: 'deviceRegistry',
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

const rows: RegisterRow[] = Array.from({ length: 2000 }, (_, i) => ({
  id: `d${i}`,
  title: `Piezometer ${i + 1}`,
  eid: `PZ-${i + 1}`,
  monitored_entity_type: 'instrument',
  safety_state: 'green',
  operational_state: 'green',
  connectivity_state: 'green',
  maintenance_mode: i === 0,
  turned_off: false,
  decommissioned: false,
  labels: [],
  contracted_sla_time: 3600,
  location: null,
  latest_payload_read_at: null,
  updated_at: '2026-11-20T10:00:00.000Z',
  scheme: { id: 's', name: 'VW piezometer' },
  interface_node: null,
}));

describe('the devices table', () => {
  it('renders the rows in sight only, not all 2,000, and tells assistive technology how many there are', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <ThemeProvider theme={createTheme()}>
          <MemoryRouter>
            <DevicesTable
              rows={rows}
              showNode
              sorting={{ column: 'title', direction: 'asc' }}
              onSort={() => {}}
              actions={() => null}
            />
          </MemoryRouter>
        </ThemeProvider>
      </I18nextProvider>,
    );
    const table = screen.getByRole('table', { name: 'Devices' });
    expect(table.getAttribute('aria-rowcount')).toBe('2001');
    const shown = within(table).getAllByRole('row');
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.length).toBeLessThan(100);
    expect(within(table).getByRole('link', { name: 'Piezometer 1' }).getAttribute('href')).toBe(
      '/safety-state/device/instrument/d0',
    );
    expect(within(table).getByText('Maintenance')).toBeTruthy();
  });
});
