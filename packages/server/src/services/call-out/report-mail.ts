import type { ReportDelivery } from '@vigil/domain';
import type { Db } from '../../db/connection.ts';
import { fromJson, newId, toJson } from '../../db/values.ts';
import { mediaKey, readAll, type MediaStorage } from '../media/storage/media-storage.ts';
import type { OutgoingMessage } from './channels.ts';
import { deliveryStore, type DeliveryRow } from './delivery-store.ts';

/** A scheduled report's e-mail: its words (already in the template's language) and the PDF it carries. */
export interface ReportMail {
  projectId: string;
  reportId: string;
  /** the template's recipients: plain addresses a manager chose for the report, not verified contacts */
  addresses: readonly string[];
  subject: string;
  text: string;
  /** the PDF in the media storage, read when sent: the outbox never holds its bytes */
  attachment: { fileId: string; filename: string };
}

/** What a report delivery keeps in `message` (JSON). */
interface StoredReportMessage {
  subject: string;
  text: string;
  attachment: { file_id: string; filename: string };
}

/**
 * Queues a report's e-mail to each address once (ADR 0051): the dedupe key is the report and the
 * address, so that two servers finishing the same report queue it once. The call-out service writes
 * the outbox; reports ask it here.
 */
export async function queueReportMail(db: Db, mail: ReportMail, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const message: StoredReportMessage = {
    subject: mail.subject,
    text: mail.text,
    attachment: { file_id: mail.attachment.fileId, filename: mail.attachment.filename },
  };
  const addresses = new Map(mail.addresses.map((a) => [a.trim().toLowerCase(), a.trim()]));
  await deliveryStore(db).insertOnce(
    [...addresses].map(([key, address]) => ({
      id: newId(),
      alarm_id: null,
      report_id: mail.reportId,
      message: toJson(message),
      project_id: mail.projectId,
      // a report has no call-out: no episode, round or step
      episode: 0,
      round: 0,
      step: 0,
      channel: 'email',
      user_id: null,
      contact_id: null,
      address,
      dedupe_key: `report|${mail.reportId}|${key}`,
      status: 'queued',
      attempts: 0,
      next_attempt_at: at,
      claimed_by: null,
      claimed_until: null,
      created_at: at,
      sent_at: null,
      error: null,
    })),
  );
}

/** The e-mails of each report, oldest first: what the report's API object shows. */
export async function reportDeliveries(db: Db, reportIds: readonly string[]): Promise<Map<string, ReportDelivery[]>> {
  const rows = await deliveryStore(db).listOfReports(reportIds);
  const byReport = new Map<string, ReportDelivery[]>();
  for (const { report_id, address, status, attempts, sent_at, error } of rows) {
    const list = byReport.get(report_id) ?? [];
    list.push({ address, status: status as ReportDelivery['status'], attempts, sent_at, error });
    byReport.set(report_id, list);
  }
  return byReport;
}

/** Why a report delivery cannot be sent, ever: it fails at once rather than after every retry. */
export class UnsendableReport extends Error {}

/**
 * The e-mail of a report delivery, its PDF read from the media storage now. A storage that fails to
 * answer throws (the delivery is tried again); a PDF no longer there is UnsendableReport.
 */
export async function reportMessage(row: DeliveryRow, storage: MediaStorage): Promise<OutgoingMessage> {
  const stored = fromJson<StoredReportMessage | null>(row.message, null);
  if (!stored) throw new UnsendableReport('The report e-mail has no message');
  const stream = await storage.read(mediaKey(row.project_id, stored.attachment.file_id));
  if (!stream) throw new UnsendableReport('The report’s PDF is no longer in the media storage');
  const content = await readAll(stream);
  return {
    subject: stored.subject,
    text: stored.text,
    attachments: [{ filename: stored.attachment.filename, content, contentType: 'application/pdf' }],
    json: { report_id: row.report_id, subject: stored.subject },
  };
}
