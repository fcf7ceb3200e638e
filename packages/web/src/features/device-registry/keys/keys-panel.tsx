import AddOutlined from '@mui/icons-material/AddOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import { Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey, ApiKeyCreated } from '@vigil/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalText } from '../../../api/api-error.ts';
import { queryKeys } from '../../../api/query-keys.ts';
import { deviceChoicesQuery } from '../../../api/registry.ts';
import { useSession } from '../../../session/session-context.ts';
import { formatDisplayDate } from '../../../components/dates/display-date.ts';
import { useNow } from '../../../components/dates/use-now.ts';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useConfirmedMutation } from '../../../components/dialogs/use-confirmed-mutation.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { LoadedList } from '../../../components/loaded-list.tsx';
import { apiKeysApi, apiKeysQuery } from '../api/api-keys-api.ts';
import { CreateKeyDialog } from './create-key-dialog.tsx';
import { KeyCreatedDialog } from './key-created-dialog.tsx';

/** Device chips shown on a key before "and N more". */
const DEVICES_SHOWN = 4;

/**
 * The keys tab (administrators, issue 32): the ingest keys of loggers and gateways, each with its
 * devices, expiry, maker and last use; a new key is shown once, a key revoked stops at once.
 */
export function KeysPanel() {
  const { t } = useTranslation('deviceRegistry');
  const { project } = useSession();
  const client = useQueryClient();
  const keys = useQuery(apiKeysQuery(project.id));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const revoke = useMutation({
    mutationFn: apiKeysApi.revoke,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.auth.apiKeys(project.id) }),
  });
  const revoking = useConfirmedMutation<ApiKey>({
    mutation: revoke,
    done: (key) => t('keys.revoked', { name: key.name }),
  });

  return (
    <Box sx={{ p: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography color="text.secondary" sx={{ maxWidth: 720 }}>
          {t('keys.intro')}
        </Typography>
        <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setCreating(true)} sx={{ flex: 'none' }}>
          {t('keys.new')}
        </Button>
      </Stack>
      <LoadedList query={keys} loadingLabel={t('states.loading')} rowHeight={96} failed={t('keys.loadError')}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState icon={<KeyOutlined />} title={t('keys.emptyTitle')} hint={t('keys.emptyBody')} />
          ) : (
            <Stack component="ul" spacing={1.5} aria-label={t('keys.label')} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {list.map((key) => (
                <KeyCard key={key.id} apiKey={key} onRevoke={() => revoking.ask(key)} />
              ))}
            </Stack>
          )
        }
      </LoadedList>
      <CreateKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(answer) => {
          setCreating(false);
          setCreated(answer);
        }}
      />
      <KeyCreatedDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        {...revoking.dialogProps}
        title={t('keys.revokeTitle', { name: revoking.subject?.name ?? '' })}
        body={t('keys.revokeBody')}
        confirmLabel={t('keys.revoke')}
        failure={revoke.error ? refusalText(revoke.error, t('keys.revokeFailed')) : null}
      />
    </Box>
  );
}

function KeyCard({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke(): void }) {
  const { t, i18n } = useTranslation('deviceRegistry');
  const { project } = useSession();
  const devices = useQuery(deviceChoicesQuery(project.id));
  const now = useNow();
  const locale = i18n.resolvedLanguage ?? 'en-US';
  const date = (iso: string) => formatDisplayDate(iso, locale);
  const expired = apiKey.expires_at !== null && Date.parse(apiKey.expires_at) <= now.getTime();
  const named = apiKey.monitored_entity_ids.map(
    (id) => devices.data?.find((d) => d.id === id)?.eid ?? t('keys.unknownDevice'),
  );
  return (
    <Paper component="li" variant="outlined" aria-label={apiKey.name} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {apiKey.name}
            {expired && <Chip size="small" color="warning" label={t('keys.expired')} sx={{ ml: 1 }} />}
          </Typography>
          <Typography component="code" variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            {t('keys.prefixShown', { prefix: apiKey.prefix })}
          </Typography>
        </Box>
        <Button color="error" onClick={onRevoke} aria-label={t('keys.revokeNamed', { name: apiKey.name })}>
          {t('keys.revoke')}
        </Button>
      </Stack>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          columnGap: 2,
          rowGap: 1,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <Detail label={t('keys.devices')}>
          {named.length === 0 ? (
            t('keys.allDevices')
          ) : (
            <Stack direction="row" useFlexGap spacing={0.5} sx={{ flexWrap: 'wrap' }}>
              {named.slice(0, DEVICES_SHOWN).map((eid, index) => (
                <Chip key={index} size="small" label={eid} />
              ))}
              {named.length > DEVICES_SHOWN && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={t('keys.moreDevices', { more: named.length - DEVICES_SHOWN })}
                />
              )}
            </Stack>
          )}
        </Detail>
        <Detail label={t('keys.expires')}>{apiKey.expires_at ? date(apiKey.expires_at) : t('keys.never')}</Detail>
        <Detail label={t('keys.created')}>
          {t('keys.createdBy', { user: apiKey.created_by ?? '—', at: date(apiKey.created_at) })}
        </Detail>
        <Detail label={t('keys.lastUsed')}>
          {apiKey.last_used_at
            ? t('keys.lastUsedAt', { at: date(apiKey.last_used_at), address: apiKey.last_used_address ?? '—' })
            : t('keys.neverUsed')}
        </Detail>
      </Box>
    </Paper>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}
