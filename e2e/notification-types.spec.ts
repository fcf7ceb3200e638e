import { expect, test, type Locator } from '@playwright/test';
import type { NotificationType } from '@vigil/domain';
import { saveDialogScreens } from './support/dialog-screens.ts';
import { seedEventStory, type EventStory } from './support/event-story.ts';
import { afterSnackbars, applyFilters, drawerItem, openDrawer, OUSE } from './support/notifications.ts';
import { adminIn, createProjectUser, openShell } from './support/shell.ts';

// The story raises about thirty notifications: in Ouse, away from the counts of the Cerro Azul tests.

/** One notification of a type: which item to open, and what its body shows (requirements#monitoring-screens). */
interface TypeCase {
  /** the Event type option of the filter panel */
  option: string;
  /** the item's title, and its dialog's name */
  title(story: EventStory): RegExp;
  /** the device the item names */
  device(story: EventStory): string;
  entity(story: EventStory): Entity;
  /** checks the body of the type, in the dialog's "Event details" */
  body(body: Locator, story: EventStory): Promise<void>;
  /** saved under e2e/screenshots/notifications-detail-{screens}-{desktop,phone}.png */
  screens?: string;
}

interface Entity {
  type: string;
  title: string;
  eid: string;
  description: string;
  /** whether the EID leads to a view of the entity */
  link: boolean;
}

const piezometer = (story: EventStory): Entity => ({
  type: 'Instrument',
  title: story.piezometer.title,
  eid: story.piezometer.eid,
  description: 'Vibrating-wire piezometer in the starter wall',
  link: true,
});
const logger = (story: EventStory): Entity => ({
  type: 'Interface node',
  title: story.logger.title,
  eid: story.logger.eid,
  description: 'N/A',
  link: true,
});

/** The value the detail shows beside `label`. */
const field = (detail: Locator, label: string) =>
  detail
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

async function expectFields(detail: Locator, fields: Record<string, string | RegExp>) {
  for (const [label, value] of Object.entries(fields)) await expect(field(detail, label), label).toHaveText(value);
}

async function expectEntity(detail: Locator, entity: Entity) {
  await expectFields(detail, {
    'Entity type': entity.type,
    Title: entity.title,
    'Device Id': entity.eid,
    Description: entity.description,
  });
  const eid = field(detail, 'Device Id');
  await expect(eid.getByRole('button', { name: 'Copy device ID' })).toBeVisible();
  await expect(eid.getByRole('link', { name: entity.eid })).toHaveCount(entity.link ? 1 : 0);
}

/**
 * The alert chart of the metric around the event (the app's canvas chart), with its limit lines labelled
 * and the reading that raised the event marked: labels drawn on the canvas, and read out as its description.
 */
async function expectChart(detail: Locator, metric: string, lines: string[]) {
  const chart = detail.getByRole('img', { name: `Chart of ${metric} around the event` });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveJSProperty('tagName', 'CANVAS');
  for (const line of [...lines, 'Event reading']) await expect(chart).toHaveAccessibleDescription(new RegExp(line));
}

/** The first three values with four decimals; Show All (n) shows every one, and folds them again. */
async function expectValues(detail: Locator, label: string, first: string, all: string, count: number) {
  const values = field(detail, label);
  await expect(values).toContainText(`${first}, …`);
  await values.getByRole('button', { name: `Show All (${count})` }).click();
  await expect(values).toContainText(all);
  await values.getByRole('button', { name: 'Show fewer' }).click();
  await expect(values).toContainText(`${first}, …`);
}

/**
 * What the story's statistics come to, for either metric the engine watches: the levels 104, 104,
 * 106, 106, … (mean 105 m, σ 1 m), the jump to 116 m, then six readings rising by 0.1 m from 105 m;
 * the same in kPa for the pressure (1 m of water is 9.8068 kPa above the tip at 100 m).
 */
const STATISTICS = {
  'Piezometric level': {
    trend: ['105.0000, 105.1000, 105.2000', '105.3000, 105.4000, 105.5000'],
    trigger: '116.0000',
    mean: '105.0000',
    stddev: '1.0000',
    window: '106.0000, 104.0000, 104.0000',
  },
  Pressure: {
    trend: ['49.0340, 50.0147, 50.9954', '51.9760, 52.9567, 53.9374'],
    trigger: '156.9088',
    mean: '49.0340',
    stddev: '9.8068',
    window: '58.8408, 39.2272, 39.2272',
  },
};

