import AddOutlined from '@mui/icons-material/AddOutlined';
import { Box, Button, TableCell, TableRow, TextField } from '@mui/material';
import { CROSS_SECTION_LABEL_STYLE, type CrossSectionLabel } from '@vigil/domain';
import { useTranslation } from 'react-i18next';
import { RowsTable } from '../../../components/forms/rows-table.tsx';
import { freeId } from '../model/sensor-edits.ts';
import { NumberField } from './number-field.tsx';
import { RemoveButton } from './remove-button.tsx';

/** Labels on the side view: text at a distance and an altitude, font size 11, black on white unless set. */
export function LabelsEditor({
  labels,
  onLabels,
  centre,
}: {
  labels: CrossSectionLabel[];
  onLabels: (labels: CrossSectionLabel[]) => void;
  /** where a new label goes: the middle of the section */
  centre: [number, number];
}) {
  const { t } = useTranslation('crossSections');
  const update = (i: number, patch: Partial<CrossSectionLabel>) =>
    onLabels(labels.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <RowsTable
        empty={labels.length === 0}
        emptyText={t('labels.none')}
        ariaLabel={t('labels.table')}
        minWidth={640}
        headings={[
          t('labels.text'),
          t('diagram.x'),
          t('diagram.y'),
          t('labels.fontSize'),
          t('labels.colour'),
          t('labels.background'),
        ]}
      >
        {labels.map((label, i) => (
          <TableRow key={label.id}>
            <TableCell sx={{ minWidth: 180 }}>
              <TextField
                size="small"
                variant="standard"
                fullWidth
                value={label.text}
                error={label.text.trim() === ''}
                onChange={(event) => update(i, { text: event.target.value })}
                slotProps={{ htmlInput: { maxLength: 200, 'aria-label': t('labels.textOf', { n: i + 1 }) } }}
              />
            </TableCell>
            <TableCell>
              <NumberField
                size="small"
                variant="standard"
                value={label.x}
                onValue={(x) => x !== null && update(i, { x })}
              />
            </TableCell>
            <TableCell>
              <NumberField
                size="small"
                variant="standard"
                value={label.y}
                onValue={(y) => y !== null && update(i, { y })}
              />
            </TableCell>
            <TableCell sx={{ width: 90 }}>
              <NumberField
                size="small"
                variant="standard"
                value={label.font_size}
                onValue={(size) =>
                  size !== null && size >= 6 && size <= 72 && update(i, { font_size: Math.round(size) })
                }
              />
            </TableCell>
            {(['color', 'background'] as const).map((key) => (
              <TableCell key={key} sx={{ width: 80 }}>
                <input
                  type="color"
                  value={/^#[0-9a-f]{6}$/i.test(label[key]) ? label[key] : '#000000'}
                  onChange={(event) => update(i, { [key]: event.target.value })}
                  aria-label={t(key === 'color' ? 'labels.colourOf' : 'labels.backgroundOf', { n: i + 1 })}
                />
              </TableCell>
            ))}
            <TableCell>
              <RemoveButton
                title={t('labels.remove')}
                label={t('labels.removeN', { n: i + 1 })}
                onClick={() => onLabels(labels.filter((_, j) => j !== i))}
              />
            </TableCell>
          </TableRow>
        ))}
      </RowsTable>
      <Box>
        <Button
          variant="outlined"
          size="small"
          startIcon={<AddOutlined />}
          onClick={() =>
            onLabels([
              ...labels,
              {
                id: freeId('label', labels),
                text: t('labels.newText'),
                x: centre[0],
                y: centre[1],
                font_size: CROSS_SECTION_LABEL_STYLE.fontSize,
                color: CROSS_SECTION_LABEL_STYLE.color,
                background: CROSS_SECTION_LABEL_STYLE.background,
              },
            ])
          }
        >
          {t('labels.add')}
        </Button>
      </Box>
    </Box>
  );
}
