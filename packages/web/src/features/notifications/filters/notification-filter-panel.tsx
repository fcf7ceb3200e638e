import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customRangeErrors } from '../../../components/dates/custom-range.ts';
import {
  DEFAULT_FILTERS,
  LEVEL_FILTERS,
  READ_STATUSES,
  type NotificationFilters,
} from '../model/notification-filters.ts';
import { ChoiceButtons } from './choice-buttons.tsx';
import { EventTypeSelect } from './event-type-select.tsx';
import { PeriodFields } from './period-fields.tsx';
import { TargetSearch } from './target-search.tsx';

interface FilterPanelProps {
  applied: NotificationFilters;
  onApply(filters: NotificationFilters): void;
}

/**
 * The filter panel (requirements#monitoring-screens): read status, level, period (custom dates checked), event type and
 * device or scheme; nothing changes the list until Apply.
 */
export function NotificationFilterPanel({ applied, onApply }: FilterPanelProps) {
  const { t } = useTranslation('notifications');
  const [draft, setDraft] = useState(applied);
  const [tried, setTried] = useState(false);
  const change = (part: Partial<NotificationFilters>) => setDraft((current) => ({ ...current, ...part }));
  const dateErrors = draft.period === 'custom' ? customRangeErrors(draft.start, draft.end, new Date()) : {};
  const valid = Object.keys(dateErrors).length === 0;

  return (
    <Stack
      component="form"
      aria-label={t('filters.title')}
      spacing={2}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (valid) onApply(draft);
      }}
    >
      <ChoiceButtons
        label={t('filters.readStatus')}
        value={draft.readStatus}
        choices={READ_STATUSES}
        choiceLabel={(choice) => t(`filters.readStatuses.${choice}`)}
        onChange={(readStatus) => change({ readStatus })}
      />
      <ChoiceButtons
        label={t('filters.level')}
        value={draft.level}
        choices={LEVEL_FILTERS}
        choiceLabel={(choice) => (choice === 'all' ? t('filters.allLevels') : t(`levels.${choice}`))}
        onChange={(level) => change({ level })}
      />
      <PeriodFields value={draft} errors={dateErrors} showErrors={tried} onChange={change} />
      <EventTypeSelect value={draft.eventType} onChange={(eventType) => change({ eventType })} />
      <TargetSearch value={draft.target} onChange={(target) => change({ target })} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          onClick={() => {
            setDraft(DEFAULT_FILTERS);
            setTried(false);
          }}
        >
          {t('filters.reset')}
        </Button>
        <Button type="submit" variant="contained">
          {t('filters.apply')}
        </Button>
      </Stack>
    </Stack>
  );
}
