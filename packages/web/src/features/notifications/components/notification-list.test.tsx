// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { NotificationObject } from '@vigil/domain';
import i18next from 'i18next';
import type { ComponentProps } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import notifications from '../../../../public/locales/en-US/notifications.json';
import { NotificationList } from './notification-list.tsx';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { notifications } },
    interpolation: { escapeValue: false },
  });
  // jsdom has no IntersectionObserver: the infinite scroll watches the end of the list with one.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(cleanup);

type List = ComponentProps<typeof NotificationList>['list'];

const notification = (id: string, text: string): NotificationObject =>
  ({
    id,
    text,
    is_read: false,
    created_at: '2026-11-21T03:00:00Z',
    level: 'critical',
    notification_type: { name: 'unknown_payload_received' },
    extra: { event_context: {}, monitored_entity: null, device_profile_snapshot: { title: 'PZ-03' } },
  }) as unknown as NotificationObject;

function renderList(list: Partial<List>, onSelect = vi.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      <NotificationList
        list={{ hasNextPage: false, isFetchingNextPage: false, ...list } as List}
        onSelect={onSelect}
        label="Notifications"
      />
    </I18nextProvider>,
  );
  return { onSelect };
}

describe('the notification list', () => {
  it('shows five placeholder rows while the first page loads', () => {
    renderList({ isPending: true });
    const loading = screen.getByRole('progressbar', { name: 'Loading notifications' });
    expect(loading.children).toHaveLength(5);
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('lists the notifications once loaded, and hands the one clicked to onSelect', () => {
    const first = notification('n1', 'Payload received from an unknown device');
    const { onSelect } = renderList({
      isPending: false,
      isError: false,
      data: { pages: [{ objects: [first, notification('n2', 'Another')] }] } as List['data'],
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
    const items = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('button');
    expect(items).toHaveLength(2);
    fireEvent.click(items[0]!);
    expect(onSelect).toHaveBeenCalledWith(first);
  });

  it('says so when nothing matches', () => {
    renderList({ isPending: false, isError: false, data: { pages: [{ objects: [] }] } as unknown as List['data'] });
    expect(screen.getByText('No notifications')).toBeTruthy();
  });
});
