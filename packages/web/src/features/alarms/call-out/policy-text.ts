import type { EscalationStep, EscalationTarget } from '@vigil/domain';
import type { TFunction } from 'i18next';

export interface Names {
  roster(id: string): string | null;
  user(id: string): string | null;
}

/** Whom a step reaches, in words: "the on-call person of Night shift", "everyone with the role Manager", "Ana Silva". */
export function targetText(t: TFunction, target: EscalationTarget, names: Names): string {
  if ('roster_id' in target)
    return t('alarms:callOut.policies.toRoster', {
      name: names.roster(target.roster_id) ?? t('alarms:callOut.policies.deletedRoster'),
    });
  if ('role' in target)
    return t('alarms:callOut.policies.toRole', {
      role: t(`alarms:callOut.roles.${target.role}`, { defaultValue: target.role }),
    });
  return names.user(target.user_id) ?? t('alarms:callOut.anotherMember');
}

/** The channels of a step, joined as the interface language lists things ("e-mail and SMS"). */
export function channelsText(t: TFunction, channels: readonly string[], locale: string): string {
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    channels.map((c) => t(`alarms:callOut.channels.${c}`)),
  );
}

/** "After 15 minutes: everyone with the role Manager, by SMS and voice call"; a first step "At once: …". */
export function stepText(t: TFunction, step: EscalationStep, names: Names, locale: string): string {
  const words = { target: targetText(t, step.target, names), channels: channelsText(t, step.channels, locale) };
  return step.after_minutes === 0
    ? t('alarms:callOut.policies.stepShownAtOnce', words)
    : t('alarms:callOut.policies.stepShown', { ...words, count: step.after_minutes });
}
