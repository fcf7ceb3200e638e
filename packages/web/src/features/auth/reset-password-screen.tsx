import { queryKeys } from '../../api/query-keys.ts';
import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth.ts';
import { NewPasswordForm } from './new-password-form.tsx';
import { ScreenHeading } from './screen-heading.tsx';

interface Props {
  token: string;
  onChanged(password: string): void;
  onInvalidToken(): void;
}

/** /reset-password?token=…: checks the token first (requirements#shell-states), then asks for the new password. */
export function ResetPasswordScreen({ token, onChanged, onInvalidToken }: Props) {
  const { t } = useTranslation('auth');
  const owner = useQuery({
    queryKey: queryKeys.auth.resetToken(token),
    queryFn: () => authApi.checkResetToken(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });

  useEffect(() => {
    if (owner.isError) onInvalidToken();
  }, [owner.isError, onInvalidToken]);

  if (!owner.data) {
    return (
      <Stack role="status" direction="row" spacing={2} sx={{ alignItems: 'center', py: 4 }}>
        <CircularProgress size={28} />
        <Typography>{t('reset.checking')}</Typography>
      </Stack>
    );
  }
  return (
    <NewPasswordForm token={token} onChanged={onChanged} onInvalidToken={onInvalidToken}>
      <ScreenHeading
        title={t('reset.title')}
        intro={
          <>
            {t('reset.intro')}{' '}
            <Box component="strong" sx={{ color: 'text.primary' }}>
              {owner.data.username}
            </Box>
          </>
        }
      />
    </NewPasswordForm>
  );
}
