import { z } from 'zod';
import { idSchema } from './api.ts';
import { NOTIFICATION_LEVELS, type NotificationLevel, type NotificationType } from './events.ts';
import { STATE_COLOURS, type StateColour } from './states.ts';

/**
 * Alarms (issue 20, ADR 0024): one per source (an entity's rule, or a stream of bad payloads), with
 * the lifecycle of ISA-18.2. Events say what happened; an alarm says what an operator still has to do.
 */

/** ISA-18.2's alarm states: raised and not yet seen, seen and still raised, gone but not yet seen, at rest. */
export const ALARM_STATES = [
  'active_unacknowledged',
  'active_acknowledged',
  'cleared_unacknowledged',
  'normal',
] as const;
export type AlarmState = (typeof ALARM_STATES)[number];

/** Why an alarm is held back from operators without anyone shelving it. */
export const SUPPRESSION_REASONS = ['maintenance', 'out_of_service', 'interface_node_silent'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** The longest an alarm may be shelved: a shelved alarm comes back by itself within a day. */
export const MAX_SHELVE_HOURS = 24;
/** ISA-18.2 / EEMUA 191: about 6 alarms an hour per operator is acceptable, 12 the most manageable… */
export const ACCEPTABLE_ALARMS_PER_HOUR = 6;
/** …and more than 10 in ten minutes is a flood. */
export const FLOOD_ALARMS_PER_10_MINUTES = 10;
/** An alarm that is raised and cleared this often within a minute chatters. */
export const CHATTER_CYCLES_PER_MINUTE = 3;
/** An alarm active for longer than this is stale. */
export const STALE_ALARM_HOURS = 24;

/** What changes an alarm: the engine raising or clearing it, or an operator's action. */
export const ALARM_ACTIONS = [
  'raised',
  'cleared',
  'acknowledged',
  'shelved',
  'unshelved',
  'escalated',
  'checked',
  'unchecked',
] as const;
export type AlarmAction = (typeof ALARM_ACTIONS)[number];

/**
 * What an event does to its alarm: raise or clear the alarm of a stateful rule, or raise one that
 * clears at once (a bad payload has no "back to normal"; it still needs to be seen).
 */
export type AlarmSignal =
  | { kind: 'raise'; source: string; level: Exclude<NotificationLevel, 'info'>; colour: StateColour }
  | { kind: 'clear'; source: string }
  | { kind: 'pulse'; source: string; level: Exclude<NotificationLevel, 'info'>; colour: StateColour };

/** The stateful rules whose changes raise and clear alarms, by the source their alarm has. */
const STATEFUL: Partial<Record<NotificationType, string>> = {
  safety_state_changed: 'safety_state',
  operational_state_changed: 'operational_state',
  connectivity_state_changed: 'connectivity_state',
  metric_quality_state_changed: 'metric_quality_state',
  advanced_indicator_state_changed: 'advanced_indicator',
};

/**
 * Rules whose alarm is raised by the occurrence that says what happened ("Rainfall reached its
 * critical upper limit", a spike beyond 3σ) and cleared by their state's return to green; their
 * other state changes (a fall from red to orange, Nelson's rule 4) raise nothing.
 */
const RAISED_BY: Partial<Record<NotificationType, string>> = {
  metric_limit_reached: 'metric_limits_state',
  abnormality_state_out_of_control: 'abnormality_state',
};
const CLEARED_BY: Partial<Record<NotificationType, string>> = {
  metric_limits_state_changed: 'metric_limits_state',
  abnormality_state_changed: 'abnormality_state',
};

const LEVEL_COLOUR = { critical: 'red', warning: 'orange' } as const;

/**
 * The alarm signal of an event, or null for events no operator must act on: trends, health and data
 * quality are advisory (the logger's connectivity alarm covers its silent instruments), and an
 * event of level info never alarms. A state back to green clears; unknown, maintenance and the
 * like leave the alarm as it is.
 */
export function alarmSignalOf(
  type: NotificationType,
  level: NotificationLevel,
  colour: string | null | undefined,
  context: Record<string, unknown>,
): AlarmSignal | null {
  const cleared = CLEARED_BY[type];
  if (cleared) return colour === 'green' ? { kind: 'clear', source: cleared } : null;
  const field = STATEFUL[type];
  if (field) {
    const source =
      field === 'advanced_indicator' ? `advanced_indicator:${String(context.advanced_indicator_name)}` : field;
    if (colour === 'green') return { kind: 'clear', source };
    if (level === 'info') return null;
    return { kind: 'raise', source, level, colour: stateColourOrRed(colour) };
  }
  // An impossible value alarms through metric_quality_state (cleared by the next valid reading).
  if (level === 'info') return null;
  const raised = RAISED_BY[type];
  if (raised) return { kind: 'raise', source: raised, level, colour: stateColourOrRed(colour ?? LEVEL_COLOUR[level]) };
  if (type === 'unknown_payload_received')
    return { kind: 'pulse', source: `unknown_payload:${String(context.eid ?? '-')}`, level, colour: 'orange' };
  if (type === 'invalid_payload_received') return { kind: 'pulse', source: 'invalid_payload', level, colour: 'orange' };
  return null;
}

const stateColourOrRed = (colour: string | null | undefined): StateColour =>
  (STATE_COLOURS as readonly string[]).includes(colour ?? '') ? (colour as StateColour) : 'red';

/** The state an alarm moves to, and whether an operator must now act on it. */
export function nextAlarmState(
  state: AlarmState,
  signal: AlarmSignal['kind'] | 'acknowledge',
  levelRose = false,
): { state: AlarmState; needsAction: boolean } {
  switch (signal) {
    case 'raise':
      if (state === 'active_acknowledged' && !levelRose) return { state, needsAction: false };
      return { state: 'active_unacknowledged', needsAction: state !== 'active_unacknowledged' || levelRose };
    case 'pulse':
      // A bad payload seen before and not yet acknowledged counts again, but asks nothing new.
      return state === 'normal'
        ? { state: 'cleared_unacknowledged', needsAction: true }
        : { state, needsAction: false };
    case 'clear':
      if (state === 'active_unacknowledged') return { state: 'cleared_unacknowledged', needsAction: false };
      if (state === 'active_acknowledged') return { state: 'normal', needsAction: false };
      return { state, needsAction: false };
    case 'acknowledge':
      if (state === 'active_unacknowledged') return { state: 'active_acknowledged', needsAction: false };
      return { state: 'normal', needsAction: false };
  }
}

/** A TARP (trigger, action, response plan) level: which alarm colours reach it and what it asks of whom. */
export const tarpLevelSchema = z.strictObject({
  key: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'Use lower-case letters, digits and -'),
  name: z.string().trim().min(1).max(60),
  /** the colour the level is shown in */
  colour: z.enum(STATE_COLOURS),
  /** the alarm colours that reach this level */
  colours: z.array(z.enum(STATE_COLOURS)).min(1).max(STATE_COLOURS.length),
  /** the required actions, in order: the alarm's checklist */
  actions: z.array(z.string().trim().min(1).max(300)).max(20),
  /** the role that must acknowledge */
  responsible_role: z.string().trim().min(1).max(120),
  /** minutes to acknowledge before the alarm escalates; null: never escalates */
  ack_deadline_minutes: z
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .nullable(),
  /** the role an unacknowledged alarm escalates to */
  escalate_to_role: z.string().trim().min(1).max(120).nullable(),
});
export type TarpLevel = z.infer<typeof tarpLevelSchema>;

