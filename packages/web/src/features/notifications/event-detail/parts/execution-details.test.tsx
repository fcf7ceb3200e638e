// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import notifications from '../../../../../public/locales/en-US/notifications.json';
import { ApiError } from '../../../../api/api-error.ts';
import { rulesApi } from '../../../../api/rules.ts';
import { ExecutionDetails } from './execution-details.tsx';

const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { notifications } },
    interpolation: { escapeValue: false },
  }),
);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const EXECUTION = 'state-rule-executions/0b7c6f1e';

function renderWithAnswer(answer: () => Promise<never>) {
  vi.spyOn(rulesApi, 'execution').mockImplementation(answer);
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ExecutionDetails executionId="0b7c6f1e" />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe("an event's execution log", () => {
  it('says plainly that the log is no longer kept when retention deleted the execution (404)', async () => {
    renderWithAnswer(() =>
      Promise.reject(new ApiError(EXECUTION, 404, 'Not Found', { error_type: 'NotFound', message: 'Not found' })),
    );
    expect(
      await screen.findByText(
        "This execution's log is no longer kept: logs older than the retention period are deleted.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('This part could not be loaded.')).toBeNull();
  });

  it('still warns that it could not be loaded when the server failed', async () => {
    renderWithAnswer(() => Promise.reject(new ApiError(EXECUTION, 500, 'Internal Server Error', undefined)));
    expect(await screen.findByText('This part could not be loaded.')).toBeTruthy();
    expect(screen.queryByText(/no longer kept/)).toBeNull();
  });
});
