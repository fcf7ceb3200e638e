import AddIcon from '@mui/icons-material/Add';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import {
  Box,
  Button,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { Journal } from '@vigil/domain';
import { useTranslation } from 'react-i18next';

interface JournalListProps {
  journals: readonly Journal[];
  selectedId: string;
  onSelect(id: string): void;
  /** offered to administrators and managers only */
  onCreate?: () => void;
}

/** The project's journals: a list beside the entries, or a choice above them on a phone. */
export function JournalList({ journals, selectedId, onSelect, onCreate }: JournalListProps) {
  const { t } = useTranslation('journal');
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'));
  const create = onCreate && (
    <Button startIcon={<AddIcon />} onClick={onCreate} sx={{ flex: 'none' }}>
      {t('journal.create')}
    </Button>
  );
  if (narrow) {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('journal.choose')}
          value={selectedId}
          onChange={(e) => onSelect(e.target.value)}
          sx={{ flex: 1, minWidth: 0 }}
        >
          {journals.map((j) => (
            <MenuItem key={j.id} value={j.id}>
              {j.title}
            </MenuItem>
          ))}
        </TextField>
        {create}
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" component="nav" aria-label={t('journal.listLabel')} sx={{ alignSelf: 'start' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1.5, pb: 0.5 }}>
        <Typography variant="subtitle2" component="h2" sx={{ flex: 1 }}>
          {t('journal.listLabel')}
        </Typography>
      </Box>
      <List dense>
        {journals.map((j) => (
          <ListItemButton
            key={j.id}
            selected={j.id === selectedId}
            aria-current={j.id === selectedId ? 'page' : undefined}
            onClick={() => onSelect(j.id)}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>
              <MenuBookOutlined fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary={j.title}
              secondary={j.description || undefined}
              slotProps={{ secondary: { noWrap: true } }}
            />
          </ListItemButton>
        ))}
      </List>
      {create && <Box sx={{ px: 1, pb: 1 }}>{create}</Box>}
    </Paper>
  );
}