/** The metric a statistics event names, and what its numbers are. */
async function statisticsOf(body: Locator) {
  const metric = await field(body, 'Metric').textContent();
  expect(Object.keys(STATISTICS), 'the metric').toContain(metric);
  return STATISTICS[metric as keyof typeof STATISTICS];
}

// Every type of requirements#monitoring-constants, or the file does not compile.
const CASES: Record<NotificationType, TypeCase> = {
  safety_state_changed: {
    option: 'Safety state changed',
    title: () => /Safety State Changed from green to red/,
    device: (s) => s.piezometer.title,
    entity: piezometer,
    async body(detail) {
      await expectFields(detail, {
        'Rule name': 'Critical level',
        Description: 'Critical level',
        Expression: 'piezometric_level > 115',
      });
      const history = detail.getByRole('table', { name: 'Event history' });
      await expect(history.getByRole('row')).toHaveCount(2);
      await expect(history.getByRole('cell', { name: 'red' })).toBeVisible();
      await expect(history.getByRole('cell', { name: '---' })).toBeVisible();
      await expect(detail.getByLabel('Execution log')).toContainText('piezometric_level > 115');
    },
  },
  operational_state_changed: {
    option: 'Operational state changed',
    title: () => /Operational State Changed from green to yellow/,
    device: (s) => s.piezometer.title,
    entity: piezometer,
    async body(detail) {
      await expectFields(detail, {
        'Rule name': 'Pump on',
        Description: 'Pump on',
        Expression: 'piezometric_level > 112',
      });
      await expect(
        detail.getByRole('table', { name: 'Event history' }).getByRole('cell', { name: 'yellow' }),
      ).toBeVisible();
      await expect(detail.getByLabel('Execution log')).toContainText('piezometric_level > 112');
    },
  },
  trend_state_changed: {
    option: 'Trend state changed',
    title: () => /Trend State Changed from green to yellow/,
    device: (s) => s.piezometer.title,
    entity: piezometer,
    async body(detail) {
      const { trend } = await statisticsOf(detail);
      await expectFields(detail, { 'Nelson rule number': '3' });
      await expectValues(detail, 'Values', trend[0]!, trend[1]!, 6);
    },
  },
  trend_state_trending: {
    option: 'Trending metric',
    title: () => /(Piezometric level|Pressure) is trending \(Nelson rule 3\)/,
    device: (s) => s.piezometer.title,
    entity: piezometer,
    async body(detail) {
      const { trend } = await statisticsOf(detail);
      await expectFields(detail, { 'Nelson rule number': '3' });
      await expectValues(detail, 'Values', trend[0]!, trend[1]!, 6);
    },
  },
  abnormality_state_changed: {
    option: 'Abnormality state changed',
    title: () => /Abnormality State Changed from green to red/,
    device: (s) => s.piezometer.title,
    entity: piezometer,
    screens: 'abnormality',
    async body(detail) {
      const numbers = await statisticsOf(detail);
      await expectFields(detail, {
        'Trigger value': numbers.trigger,
        Mean: numbers.mean,
        'Standard deviation': numbers.stddev,
        Reason: /^Nelson rule 1: a point more than 3 standard deviations from the mean/,
        'Nelson rule 1': 'Fired',
        'Nelson rule 4': 'Did not fire',
      });
      await expectValues(detail, 'Trend values', numbers.window, numbers.trigger, 14);
    },
  },
  abnormality_state_out_of_control: {
    option: 'Metric out of control',
    title: () => /(Piezometric level|Pressure) is out of control/,
    device: (s) => s.piezometer.title,
    entity: piezometer,
    async body(detail) {
      const numbers = await statisticsOf(detail);
      await expectFields(detail, {
        'Trigger value': numbers.trigger,
        Mean: numbers.mean,
        'Standard deviation': numbers.stddev,
        'Nelson rule 1': 'Fired',
        'Nelson rule 4': 'Did not fire',
      });
      await expect(field(detail, 'Trend values')).toContainText(numbers.window);
    },
  },
  unknown_payload_received: {
    option: 'Payload from an unknown device',
    title: (s) => new RegExp(`Payload received from an unknown device \\(${s.strangerEid}\\)`),
    device: (s) => s.strangerEid,
    // No device owns the EID: only the EID is known, and there is nowhere to link to.
    entity: (s) => ({ type: 'N/A', title: 'N/A', eid: s.strangerEid, description: 'N/A', link: false }),
    async body(detail, s) {
      await expectFields(detail, {
        'Payload type': 'Unknown device ID',
        Reason: `No device with the id ${s.strangerEid} in this project`,
      });
      await expect(detail.getByLabel('Raw payload')).toContainText(`"eid": "${s.strangerEid}"`);
      await expect(detail.getByLabel('Raw payload')).toContainText('"pressure": 1');
    },
  },
  metric_quality_state_changed: {
    option: 'Metric quality state changed',
    title: () => /Metric Quality State Changed from green to yellow/,
    device: (s) => s.piezometer.title,
    entity: piezometer,
    async body(detail) {
      await expectFields(detail, { Metric: 'Pressure', Value: '5000.0000', Validity: 'Invalid' });
      await expectChart(detail, 'Pressure', ['invalid upper bound 2,000']);
    },
  },
  invalid_metric_received: {
    option: 'Invalid metric value',
    title: () => /Invalid value of Pressure received/,
    device: (s) => s.piezometer.title,
    entity: piezometer,
    async body(detail) {
      await expectFields(detail, { Metric: 'Pressure', Value: '5000.0000', Validity: 'Invalid' });
      await expectChart(detail, 'Pressure', ['invalid upper bound 2,000']);
    },
  },
  metric_limit_reached: {
    option: 'Metric limit reached',
    title: () => /Piezometric level reached its critical upper limit/,
    device: (s) => s.piezometer.title,
    entity: piezometer,
    async body(detail) {
      await expectFields(detail, {
        Metric: 'Piezometric level',
        Value: '116.0000',
        Validity: 'Valid',
        Limit: 'critical upper limit 115',
      });
      await expectChart(detail, 'Piezometric level', ['warning upper limit 110', 'critical upper limit 115']);
    },
  },
  metric_limits_state_changed: {
    option: 'Metric limits state changed',
    title: () => /Metric Limits State Changed from green to red/,
    device: (s) => s.piezometer.title,
    entity: piezometer,
    async body(detail) {
      await expectFields(detail, { Metric: 'Piezometric level', Value: '116.0000', Validity: 'Valid' });
      await expectChart(detail, 'Piezometric level', ['warning upper limit 110', 'critical upper limit 115']);
    },
  },
  health_state_changed: {
    option: 'Health state changed',
    title: () => /Health State Changed from green to yellow/,
    device: (s) => s.piezometer.title,
    entity: piezometer,
    async body(detail) {
      await expectFields(detail, { 'Contracted SLA time': '600 s' });
      // Newest first: the 40-minute silence, beyond the 10-minute SLA, then the readings ten minutes
      // apart, '---' for the oldest.
      const intervals = detail.getByRole('table', { name: 'Intervals between payloads' });
      await expect(intervals.getByRole('row').nth(1).getByRole('cell').last()).toHaveText(
        '40 mins 0 secs · beyond the SLA',
      );
      await expect(intervals.getByRole('row').nth(2).getByRole('cell').last()).toHaveText('10 mins 0 secs');
      await expect(intervals.getByRole('row').last().getByRole('cell').last()).toHaveText('---');
    },
  },
  invalid_payload_received: {
    option: 'Invalid payload',
    title: () => /Invalid payload received/,
    device: (s) => s.logger.title,
    entity: logger,
    async body(detail) {
      await expectFields(detail, {
        'Exception type': 'PayloadParseError',
        Details: /^Not valid JSON: /,
      });
      await expect(detail.getByLabel('Traceback')).toContainText('Not valid JSON');
    },
  },
  connectivity_state_changed: {
    option: 'Connectivity state changed',
    title: () => /Connectivity State Changed from green to red/,
    device: (s) => s.logger.title,
    entity: logger,
    screens: 'connectivity',
    async body(detail) {
      const date = /^\d{2} \w+ \d{4}, \d{2}:\d{2}:\d{2}$/;
      await expectFields(detail, {
        'Read at': date,
        'Received at': date,
        'Contracted SLA time': '1 s',
        'Connectivity rule': 'No payload received within the contracted SLA time',
        Expression: 'elapsed > contracted_sla_time',
      });
      const events = detail.getByRole('table', { name: 'Connectivity events' });
      await expect(events.getByRole('cell', { name: 'red' })).toBeVisible();
      await expect(events.getByRole('row').last().getByRole('cell').last()).toHaveText('---');
      await expect(detail.getByLabel('Execution log')).toContainText('elapsed');
      await expect(detail.getByRole('heading', { name: 'Advanced indicators' })).toBeVisible();
    },
  },
  data_quality_issues_state_changed: {
    option: 'Data quality issues changed',
    title: () => /Data Quality Issues State Changed from green to orange/,
    device: (s) => s.logger.title,
    entity: logger,
    screens: 'data-quality',
    async body(detail, s) {
      const table = detail.getByRole('table', { name: 'Interface node and instruments' });
      await expect(table.getByRole('columnheader')).toHaveText([
        'Device',
        'Health State',
        'Metric Quality State',
        'Abnormality State',
        'Maintenance',
      ]);
      const node = table.getByRole('row', { name: new RegExp(s.logger.title) });
      await expect(node.getByRole('cell').first()).toContainText('interface node');
      const instrument = table.getByRole('row', { name: new RegExp(s.piezometer.title) });
      await expect(instrument.getByRole('cell')).toHaveText([s.piezometer.title, 'green', 'green', 'red', 'No']);
    },
  },
  advanced_indicator_state_changed: {
    option: 'Advanced indicator changed',
    title: (s) => new RegExp(`High water ${s.suffix} Changed from green to red`),
    device: (s) => s.piezometer.title,
    entity: piezometer,
    async body(detail, s) {
      await expectFields(detail, { Indicator: `High water ${s.suffix}`, State: 'red', 'Previous state': 'green' });
      await expect(detail.getByLabel('Execution log')).toContainText('piezometric_level > 113');
    },
  },
};

