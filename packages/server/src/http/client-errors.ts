import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorBody } from '@vigil/domain';

const ANSWERS: Record<string, { status: number; body: ErrorBody }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    body: { error_type: 'HeadersTooLarge', message: 'The request line or headers are too large' },
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    body: { error_type: 'RequestTimeout', message: 'The request took too long' },
  },
};
const MALFORMED = { status: 400, body: { error_type: 'BadRequest', message: 'The request could not be understood' } };

/**
 * Answers requests that Node's HTTP parser refuses before any route sees them (a URL over 16 KB, a
 * bad header) in the contract's error shape, then closes the connection as Node itself would.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = ANSWERS[error.code ?? ''] ?? MALFORMED;
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(json)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${json}`,
    );
  }
  socket.destroy(error);
}
