import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { MAX_REPORT_SECTIONS } from '@vigil/domain';
import { useState } from 'react';
import { get, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/load-failed-alert.tsx';
import { messageKey } from '../model/field-message.ts';
import { newSection, SECTION_KINDS, type SectionDraft } from '../model/section-drafts.ts';
import { useBuilderChoices } from './builder-choices.ts';
import { SectionOptions } from './section-options.tsx';
import { BuilderPart } from './builder-part.tsx';
import type { TemplateForm } from './builder-types.ts';

/** The template's sections in the report's order: added from a menu of kinds, each with its options, moved, removed. */
export function SectionsEditor({ form, readOnly }: { form: TemplateForm; readOnly: boolean }) {
  const { t } = useTranslation('reports');
  const choices = useBuilderChoices();
  const { fields, append, move, remove } = useFieldArray({ control: form.control, name: 'sections' });
  const sections = useWatch({ control: form.control, name: 'sections' }) as SectionDraft[];
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const listError = messageKey(get(form.formState.errors, 'sections.root') ?? get(form.formState.errors, 'sections'));
  const full = fields.length >= MAX_REPORT_SECTIONS;

  return (
    <BuilderPart title={t('builder.sections')} hint={t('builder.sectionsHint')}>
      <Stack spacing={1.5}>
        {choices.failed && <LoadFailedAlert onRetry={choices.retry}>{t('builder.choicesFailed')}</LoadFailedAlert>}
        {fields.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }}>
            {t('builder.noSections')}
          </Typography>
        )}
        <Stack component="ol" spacing={1.5} aria-label={t('builder.sections')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {fields.map((field, index) => {
            const section = sections[index] ?? (field as SectionDraft);
            const kindLabel = t(`kinds.${section.kind}.name`);
            const titleError = messageKey(get(form.formState.errors, `sections.${index}.title`));
            return (
              <Paper
                key={field.id}
                component="li"
                variant="outlined"
                aria-label={t('builder.sectionLabel', { position: index + 1, kind: kindLabel })}
                sx={{ p: { xs: 1.5, sm: 2 }, bgcolor: 'background.default' }}
              >
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
                  <Box
                    sx={{
                      flex: 'none',
                      width: 28,
                      height: 28,
                      borderRadius: '50%',
                      bgcolor: 'primary.main',
                      color: 'primary.contrastText',
                      display: 'grid',
                      placeItems: 'center',
                      fontSize: 14,
                      fontWeight: 600,
                    }}
                  >
                    {index + 1}
                  </Box>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }} noWrap>
                      {kindLabel}
                    </Typography>
                  </Box>
                  {!readOnly && (
                    <Stack direction="row" sx={{ flex: 'none' }}>
                      <Tooltip title={t('actions.moveUp')}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={t('builder.moveUpNamed', { position: index + 1, kind: kindLabel })}
                            disabled={index === 0}
                            onClick={() => move(index, index - 1)}
                          >
                            <ArrowUpwardOutlined fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title={t('actions.moveDown')}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={t('builder.moveDownNamed', { position: index + 1, kind: kindLabel })}
                            disabled={index === fields.length - 1}
                            onClick={() => move(index, index + 1)}
                          >
                            <ArrowDownwardOutlined fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title={t('actions.removeSection')}>
                        <IconButton
                          size="small"
                          aria-label={t('builder.removeNamed', { position: index + 1, kind: kindLabel })}
                          onClick={() => remove(index)}
                        >
                          <DeleteOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </Stack>
                  )}
                </Stack>
                <Stack spacing={2}>
                  <TextField
                    {...form.register(`sections.${index}.title`)}
                    label={t(section.kind === 'free_text' ? 'fields.sectionTitleRequired' : 'fields.sectionTitle')}
                    required={section.kind === 'free_text'}
                    placeholder={section.kind === 'free_text' ? undefined : kindLabel}
                    size="small"
                    error={Boolean(titleError)}
                    helperText={titleError ? t(titleError) : t(`kinds.${section.kind}.hint`)}
                    slotProps={{ inputLabel: { shrink: true } }}
                  />
                  <SectionOptions form={form} index={index} section={section} choices={choices} readOnly={readOnly} />
                </Stack>
              </Paper>
            );
          })}
        </Stack>
        {listError && (
          <Alert severity="error" role="alert">
            {t(listError)}
          </Alert>
        )}
        {!readOnly && (
          <Box>
            <Button
              variant="outlined"
              startIcon={<AddOutlined />}
              disabled={full}
              aria-haspopup="menu"
              onClick={(e) => setMenuAnchor(e.currentTarget)}
            >
              {t('actions.addSection')}
            </Button>
            <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
              {SECTION_KINDS.map((kind) => (
                <MenuItem
                  key={kind}
                  onClick={() => {
                    append(newSection(kind));
                    setMenuAnchor(null);
                  }}
                  sx={{ whiteSpace: 'normal', maxWidth: 420 }}
                >
                  <ListItemText primary={t(`kinds.${kind}.name`)} secondary={t(`kinds.${kind}.hint`)} />
                </MenuItem>
              ))}
            </Menu>
          </Box>
        )}
      </Stack>
    </BuilderPart>
  );
}