/** `PUT /rules-engine/api/v1/tarp-levels`: the project's levels, lowest first; a colour reaches one level at most. */
export const tarpLevelsBody = z
  .strictObject({ levels: z.array(tarpLevelSchema).max(8) })
  .superRefine(({ levels }, ctx) => {
    const keys = new Set<string>();
    const colours = new Set<string>();
    levels.forEach((level, i) => {
      if (keys.has(level.key)) ctx.addIssue({ code: 'custom', path: ['levels', i, 'key'], message: 'Duplicate key' });
      keys.add(level.key);
      for (const colour of level.colours) {
        if (colours.has(colour))
          ctx.addIssue({ code: 'custom', path: ['levels', i, 'colours'], message: `${colour} reaches another level` });
        colours.add(colour);
      }
      if (level.ack_deadline_minutes !== null && !level.escalate_to_role)
        ctx.addIssue({
          code: 'custom',
          path: ['levels', i, 'escalate_to_role'],
          message: 'A deadline needs a role to escalate to',
        });
    });
  });
export type TarpLevels = z.infer<typeof tarpLevelsBody>;

/** The TARP level an alarm of this colour reaches, or null. */
export const tarpLevelOf = (levels: readonly TarpLevel[], colour: StateColour): TarpLevel | null =>
  levels.find((l) => l.colours.includes(colour)) ?? null;

