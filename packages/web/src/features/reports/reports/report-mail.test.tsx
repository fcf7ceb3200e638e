// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReportDelivery } from '@vigil/domain';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import reports from '../../../../public/locales/en-US/reports.json';
import { ReportMail } from './report-mail.tsx';

const i18n = i18next.createInstance();
beforeAll(() =>
  i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { reports } },
    interpolation: { escapeValue: false },
  }),
);
afterEach(cleanup);

const delivery = (d: Partial<ReportDelivery> & { address: string }): ReportDelivery => ({
  status: 'queued',
  attempts: 0,
  sent_at: null,
  error: null,
  ...d,
});

describe('a scheduled report’s e-mails', () => {
  it('say to whom it was sent, to whom not and why, and whom it is still being sent to', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <ReportMail
          deliveries={[
            delivery({ address: 'eor@example.com', status: 'sent', attempts: 1, sent_at: '2027-01-02T09:01:00Z' }),
            delivery({ address: 'old@example.com', status: 'failed', attempts: 5, error: '550 No such mailbox here' }),
            delivery({ address: 'slow@example.com', attempts: 1, error: 'The mail server did not answer' }),
            delivery({ address: 'new@example.com' }),
          ]}
        />
      </I18nextProvider>,
    );
    const lines = within(screen.getByRole('list', { name: 'E-mail' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines[0]).toMatch(/^Sent to eor@example.com, /);
    expect(lines.slice(1)).toEqual([
      'Not sent to old@example.com: 550 No such mailbox here',
      'Not yet sent to slow@example.com, trying again: The mail server did not answer',
      'Sending to new@example.com…',
    ]);
  });
});
