import AddOutlined from '@mui/icons-material/AddOutlined';
import { Box, Button, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { NumberField } from './number-field.tsx';
import { RemoveButton } from './remove-button.tsx';

type Position = [number, number];

/** A polygon's points in order, each a distance and an altitude; a point inserted after any, or removed. */
export function VertexTable({
  vertices,
  onChange,
}: {
  vertices: Position[];
  onChange: (vertices: Position[]) => void;
}) {
  const { t } = useTranslation('crossSections');
  const set = (i: number, axis: 0 | 1, value: number) =>
    onChange(vertices.map((v, j) => (j === i ? (axis === 0 ? [value, v[1]] : [v[0], value]) : v)));
  const insertAfter = (i: number) => {
    const here = vertices[i]!;
    const next = vertices[i + 1] ?? vertices[0] ?? here;
    // Halfway to the next point: the new point lies on the edge it splits.
    const middle: Position = [(here[0] + next[0]) / 2, (here[1] + next[1]) / 2];
    onChange([...vertices.slice(0, i + 1), middle, ...vertices.slice(i + 1)]);
  };
  return (
    <Box>
      <Box sx={{ maxHeight: 360, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label={t('diagram.pointsTable')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 40 }}>#</TableCell>
              <TableCell>{t('diagram.x')}</TableCell>
              <TableCell>{t('diagram.y')}</TableCell>
              <TableCell sx={{ width: 90 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {vertices.map((vertex, i) => (
              <TableRow key={i}>
                <TableCell>{i + 1}</TableCell>
                <TableCell>
                  <NumberField
                    size="small"
                    variant="standard"
                    value={vertex[0]}
                    onValue={(v) => v !== null && set(i, 0, v)}
                    slotProps={{ htmlInput: { 'aria-label': t('diagram.xOf', { n: i + 1 }) } }}
                  />
                </TableCell>
                <TableCell>
                  <NumberField
                    size="small"
                    variant="standard"
                    value={vertex[1]}
                    onValue={(v) => v !== null && set(i, 1, v)}
                    slotProps={{ htmlInput: { 'aria-label': t('diagram.yOf', { n: i + 1 }) } }}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={t('diagram.insertAfter')}>
                    <IconButton
                      size="small"
                      aria-label={t('diagram.insertAfterN', { n: i + 1 })}
                      onClick={() => insertAfter(i)}
                    >
                      <AddOutlined fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <RemoveButton
                    title={t('diagram.removePoint')}
                    label={t('diagram.removePointN', { n: i + 1 })}
                    onClick={() => onChange(vertices.filter((_, j) => j !== i))}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Button
        size="small"
        startIcon={<AddOutlined />}
        sx={{ mt: 1 }}
        onClick={() => onChange([...vertices, vertices.at(-1) ?? [0, 0]])}
      >
        {t('diagram.addPoint')}
      </Button>
    </Box>
  );
}
