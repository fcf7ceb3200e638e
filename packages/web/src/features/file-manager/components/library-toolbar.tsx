import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import ViewListOutlined from '@mui/icons-material/ViewListOutlined';
import { Button, FormControlLabel, Stack, Switch, ToggleButton, ToggleButtonGroup, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../components/forms/search-field.tsx';
import type { UploadOptions } from '../upload/upload-queue.ts';

export type LibraryView = 'grid' | 'list';

interface LibraryToolbarProps {
  filter: string;
  onFilter(filter: string): void;
  view: LibraryView;
  onView(view: LibraryView): void;
  /** what the next uploads will be: resized, public */
  options: UploadOptions;
  onOptions(options: UploadOptions): void;
  /** absent for a role the project does not let upload: no button, no options */
  onUpload?: () => void;
  /** whether the resize option may be offered: it makes a thumbnail type, which managers and administrators do */
  canResize: boolean;
}

/** Filter, grid or list, the options of uploads (resize, public), and the upload button. */
export function LibraryToolbar(props: LibraryToolbarProps) {
  const { filter, onFilter, view, onView, options, onOptions, onUpload, canResize } = props;
  const { t } = useTranslation('fileManager');
  const option = (name: keyof UploadOptions, label: string, hint: string) => (
    <Tooltip title={hint} describeChild>
      <FormControlLabel
        control={
          <Switch
            checked={options[name]}
            onChange={(event) => onOptions({ ...options, [name]: event.target.checked })}
          />
        }
        label={label}
        sx={{ mr: 0 }}
      />
    </Tooltip>
  );
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      useFlexGap
      sx={{ alignItems: { md: 'center' }, mb: 1, flexWrap: 'wrap' }}
    >
      <SearchField
        type="search"
        label={t('toolbar.filter')}
        placeholder={t('toolbar.filterPlaceholder')}
        value={filter}
        onChange={onFilter}
        clearLabel={t('toolbar.clearFilter')}
        // The clear button replaces the browser's own, which not every browser draws.
        sx={{
          flex: { md: '1 1 320px' },
          maxWidth: { md: 480 },
          '& input::-webkit-search-cancel-button': { display: 'none' },
        }}
      />
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', flexWrap: 'wrap', ml: { md: 'auto' } }}
        useFlexGap
      >
        <ToggleButtonGroup
          size="small"
          exclusive
          value={view}
          aria-label={t('toolbar.view')}
          onChange={(_, next: LibraryView | null) => next && onView(next)}
        >
          <ToggleButton value="grid" aria-label={t('toolbar.grid')}>
            <GridViewOutlined fontSize="small" />
          </ToggleButton>
          <ToggleButton value="list" aria-label={t('toolbar.list')}>
            <ViewListOutlined fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
        {onUpload && canResize && option('resize', t('toolbar.resize'), t('toolbar.resizeHint'))}
        {onUpload && option('isPublic', t('toolbar.public'), t('toolbar.publicHint'))}
        {onUpload && (
          <Button
            variant="contained"
            startIcon={<UploadFileOutlined />}
            onClick={onUpload}
            sx={{ ml: { xs: 'auto', md: 0 } }}
          >
            {t('toolbar.upload')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