let story: EventStory;
let user: { username: string; password: string };

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const admin = await adminIn(request, OUSE);
  // The user first: a user's drawer lists what happened after they joined.
  user = await createProjectUser(
    request,
    admin.token,
    `types-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`,
  );
  story = await seedEventStory(request, admin.token);
});

test.describe('the event detail of each type shows its fields', () => {
  // Two browsers and the server share two cores: a detail's parts arrive one call after another.
  test.describe.configure({ timeout: 60_000 });

  for (const [type, c] of Object.entries(CASES)) {
    test(type, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await openShell(page, user.username, '/', user.password);
      await openDrawer(page);
      await applyFilters(page, async (panel) => {
        await panel.getByRole('combobox', { name: 'Event type' }).click();
        await page.getByRole('option', { name: c.option, exact: true }).click();
      });
      // The first of the story's: a statistics type may come for each metric the engine watches.
      const item = drawerItem(page, c.title(story))
        .filter({ hasText: c.device(story) })
        .first();
      await item.click();
      const detail = page.getByRole('dialog', { name: c.title(story) });
      await expect(detail.getByRole('heading', { level: 2 })).toHaveText(c.title(story));
      await expect(detail.getByText(c.option, { exact: true })).toBeVisible();
      const body = detail.getByRole('region', { name: 'Event details' });
      await expectEntity(detail.getByRole('region', { name: 'Device' }), c.entity(story));
      await c.body(body, story);
      expect(errors, 'errors in the page').toEqual([]);
      if (c.screens) {
        // Off the toggles it clicked, and past the alerts' snackbars: the screen as it rests.
        await page.mouse.move(0, 0);
        await afterSnackbars(page);
        // On a phone, the body of the type: the entity block above it is the same for every type.
        await saveDialogScreens(page, `notifications-detail-${c.screens}`, body);
      }
    });
  }
});
