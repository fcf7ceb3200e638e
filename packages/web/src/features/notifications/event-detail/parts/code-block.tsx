import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** Text shown as it came: a raw payload, a traceback, an execution log. */
export function CodeBlock({ text, label }: { text: string | null | undefined; label: string }) {
  const { t } = useTranslation('notifications');
  return (
    <Box
      component="pre"
      aria-label={label}
      tabIndex={0}
      sx={{
        m: 0,
        p: 1.5,
        maxHeight: 240,
        overflow: 'auto',
        borderRadius: 1,
        bgcolor: 'action.hover',
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: 12.5,
        lineHeight: 1.5,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
      }}
    >
      {text || t('detail.na')}
    </Box>
  );
}

/** An expression of a rule, in the code font, within a line of text. */
export function InlineCode({ text }: { text: string }) {
  return (
    <Box component="code" sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 }}>
      {text}
    </Box>
  );
}

/** A payload or other value as readable JSON. */
export function jsonText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return JSON.stringify(value, null, 2);
}
