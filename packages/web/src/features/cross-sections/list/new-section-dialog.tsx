import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { CROSS_SECTION_DEFAULTS } from '@vigil/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { crossSectionPath } from '../../../components/cross-section/section-paths.ts';
import { useSectionMutations } from '../model/use-section-mutations.ts';

/** A new section with the defaults of requirements#monitoring-entities and the name given, opened in the editor. */
export function NewSectionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['crossSections', 'common']);
  const navigate = useNavigate();
  const { create } = useSectionMutations();
  const [name, setName] = useState<string>(CROSS_SECTION_DEFAULTS.name);
  const submit = () =>
    create.mutate(
      { name: name.trim() || CROSS_SECTION_DEFAULTS.name },
      { onSuccess: (section) => navigate(crossSectionPath(section.id, true)) },
    );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      slotProps={{ transition: { onExited: () => (setName(CROSS_SECTION_DEFAULTS.name), create.reset()) } }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle>{t('page.new')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('fields.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {create.isError && <Alert severity="error">{t('editor.saveFailed')}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('page.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
