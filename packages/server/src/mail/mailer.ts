import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** files sent with the message (a scheduled report's PDF); the outbox folder names them only */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as a file to DATA_DIR/outbox and
 * logged, so a machine without a mail server still lets people reset passwords (ADR 0004).
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  const outbox = join(options.dataDir, 'outbox');
  return {
    async send(mail) {
      await mkdir(outbox, { recursive: true });
      const file = join(
        outbox,
        `${new Date().toISOString().replaceAll(':', '-')}-${mail.to.replace(/[^\w.@-]/g, '_')}.eml`,
      );
      const attached = (mail.attachments ?? []).map((a) => `[attached: ${a.filename}, ${a.content.length} bytes]\n`);
      const content = `From: ${options.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n${attached.join('')}`;
      await writeFile(file, content, 'utf8');
      options.log.info({ to: mail.to, subject: mail.subject, file }, 'e-mail written to the outbox');
    },
  };
}
