import MailOutlined from '@mui/icons-material/MailOutlined';
import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import type { ContactKind } from '@vigil/domain';

const ICONS = { email: MailOutlined, sms: SmsOutlined, voice: PhoneInTalkOutlined, webhook: WebhookOutlined };

/** A contact's kind at a glance; its name is said beside it. */
export function ContactKindIcon({ kind }: { kind: ContactKind }) {
  const Icon = ICONS[kind];
  return <Icon color="action" aria-hidden sx={{ mt: 0.5 }} />;
}
