import AddOutlined from '@mui/icons-material/AddOutlined';
import ContentPasteOutlined from '@mui/icons-material/ContentPasteOutlined';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  MenuItem,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { DIAGRAM_CATEGORIES, type Diagram, type DiagramCategory } from '@vigil/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DIAGRAM_PAINT } from '../../../components/cross-section/side-view-options.ts';
import {
  addPolygon,
  openPolygons,
  removePolygon,
  verticesOf,
  withProperties,
  withVertices,
} from '../model/diagram-edits.ts';
import { PasteDialog } from './paste-dialog.tsx';
import { VertexTable } from './vertex-table.tsx';
import { RemoveButton } from './remove-button.tsx';

/**
 * The diagram: Ground, Dam and Tailings polygons, each a list of points (distance along the
 * section, altitude) typed, pasted from a survey listing, or clicked on the side view above.
 */
export function DiagramEditor({
  diagram,
  onChange,
  selected,
  onSelect,
  clicking,
  onClicking,
}: {
  diagram: Diagram;
  onChange: (diagram: Diagram) => void;
  selected: number | null;
  onSelect: (index: number | null) => void;
  /** points are added by clicking the side view */
  clicking: boolean;
  onClicking: (on: boolean) => void;
}) {
  const { t } = useTranslation('crossSections');
  const [pasting, setPasting] = useState(false);
  const open = new Set(openPolygons(diagram));
  const feature = selected === null ? null : (diagram.features[selected] ?? null);
  const add = (category: DiagramCategory) => {
    onChange(addPolygon(diagram, category, t(`categories.${category}`)));
    onSelect(diagram.features.length);
    onClicking(true);
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '280px minmax(0, 1fr)' } }}>
      <Box>
        <Typography variant="subtitle2" component="h3">
          {t('diagram.polygons')}
        </Typography>
        {diagram.features.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
            {t('diagram.none')}
          </Typography>
        )}
        <List dense aria-label={t('diagram.polygons')}>
          {diagram.features.map((f, i) => (
            <ListItem
              key={i}
              disablePadding
              secondaryAction={
                <RemoveButton
                  edge="end"
                  title={t('diagram.remove')}
                  label={t('diagram.removeNamed', {
                    name: f.properties.name || t(`categories.${f.properties.category}`),
                  })}
                  onClick={() => {
                    onChange(removePolygon(diagram, i));
                    onSelect(null);
                  }}
                />
              }
            >
              <ListItemButton selected={selected === i} onClick={() => onSelect(i)}>
                <Box
                  aria-hidden
                  sx={{
                    width: 14,
                    height: 14,
                    mr: 1,
                    borderRadius: 0.5,
                    bgcolor: DIAGRAM_PAINT[f.properties.category].fill,
                  }}
                />
                <ListItemText
                  primary={f.properties.name || t(`categories.${f.properties.category}`)}
                  secondary={
                    open.has(i)
                      ? t('diagram.tooFew')
                      : `${t(`categories.${f.properties.category}`)} · ${t('diagram.points', { count: verticesOf(f).length })}`
                  }
                  slotProps={{ secondary: { color: open.has(i) ? 'error' : undefined } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
          {t('diagram.add')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {DIAGRAM_CATEGORIES.map((category) => (
            <Button
              key={category}
              size="small"
              variant="outlined"
              startIcon={<AddOutlined />}
              onClick={() => add(category)}
            >
              {t(`categories.${category}`)}
            </Button>
          ))}
        </Box>
      </Box>
      <Box>
        {!feature || selected === null ? (
          <Alert severity="info">{t('diagram.choose')}</Alert>
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
              <TextField
                select
                size="small"
                label={t('diagram.category')}
                value={feature.properties.category}
                onChange={(event) =>
                  onChange(withProperties(diagram, selected, { category: event.target.value as DiagramCategory }))
                }
                sx={{ minWidth: 160 }}
              >
                {DIAGRAM_CATEGORIES.map((category) => (
                  <MenuItem key={category} value={category}>
                    {t(`categories.${category}`)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label={t('diagram.name')}
                value={feature.properties.name ?? ''}
                onChange={(event) => onChange(withProperties(diagram, selected, { name: event.target.value }))}
                slotProps={{ htmlInput: { maxLength: 200 } }}
                sx={{ flex: 1, minWidth: 160 }}
              />
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <FormControlLabel
                control={<Switch checked={clicking} onChange={(_, on) => onClicking(on)} />}
                label={t('diagram.clickToAdd')}
              />
              <Button size="small" startIcon={<ContentPasteOutlined />} onClick={() => setPasting(true)}>
                {t('diagram.paste')}
              </Button>
            </Box>
            <VertexTable
              vertices={verticesOf(feature)}
              onChange={(vertices) => onChange(withVertices(diagram, selected, vertices))}
            />
            <PasteDialog
              open={pasting}
              onClose={() => setPasting(false)}
              onPoints={(points, replace) =>
                onChange(withVertices(diagram, selected, replace ? points : [...verticesOf(feature), ...points]))
              }
            />
          </Box>
        )}
      </Box>
    </Box>
  );
}