export const alarmSchema = z.object({
  id: z.string(),
  monitored_entity: z.object({ id: z.string(), title: z.string(), monitored_entity_type: z.string() }).nullable(),
  source: z.string(),
  state: z.enum(ALARM_STATES),
  level: z.enum(NOTIFICATION_LEVELS),
  colour: z.enum(STATE_COLOURS),
  /** how often it was raised: a re-raised alarm counts, never duplicates */
  occurrence_count: z.number().int(),
  /** when the current episode began: the raise after the alarm was last at rest */
  first_raised_at: z.string(),
  last_raised_at: z.string(),
  cleared_at: z.string().nullable(),
  acknowledged: z.object({ by: z.string(), at: z.string(), comment: z.string() }).nullable(),
  shelved: z.object({ by: z.string(), at: z.string(), until: z.string(), reason: z.string() }).nullable(),
  suppressed: z.enum(SUPPRESSION_REASONS).nullable(),
  tarp_level: z.string().nullable(),
  /** acknowledge by then, or it escalates; null when it needs no acknowledgement or has no deadline */
  ack_deadline: z.string().nullable(),
  escalated_at: z.string().nullable(),
  /** the TARP actions done, by their index in the level's actions */
  checklist_done: z.array(z.number().int()),
  last_event_id: z.string().nullable(),
  text: z.string(),
});
export type Alarm = z.infer<typeof alarmSchema>;

export const alarmHistoryItemSchema = z.object({
  action: z.enum(ALARM_ACTIONS),
  at: z.string(),
  /** the user's name; null for the engine */
  by: z.string().nullable(),
  comment: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AlarmHistoryItem = z.infer<typeof alarmHistoryItemSchema>;

export const acknowledgeAlarmBody = z.strictObject({ comment: z.string().trim().min(1).max(1000) });
export const shelveAlarmBody = z.strictObject({
  reason: z.string().trim().min(1).max(1000),
  /** hours, at most {@link MAX_SHELVE_HOURS} */
  hours: z.number().positive().max(MAX_SHELVE_HOURS),
});
export const checklistItemBody = z.strictObject({ index: z.number().int().min(0).max(19), done: z.boolean() });

export const alarmListQuery = z.object({
  state: z.enum(ALARM_STATES).optional(),
  /**
   * open (all but normal; the default), active (the two active states), waiting (awaiting an
   * acknowledgement, neither shelved nor suppressed: what the top bar counts) or all
   */
  scope: z.enum(['open', 'active', 'waiting', 'all']).default('open'),
  level: z.enum(NOTIFICATION_LEVELS).optional(),
  monitored_entity_id: idSchema.optional(),
  tarp_level: z.string().max(32).optional(),
  shelved: z.enum(['true', 'false']).optional(),
  paginate_by: z.coerce.number().int().min(1).max(500).default(50),
  page: z.coerce.number().int().min(1).default(1),
});
export type AlarmListQuery = z.infer<typeof alarmListQuery>;

export const alarmReportQuery = z
  .object({ from: z.iso.datetime({ offset: true }), to: z.iso.datetime({ offset: true }) })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { message: 'from is before to', path: ['to'] });

export const alarmReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  raised: z.number().int(),
  alarms_per_hour: z.number(),
  /** the busiest ten minutes: when they started and how many alarms they held */
  peak_10_minutes: z.object({ start: z.string().nullable(), count: z.number().int() }),
  /** the share of the period's ten-minute windows holding more than ten alarms */
  flood_share: z.number(),
  top_sources: z.array(
    z.object({ alarm_id: z.string(), title: z.string(), source: z.string(), count: z.number().int() }),
  ),
  chattering: z.array(
    z.object({ alarm_id: z.string(), title: z.string(), source: z.string(), cycles: z.number().int() }),
  ),
  stale: z.array(z.object({ alarm_id: z.string(), title: z.string(), source: z.string(), active_since: z.string() })),
});
export type AlarmReport = z.infer<typeof alarmReportSchema>;
