import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/api-error.ts';
import { devicesApi, deviceDataPointsQuery } from '../api/devices-api.ts';

/** A device's data points (an inclinometer chain's nodes): listed, added and removed (the API has no rename). */
export function DataPointsPanel({ deviceId, readOnly }: { deviceId: string; readOnly: boolean }) {
  const { t } = useTranslation('deviceRegistry');
  const client = useQueryClient();
  const points = useQuery(deviceDataPointsQuery(deviceId));
  const [title, setTitle] = useState('');
  const [identifier, setIdentifier] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: ['registry', 'data-points'] });
  const add = useMutation({
    mutationFn: () =>
      devicesApi.addDataPoint({
        monitored_entity_id: deviceId,
        title: title.trim(),
        ...(identifier.trim() ? { identifier: identifier.trim() } : {}),
      }),
    onSuccess: () => {
      setTitle('');
      setIdentifier('');
      return refresh();
    },
  });
  const remove = useMutation({ mutationFn: devicesApi.removeDataPoint, onSuccess: refresh });
  return (
    <Box>
      {points.isPending && <Skeleton variant="rounded" height={48} />}
      {points.isError && <Alert severity="error">{t('dataPoints.loadError')}</Alert>}
      {points.data?.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('dataPoints.none')}
        </Typography>
      )}
      {points.data && points.data.length > 0 && (
        <List dense aria-label={t('dataPoints.title')}>
          {points.data.map((point) => (
            <ListItem
              key={point.id}
              divider
              secondaryAction={
                !readOnly && (
                  <IconButton
                    edge="end"
                    aria-label={t('dataPoints.remove', { title: point.title })}
                    onClick={() => remove.mutate(point.id)}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                )
              }
            >
              <ListItemText primary={point.title} secondary={point.identifier} />
            </ListItem>
          ))}
        </List>
      )}
      {!readOnly && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mt: 1.5, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('dataPoints.newTitle')}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
          <TextField
            size="small"
            label={t('dataPoints.identifier')}
            value={identifier}
            onChange={(e) => setIdentifier(e.target.value)}
          />
          <Button variant="outlined" disabled={!title.trim() || add.isPending} onClick={() => add.mutate()}>
            {t('dataPoints.add')}
          </Button>
        </Box>
      )}
      {(add.isError || remove.isError) && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {(add.error ?? remove.error) instanceof ApiError
            ? ((add.error ?? remove.error) as ApiError).message
            : t('dataPoints.saveError')}
        </Alert>
      )}
    </Box>
  );
}
