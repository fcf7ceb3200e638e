import LockResetIcon from '@mui/icons-material/LockReset';
import { Avatar, Box, Button, Divider, Paper, Stack, Typography } from '@mui/material';
import { DEFAULT_LOCALE } from '@vigil/domain';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-context.ts';
import { ChangePasswordDialog } from './change-password-dialog.tsx';
import { ContactsSection } from './contacts/contacts-section.tsx';
import { ProfileForm } from './profile-form.tsx';
import { supportedLocale } from './profile-form-values.ts';

function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {description}
      </Typography>
      {children}
    </Box>
  );
}

function ReadOnlyItem({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/**
 * /profile: the user's name and language (editable), e-mail, role and responder type (read-only), the
 * contacts alarms reach off-site, and the password.
 */
export function ProfilePage() {
  const { t, i18n } = useTranslation('profile');
  const { user, displayName, profile, activeRole } = useSession();
  const [changingPassword, setChangingPassword] = useState(false);
  const currentLocale = supportedLocale(i18n.resolvedLanguage, DEFAULT_LOCALE);
  const initial = { name: user.first_name, locale: supportedLocale(profile.profile.locale, currentLocale) };
  const responderType = profile.default_responder_type?.title ?? user.default_responder_type?.title;

  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 4 }, maxWidth: 880, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {t('intro')}
      </Typography>
      <Paper variant="outlined">
        <Stack direction="row" spacing={2} sx={{ p: { xs: 2, sm: 3 }, alignItems: 'center' }}>
          <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: '1.25rem' }} aria-hidden>
            {initials(displayName)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
              {displayName}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {user.username}
            </Typography>
          </Box>
        </Stack>
        <Divider />
        <Section title={t('sections.personal')} description={t('sections.personalHelp')}>
          {/* Keyed by the stored values: after a save or a reload elsewhere the form starts over from them. */}
          <ProfileForm key={`${initial.name}|${initial.locale}`} initial={initial} />
        </Section>
        <Divider />
        <Section title={t('sections.account')} description={t('sections.accountHelp')}>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 3fr) minmax(0, 2fr) minmax(0, 2fr)' },
            }}
          >
            <ReadOnlyItem label={t('fields.email')} value={user.email || t('notSet')} />
            <ReadOnlyItem
              label={t('fields.role')}
              value={t(`roles.${activeRole.name}`, { defaultValue: activeRole.name })}
            />
            <ReadOnlyItem label={t('fields.responderType')} value={responderType ?? t('notSet')} />
          </Box>
        </Section>
        <Divider />
        <Section title={t('sections.contacts')} description={t('sections.contactsHelp')}>
          <ContactsSection />
        </Section>
        <Divider />
        <Section title={t('sections.password')} description={t('sections.passwordHelp')}>
          <Button variant="outlined" startIcon={<LockResetIcon />} onClick={() => setChangingPassword(true)}>
            {t('password.open')}
          </Button>
        </Section>
      </Paper>
      <ChangePasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
    </Box>
  );
}
