import DoneAllIcon from '@mui/icons-material/DoneAll';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface PageActionsProps {
  /** the filter toggle, when the filters are not shown beside the list */
  filters: { open: boolean; changed: number; onToggle(): void } | null;
  canMarkAll: boolean;
  onMarkAll(): void;
  canExport: boolean;
  exporting: boolean;
  onExport(): void;
}

/** The buttons of the notifications page's header. */
export function PageActions({ filters, canMarkAll, onMarkAll, canExport, exporting, onExport }: PageActionsProps) {
  const { t } = useTranslation('notifications');
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', flex: 'none' }}>
      {filters && (
        <Button
          variant="outlined"
          startIcon={
            <Badge badgeContent={filters.changed} color="primary">
              <FilterListIcon />
            </Badge>
          }
          onClick={filters.onToggle}
          aria-expanded={filters.open}
        >
          {t('drawer.filters')}
        </Button>
      )}
      <Button variant="outlined" startIcon={<DoneAllIcon />} disabled={!canMarkAll} onClick={onMarkAll}>
        {t('drawer.markAllRead')}
      </Button>
      <Button
        variant="outlined"
        startIcon={<FileDownloadOutlined />}
        disabled={!canExport || exporting}
        onClick={onExport}
      >
        {exporting ? t('page.preparingExport') : t('page.export')}
      </Button>
    </Stack>
  );
}
