import { REPORT_MESSAGES, reportTemplateCreateBody, reviewBody } from '@vigil/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error.ts';
import { messageKey, refusalKey } from './field-message.ts';

const issueOf = (result: { success: boolean; error?: { issues: Array<{ message: string; code: string }> } }) => {
  const issue = result.error!.issues[0]!;
  return { message: issue.message, type: issue.code };
};

describe('the words of the schema’s messages', () => {
  it('names the domain’s own messages by their key, so that every language says them', () => {
    expect(messageKey(issueOf(reviewBody.safeParse({ action: 'reject', comment: ' ' })))).toBe(
      'errors.commentRequired',
    );
    const noSections = reportTemplateCreateBody.safeParse({ name: 'x', period: 'month', sections: [] });
    expect(messageKey(issueOf(noSections))).toBe('errors.noSections');
  });

  it('names zod’s by the kind of problem: a wrong e-mail, a missing name, a wrong time', () => {
    const base = { name: 'x', period: 'month', sections: [{ kind: 'alarms' }] };
    expect(messageKey(issueOf(reportTemplateCreateBody.safeParse({ ...base, recipients: ['nope'] })))).toBe(
      'errors.email',
    );
    expect(messageKey(issueOf(reportTemplateCreateBody.safeParse({ ...base, name: '' })))).toBe('errors.required');
    const at = reportTemplateCreateBody.safeParse({ ...base, schedule: { every: 'week', at: '25:00' } });
    expect(messageKey(issueOf(at))).toBe('errors.timeFormat');
    const zone = reportTemplateCreateBody.safeParse({ ...base, schedule: { every: 'week', timezone: 'Mars/Base' } });
    expect(messageKey(issueOf(zone))).toBe('errors.unknownTimeZone');
  });

  it('translates a refusal the server said in a domain message, and no other', () => {
    const refusal = (message: string, status = 409) =>
      new ApiError('/x', status, 'Conflict', { error_type: 'Conflict', message } as never);
    expect(refusalKey(refusal(REPORT_MESSAGES.approved))).toBe('errors.approved');
    expect(refusalKey(refusal('Something else'))).toBeUndefined();
    expect(refusalKey(refusal(REPORT_MESSAGES.approved, 500))).toBeUndefined();
  });
});
