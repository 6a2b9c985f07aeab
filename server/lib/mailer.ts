import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Real delivery through an SMTP server (SMTP_URL, e.g. smtps://user:pass@smtp.example.org:465). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/**
 * Without SMTP the mail is written as a real .eml file under DATA_DIR/outbox, so a developer (or a test)
 * can open it; nothing is lost and nothing is sent.
 */
export function outboxMailer(
  outboxDir: string,
  from: string,
  onWritten?: (file: string, mail: Mail) => void,
): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      mkdirSync(outboxDir, { recursive: true });
      const file = join(
        outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.hrtime.bigint()}.eml`,
      );
      // Written aside and renamed once whole: a full disk leaves no half mail (the error goes on, a 503).
      try {
        writeFileSync(`${file}.part`, info.message as Buffer);
        renameSync(`${file}.part`, file);
      } catch (error) {
        rmSync(`${file}.part`, { force: true });
        throw error;
      }
      onWritten?.(file, mail);
    },
  };
}
