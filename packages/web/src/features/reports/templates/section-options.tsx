import { Autocomplete, MenuItem, TextField } from '@mui/material';
import { get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DevicePicker, eidAndScheme } from '../../../components/device-picker/device-picker.tsx';
import { messageKey } from '../model/field-message.ts';
import { isInclinometerScheme } from './builder-choices.ts';
import type { SectionOptionsProps } from './builder-types.ts';
import { ChartsEditor } from './charts-editor.tsx';

/** The options of one section, by its kind: its group, devices, charts, cross sections, station or text. */
export function SectionOptions({ form, index, section, choices, readOnly }: SectionOptionsProps) {
  const { t } = useTranslation('reports');
  const path = `sections.${index}`;
  const set = (field: string, value: unknown) =>
    form.setValue(`${path}.${field}` as never, value as never, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  const error = (field: string) => {
    const key = messageKey(get(form.formState.errors, `${path}.${field}`));
    return key ? t(key) : undefined;
  };

  switch (section.kind) {
    case 'data_completeness':
      return (
        <TextField
          select
          size="small"
          label={t('fields.group')}
          value={section.group_id ?? ''}
          onChange={(e) => set('group_id', e.target.value || null)}
          helperText={error('group_id') ?? ' '}
          error={Boolean(error('group_id'))}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('fields.everyInstrument')}</MenuItem>
          {choices.groups.map((group) => (
            <MenuItem key={group.id} value={group.id}>
              {group.title}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'charts':
      return <ChartsEditor form={form} index={index} section={section} choices={choices} readOnly={readOnly} />;
    case 'inclinometer_profiles': {
      const inclinometers = choices.devices.filter((d) =>
        isInclinometerScheme(choices.schemes.find((s) => s.id === d.scheme?.id)),
      );
      return (
        <DevicePicker
          multiple
          size="small"
          readOnly={readOnly}
          devices={inclinometers}
          value={inclinometers.filter((d) => section.device_ids?.includes(d.id))}
          onChange={(chosen) =>
            set(
              'device_ids',
              chosen.map((d) => d.id),
            )
          }
          label={t('fields.inclinometers')}
          detail={eidAndScheme}
          loading={choices.loading}
          error={Boolean(error('device_ids'))}
          helperText={error('device_ids') ?? t('fields.inclinometersHint')}
        />
      );
    }
    case 'cross_sections': {
      const chosen = choices.crossSections.filter((c) => section.cross_section_ids?.includes(c.id));
      return (
        <Autocomplete
          multiple
          size="small"
          readOnly={readOnly}
          options={choices.crossSections}
          loading={choices.loading}
          getOptionLabel={(c) => c.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          value={chosen}
          onChange={(_, next) =>
            set(
              'cross_section_ids',
              next.map((c) => c.id),
            )
          }
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('fields.crossSections')}
              error={Boolean(error('cross_section_ids'))}
              helperText={error('cross_section_ids') ?? t('fields.crossSectionsHint')}
            />
          )}
        />
      );
    }
    case 'weather': {
      const stations = choices.devices.filter(
        (d) => choices.schemes.find((s) => s.id === d.scheme?.id)?.type === 'meteorological',
      );
      const offered = stations.length ? stations : choices.devices;
      return (
        <DevicePicker
          size="small"
          readOnly={readOnly}
          devices={offered}
          value={offered.find((d) => d.id === section.device_id) ?? null}
          onChange={(device) => set('device_id', device?.id ?? '')}
          label={t('fields.weatherDevice')}
          detail={eidAndScheme}
          loading={choices.loading}
          error={Boolean(error('device_id'))}
          helperText={error('device_id') ?? t('fields.weatherDeviceHint')}
        />
      );
    }
    case 'free_text':
      return (
        <TextField
          {...form.register(`sections.${index}.text` as never)}
          label={t('fields.text')}
          multiline
          minRows={4}
          error={Boolean(error('text'))}
          helperText={error('text') ?? t('fields.textHint')}
        />
      );
    default:
      return null;
  }
}
