import type { TFunction } from 'i18next';

/** The English messages of the roster and policy schemas (packages/domain/src/call-out.ts), by their key in `alarms:callOut.errors`. */
const KEYS: Record<string, string> = {
  Required: 'required',
  'Add at least one member': 'noMember',
  'Unknown time zone': 'timezone',
  'Ends before it starts': 'endsFirst',
  'Choose a channel': 'noChannel',
  'Add a step': 'noStep',
  'Comes before the step above': 'stepOrder',
};

/** A schema's message in the interface language; any other (zod's own: a number out of range) as a generic one. */
export function callOutMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return t(`alarms:callOut.errors.${KEYS[message] ?? 'invalid'}`);
}
