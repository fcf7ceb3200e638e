// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { VIBRATING_WIRE_FORMULAS } from '@vigil/domain';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import deviceRegistry from '../../../../public/locales/en-US/deviceRegistry.json';
import { MetricRows } from './metric-rows.tsx';

const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { deviceRegistry } },
    interpolation: { escapeValue: false },
  }),
);
afterEach(cleanup);

function renderGroup(group: 'raw_metrics' | 'calculated_metrics', keys: string[] = []) {
  const onChange = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <MetricRows
        group={group}
        metrics={keys.map((key) => ({ key, label: key, unit: 'm', formula: '1' }))}
        onChange={onChange}
        problems={() => undefined}
        readOnly={false}
      />
    </I18nextProvider>,
  );
  return onChange;
}

describe('vibrating-wire formulas offered among the calculated metrics (issue 34)', () => {
  it('adds a pressure in kPa in the linear form G·(R − R0) + K·(T − T0)', () => {
    const onChange = renderGroup('calculated_metrics');
    fireEvent.click(screen.getByRole('button', { name: 'Vibrating-wire pressure' }));
    fireEvent.click(screen.getByRole('menuitem', { name: /Linear: G × \(R − R0\) \+ K × \(T − T0\)/ }));
    expect(onChange).toHaveBeenCalledWith([
      { key: 'pressure', label: 'Pressure', unit: 'kPa', formula: VIBRATING_WIRE_FORMULAS.linear },
    ]);
    expect(VIBRATING_WIRE_FORMULAS.linear).toBe('cal.G * (reading - cal.R0) + cal.K * (temperature - cal.T0)');
  });

  it('adds the polynomial form A·R² + B·R + C under another key when pressure is taken', () => {
    const onChange = renderGroup('calculated_metrics', ['pressure']);
    fireEvent.click(screen.getByRole('button', { name: 'Vibrating-wire pressure' }));
    fireEvent.click(screen.getByRole('menuitem', { name: /Polynomial: A × R² \+ B × R \+ C/ }));
    const added = onChange.mock.calls[0]![0].at(-1);
    expect(added).toEqual({
      key: 'pressure_polynomial',
      label: 'Pressure',
      unit: 'kPa',
      formula: VIBRATING_WIRE_FORMULAS.polynomial,
    });
  });

  it('is not offered for raw metrics, which have no formula', () => {
    renderGroup('raw_metrics');
    expect(screen.queryByRole('button', { name: 'Vibrating-wire pressure' })).toBeNull();
  });
});
