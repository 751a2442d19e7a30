// A real SMTP server for tests (the `smtp-server` package, not our code): it takes mail on a free
// local port and parses each with `mailparser`, and may be told to refuse the next ones with a
// given reply, as a busy or strict mail server would, or one recipient until told otherwise, as
// a server that does not know the mailbox.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for `SMTP_URL`. */
  url: string;
  /** Every mail accepted, parsed, in the order it arrived. */
  received: ParsedMail[];
  /** Replies to the next messages' DATA, in order (e.g. 451, then 550); accepted when empty. */
  refuseNext(...replies: { code: number; message: string }[]): void;
  /** Refuses `RCPT TO:<address>` with `reply` (case-insensitive) until `acceptRecipient`. */
  refuseRecipient(address: string, reply: { code: number; message: string }): void;
  acceptRecipient(address: string): void;
  close(): Promise<void>;
}

export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const refusals: { code: number; message: string }[] = [];
  const refusedRecipients = new Map<string, { code: number; message: string }>();
  let accepted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refusedRecipients.get(address.address.toLowerCase());
      if (refusal) {
        callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const refusal = refusals.shift();
        if (refusal) {
          callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          return;
        }
        simpleParser(Buffer.concat(chunks)).then(
          (mail) => {
            received.push(mail);
            accepted += 1;
            callback(null, `Message queued as test-${accepted}`);
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (...replies) => refusals.push(...replies),
    refuseRecipient: (address, reply) => refusedRecipients.set(address.toLowerCase(), reply),
    acceptRecipient: (address) => refusedRecipients.delete(address.toLowerCase()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
